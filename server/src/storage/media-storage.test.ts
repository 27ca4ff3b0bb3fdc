// The storage contract, run against both stores: the local data folder and S3-compatible object
// storage (a local s3rver). Whatever a caller may rely on is asserted here once for both.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../testing/s3-server';
import { createLocalStorage, createS3Storage, type MediaStorage } from '.';

const text = async (stream: NodeJS.ReadableStream | null) => {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
};

let s3: TestS3;
const temp = mkdtempSync(join(tmpdir(), 'rivet-storage-'));
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
  rmSync(temp, { recursive: true, force: true });
});

const stores: [string, () => MediaStorage][] = [
  ['local data folder', () => createLocalStorage(mkdtempSync(join(temp, 'local-')))],
  ['S3-compatible object storage', () => createS3Storage(s3.config)],
];

describe.each(stores)('media storage contract: %s', (_name, make) => {
  let store: MediaStorage;
  beforeAll(() => {
    store = make();
  });

  it('writes, heads, reads whole and reads a span', async () => {
    await store.write('content/library/1/a b.txt', 'hello, world');
    const head = await store.head('content/library/1/a b.txt');
    expect(head?.size).toBe(12);
    expect(head?.modified).toBeInstanceOf(Date);
    expect(await text(await store.read('content/library/1/a b.txt'))).toBe('hello, world');
    expect(await text(await store.read('content/library/1/a b.txt', { start: 7, end: 11 }))).toBe('world');
    expect((await store.readBuffer('content/library/1/a b.txt'))?.toString()).toBe('hello, world');
  });

  it('answers null, never throws, for what is not there', async () => {
    expect(await store.head('content/none.mp4')).toBeNull();
    expect(await store.read('content/none.mp4')).toBeNull();
    expect(await store.readBuffer('content/none.mp4')).toBeNull();
    expect(await store.download('content/none.mp4', join(temp, 'none'))).toBe(false);
    expect(await store.list('content/nothing-here')).toEqual([]);
    await expect(store.delete('content/none.mp4')).resolves.toBeUndefined();
  });

  it('replaces an object whole', async () => {
    await store.write('media/x/y.webp', 'first version, longer');
    await store.write('media/x/y.webp', 'second');
    expect((await store.readBuffer('media/x/y.webp'))?.toString()).toBe('second');
    expect((await store.head('media/x/y.webp'))?.size).toBe(6);
  });

  it('uploads a local file and downloads it again', async () => {
    const source = join(temp, `source-${_name.length}.bin`);
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    writeFileSync(source, bytes);
    await store.writeFile('content/library/2/clip.mp4', source, 'video/mp4');
    expect((await store.head('content/library/2/clip.mp4'))?.size).toBe(bytes.length);
    const copy = join(temp, `copy-${_name.length}`, 'clip.mp4');
    expect(await store.download('content/library/2/clip.mp4', copy)).toBe(true);
    expect(readFileSync(copy).equals(bytes)).toBe(true);
  });

  it('lists a folder recursively, relative and sorted, and deletes it whole', async () => {
    await store.write('content/library/3/v.hls/master.m3u8', '#EXTM3U');
    await store.write('content/library/3/v.hls/144p/index.m3u8', '#EXTM3U');
    await store.write('content/library/3/v.hls/144p/000.m4s', 'x');
    await store.write('content/library/3/v.mp4', 'mp4');
    const listed = await store.list('content/library/3/v.hls');
    expect(listed.every((o) => o.modified instanceof Date && Math.abs(o.modified.getTime() - Date.now()) < 60_000)).toBe(true);
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: '144p/000.m4s', size: 1 },
      { key: '144p/index.m3u8', size: 7 },
      { key: 'master.m3u8', size: 7 },
    ]);
    await store.deletePrefix('content/library/3/v.hls');
    expect(await store.list('content/library/3/v.hls')).toEqual([]);
    expect(await store.head('content/library/3/v.mp4')).not.toBeNull();
    await store.delete('content/library/3/v.mp4');
    expect(await store.head('content/library/3/v.mp4')).toBeNull();
  });

  it('writes a stream of a stated length, and refuses one of another length without leaving an object', async () => {
    // Larger than one part of an S3 multipart upload (8 MiB), so that path is the one tested.
    const parts = [Buffer.alloc(300_000, 1), ...Array.from({ length: 9 }, (_, i) => Buffer.alloc(1 << 20, i + 2)), Buffer.from('end')];
    const whole = Buffer.concat(parts);
    await store.writeStream('uploads/x/joined.bin', Readable.from(parts), whole.length);
    expect((await store.readBuffer('uploads/x/joined.bin'))!.equals(whole)).toBe(true);
    await store.writeStream('uploads/x/small.bin', Readable.from([Buffer.from('small')]), 5);
    expect((await store.readBuffer('uploads/x/small.bin'))!.toString()).toBe('small');
    await expect(store.writeStream('uploads/x/short.bin', Readable.from(parts), whole.length + 1)).rejects.toThrow();
    await expect(store.writeStream('uploads/x/short-small.bin', Readable.from([Buffer.from('small')]), 6)).rejects.toThrow();
    await expect(store.writeStream('uploads/x/long.bin', Readable.from(parts), whole.length - 1)).rejects.toThrow();
    async function* failing() {
      yield parts[0]!;
      throw new Error('a chunk vanished');
    }
    await expect(store.writeStream('uploads/x/failed.bin', Readable.from(failing()), whole.length)).rejects.toThrow();
    expect((await store.list('uploads/x')).map((o) => o.key)).toEqual(['joined.bin', 'small.bin']);
    await store.deletePrefix('uploads/x');
  });

  it('refuses keys that could step out of the store', async () => {
    for (const key of ['../secrets/jwt-secret', 'content/../../etc/passwd', '/etc/passwd', 'content//x', 'content/./x', '']) {
      await expect(store.head(key)).rejects.toThrow(/not a storage key/);
    }
  });
});

describe('S3 object storage specifics', () => {
  it('keeps every key under the configured prefix, and presigns a GET that honours ranges', async () => {
    const store = createS3Storage({ ...s3.config, prefix: 'tenant-a' });
    const other = createS3Storage({ ...s3.config, prefix: 'tenant-b' });
    await store.write('media/p.txt', 'abcdefghij');
    expect(await other.head('media/p.txt')).toBeNull();
    const url = await store.presign('media/p.txt', 60);
    expect(url).toContain('/tenant-a/media/p.txt');
    const partial = await fetch(url, { headers: { range: 'bytes=2-4' } });
    expect(partial.status).toBe(206);
    expect(await partial.text()).toBe('cde');
  });
});
