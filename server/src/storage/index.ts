// The media store the configuration asks for (decision 056).
import { createLocalStorage } from './local-storage';
import type { MediaStorage } from './media-storage';
import { createS3Storage, type S3Config } from './s3-storage';

export type { MediaStorage, StoredObject, ByteSpan, ListedObject } from './media-storage';
export type { S3Config } from './s3-storage';
export { createLocalStorage } from './local-storage';
export { createS3Storage } from './s3-storage';

export function createMediaStorage(config: { dataDir: string; s3?: S3Config | null }): MediaStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
}
