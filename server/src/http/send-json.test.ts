// The envelope's way out (decision 062): the same validators and encodings Hono's etag() and
// compress() gave, from the serialised text.
import { gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './context';
import { acceptedEncoding, bodyTag, etagMatches, sendJson, SHARED_READ_CACHE_CONTROL } from './send-json';

const text = JSON.stringify({ success: true, description: 'Successful', data: { items: ['a'.repeat(2000)] }, code: '00' });
const app = new Hono<AppEnv>();
app.get('/shared', (c) => {
  c.set('sharedRead', true);
  return sendJson(c, 200, text);
});
app.get('/personal', (c) => sendJson(c, 200, text));

describe('sendJson', () => {
  it('tags a shared read with the SHA-1 of its text and answers the tag back with an empty 304', async () => {
    const first = await app.request('/shared');
    expect(first.headers.get('etag')).toBe(bodyTag(text));
    expect(first.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    expect(first.headers.get('cache-control')).toBe(SHARED_READ_CACHE_CONTROL);
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    expect(await first.text()).toBe(text);
    const again = await app.request('/shared', { headers: { 'if-none-match': `"x", ${bodyTag(text)}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('cache-control')).toBe(SHARED_READ_CACHE_CONTROL);
  });

  it('compresses by Accept-Encoding, with a weak tag that still validates', async () => {
    const gzip = await app.request('/shared', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('etag')).toBe(`W/${bodyTag(text)}`);
    expect(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString()).toBe(text);
    const deflate = await app.request('/shared', { headers: { 'accept-encoding': 'deflate' } });
    expect(deflate.headers.get('content-encoding')).toBe('deflate');
    expect(inflateSync(new Uint8Array(await deflate.arrayBuffer())).toString()).toBe(text);
    expect((await app.request('/shared', { headers: { 'if-none-match': `W/${bodyTag(text)}`, 'accept-encoding': 'gzip' } })).status).toBe(304);
  });

  it('leaves other answers without validators', async () => {
    const res = await app.request('/personal');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it('chooses encodings and matches tags as the middleware did', () => {
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('gzip;q=0.5, deflate;q=0.8')).toBe('deflate');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('gzip;q=0')).toBeUndefined();
    expect(etagMatches('"a"', '*')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"a"', '"b"')).toBe(false);
    expect(etagMatches('"a"', undefined)).toBe(false);
  });
});
