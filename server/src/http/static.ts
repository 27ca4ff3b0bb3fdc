// Serves the two built front ends: the learner PWA at / and the admin SPA at /admin/. Hashed
// assets are cached for a year; HTML is always revalidated. Unknown paths get the app's
// index.html so client-side routes work on reload, and the runtime config is injected there.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';

export interface RuntimeConfig {
  externalLoginUrl: string | null;
  instructorSignupUrl: string | null;
}

export interface StaticApps {
  /** Hashes of inline scripts, for the Content-Security-Policy. */
  scriptHashes: string[];
}

function loadIndex(dir: string, config: RuntimeConfig): { html: string; hash: string } | null {
  const file = join(dir, 'index.html');
  if (!existsSync(file)) return null;
  const script = `window.__RIVET_CONFIG__=${JSON.stringify(config).replace(/</g, '\\u003c')};`;
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const html = readFileSync(file, 'utf8').replace('</head>', `<script>${script}</script></head>`);
  return { html, hash };
}

export function registerStaticApps(app: Hono<AppEnv>, staticDir: string, config: RuntimeConfig): StaticApps {
  const apps = [
    { base: '/admin', dir: join(staticDir, 'admin-spa') },
    { base: '', dir: join(staticDir, 'learner-pwa') },
  ];
  const hashes: string[] = [];
  for (const { base, dir } of apps) {
    const index = loadIndex(dir, config);
    if (index) hashes.push(index.hash);
    const sendIndex = (c: Context<AppEnv>) => {
      if (!index) return c.text(`The ${base ? 'admin' : 'learner'} app is not built. Run \`npm run build\`.`, 503);
      c.header('cache-control', 'no-cache');
      return c.html(index.html);
    };
    if (base) app.get(base, (c) => c.redirect(`${base}/`, 301));
    if (!existsSync(dir)) {
      app.get(`${base}/*`, (c) => (c.req.path.startsWith('/api/') ? c.notFound() : sendIndex(c)));
      continue;
    }
    app.use(
      `${base}/assets/*`,
      serveStatic({
        root: dir,
        precompressed: true,
        rewriteRequestPath: (p) => p.slice(base.length),
        onFound: (_path, c) => {
          c.header('cache-control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    app.get(`${base}/index.html`, sendIndex);
    app.use(
      `${base}/*`,
      serveStatic({
        root: dir,
        precompressed: true,
        index: 'no-directory-index',
        rewriteRequestPath: (p) => p.slice(base.length),
        onFound: (path, c) => {
          if (path.endsWith('index.html')) return;
          c.header('cache-control', 'public, max-age=3600');
        },
      }),
    );
    app.get(`${base}/*`, (c) => {
      const path = c.req.path;
      if (path.startsWith('/api/')) return c.notFound();
      // A missing file with an extension is a real 404, not an app route.
      if (/\.[a-z0-9]{2,5}$/i.test(path) && !path.endsWith('.html')) return c.notFound();
      return sendIndex(c);
    });
  }
  return { scriptHashes: hashes };
}
