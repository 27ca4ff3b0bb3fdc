// The server's rendering of public learner pages (docs/decisions/070). The page module is the
// learner app's own code, built for Node (`vite build --ssr`, learner-pwa/src/ssr.tsx); its API
// calls are answered in-process by this app, carrying the visitor's address so they count
// against the visitor's own rate limits, as the phone's calls would have.
//
// What it renders is what every signed-out visitor sees, so a page is kept for a short while per
// address (the same window as the catalogue's cached answers) and shared; a change of the
// catalogue clears the kept pages as it clears the answer caches. An older page (up to five
// minutes) is sent at once while it is drawn again, so a visitor rarely waits for a drawing. A
// render that is slow (a busy database) is not waited for: the visitor gets the app's plain HTML,
// as before, and the render, once done, serves the next visitor.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { Logger } from 'pino';
import type { CacheBus } from './cache-bus';

interface PageModule {
  renderPage(url: string, options: { fetch: typeof fetch }): Promise<{ html: string; state: unknown; failed: number; errors: unknown[] }>;
}

export interface RenderedHtml {
  /** The markup that goes inside #root. */
  html: string;
  /** Preloads for the top of <head>: the page's high-priority picture (its largest paint). */
  head: string;
  /** The query answers, as JSON safe to put in a `<script type="application/json">`. */
  state: string;
}

interface Kept {
  freshUntil: number;
  staleUntil: number;
  page: Promise<RenderedHtml | null>;
  /** The page once drawn. */
  drawn: RenderedHtml | null;
}

export type PageRenderer = (c: Context, url: string) => Promise<RenderedHtml | null>;

export const RENDER_KEEP_MS = 30_000;
/** After RENDER_KEEP_MS a drawn page is still sent (at once) while it is drawn again, up to this age. */
export const RENDER_STALE_MS = 5 * 60_000;
/** Bounded (pages with their answers are 15–110 KB each): at most ~20 MB. */
const MAX_PAGES = 200;
/** How long a visitor's HTML waits for a render that is not kept; after that it goes out without. */
const WAIT_MS = 1_500;

const LEADING_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*>)+/;
const HIGH_PRIORITY = /<link rel="preload" as="image"[^>]*fetchPriority="high"[^>]*>/g;

/** `<`, U+2028 and U+2029 escaped, so the JSON cannot close its script element or break a parser. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export interface PageRendererOptions {
  /** dist/learner-ssr; no renderer when it is not built. */
  dir: string;
  /** The app's own fetch handler. */
  answer: (request: Request, env: unknown) => Response | Promise<Response>;
  log: Logger;
  /** Clears the drawn pages when the catalogue changes, here or in another process (decision 054). */
  caches?: Pick<CacheBus, 'register'>;
  now?: () => number;
}

export function createPageRenderer({ dir, answer, log, caches, now = () => Date.now() }: PageRendererOptions): PageRenderer | null {
  const file = join(dir, 'ssr.js');
  if (!existsSync(file)) return null;
  let loaded: Promise<PageModule> | null = null;
  const load = () => (loaded ??= import(pathToFileURL(file).href) as Promise<PageModule>);
  // Loaded at start, so the first visitor does not wait for it.
  load().catch((error: unknown) => log.warn({ err: error }, 'page rendering not loaded; pages go out as the plain app'));
  const kept = new Map<string, Kept>();
  const refreshing = new Set<string>();
  caches?.register('catalogue', () => kept.clear());

  const render = async (c: Context, url: string): Promise<RenderedHtml | null> => {
    const incoming = (c.env as { incoming?: { socket?: unknown; headers: Record<string, unknown> } } | undefined)?.incoming;
    const forwarded = c.req.header('x-forwarded-for');
    const inProcess: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? new Request(input, init) : new Request(new URL(String(input), 'http://rivet.internal'), init);
      if (forwarded) request.headers.set('x-forwarded-for', forwarded);
      // The visitor's socket (their address for the rate limits) with this request's own headers.
      const env = incoming ? { incoming: { socket: incoming.socket, headers: Object.fromEntries(request.headers) } } : undefined;
      return answer(request, env);
    };
    const { renderPage } = await load();
    const page = await renderPage(url, { fetch: inProcess });
    // A query that failed (rate limited, the database away, a course that is not there) would
    // put an error screen in HTML shared with other visitors: send the plain app instead.
    if (page.failed > 0) return null;
    // A component that cannot render on a server is a bug to fix, not a visitor's problem.
    if (page.errors.length) {
      log.warn({ err: page.errors[0], url, errors: page.errors.length }, 'page render: a component failed; sending the app without the page');
      return null;
    }
    // React names the first screen's pictures as preloads at the start of its markup. The
    // high-priority one (the catalogue's first card, the course banner: the largest paint) goes
    // first in <head>, before the app's scripts, which the page does not need to paint.
    const pictures = LEADING_PRELOADS.exec(page.html)?.[0] ?? '';
    const head = (pictures.match(HIGH_PRIORITY) ?? []).join('');
    const html = pictures.replace(HIGH_PRIORITY, '') + page.html.slice(pictures.length);
    return { html, head, state: scriptSafe(JSON.stringify(page.state)) };
  };

  const draw = (c: Context, url: string) =>
    render(c, url).catch((error: unknown) => {
      log.warn({ err: error, url }, 'page render failed; sending the app without it');
      return null;
    });

  const start = (c: Context, url: string, at: number): Kept => {
    if (kept.size >= MAX_PAGES) {
      for (const [key, value] of kept) if (value.staleUntil <= at) kept.delete(key);
      if (kept.size >= MAX_PAGES) kept.clear();
    }
    const entry: Kept = { freshUntil: at + RENDER_KEEP_MS, staleUntil: at + RENDER_STALE_MS, page: draw(c, url), drawn: null };
    kept.set(url, entry);
    void entry.page.then((result) => {
      if (kept.get(url) !== entry) return; // cleared meanwhile (the catalogue changed)
      // A page that could not be drawn is tried again by the next visitor, not kept.
      if (result) entry.drawn = result;
      else kept.delete(url);
    });
    return entry;
  };

  /** Draws a kept page again while the old one is still sent; it replaces the old one when done. */
  const refresh = (c: Context, url: string, old: Kept) => {
    if (refreshing.has(url)) return;
    refreshing.add(url);
    void draw(c, url)
      .then((result) => {
        // Not drawn this time (say, the visitor who asked is over a rate limit): the old page
        // stays until it is too old; a change of the catalogue would have cleared it already.
        if (kept.get(url) !== old || !result) return;
        const at = now();
        kept.set(url, { freshUntil: at + RENDER_KEEP_MS, staleUntil: at + RENDER_STALE_MS, page: Promise.resolve(result), drawn: result });
      })
      .finally(() => refreshing.delete(url));
  };

  return async (c, url) => {
    const at = now();
    let entry = kept.get(url);
    if (entry?.drawn && entry.freshUntil <= at && at < entry.staleUntil) {
      // Out of date but drawn: this visitor gets it at once, and it is drawn again for the next.
      refresh(c, url, entry);
      return entry.drawn;
    }
    if (!entry || entry.freshUntil <= at) entry = start(c, url, at);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), WAIT_MS);
    });
    try {
      return await Promise.race([entry.page, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
