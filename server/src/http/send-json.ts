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

/**
 * Responses sent whole by sendJson: they already carry the request's base headers (security
 * headers, request id), their encoding and their validators, so app.ts's and validators.ts's
 * middleware leave them alone. Setting a header on a finished response after the handler makes
 * the node adapter build a WHATWG Headers from the plain record, and then a record back from it,
 * for every request (decision 065).
 */
const finished = new WeakSet<Response>();
export const isFinished = (res: Response) => finished.has(res);

/**
 * A request header. Under the node adapter it is read from Node's own request: asking Hono for
 * one makes the adapter build a WHATWG Headers of every header the request carried (decision
 * 065). A repeated header reads as Node joins it (a repeated Authorization: the first).
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: { headers: Record<string, string | string[] | undefined> } } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

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

/**
 * The response, marked finished when it carries the request's base headers (app.ts sets them).
 * Built from the plain record when no header was set on the context before (a cookie): the node
 * adapter writes such a response's record as it is, where c.body() with more than one header
 * builds a WHATWG Headers and the adapter a record back from it (decision 065).
 */
export function send(c: Context, body: string | Uint8Array<ArrayBuffer> | null, status: number, headers: Record<string, string>): Response {
  const ctx = c as Context<AppEnv>;
  const base = ctx.get('baseHeaders');
  const all = base ? { ...base, 'x-request-id': ctx.get('requestId'), ...headers } : headers;
  const res = base && !ctx.get('headerSet') ? new Response(body, { status, headers: all }) : c.body(body as string, status as ContentfulStatusCode, all);
  if (base) finished.add(res);
  return res;
}

/** `extra`: headers of this answer (an error's Retry-After). */
export function sendJson(c: Context, status: number, text: string, extra?: Record<string, string>): Response {
  const headers: Record<string, string> = { ...extra, 'content-type': 'application/json', vary: 'Accept-Encoding' };
  let tag: string | undefined;
  if (status === 200 && (c as Context<AppEnv>).get('sharedRead')) {
    tag = bodyTag(text);
    headers['cache-control'] = SHARED_READ_CACHE_CONTROL;
    if (etagMatches(tag, requestHeader(c, 'if-none-match'))) {
      return send(c, null, 304, { etag: tag, 'cache-control': SHARED_READ_CACHE_CONTROL, vary: 'Accept-Encoding' });
    }
    headers.etag = tag;
  }
  const encoding = c.req.method === 'HEAD' ? undefined : acceptedEncoding(requestHeader(c, 'accept-encoding'));
  if (!encoding) return send(c, text, status, headers);
  headers['content-encoding'] = encoding;
  // The compressed bytes differ from the text the tag was taken of: a weak tag, as compress() made it.
  if (tag) headers.etag = `W/${tag}`;
  const bytes = encoding === 'gzip' ? gzipSync(text) : deflateSync(text);
  return send(c, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), status, headers);
}
