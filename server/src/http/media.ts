// Public media (course thumbnails, banners, partner logos, promotional videos) with HTTP range
// requests, so a video can seek and a broken download can resume. Uploaded files live under
// DATA_DIR/media; the demo catalogue's files ship with the repository in server/media/demo.
// Lesson content (videos, packages, key-point images) is never served here: it lives apart, in
// server/media/content and DATA_DIR/content, and only signed URLs reach it (media/secure-media.ts).
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';

export const DEMO_MEDIA_DIR = fileURLToPath(new URL('../../media/demo', import.meta.url));

const cacheFor = (seconds: number) => (_path: string, c: { header: (k: string, v: string) => void }) => {
  c.header('cache-control', `public, max-age=${seconds}`);
  c.header('accept-ranges', 'bytes');
};

export function registerMedia(app: Hono<AppEnv>, dataDir: string): void {
  mkdirSync(`${dataDir}/media`, { recursive: true });
  if (existsSync(DEMO_MEDIA_DIR)) {
    app.use('/media/demo/*', serveStatic({ root: DEMO_MEDIA_DIR, rewriteRequestPath: (p) => p.slice('/media/demo'.length), onFound: cacheFor(86_400) }));
  }
  app.use('/media/*', serveStatic({ root: `${dataDir}/media`, rewriteRequestPath: (p) => p.slice('/media'.length), onFound: cacheFor(86_400) }));
  app.get('/media/*', (c) => c.text('Not found', 404));
}
