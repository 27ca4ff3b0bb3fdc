import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { deflatedZipOf, zipOf } from '../testing/media-fixtures';
import { BUNDLED_CONTENT_DIR } from './content-store';
import { DEFAULT_PACKAGE_LIMITS, createPackageCache, extractPackage, PackageError, readZipEntries } from './lesson-package';

const work = mkdtempSync(join(tmpdir(), 'rivet-package-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let n = 0;
function zipFile(files: Zippable): string {
  const file = join(work, `p${++n}.zip`);
  writeFileSync(file, zipSync(files));
  return file;
}

describe('lesson packages', () => {
  it('unpack every file, stored or deflated, into their folders', async () => {
    const zip = zipFile({
      'index.html': strToU8('<!doctype html><video src="media/lesson.mp4"></video>'),
      media: { 'lesson.mp4': [new Uint8Array(5000).fill(7), { level: 0 }] },
      'empty.txt': new Uint8Array(0),
    });
    const dir = join(work, 'out1');
    await extractPackage(zip, dir);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('media/lesson.mp4');
    expect(readFileSync(join(dir, 'media', 'lesson.mp4')).length).toBe(5000);
    expect(readFileSync(join(dir, 'empty.txt')).length).toBe(0);
  });

  it('unpack the committed demo package: a page and its video', async () => {
    const entries = await readZipEntries(join(BUNDLED_CONTENT_DIR, 'demo', 'packages', 'lesson-package.zip'));
    expect(entries.map((e) => e.name).sort()).toEqual(['index.html', 'lesson.mp4']);
  });

  it.each([
    ['../escape.txt'],
    ['a/../../escape.txt'],
    ['/etc/passwd'],
    ['C:/windows.txt'],
    ['a\\..\\escape.txt'],
  ])('are refused whole when a name like %s could climb out of the folder', async (name) => {
    const zip = zipFile({ 'index.html': strToU8('ok'), [name]: strToU8('evil') });
    const dir = join(work, `out-slip-${n}`);
    await expect(extractPackage(zip, dir)).rejects.toBeInstanceOf(PackageError);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(join(work, 'escape.txt'))).toBe(false);
    expect(readdirSync(work).some((f) => f.includes('.tmp-'))).toBe(false);
  });

  it('are refused when they hold too many entries or unpack to too many bytes', async () => {
    const many = zipFile(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, strToU8('x')])));
    await expect(extractPackage(many, join(work, 'out-many'), { maxEntries: 10, maxBytes: 1e9, maxRatio: 100 })).rejects.toThrow(/more than 10 entries/);
    const big = zipFile({ 'big.bin': new Uint8Array(2_000_000) });
    await expect(extractPackage(big, join(work, 'out-big'), { maxEntries: 10, maxBytes: 1_048_576, maxRatio: 1e6 })).rejects.toThrow(
      'The package unpacks to more than 1 MB, the limit for a lesson package.',
    );
  });

  // Issue 29: a 316 KB zip that unpacked to 300 MB was accepted. The bytes are counted as they are
  // written; the headers are never believed.
  const noLeftovers = (dir: string) => {
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(work).some((f) => f.startsWith(`${basename(dir)}.tmp-`))).toBe(false);
  };

  /** The zip as a file, deflated by node:zlib (fast for tens of megabytes, where fflate is slow) or stored. */
  function nativeZip(entries: { name: string; data: Uint8Array }[], stored = false): string {
    const file = join(work, `n${++n}.zip`);
    writeFileSync(file, stored ? zipOf(entries) : deflatedZipOf(entries));
    return file;
  }

  it('are refused as a zip bomb when they expand far more than a lesson does, and nothing is left behind', async () => {
    // 64 MB of zeros deflate to about 64 KB: a thousand to one.
    const bomb = nativeZip([
      { name: 'index.html', data: strToU8('<p>hi</p>') },
      { name: 'lesson.mp4', data: new Uint8Array(64 * 1024 * 1024) },
    ]);
    expect(statSync(bomb).size).toBeLessThan(200 * 1024);
    const dir = join(work, 'out-ratio');
    await expect(extractPackage(bomb, dir, DEFAULT_PACKAGE_LIMITS)).rejects.toThrow(
      'The package expands more than 100 times its compressed size; it is refused as a possible zip bomb.',
    );
    noLeftovers(dir);
  }, 60_000);

  it('are refused while unpacking when their headers understate the sizes, whatever the headers say', async () => {
    const zip = nativeZip([
      { name: 'index.html', data: strToU8('<p>hi</p>') },
      { name: 'lesson.mp4', data: new Uint8Array(8 * 1024 * 1024) },
    ]);
    const bytes = readFileSync(zip);
    // Every header (local and central) says each entry unpacks to 10 bytes.
    for (let at = 0; at + 4 <= bytes.length; at++) {
      const signature = bytes.readUInt32LE(at);
      if (signature === 0x04034b50) bytes.writeUInt32LE(10, at + 22);
      if (signature === 0x02014b50) bytes.writeUInt32LE(10, at + 24);
    }
    writeFileSync(zip, bytes);
    const declared = await readZipEntries(zip, { maxEntries: 10, maxBytes: 1_048_576, maxRatio: 100 });
    expect(declared.reduce((sum, e) => sum + e.size, 0)).toBe(20); // within the limit, as far as the headers go
    const dir = join(work, 'out-lies');
    await expect(extractPackage(zip, dir, { maxEntries: 10, maxBytes: 1_048_576, maxRatio: 100 })).rejects.toBeInstanceOf(PackageError);
    noLeftovers(dir);
  }, 60_000);

  it('are refused by the bytes written across entries, though each entry is as large as it says', async () => {
    // Four stored (uncompressed) entries of 400 KB: the ratio is 1, the total 1.6 MB.
    const zip = nativeZip(
      [0, 1, 2, 3].map((i) => ({ name: `part${i}.bin`, data: randomBytes(400 * 1024) })),
      true,
    );
    const dir = join(work, 'out-total');
    await expect(extractPackage(zip, dir, { maxEntries: 10, maxBytes: 1_048_576, maxRatio: 100 })).rejects.toThrow(/more than 1 MB/);
    noLeftovers(dir);
  });

  it('are refused once per version: a refused package is not unpacked again on the next request', async () => {
    const bomb = nativeZip([{ name: 'index.html', data: new Uint8Array(40 * 1024 * 1024) }]);
    const cache = createPackageCache(join(work, 'cache-refused'));
    const timed = async () => {
      const started = performance.now();
      await expect(cache.folderOf('content:x/bomb.zip', bomb)).rejects.toThrow(/zip bomb/);
      return performance.now() - started;
    };
    const first = await timed(); // inflates and writes 16 MB before the ratio is judged
    expect(await timed()).toBeLessThan(first / 2);
    expect(readdirSync(join(work, 'cache-refused'))).toEqual([]);
  }, 60_000);

  it('unpack under the default limits when within them: a page, its scripts and a video that hardly compresses', async () => {
    const zip = nativeZip([
      { name: 'index.html', data: strToU8(`<!doctype html>${'<p>A lesson page with a lot of repeated markup.</p>'.repeat(20_000)}`) },
      { name: 'app.js', data: strToU8('console.log("lesson");\n'.repeat(50_000)) },
      { name: 'lesson.mp4', data: randomBytes(24 * 1024 * 1024) },
    ]);
    const dir = join(work, 'out-fine');
    await extractPackage(zip, dir, DEFAULT_PACKAGE_LIMITS);
    expect(statSync(join(dir, 'lesson.mp4')).size).toBe(24 * 1024 * 1024);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toMatch(/^<!doctype html>/);
  }, 60_000);

  it('are refused when an entry holds more than it declares or fails its checksum', async () => {
    const zip = zipFile({ 'a.txt': [strToU8('hello hello hello'), { level: 0 }] });
    const bytes = readFileSync(zip);
    bytes[30 + 'a.txt'.length] = 'j'.charCodeAt(0); // first byte of the stored data
    writeFileSync(zip, bytes);
    await expect(extractPackage(zip, join(work, 'out-crc'))).rejects.toThrow(/damaged/);
  });

  it('are refused when not a zip at all', async () => {
    const file = join(work, 'not.zip');
    writeFileSync(file, 'just text, no zip directory here at all');
    await expect(readZipEntries(file)).rejects.toThrow(/Not a zip/);
  });

  it('unpack once per version, concurrent first requests sharing the work', async () => {
    const zip = zipFile({ 'index.html': strToU8('v1') });
    const cache = createPackageCache(join(work, 'cache'));
    const [a, b] = await Promise.all([cache.folderOf('content:x/p.zip', zip), cache.folderOf('content:x/p.zip', zip)]);
    expect(a).toBe(b);
    expect(readFileSync(join(a, 'index.html'), 'utf8')).toBe('v1');
    writeFileSync(zip, zipSync({ 'index.html': strToU8('version two') }));
    const c = await cache.folderOf('content:x/p.zip', zip);
    expect(c).not.toBe(a);
    expect(readFileSync(join(c, 'index.html'), 'utf8')).toBe('version two');
  });
});
