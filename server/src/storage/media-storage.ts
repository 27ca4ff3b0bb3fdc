// One place for the server's media bytes (docs/decisions/056): lesson files and their HLS ladders,
// lesson packages, uploaded pictures, promotional videos, certificate signatures. Callers name an
// object by a key (`content/library/3/x.mp4`, `media/profile-pictures/y.webp`) and never by a
// path, so the same code runs on the local data folder (the default) and on S3-compatible object
// storage (S3_* settings, s3-storage.ts). Keys are relative, '/'-separated and checked here: a key
// can never step out of the store.
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  modified: Date;
}

export interface ListedObject {
  key: string;
  size: number;
  modified: Date;
}

export interface ByteSpan {
  start: number;
  /** Inclusive, as in HTTP ranges. */
  end: number;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Size and modification time, or null when there is no such object. */
  head(key: string): Promise<StoredObject | null>;
  /** The object's bytes (or one span of them) as a stream, or null when there is no such object. */
  read(key: string, span?: ByteSpan): Promise<Readable | null>;
  /** The whole object in memory (playlists, pictures), or null when there is no such object. */
  readBuffer(key: string): Promise<Buffer | null>;
  /** Writes (replaces) an object from bytes. */
  write(key: string, body: Uint8Array | string, contentType?: string): Promise<void>;
  /** Writes (replaces) an object from a local file, which is left where it is. */
  writeFile(key: string, file: string, contentType?: string): Promise<void>;
  /**
   * Writes (replaces) an object from a stream of exactly `size` bytes, never holding it in memory;
   * refused (and nothing written) when the stream is not that long. `mode`: the file's permissions
   * on the local folder (ignored by object storage).
   */
  writeStream(key: string, body: Readable, size: number, options?: { contentType?: string; mode?: number }): Promise<void>;
  /** Copies an object to a local file (for ffmpeg, sharp and unzipping, which need one); false when there is no such object. */
  download(key: string, file: string): Promise<boolean>;
  /** Every object under `prefix/` (its key relative to the prefix) with its size and modification time, sorted by key: one request per thousand on object storage. */
  list(prefix: string): Promise<ListedObject[]>;
  delete(key: string): Promise<void>;
  /** Deletes every object under `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The object's file on this machine when the store is the local folder; null on object storage. */
  localFile(key: string): string | null;
}

const SEGMENT_OK = (s: string) => s !== '' && s !== '.' && s !== '..' && s.length <= 255 && !/[\\\0]/.test(s);

/** A key is relative, '/'-separated and has no empty, '.' or '..' part. */
export function assertKey(key: string): string {
  if (key.length > 1024 || !key.split('/').every(SEGMENT_OK)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}
