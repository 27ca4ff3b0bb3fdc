import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentTypeOf, fileResponse, parseRange } from './file-response';

describe('parseRange', () => {
  it('reads one byte range, open-ended or from the end', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('sends the whole file for no, several or nonsensical ranges, and refuses ranges past the end', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-9', 'bytes=9-5', 'bytes=-', 'bytes=abc']) expect(parseRange(header, 1000), header).toBeNull();
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});

describe('contentTypeOf', () => {
  it('names the types lessons use', () => {
    const types = ['a.mp4', 'b.m3u8', 'c.m4s', 'd.ts', 'e.svg', 'f.png', 'g.JPG', 'h.html', 'i.css', 'j.js', 'k.bin'].map(contentTypeOf);
    expect(types).toEqual([
      'video/mp4',
      'application/vnd.apple.mpegurl',
      'video/iso.segment',
      'video/mp2t',
      'image/svg+xml',
      'image/png',
      'image/jpeg',
      'text/html; charset=utf-8',
      'text/css; charset=utf-8',
      'text/javascript; charset=utf-8',
      'application/octet-stream',
    ]);
  });
});

describe('fileResponse', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rivet-file-'));
  const file = join(dir, 'clip.mp4');
  writeFileSync(file, Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)));
  const info = statSync(file);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const get = (headers: Record<string, string> = {}, method = 'GET') => fileResponse(new Request('http://x/clip.mp4', { method, headers }), file, info, { 'cache-control': 'private, max-age=60' });

  it('streams the whole file with its type, length, validators and the given headers', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({ 'content-type': 'video/mp4', 'content-length': '1000', 'accept-ranges': 'bytes', 'cache-control': 'private, max-age=60' });
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect((await res.arrayBuffer()).byteLength).toBe(1000);
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const res = await get({ range: 'bytes=10-19' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(res.headers.get('content-length')).toBe('10');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('answers a range past the end with 416', async () => {
    const res = await get({ range: 'bytes=2000-' });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */1000');
  });

  it('sends no body for HEAD and 304 for a matching validator', async () => {
    const head = await get({}, 'HEAD');
    expect([head.status, head.headers.get('content-length'), head.body]).toEqual([200, '1000', null]);
    const etag = (await get()).headers.get('etag')!;
    expect((await get({ 'if-none-match': etag })).status).toBe(304);
    expect((await get({ 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('ignores a range when If-Range names another version', async () => {
    expect((await get({ range: 'bytes=0-9', 'if-range': '"old"' })).status).toBe(200);
    expect((await get({ range: 'bytes=0-9', 'if-range': (await get()).headers.get('etag')! })).status).toBe(206);
  });
});
