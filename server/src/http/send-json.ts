// The one way an envelope leaves the server (docs/decisions/062): from the text bind.ts serialised
// once, the ETag of a shared read (decision 055) is a synchronous SHA-1 of that text and the
// compression a synchronous gzip of it, where Hono's etag() and compress() middleware read the
// finished response back as a stream, hashed it through WebCrypto and compressed it through a
// CompressionStream — several times the cost of the query behind a small answer.
import { hash } from 'node:crypto';
import { deflateSync, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context';

export const SHARED_READ_CACHE_CONTROL = 'public, no-cache';

/** What compress() would choose: gzip or deflate by the client's q-values, or none. */
export function acceptedEncoding(header: string | undefined): 'gzip' | 'deflate' | undefined {
  if (!header) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: 'gzip' | 'deflate'; q: number } | undefined;
  for (const encoding of ['gzip', 'deflate'] as const) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcard ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** If-None-Match names the tag (weak or strong, or `*`). */
export function etagMatches(tag: string, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const strong = tag.replace(/^W\//, '');
  return ifNoneMatch.match(/"[^"]*"/g)?.some((t) => t === strong) ?? false;
}

/** SHA-1 of the uncompressed body, hex, quoted: the validator decision 055 describes. */
export const bodyTag = (text: string) => `"${hash('sha1', text)}"`;

export function sendJson(c: Context, status: number, text: string): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
  let tag: string | undefined;
  if (status === 200 && (c as Context<AppEnv>).get('sharedRead')) {
    tag = bodyTag(text);
    headers['cache-control'] = SHARED_READ_CACHE_CONTROL;
    if (etagMatches(tag, c.req.header('if-none-match'))) {
      return c.body(null, 304, { etag: tag, 'cache-control': SHARED_READ_CACHE_CONTROL, vary: 'Accept-Encoding' });
    }
    headers.etag = tag;
  }
  const encoding = c.req.method === 'HEAD' ? undefined : acceptedEncoding(c.req.header('accept-encoding'));
  if (!encoding) return c.body(text, status as ContentfulStatusCode, headers);
  headers['content-encoding'] = encoding;
  // The compressed bytes differ from the text the tag was taken of: a weak tag, as compress() made it.
  if (tag) headers.etag = `W/${tag}`;
  const bytes = encoding === 'gzip' ? gzipSync(text) : deflateSync(text);
  return c.body(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), status as ContentfulStatusCode, headers);
}
