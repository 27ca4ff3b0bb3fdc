// Chunked uploads on disk (docs/decisions/030). Each upload is a folder under DATA_DIR/uploads
// named by a hash of (uploader, fileName) — the client's name never becomes a path — holding
// meta.json and one file per chunk (c0, c1, …). A chunk is streamed from the request into a
// temporary file and renamed into place, so chunks arrive in any order, a repeated one replaces
// its copy atomically, and no request holds more than a read buffer in memory. Completing joins
// the chunks, again as streams, into one file beside them, which `keep` puts into the media store
// (decision 056) as content/library/<institution>/<uuid>.<ext>: DATA_DIR/content/… on the local
// folder, the bucket on object storage. Everything is created owner-only (0700 folders, 0600 files).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { contentStorageKey } from '../media/content-store';
import { ladderDirFor } from '../media/hls-ladder';
import type { MediaStorage } from '../storage';
import { CONTENT_LIBRARY_MESSAGES as M, UPLOAD_CHUNK_SIZE, missingChunksMessage, tooLargeMessage } from '@rivet/shared/api/content-library';
import { badRequest, conflict } from '../http/errors';
import { SNIFF_BYTES, detectFileType, type DetectedType } from './file-type';
import type { UploadLimits } from '../config';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
const CHUNK_FILE = /^c(\d+)$/;

export interface UploadMeta {
  owner: string;
  fileName: string;
  totalChunks: number;
  institutionId: number;
  startedAt: string;
  completed: { guid: string; url: string } | null;
}

export interface AssembledFile {
  /** The joined file, on this machine, not yet in the media store. */
  tempPath: string;
  /** Where it goes, relative to the content store (content/ in the media store). */
  contentPath: string;
  detected: DetectedType;
  size: number;
  meta: UploadMeta;
}

export type UploadStore = ReturnType<typeof createUploadStore>;

/** The largest file of a kind the limits allow. */
export function limitFor(limits: UploadLimits, kind: DetectedType['kind']): number {
  if (kind === 'image') return limits.maxImageBytes;
  if (kind === 'article') return limits.maxDocumentBytes;
  return limits.maxBytes;
}

export function createUploadStore(dataDir: string, storage: MediaStorage, limits: UploadLimits) {
  const uploadsDir = join(dataDir, 'uploads');
  const dirOf = (owner: string, fileName: string) => join(uploadsDir, createHash('sha256').update(`${owner}\0${fileName}`).digest('hex'));
  /** One Complete per upload at a time (a double click, a retry racing the first try). */
  const completing = new Map<string, Promise<unknown>>();

  async function readMeta(dir: string): Promise<UploadMeta | null> {
    try {
      return JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as UploadMeta;
    } catch {
      return null;
    }
  }

  const writeMeta = (dir: string, meta: UploadMeta, flag: 'w' | 'wx' = 'w') => writeFile(join(dir, 'meta.json'), JSON.stringify(meta), { mode: FILE_MODE, flag });

  async function received(dir: string): Promise<number[]> {
    const names = await readdir(dir).catch(() => [] as string[]);
    return names.flatMap((n) => (CHUNK_FILE.exec(n) ? [Number(n.slice(1))] : [])).sort((a, b) => a - b);
  }

  /** The upload's record, created by its first chunk; refused when a later chunk disagrees about its length. */
  async function begin(owner: string, fileName: string, totalChunks: number, institutionId: number): Promise<{ dir: string; meta: UploadMeta }> {
    const dir = dirOf(owner, fileName);
    await mkdir(uploadsDir, { recursive: true, mode: DIR_MODE });
    await mkdir(dir, { recursive: true, mode: DIR_MODE });
    let meta = await readMeta(dir);
    if (!meta) {
      const fresh: UploadMeta = { owner, fileName, totalChunks, institutionId, startedAt: new Date().toISOString(), completed: null };
      try {
        await writeMeta(dir, fresh, 'wx');
        meta = fresh;
      } catch {
        meta = await readMeta(dir); // another chunk of the same upload wrote it first
      }
    }
    if (!meta) throw new Error(`upload meta unreadable in ${dir}`);
    if (meta.totalChunks !== totalChunks) throw conflict(M.otherTotal);
    return { dir, meta };
  }

  return {
    uploadsDir,

    /** Streams one chunk to disk. */
    async putChunk(input: { owner: string; fileName: string; index: number; totalChunks: number; institutionId: number; body: ReadableStream<Uint8Array> | null }): Promise<{ size: number; meta: UploadMeta }> {
      const { index, totalChunks } = input;
      if (index >= totalChunks) throw badRequest(M.chunkOutOfRange, [{ field: 'id', message: M.chunkOutOfRange }]);
      // The smallest file this many chunks can make is already too large for any kind.
      if ((totalChunks - 1) * UPLOAD_CHUNK_SIZE + 1 > limits.maxBytes) throw badRequest(tooLargeMessage(limits.maxBytes));
      const { dir, meta } = await begin(input.owner, input.fileName, totalChunks, input.institutionId);
      if (meta.completed) return { size: 0, meta };
      const temp = join(dir, `c${index}.${randomUUID()}.part`);
      const handle = await open(temp, 'wx', FILE_MODE);
      let size = 0;
      try {
        if (input.body) {
          const reader = input.body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            size += value.byteLength;
            if (size > UPLOAD_CHUNK_SIZE) {
              await reader.cancel().catch(() => undefined);
              throw badRequest(M.chunkTooLarge);
            }
            await handle.write(value);
          }
        }
        if (size === 0) throw badRequest(M.emptyChunk);
        if (index < totalChunks - 1 && size !== UPLOAD_CHUNK_SIZE) throw badRequest(M.chunkShort);
        await handle.close();
        await rename(temp, join(dir, `c${index}`));
        return { size, meta };
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true });
        throw error;
      }
    },

    async status(owner: string, fileName: string): Promise<{ meta: UploadMeta; received: number[] } | null> {
      const dir = dirOf(owner, fileName);
      const meta = await readMeta(dir);
      return meta && { meta, received: meta.completed ? [] : await received(dir) };
    },

    /**
     * Joins a complete upload into one file (checked by content and size), or refuses it. The
     * caller moves it into place with `keep` once its library row is written, or `discard`s it.
     * Runs once at a time per upload.
     */
    async assemble(owner: string, fileName: string, wanted: DetectedType['kind'] | undefined, institutionCheck?: (meta: UploadMeta) => void): Promise<AssembledFile | { completed: UploadMeta['completed'] & object; meta: UploadMeta } | null> {
      const dir = dirOf(owner, fileName);
      while (completing.has(dir)) await completing.get(dir)!.catch(() => undefined);
      const meta = await readMeta(dir);
      if (!meta) return null;
      institutionCheck?.(meta);
      if (meta.completed) return { completed: meta.completed, meta };
      const work = (async (): Promise<AssembledFile> => {
        const have = new Set(await received(dir));
        const missing = Array.from({ length: meta.totalChunks }, (_, i) => i).filter((i) => !have.has(i));
        if (missing.length) throw badRequest(missingChunksMessage(missing, meta.totalChunks));
        const head = Buffer.alloc(SNIFF_BYTES);
        const first = await open(join(dir, 'c0'), 'r');
        const { bytesRead } = await first.read(head, 0, SNIFF_BYTES, 0).finally(() => first.close());
        const detected = detectFileType(head.subarray(0, bytesRead));
        if (!detected || (wanted && detected.kind !== wanted)) throw badRequest(M.unsupported);
        const lastSize = (await stat(join(dir, `c${meta.totalChunks - 1}`))).size;
        const size = (meta.totalChunks - 1) * UPLOAD_CHUNK_SIZE + lastSize;
        const limit = limitFor(limits, detected.kind);
        if (size > limit) throw badRequest(tooLargeMessage(limit));
        const name = `${randomUUID()}.${detected.extension}`;
        const tempPath = join(dir, `${name}.part`);
        const out = createWriteStream(tempPath, { mode: FILE_MODE, flags: 'wx' });
        try {
          await pipeline(
            async function* () {
              for (let i = 0; i < meta.totalChunks; i++) yield* createReadStream(join(dir, `c${i}`), { highWaterMark: 256 * 1024 });
            },
            out,
          );
        } catch (error) {
          await rm(tempPath, { force: true });
          throw error;
        }
        return { tempPath, contentPath: `library/${meta.institutionId}/${name}`, detected, size, meta };
      })();
      completing.set(dir, work);
      try {
        return await work;
      } finally {
        completing.delete(dir);
      }
    },

    /** Puts an assembled file into the media store and marks its upload complete (its chunks go). */
    async keep(owner: string, file: AssembledFile, completed: { guid: string; url: string }): Promise<void> {
      await storage.writeFile(contentStorageKey(file.contentPath), file.tempPath);
      await rm(file.tempPath, { force: true });
      const dir = dirOf(owner, file.meta.fileName);
      await writeMeta(dir, { ...file.meta, completed });
      for (const i of await received(dir)) await rm(join(dir, `c${i}`), { force: true });
    },

    discard: (file: AssembledFile) => rm(file.tempPath, { force: true }),

    /** Writes a small file (a multipart upload) into the library: its content path. */
    async storeWhole(institutionId: number, detected: DetectedType, bytes: Uint8Array): Promise<string> {
      const path = `library/${institutionId}/${randomUUID()}.${detected.extension}`;
      await storage.write(contentStorageKey(path), bytes);
      return path;
    },

    /** Deletes a library file and whatever processing made of it (a video's HLS ladder and poster). */
    async remove(contentPath: string): Promise<void> {
      await storage.delete(contentStorageKey(contentPath));
      await storage.deletePrefix(contentStorageKey(ladderDirFor(contentPath)));
    },

    /** Deletes uploads with no new chunk for `expireHours` (run at start and hourly). Answers how many. */
    async sweep(now = Date.now()): Promise<number> {
      const names = await readdir(uploadsDir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const dir = join(uploadsDir, name);
        const info = await stat(dir).catch(() => null);
        if (!info?.isDirectory() || completing.has(dir)) continue;
        if (now - info.mtimeMs > limits.expireHours * 3_600_000) {
          await rm(dir, { recursive: true, force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
