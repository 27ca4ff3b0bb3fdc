import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLED_CONTENT_DIR } from './content-store';
import { createPackageCache, extractPackage, PackageError, readZipEntries } from './lesson-package';

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
    await expect(extractPackage(many, join(work, 'out-many'), { maxEntries: 10, maxBytes: 1e9 })).rejects.toThrow(/more than 10 entries/);
    const bomb = zipFile({ 'big.bin': new Uint8Array(2_000_000) });
    await expect(extractPackage(bomb, join(work, 'out-bomb'), { maxEntries: 10, maxBytes: 1_000_000 })).rejects.toThrow(/more than 1000000 bytes/);
  });

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
