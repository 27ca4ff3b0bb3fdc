// Sends a file in §9's 1 MiB chunks and completes it into the content library (docs/decisions/030).
// The upload's name is kept per file in sessionStorage, so after a dropped connection, a Retry or
// a reload of the page the same file resumes: the server says which chunks it holds and only the
// missing ones are sent. Progress is the share of chunks held (§9). Cancel aborts the request in
// flight and forgets the name (the server deletes what it held when the upload expires).
import {
  UPLOAD_CHUNK_SIZE,
  uploadChunk,
  uploadComplete,
  uploadStatus,
  type LibraryFile,
  type LibraryKind,
} from '../api/content-library';
import type { ApiClient } from './api-client';
import { isApiError } from './errors';

export interface ChunkedUploadOptions {
  api: ApiClient;
  file: File;
  /** What the file must be (checked by the server from its bytes). */
  kind?: LibraryKind;
  /** Platform staff: the institution the file is for (institution staff always upload to their own). */
  institutionId?: number;
  /** Chunks held by the server / chunks in all, after each chunk. */
  onProgress?: (held: number, total: number) => void;
  signal?: AbortSignal;
  /** Where the upload's name is kept between attempts (sessionStorage in the browser). */
  storage?: UploadStorage | null;
  /** Tries per chunk before the upload is reported failed (a network blip is retried). */
  attempts?: number;
  /** Wait before a chunk's next try, ms. */
  retryDelayMs?: number;
}

export type UploadStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface UploadResult {
  guid: string;
  url: string;
  file: LibraryFile;
}

const KEY_PREFIX = 'rivet.upload:';

/** The same file (name, size, last change) picked again resumes under the same upload name. */
export const uploadKeyOf = (file: Pick<File, 'name' | 'size' | 'lastModified'>, kind?: string) => `${KEY_PREFIX}${kind ?? ''}:${file.name}:${file.size}:${file.lastModified}`;

export const chunkCount = (size: number) => Math.max(1, Math.ceil(size / UPLOAD_CHUNK_SIZE));

const defaultStorage = (): UploadStorage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    });
  });

/** Whether an upload of this file was started before (this tab, this session). */
export function hasPendingUpload(file: Pick<File, 'name' | 'size' | 'lastModified'>, kind?: string, storage = defaultStorage()): boolean {
  return Boolean(storage?.getItem(uploadKeyOf(file, kind)));
}

/** Forgets a file's upload name (after Cancel, or once it is complete). */
export function forgetUpload(file: Pick<File, 'name' | 'size' | 'lastModified'>, kind?: string, storage = defaultStorage()): void {
  storage?.removeItem(uploadKeyOf(file, kind));
}

export async function uploadInChunks(options: ChunkedUploadOptions): Promise<UploadResult> {
  const { api, file, kind, institutionId, onProgress, signal } = options;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const attempts = options.attempts ?? 3;
  const total = chunkCount(file.size);
  const key = uploadKeyOf(file, kind);
  // The server shows the last path segment as the file's name; the prefix keeps two picks of
  // files with the same name apart.
  let fileName = storage?.getItem(key) ?? null;
  let held = new Set<number>();
  if (fileName) {
    try {
      const status = await api.call(uploadStatus, { query: { fileName }, signal });
      if (status.totalChunks === total) held = new Set(status.received);
      else fileName = null;
      if (status.completed && fileName) held = new Set(Array.from({ length: total }, (_, i) => i));
    } catch (error) {
      if (!(isApiError(error) && error.status === 404)) throw error;
      fileName = null; // expired or never reached the server: start again
    }
  }
  if (!fileName) {
    fileName = `${randomId()}/${file.name}`;
    storage?.setItem(key, fileName);
  }
  onProgress?.(held.size, total);

  for (let index = 0; index < total; index++) {
    if (held.has(index)) continue;
    const bytes = file.slice(index * UPLOAD_CHUNK_SIZE, (index + 1) * UPLOAD_CHUNK_SIZE);
    for (let attempt = 1; ; attempt++) {
      try {
        await api.call(uploadChunk, {
          query: { id: String(index), fileName, totalChunks: String(total), ...(institutionId ? { InstitutionId: String(institutionId) } : {}) },
          raw: bytes,
          signal,
        });
        break;
      } catch (error) {
        // Only a lost connection is worth another try; a refusal (400, 403, 409) will not change.
        const transient = isApiError(error) && (error.kind === 'network' || (error.status ?? 0) >= 500);
        if (!transient || attempt >= attempts || signal?.aborted) throw error;
        await wait((options.retryDelayMs ?? 500) * attempt, signal);
      }
    }
    held.add(index);
    onProgress?.(held.size, total);
  }

  const done = await api.call(uploadComplete, { query: { fileName, ...(kind ? { kind } : {}) }, signal });
  storage?.removeItem(key);
  return done;
}
