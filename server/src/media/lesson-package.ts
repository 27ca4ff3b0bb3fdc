// Compressed-video lessons (asset type 5) are stored as a zip (index.html, a video, maybe styles
// and scripts). The first request unpacks it once into DATA_DIR/cache/packages/<hash>/, where the
// hash covers the storage key, size and modification time, so a replaced package unpacks afresh.
// On object storage (decision 056) the zip is first downloaded beside the cache: each server
// process keeps its own unpacked copy, which is a cache and safe to delete.
//
// The zip is read through its central directory and each entry is inflated as a stream with
// node:zlib (a package can be as large as a lesson video, so it is never held in memory). Hostile
// archives are refused whole: names that climb out of the folder or are absolute, encryption,
// ZIP64, unknown compression, too many entries. The bytes are counted as they are read and written,
// never taken from the headers: the package stops unpacking the moment it has written more than
// PACKAGE_MAX_MB or expanded more than PACKAGE_MAX_RATIO times (a zip bomb), and each entry's size
// and CRC are checked as it is written. Unpacking goes to a temporary folder renamed into place, and
// removed whole when anything is refused (decision 085).
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw, crc32 } from 'node:zlib';
import { isSafeRelativePath, type StoredContent } from './content-store';

export interface PackageLimits {
  maxEntries: number;
  /** Total uncompressed bytes, counted as they are written (PACKAGE_MAX_MB). */
  maxBytes: number;
  /**
   * The most the package may expand: bytes written over compressed bytes read, counted as they pass
   * (PACKAGE_MAX_RATIO). A lesson's video hardly compresses (about 1:1) and its page and scripts
   * about 3 to 10 times; a zip bomb expands about a thousand times.
   */
  maxRatio: number;
}

/** Below this many bytes written the ratio is not judged: a few small, very compressible pages cannot fill a disk. */
export const RATIO_FLOOR_BYTES = 16 * 1024 * 1024;

export const DEFAULT_PACKAGE_LIMITS: PackageLimits = { maxEntries: 2_000, maxBytes: 1024 * 1024 ** 2, maxRatio: 100 };

const inMegabytes = (bytes: number) => `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;

export class PackageError extends Error {}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_CENTRAL_DIRECTORY = 16 * 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

async function readAt(handle: Awaited<ReturnType<typeof open>>, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new PackageError('The package is truncated.');
  return buffer;
}

/** The entries of a zip's central directory (files only), checked against the limits. */
export async function readZipEntries(file: string, limits: PackageLimits = DEFAULT_PACKAGE_LIMITS): Promise<Entry[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + 0xffff);
    if (tailLength < 22) throw new PackageError('Not a zip file.');
    const tail = await readAt(handle, size - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) throw new PackageError('Not a zip file.');
    const count = tail.readUInt16LE(at + 10);
    const cdSize = tail.readUInt32LE(at + 12);
    const cdOffset = tail.readUInt32LE(at + 16);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw new PackageError('ZIP64 packages are not supported.');
    if (count > limits.maxEntries) throw new PackageError(`The package has more than ${limits.maxEntries} entries.`);
    if (cdSize > MAX_CENTRAL_DIRECTORY || cdOffset + cdSize > size) throw new PackageError('The package directory is damaged.');
    const cd = await readAt(handle, cdOffset, cdSize);
    const entries: Entry[] = [];
    let total = 0;
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw new PackageError('The package directory is damaged.');
      const flags = cd.readUInt16LE(p + 8);
      const method = cd.readUInt16LE(p + 10);
      const crc = cd.readUInt32LE(p + 16);
      const compressedSize = cd.readUInt32LE(p + 20);
      const entrySize = cd.readUInt32LE(p + 24);
      const nameLength = cd.readUInt16LE(p + 28);
      const extraLength = cd.readUInt16LE(p + 30);
      const commentLength = cd.readUInt16LE(p + 32);
      const unixMode = cd.readUInt32LE(p + 38) >>> 16;
      const localHeaderOffset = cd.readUInt32LE(p + 42);
      const name = cd.toString('utf8', p + 46, p + 46 + nameLength);
      p += 46 + nameLength + extraLength + commentLength;
      if (p > cd.length) throw new PackageError('The package directory is damaged.');
      if (name.endsWith('/')) continue; // a folder: made as its files are written
      if (!isSafeRelativePath(name)) throw new PackageError(`The package holds an unsafe name: ${JSON.stringify(name.slice(0, 80))}.`);
      if (flags & 1) throw new PackageError('Encrypted packages are not supported.');
      if (method !== 0 && method !== 8) throw new PackageError(`Unsupported compression in ${name}.`);
      if ((unixMode & S_IFMT) === S_IFLNK) throw new PackageError(`The package holds a symbolic link: ${name}.`);
      if (compressedSize === 0xffffffff || entrySize === 0xffffffff || localHeaderOffset === 0xffffffff) throw new PackageError('ZIP64 packages are not supported.');
      // What the headers declare is only an early refusal; the bytes are counted again as written.
      total += entrySize;
      if (total > limits.maxBytes) throw tooLarge(limits);
      entries.push({ name, method, compressedSize, size: entrySize, crc, localHeaderOffset });
    }
    const names = new Set(entries.map((e) => e.name.toLowerCase()));
    if (names.size !== entries.length) throw new PackageError('The package holds the same name twice.');
    return entries;
  } finally {
    await handle.close();
  }
}

const tooLarge = (limits: PackageLimits) => new PackageError(`The package unpacks to more than ${inMegabytes(limits.maxBytes)}, the limit for a lesson package.`);

/** The whole package's bytes so far, read (compressed) and written (unpacked): never what the headers say. */
class Budget {
  read = 0;
  written = 0;
  constructor(readonly limits: PackageLimits) {}
  /** Throws as soon as the package has written more than allowed, or expanded more than allowed. */
  wrote(bytes: number): void {
    this.written += bytes;
    if (this.written > this.limits.maxBytes) throw tooLarge(this.limits);
    if (this.written > RATIO_FLOOR_BYTES && this.written > this.limits.maxRatio * Math.max(this.read, 1)) {
      throw new PackageError(`The package expands more than ${this.limits.maxRatio} times its compressed size; it is refused as a possible zip bomb.`);
    }
  }
}

/** Counts the compressed bytes read from the zip. */
class Counted extends Transform {
  constructor(private readonly budget: Budget) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.budget.read += chunk.length;
    done(null, chunk);
  }
}

/** Counts bytes and the CRC as they pass; fails as soon as an entry grows past its declared size or the package past its budget. */
class Checked extends Transform {
  bytes = 0;
  crc = 0;
  constructor(
    private readonly limit: number,
    private readonly budget: Budget,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) return done(new PackageError('A package entry is larger than it says.'));
    try {
      this.budget.wrote(chunk.length);
    } catch (error) {
      return done(error as Error);
    }
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }
}

async function extractEntry(zip: string, handle: Awaited<ReturnType<typeof open>>, entry: Entry, target: string, budget: Budget) {
  const local = await readAt(handle, entry.localHeaderOffset, 30);
  if (local.readUInt32LE(0) !== LOCAL) throw new PackageError('The package is damaged.');
  const dataStart = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  await mkdir(dirname(target), { recursive: true });
  const checked = new Checked(entry.size, budget);
  const source = entry.compressedSize ? createReadStream(zip, { start: dataStart, end: dataStart + entry.compressedSize - 1 }) : Readable.from([]);
  const counted = new Counted(budget);
  const out = createWriteStream(target, { flags: 'wx' });
  if (entry.method === 8 && entry.compressedSize) await pipeline(source, counted, createInflateRaw(), checked, out);
  else await pipeline(source, counted, checked, out);
  if (checked.bytes !== entry.size || (checked.crc >>> 0) !== entry.crc) throw new PackageError(`${entry.name} is damaged.`);
}

/** Unpacks `zip` into `dir` (which must not exist yet), all or nothing. */
export async function extractPackage(zip: string, dir: string, limits: PackageLimits = DEFAULT_PACKAGE_LIMITS): Promise<void> {
  const entries = await readZipEntries(zip, limits);
  const work = `${dir}.tmp-${randomBytes(6).toString('hex')}`;
  await mkdir(work, { recursive: true });
  const handle = await open(zip, 'r');
  const budget = new Budget(limits);
  try {
    for (const entry of entries) await extractEntry(zip, handle, entry, join(work, entry.name), budget);
    await rename(work, dir);
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    // Another process unpacked the same package first: theirs is as good as ours.
    if (existsSync(dir) && !(error instanceof PackageError)) return;
    throw error;
  } finally {
    await handle.close();
  }
}

export type PackageCache = ReturnType<typeof createPackageCache>;

async function headOf(zip: StoredContent) {
  const head = await zip.storage.head(zip.key);
  if (!head) throw Object.assign(new Error(`no such object: ${zip.key}`), { code: 'ENOENT' });
  return { size: head.size, modified: head.modified.getTime() };
}

/** Downloads the zip beside its target folder, unpacks it, and lets the download go. */
async function extractRemote(zip: StoredContent, dir: string, limits: PackageLimits) {
  const temp = `${dir}.zip-${randomBytes(6).toString('hex')}`;
  try {
    if (!(await zip.storage.download(zip.key, temp))) throw Object.assign(new Error(`no such object: ${zip.key}`), { code: 'ENOENT' });
    await extractPackage(temp, dir, limits);
  } finally {
    await rm(temp, { force: true });
  }
}

/** Unpacks each package once per version and says where; concurrent first requests share the work. */
export function createPackageCache(cacheDir: string, limits: PackageLimits = DEFAULT_PACKAGE_LIMITS) {
  const ready = new Map<string, string>();
  const pending = new Map<string, Promise<string>>();
  // A refused version stays refused: each learner request must not unpack a zip bomb again up to the limit.
  const refused = new Map<string, PackageError>();
  return {
    /** The folder `zip` (a local file, or an object in the media store) is unpacked in; throws ENOENT when it is missing. */
    async folderOf(storageKey: string, zip: string | StoredContent): Promise<string> {
      const local = typeof zip === 'string' ? zip : zip.storage.localFile(zip.key);
      const info = local ? await stat(local).then((i) => ({ size: i.size, modified: i.mtimeMs })) : await headOf(zip as StoredContent);
      const hash = createHash('sha256').update(`${storageKey}\n${info.size}\n${Math.floor(info.modified)}`).digest('hex').slice(0, 32);
      const known = ready.get(hash);
      if (known) return known;
      const refusal = refused.get(hash);
      if (refusal) throw refusal;
      let job = pending.get(hash);
      if (!job) {
        const dir = join(cacheDir, hash);
        job = (existsSync(dir) ? Promise.resolve() : local ? extractPackage(local, dir, limits) : extractRemote(zip as StoredContent, dir, limits))
          .then(
            () => {
              ready.set(hash, dir);
              return dir;
            },
            (error: unknown) => {
              if (error instanceof PackageError) refused.set(hash, error);
              throw error;
            },
          )
          .finally(() => pending.delete(hash));
        pending.set(hash, job);
      }
      return job;
    },
  };
}
