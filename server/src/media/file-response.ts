// A file as an HTTP response with range requests (206 Partial Content), so a video can seek and a
// broken download can resume, and with validators (ETag, Last-Modified) for revalidation. Bytes
// are streamed, from disk or from object storage (only the range asked for is fetched): a lesson
// video can be a gigabyte.
import { createReadStream, type Stats } from 'node:fs';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import type { ByteSpan } from '../storage';

const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.m4s': 'video/iso.segment',
  '.ts': 'video/mp2t',
  '.webm': 'video/webm',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4a': 'audio/mp4',
  '.mp3': 'audio/mpeg',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.vtt': 'text/vtt; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

export const contentTypeOf = (file: string) => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

export type ByteRange = { start: number; end: number };

/**
 * The single byte range a Range header asks for: a range, 'unsatisfiable' (answer 416), or null
 * to send the whole file (no header, a unit other than bytes, several ranges, or nonsense).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (match[2] && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const etagOf = (stat: { size: number; mtimeMs: number }) => `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;

function notModified(headers: Headers, etag: string, modified: number): boolean {
  const match = headers.get('if-none-match');
  if (match) return match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
  const since = Date.parse(headers.get('if-modified-since') ?? '');
  return Number.isFinite(since) && Math.floor(modified / 1000) * 1000 <= since;
}

/** If-Range names the file as it is now (else a range request gets the whole, current file). */
function rangeStillValid(headers: Headers, etag: string, modified: number): boolean {
  const ifRange = headers.get('if-range');
  if (!ifRange) return true;
  if (ifRange.startsWith('"')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(modified / 1000) * 1000 <= date;
}

/** What a response needs of a stored object: its name (for the type), size, age and a way to read a span of it. */
export interface ServableObject {
  name: string;
  size: number;
  modified: Date;
  open(span: ByteSpan): Promise<Readable | null>;
}

/** The response for a GET or HEAD of `file`; `headers` are added to every answer (cache policy, CSP…). */
export function fileResponse(request: Request, file: string, stat: Stats, headers: Record<string, string>): Promise<Response> {
  return objectResponse(request, { name: file, size: stat.size, modified: stat.mtime, open: async (span) => createReadStream(file, span) }, headers);
}

/** The response for a GET or HEAD of a stored object; `headers` are added to every answer. Null when it vanished before its bytes were read. */
export async function objectResponse(request: Request, object: ServableObject, headers: Record<string, string>): Promise<Response> {
  const stat = { size: object.size, mtimeMs: object.modified.getTime() };
  const etag = etagOf(stat);
  const out = new Headers(headers);
  out.set('accept-ranges', 'bytes');
  out.set('etag', etag);
  out.set('last-modified', object.modified.toUTCString());
  if (notModified(request.headers, etag, stat.mtimeMs)) return new Response(null, { status: 304, headers: out });

  out.set('content-type', contentTypeOf(object.name));
  const range = rangeStillValid(request.headers, etag, stat.mtimeMs) ? parseRange(request.headers.get('range') ?? undefined, stat.size) : null;
  if (range === 'unsatisfiable') {
    out.set('content-range', `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers: out });
  }
  const { start, end } = range ?? { start: 0, end: stat.size - 1 };
  const length = Math.max(0, end - start + 1);
  out.set('content-length', String(length));
  if (range) out.set('content-range', `bytes ${start}-${end}/${stat.size}`);
  const status = range ? 206 : 200;
  if (request.method === 'HEAD' || length === 0) return new Response(null, { status, headers: out });
  const stream = await object.open({ start, end });
  if (!stream) return new Response('Not found', { status: 404, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers: out });
}
