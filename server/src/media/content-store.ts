// Where course content lives. course_assets.url holds a storage key, not a URL:
//   content:<path>          e.g. content:demo/videos/lesson-introduction.mp4
// Paths under `demo/` are the demo catalogue's files, shipped in server/media/content/demo; any
// other path is an uploaded file in the media store (storage/, decision 056) under the key
// `content/<path>`: DATA_DIR/content/ on the local data folder, the bucket on object storage.
// Neither is served by a public route: learners reach content only through signed URLs
// (secure-media.ts).
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { createLocalStorage, type MediaStorage } from '../storage';
import type { PackageLimits } from './lesson-package';

export const CONTENT_SCHEME = 'content:';

/** The repository's own content (the demo catalogue's lesson files). */
export const BUNDLED_CONTENT_DIR = fileURLToPath(new URL('../../media/content', import.meta.url));

const BUNDLED_PREFIX = 'demo/';
const MAX_PATH = 1024;

/** A file or folder name that cannot step out of its folder or mean something else to the file system. */
export function isSafeSegment(segment: string): boolean {
  return segment !== '' && segment !== '.' && segment !== '..' && segment.length <= 255 && !/[\\/\0:]/.test(segment);
}

export const isSafeRelativePath = (path: string) => path.length <= MAX_PATH && path.split('/').every(isSafeSegment);

/** The path inside the content store that `url` names, or null when it is not a (well-formed) storage key. */
export function contentPathOf(url: string): string | null {
  if (!url.startsWith(CONTENT_SCHEME)) return null;
  const path = url.slice(CONTENT_SCHEME.length);
  return isSafeRelativePath(path) ? path : null;
}

export const contentKey = (path: string) => `${CONTENT_SCHEME}${path}`;

/** The media-store key of an uploaded content path. */
export const contentStorageKey = (path: string) => `content/${path}`;

export interface StoredContent {
  storage: MediaStorage;
  key: string;
}

export interface ContentStore {
  /** Where a content path's bytes are (they may not exist); null for an upload when there is no media store. */
  locate(path: string): StoredContent | null;
  /** Where unpacked lesson packages are kept on this machine (a cache: safe to delete). */
  packageCacheDir: string | null;
  /** What a lesson package may unpack to (config's PACKAGE_MAX_MB and PACKAGE_MAX_RATIO); absent: the defaults. */
  packageLimits?: PackageLimits;
}

export function createContentStore(
  dataDir: string | null,
  options: { storage?: MediaStorage; bundledDir?: string; packageLimits?: PackageLimits } = {},
): ContentStore {
  const bundled = createLocalStorage(options.bundledDir ?? BUNDLED_CONTENT_DIR);
  const uploads = options.storage ?? (dataDir ? createLocalStorage(dataDir) : null);
  return {
    locate: (path) => (path.startsWith(BUNDLED_PREFIX) ? { storage: bundled, key: path } : uploads && { storage: uploads, key: contentStorageKey(path) }),
    packageCacheDir: dataDir ? join(dataDir, 'cache', 'packages') : null,
    ...(options.packageLimits ? { packageLimits: options.packageLimits } : {}),
  };
}
