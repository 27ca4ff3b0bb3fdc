// Answers kept ready to send: the envelope serialised once and gzip-compressed once, so a repeated
// public query (catalogue search) costs a lookup and a write, not a query, a JSON.stringify and a
// compression per request.
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { CODES, type Envelope } from '@rivet/shared/api/contract';
import { TtlCache } from './ttl-cache';
import { acceptedEncoding, requestHeader, send } from './send-json';

export interface EncodedBody {
  json: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

export function encodeEnvelope<T>(data: T, description = 'Successful'): EncodedBody {
  const body: Envelope<T> = { success: true, description, data, code: CODES.ok };
  const json = new TextEncoder().encode(JSON.stringify(body));
  return { json, gzip: new Uint8Array(gzipSync(json, { level: 6 })) };
}

export function sendEncoded(c: Context, body: EncodedBody, maxAgeSeconds: number): Response {
  const gzip = /\bgzip\b/.test(requestHeader(c, 'accept-encoding') ?? '');
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    vary: 'Accept-Encoding',
    'cache-control': maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : 'no-store',
  };
  if (gzip) headers['content-encoding'] = 'gzip';
  // Sent finished (decision 065) unless compress() would still deflate it for a client that takes deflate only.
  if (gzip || c.req.method === 'HEAD' || !acceptedEncoding(requestHeader(c, 'accept-encoding'))) return send(c, gzip ? body.gzip : body.json, 200, headers);
  return c.body(gzip ? body.gzip : body.json, 200, headers);
}

export function createEncodedCache(ttlMs: number, maxEntries = 2000) {
  return new TtlCache<EncodedBody>(ttlMs, maxEntries);
}
