// Where course content lives. course_assets.url holds a storage key, not a URL:
//   content:<path>          e.g. content:demo/videos/lesson-introduction.mp4
// Paths under `demo/` are the demo catalogue's files, shipped in server/media/content/demo; any
// other path is an uploaded file under DATA_DIR/content/. Neither folder is served by a public
// route: learners reach content only through signed URLs (secure-media.ts).
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

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

export interface ContentStore {
  /** The file a content path resolves to (it may not exist); null for an upload when there is no data directory. */
  fileOf(path: string): string | null;
  /** Where unpacked lesson packages are kept (a cache: safe to delete). */
  packageCacheDir: string | null;
}

export function createContentStore(dataDir: string | null, bundledDir = BUNDLED_CONTENT_DIR): ContentStore {
  const uploads = dataDir ? join(dataDir, 'content') : null;
  return {
    fileOf: (path) => (path.startsWith(BUNDLED_PREFIX) ? join(bundledDir, path) : uploads && join(uploads, path)),
    packageCacheDir: dataDir ? join(dataDir, 'cache', 'packages') : null,
  };
}
