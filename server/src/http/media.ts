// Public media (course thumbnails, banners, partner logos, promotional videos) with HTTP range
// requests, so a video can seek and a broken download can resume. Uploaded files are objects under
// media/ in the media store (DATA_DIR/media on the local folder, the bucket on object storage;
// decision 056), streamed through; the demo catalogue's files ship with the repository in
// server/media/demo. Lesson content (videos, packages, key-point images) is never served here: it
// lives apart, under content/, and only signed URLs reach it (media/secure-media.ts).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';
import { isSafeRelativePath } from '../media/content-store';
import { objectResponse } from '../media/file-response';
import type { MediaStorage } from '../storage';

export const DEMO_MEDIA_DIR = fileURLToPath(new URL('../../media/demo', import.meta.url));

const PUBLIC_MAX_AGE = 86_400;

const cacheFor = (seconds: number) => (_path: string, c: { header: (k: string, v: string) => void }) => {
  c.header('cache-control', `public, max-age=${seconds}`);
  c.header('accept-ranges', 'bytes');
};

/** The media-store key of a public /media/… address, or null for anything unsafe. */
export function publicMediaKey(pathname: string): string | null {
  if (!pathname.startsWith('/media/')) return null;
  try {
    const path = pathname.slice('/media/'.length).split('/').map(decodeURIComponent).join('/');
    return isSafeRelativePath(path) ? `media/${path}` : null;
  } catch {
    return null;
  }
}

export function registerMedia(app: Hono<AppEnv>, storage: MediaStorage): void {
  if (existsSync(DEMO_MEDIA_DIR)) {
    app.use('/media/demo/*', serveStatic({ root: DEMO_MEDIA_DIR, rewriteRequestPath: (p) => p.slice('/media/demo'.length), onFound: cacheFor(PUBLIC_MAX_AGE) }));
  }
  app.get('/media/*', async (c) => {
    const key = publicMediaKey(new URL(c.req.url).pathname);
    const info = key && (await storage.head(key));
    if (!key || !info) return c.text('Not found', 404);
    return objectResponse(c.req.raw, { name: key, size: info.size, modified: info.modified, open: (span) => storage.read(key, span) }, { 'cache-control': `public, max-age=${PUBLIC_MAX_AGE}` });
  });
}
