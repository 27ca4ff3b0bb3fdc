// The local data folder as a media store: a key is a path under the root (DATA_DIR by default,
// so `content/…` and `media/…` keep the layout earlier versions wrote).
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertKey, type ListedObject, type MediaStorage } from './media-storage';

const missing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

export function createLocalStorage(root: string): MediaStorage {
  const fileOf = (key: string) => join(root, assertKey(key));

  /** Writes beside the target and renames: a reader never sees half a file. */
  async function atomically(key: string, write: (temp: string) => Promise<void>) {
    const target = fileOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
    try {
      await write(temp);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function walk(dir: string, under: string, out: ListedObject[]) {
    const entries = await readdir(join(dir, under), { withFileTypes: true }).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      const path = under ? `${under}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(dir, path, out);
      else if (entry.isFile() && !/\.tmp-[0-9a-f]{12}$/.test(entry.name)) {
        const info = await stat(join(dir, path)).catch(() => null); // gone since the listing
        if (info) out.push({ key: path, size: info.size, modified: info.mtime });
      }
    }
  }

  const store: MediaStorage = {
    kind: 'local',
    async head(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() ? { size: info.size, modified: info.mtime } : null;
    },
    async read(key, span) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return createReadStream(file, span ? { start: span.start, end: span.end } : {});
    },
    async readBuffer(key) {
      return readFile(fileOf(key)).catch((error: unknown) => {
        if (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      });
    },
    write: (key, body) => atomically(key, (temp) => writeFile(temp, body)),
    // A hard link costs nothing for a large file on the same disk; elsewhere it is a copy.
    writeFile: (key, file) => atomically(key, (temp) => link(file, temp).catch(() => copyFile(file, temp))),
    writeStream: (key, body, size, options) =>
      atomically(key, async (temp) => {
        await pipeline(body, createWriteStream(temp, { flags: 'wx', ...(options?.mode ? { mode: options.mode } : {}) }));
        const written = (await stat(temp)).size;
        if (written !== size) throw new Error(`${key}: ${written} bytes written, ${size} expected`);
      }),
    async download(key, file) {
      const source = await store.read(key);
      if (!source) return false;
      await mkdir(dirname(file), { recursive: true });
      await pipeline(source, createWriteStream(file));
      return true;
    },
    async list(prefix) {
      const out: ListedObject[] = [];
      await walk(fileOf(prefix), '', out);
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    delete: (key) => rm(fileOf(key), { force: true }),
    deletePrefix: (prefix) => rm(fileOf(prefix), { recursive: true, force: true }),
    localFile: (key) => fileOf(key),
  };
  return store;
}
