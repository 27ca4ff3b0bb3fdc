// Chunked uploads in the media store (docs/decisions/030, 067). Each upload lives under the key
// uploads/<sha256(uploader, fileName)>/ — the client's name never becomes a key — as meta.json and
// one object per chunk (chunks/0, chunks/1, …), in the same store as the media (decision 056): the
// data folder by default, the bucket when S3_* is set. So every server process sees every upload's
// chunks, and no proxy has to route an upload's requests to one process. Chunks arrive in any
// order, at any process; a repeated one replaces its copy. Status lists what the store holds.
// Completing streams the chunks in order from the store into the final object,
// content/library/<institution>/<uuid>.<ext>, without holding the file (or, on the local folder,
// a chunk) in memory; then the chunks are deleted. On the local folder everything under uploads/
// is owner-only (0700 folders, 0600 files), and so is the joined file.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { contentStorageKey } from '../media/content-store';
import { ladderDirFor } from '../media/hls-ladder';
import type { MediaStorage } from '../storage';
import { CONTENT_LIBRARY_MESSAGES as M, UPLOAD_CHUNK_SIZE, missingChunksMessage, tooLargeMessage } from '@rivet/shared/api/content-library';
import { badRequest, conflict } from '../http/errors';
import { SNIFF_BYTES, detectFileType, type DetectedType } from './file-type';
import type { UploadLimits } from '../config';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
const UPLOADS = 'uploads';
const CHUNK_NAME = /^chunks\/(\d+)$/;

export interface UploadMeta {
  owner: string;
  fileName: string;
  totalChunks: number;
  institutionId: number;
  startedAt: string;
  completed: { guid: string; url: string } | null;
}

export interface AssembledFile {
  /** The joined file's media-store key (content/library/…), written but not yet in the library. */
  key: string;
  /** Its path relative to the content store (content/ in the media store). */
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

export function createUploadStore(storage: MediaStorage, limits: UploadLimits) {
  const idOf = (owner: string, fileName: string) => createHash('sha256').update(`${owner}\0${fileName}`).digest('hex');
  const prefixOf = (id: string) => `${UPLOADS}/${id}`;
  const metaKey = (id: string) => `${prefixOf(id)}/meta.json`;
  const chunkKey = (id: string, index: number) => `${prefixOf(id)}/chunks/${index}`;
  /** One Complete per upload at a time in this process (a double click); across processes the library's insert decides (content-library.service.ts). */
  const completing = new Map<string, Promise<unknown>>();
  /** The local folder's path of a key, its folders made owner-only; null on object storage. */
  async function localPath(key: string): Promise<string | null> {
    const file = storage.localFile(key);
    if (!file) return null;
    const root = storage.localFile(UPLOADS)!;
    await mkdir(root, { recursive: true, mode: DIR_MODE });
    await mkdir(dirname(file), { recursive: true, mode: DIR_MODE });
    return file;
  }

  async function readMeta(id: string): Promise<UploadMeta | null> {
    const bytes = await storage.readBuffer(metaKey(id));
    if (!bytes) return null;
    try {
      return JSON.parse(bytes.toString('utf8')) as UploadMeta;
    } catch {
      return null;
    }
  }

  async function writeMeta(id: string, meta: UploadMeta, exclusive = false): Promise<boolean> {
    const file = await localPath(metaKey(id));
    if (!file) {
      // Object storage has no portable create-if-absent; two first chunks racing write the same
      // record (a different chunk count is caught at Complete by the chunks' sizes).
      if (exclusive && (await storage.head(metaKey(id)))) return false;
      await storage.write(metaKey(id), JSON.stringify(meta), 'application/json');
      return true;
    }
    if (!exclusive) {
      const temp = `${file}.${randomUUID()}.part`;
      const handle = await open(temp, 'wx', FILE_MODE);
      await handle.writeFile(JSON.stringify(meta)).finally(() => handle.close());
      await rename(temp, file);
      return true;
    }
    try {
      const handle = await open(file, 'wx', FILE_MODE);
      await handle.writeFile(JSON.stringify(meta)).finally(() => handle.close());
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }

  /** The chunks held, by number, with their sizes. */
  async function held(id: string): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const o of await storage.list(prefixOf(id))) {
      const m = CHUNK_NAME.exec(o.key);
      if (m) out.set(Number(m[1]), o.size);
    }
    return out;
  }

  /** The upload's record, created by its first chunk; refused when a later chunk disagrees about its length. */
  async function begin(owner: string, fileName: string, totalChunks: number, institutionId: number): Promise<{ id: string; meta: UploadMeta }> {
    const id = idOf(owner, fileName);
    let meta = await readMeta(id);
    if (!meta) {
      const fresh: UploadMeta = { owner, fileName, totalChunks, institutionId, startedAt: new Date().toISOString(), completed: null };
      meta = (await writeMeta(id, fresh, true)) ? fresh : await readMeta(id); // else another chunk of the same upload wrote it first
    }
    if (!meta) throw new Error(`upload meta unreadable: ${metaKey(id)}`);
    if (meta.totalChunks !== totalChunks) throw conflict(M.otherTotal);
    return { id, meta };
  }

  /**
   * Reads a chunk's body with the 1 MiB cap enforced as it arrives: into `write` piece by piece on
   * the local folder; on object storage into one buffer of at most a chunk (a PUT needs its length).
   */
  async function receive(body: ReadableStream<Uint8Array> | null, write: ((piece: Uint8Array) => Promise<unknown>) | null): Promise<{ size: number; pieces: Uint8Array[] }> {
    const pieces: Uint8Array[] = [];
    let size = 0;
    if (!body) return { size, pieces };
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > UPLOAD_CHUNK_SIZE) {
        await reader.cancel().catch(() => undefined);
        throw badRequest(M.chunkTooLarge);
      }
      if (write) await write(value);
      else pieces.push(value);
    }
    return { size, pieces };
  }

  const checkSize = (index: number, totalChunks: number, size: number) => {
    if (size === 0) throw badRequest(M.emptyChunk);
    if (index < totalChunks - 1 && size !== UPLOAD_CHUNK_SIZE) throw badRequest(M.chunkShort);
  };

  return {
    /** Streams one chunk into the store. */
    async putChunk(input: { owner: string; fileName: string; index: number; totalChunks: number; institutionId: number; body: ReadableStream<Uint8Array> | null }): Promise<{ size: number; meta: UploadMeta }> {
      const { index, totalChunks } = input;
      if (index >= totalChunks) throw badRequest(M.chunkOutOfRange, [{ field: 'id', message: M.chunkOutOfRange }]);
      // The smallest file this many chunks can make is already too large for any kind.
      if ((totalChunks - 1) * UPLOAD_CHUNK_SIZE + 1 > limits.maxBytes) throw badRequest(tooLargeMessage(limits.maxBytes));
      const { id, meta } = await begin(input.owner, input.fileName, totalChunks, input.institutionId);
      if (meta.completed) return { size: 0, meta };
      const file = await localPath(chunkKey(id, index));
      if (!file) {
        const { size, pieces } = await receive(input.body, null);
        checkSize(index, totalChunks, size);
        await storage.write(chunkKey(id, index), Buffer.concat(pieces, size));
        return { size, meta };
      }
      // The local folder: to a temporary file, renamed into place (a duplicate replaces its copy atomically).
      const temp = `${file}.${randomUUID()}.part`;
      const handle = await open(temp, 'wx', FILE_MODE);
      try {
        const { size } = await receive(input.body, (piece) => handle.write(piece));
        checkSize(index, totalChunks, size);
        await handle.close();
        await rename(temp, file);
        return { size, meta };
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true });
        throw error;
      }
    },

    async status(owner: string, fileName: string): Promise<{ meta: UploadMeta; received: number[] } | null> {
      const id = idOf(owner, fileName);
      const meta = await readMeta(id);
      return meta && { meta, received: meta.completed ? [] : [...(await held(id)).keys()].sort((a, b) => a - b) };
    },

    /**
     * Joins a complete upload into its final object (checked by content and size), or refuses it.
     * The caller records it in the library and then calls `keep`, or `discard`s it. Runs once at
     * a time per upload in this process.
     */
    async assemble(owner: string, fileName: string, wanted: DetectedType['kind'] | undefined, institutionCheck?: (meta: UploadMeta) => void): Promise<AssembledFile | { completed: UploadMeta['completed'] & object; meta: UploadMeta } | null> {
      const id = idOf(owner, fileName);
      while (completing.has(id)) await completing.get(id)!.catch(() => undefined);
      const meta = await readMeta(id);
      if (!meta) return null;
      institutionCheck?.(meta);
      if (meta.completed) return { completed: meta.completed, meta };
      const work = (async (): Promise<AssembledFile> => {
        const have = await held(id);
        const missing = Array.from({ length: meta.totalChunks }, (_, i) => i).filter((i) => !have.has(i));
        if (missing.length) throw badRequest(missingChunksMessage(missing, meta.totalChunks));
        // Every chunk but the last is exactly 1 MiB (putChunk checks each; this catches two first
        // chunks that raced with different chunk counts on object storage).
        for (let i = 0; i < meta.totalChunks - 1; i++) if (have.get(i) !== UPLOAD_CHUNK_SIZE) throw conflict(M.otherTotal);
        const head = await storage.read(chunkKey(id, 0), { start: 0, end: Math.min(SNIFF_BYTES, have.get(0)!) - 1 });
        const sniffed: Buffer[] = [];
        for await (const piece of head ?? []) sniffed.push(Buffer.from(piece as Uint8Array));
        const detected = detectFileType(Buffer.concat(sniffed));
        if (!detected || (wanted && detected.kind !== wanted)) throw badRequest(M.unsupported);
        const size = (meta.totalChunks - 1) * UPLOAD_CHUNK_SIZE + have.get(meta.totalChunks - 1)!;
        const limit = limitFor(limits, detected.kind);
        if (size > limit) throw badRequest(tooLargeMessage(limit));
        const name = `${randomUUID()}.${detected.extension}`;
        const contentPath = `library/${meta.institutionId}/${name}`;
        const key = contentStorageKey(contentPath);
        const total = meta.totalChunks;
        async function* chunks() {
          for (let i = 0; i < total; i++) {
            const part = await storage.read(chunkKey(id, i));
            if (!part) throw new Error(`chunk ${i} of ${metaKey(id)} vanished while joining`);
            yield* part;
          }
        }
        await storage.writeStream(key, Readable.from(chunks(), { objectMode: false }), size, { contentType: detected.contentType, mode: FILE_MODE });
        return { key, contentPath, detected, size, meta };
      })();
      completing.set(id, work);
      try {
        return await work;
      } finally {
        completing.delete(id);
      }
    },

    /** The joined file as sharp can read it: its path on the local folder, its bytes (a picture, within the image limit) on object storage. */
    async imageInput(file: AssembledFile): Promise<string | Buffer> {
      return storage.localFile(file.key) ?? (await storage.readBuffer(file.key)) ?? Buffer.alloc(0);
    },

    /** Whether the upload was completed meanwhile (by another process), and as what. */
    async completedAs(owner: string, fileName: string): Promise<UploadMeta['completed']> {
      return (await readMeta(idOf(owner, fileName)))?.completed ?? null;
    },

    /** Marks an assembled upload complete (a later Complete answers this file; later chunks are ignored). */
    markCompleted: (owner: string, file: AssembledFile, completed: { guid: string; url: string }) => writeMeta(idOf(owner, file.meta.fileName), { ...file.meta, completed }).then(() => undefined),

    /** Deletes a completed upload's chunks. */
    dropChunks: (owner: string, fileName: string) => storage.deletePrefix(`${prefixOf(idOf(owner, fileName))}/chunks`),

    discard: (file: AssembledFile) => storage.delete(file.key),

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

    /**
     * Deletes uploads (and completed uploads' records) with nothing written for `expireHours`, at
     * start and hourly from every process (deleting twice is harmless). Answers how many.
     */
    async sweep(now = Date.now()): Promise<number> {
      const newest = new Map<string, number>();
      for (const o of await storage.list(UPLOADS)) {
        const id = o.key.split('/')[0]!;
        newest.set(id, Math.max(newest.get(id) ?? 0, o.modified.getTime()));
      }
      let removed = 0;
      for (const [id, modified] of newest) {
        if (completing.has(id) || now - modified <= limits.expireHours * 3_600_000) continue;
        await storage.deletePrefix(prefixOf(id));
        removed++;
      }
      return removed;
    },
  };
}
