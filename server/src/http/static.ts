// Serves the two built front ends: the learner PWA at / and the admin SPA at /admin/. Hashed
// assets are cached for a year; HTML, the service worker and the web manifest are always
// revalidated (a cached sw.js would hold every learner on an old version of the app). Unknown paths get the app's
// index.html so client-side routes work on reload, and the runtime config is injected there.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { serveStatic, type ServeStaticOptions } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';
import type { Logger } from 'pino';
import { createRouteHints, type RouteHints } from './route-hints';
import { createPageRenderer } from './ssr';
import type { CacheBus } from './cache-bus';
import { THEME_BOOT_SCRIPT } from '@rivet/shared/domain/theme';

export interface RuntimeConfig {
  externalLoginUrl: string | null;
  instructorSignupUrl: string | null;
}

/** Files at an app's root whose name never changes between versions; the .br/.gz twins too. */
const ALWAYS_REVALIDATE = /[\\/](sw\.js|manifest\.webmanifest)(\.br|\.gz)?$/;

export interface StaticApps {
  /** Hashes of inline scripts, for the Content-Security-Policy. */
  scriptHashes: string[];
}

function loadIndex(dir: string, config: RuntimeConfig): { html: string; hash: string } | null {
  const file = join(dir, 'index.html');
  if (!existsSync(file)) return null;
  // The theme is set in the same script, before the first paint, so a dark choice never flashes
  // light (docs/decisions/091); one script keeps one hash in the CSP.
  const script = `window.__RIVET_CONFIG__=${JSON.stringify(config).replace(/</g, '\\u003c')};${THEME_BOOT_SCRIPT}`;
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const html = readFileSync(file, 'utf8').replace('</head>', `<script>${script}</script></head>`);
  return { html, hash };
}

/**
 * serveStatic with a cache policy for the file it found, set on the response it returns (a header
 * set from onFound reaches the response only under @hono/node-server, not through app.request).
 */
function serveWithCachePolicy(options: Omit<ServeStaticOptions<AppEnv>, 'onFound'>, policy: (path: string) => string | null): MiddlewareHandler<AppEnv> {
  const found = new WeakMap<Context<AppEnv>, string>();
  const serve = serveStatic<AppEnv>({
    ...options,
    onFound: (path, c) => {
      const value = policy(path);
      if (value) found.set(c, value);
    },
  });
  return async (c, next) => {
    const response = await serve(c, next);
    const value = found.get(c);
    if (response && value) response.headers.set('cache-control', value);
    return response;
  };
}

export interface StaticOptions {
  /** The learner page's largest picture for an address, named in its HTML as a high-priority preload (docs/decisions/066). */
  lcpImage?: (path: string, search: string) => Promise<string | null>;
  /** Where the learner pages' server rendering is built (dist/learner-ssr); rendered only with `log` (docs/decisions/070). */
  ssrDir?: string;
  log?: Logger;
  caches?: Pick<CacheBus, 'register'>;
}

const NO_HINTS: RouteHints = { tags: () => '', rendered: () => false };
const ROOT = '<div id="root"></div>';
const STYLESHEET_LINKS = /<link rel="stylesheet"[^>]*>\s*/g;
const HEAD_START = /<head>\s*<meta charset="UTF-8" \/>/i;
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;
/** A drawn page reads without JavaScript: the index's 'needs JavaScript' line would be wrong above it. */
const DRAWN_NOSCRIPT = '<noscript>This page reads without JavaScript. To search, enrol and study, please enable JavaScript in your browser settings.</noscript>';

export function registerStaticApps(app: Hono<AppEnv>, staticDir: string, config: RuntimeConfig, options: StaticOptions = {}): StaticApps {
  const apps = [
    { base: '/admin', dir: join(staticDir, 'admin-spa') },
    { base: '', dir: join(staticDir, 'learner-pwa') },
  ];
  const hashes: string[] = [];
  for (const { base, dir } of apps) {
    const index = loadIndex(dir, config);
    if (index) hashes.push(index.hash);
    // The learner app's HTML names the route's chunks and first data (docs/decisions/066), and
    // holds the first screen of its public pages (docs/decisions/070).
    const hints = base ? NO_HINTS : createRouteHints(dir);
    // A rendered page's hints hold its style sheets, the app's own included, in the HTML.
    const withoutSheets = index?.html.replace(STYLESHEET_LINKS, '') ?? '';
    const renderPage =
      !base && options.ssrDir && options.log && index?.html.includes(ROOT) ? createPageRenderer({ dir: options.ssrDir, answer: (request, env) => app.fetch(request, env), log: options.log, caches: options.caches }) : null;
    const sendIndex = async (c: Context<AppEnv>) => {
      if (!index) return c.text(`The ${base ? 'admin' : 'learner'} app is not built. Run \`npm run build\`.`, 503);
      c.header('cache-control', 'no-cache');
      const url = new URL(c.req.url);
      const [page, image] = await Promise.all([
        renderPage && hints.rendered(url.pathname) ? renderPage(c, url.pathname + url.search) : null,
        !base && options.lcpImage ? options.lcpImage(url.pathname, url.search).catch(() => null) : null,
      ]);
      let extra = hints.tags(url.pathname, url.search, page !== null);
      if (image && image.startsWith('/') && !page) extra = `<link rel="preload" as="image" fetchpriority="high" href="${image.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">${extra}`;
      let html = page ? withoutSheets : index.html;
      if (extra) html = html.replace('</head>', `${extra}</head>`);
      if (page) {
        // The page's largest picture first in <head> (ssr.ts); the answers before the markup: the
        // entry chunk (a module, deferred) reads them first.
        html = html
          .replace(HEAD_START, (start) => start + page.head)
          .replace(NOSCRIPT, DRAWN_NOSCRIPT)
          .replace(ROOT, () => `<script type="application/json" id="rivet-ssr">${page.state}</script><div id="root">${page.html}</div>`);
      }
      return c.html(html);
    };
    if (base) app.get(base, (c) => c.redirect(`${base}/`, 301));
    if (!existsSync(dir)) {
      app.get(`${base}/*`, (c) => (c.req.path.startsWith('/api/') ? c.notFound() : sendIndex(c)));
      continue;
    }
    app.use(
      `${base}/assets/*`,
      serveWithCachePolicy({ root: dir, precompressed: true, rewriteRequestPath: (p) => p.slice(base.length) }, () => 'public, max-age=31536000, immutable'),
    );
    app.get(`${base}/index.html`, sendIndex);
    app.use(
      `${base}/*`,
      serveWithCachePolicy({ root: dir, precompressed: true, index: 'no-directory-index', rewriteRequestPath: (p) => p.slice(base.length) }, (path) =>
        path.endsWith('index.html') ? null : ALWAYS_REVALIDATE.test(path) ? 'no-cache' : 'public, max-age=3600',
      ),
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
