// Per-route hints in the learner app's index.html (docs/decisions/066). The app is a client-side
// app: without hints a phone fetches the HTML, then the entry chunk, and only once that has run
// learns which route chunk it needs, and only once that has run which API answer and picture.
// Each is a round trip on slow mobile data. The server knows the route from the address, so it
// names the route's chunks (modulepreload, their CSS as preload) and the route's first public GET
// (preload as fetch) in the HTML, and the browser fetches them beside the entry chunk.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** A route of learner-pwa/src/app/routes.tsx: its address, its lazily loaded module(s), and its first public GETs. */
export interface RouteHint {
  match: RegExp;
  modules: string[];
  /** Same-origin GET addresses the page asks for first, from the match (public endpoints only: no Authorization header). */
  fetches?: (match: RegExpExecArray, search: URLSearchParams) => string[];
  /** A public page the server renders (docs/decisions/070): its HTML then holds the first screen, drawn as a signed-out visitor sees it. */
  rendered?: boolean;
  /** Leave the route's chunk and style sheets out of the HTML unless the page is rendered (see /course/discovery). */
  hintsOnlyWhenRendered?: boolean;
  /**
   * A page the app renders whose first screen's style sheets still come in the HTML, as a rendered
   * page's do: the signed-in screens a learner lands on. Each sheet that arrived with its chunk
   * made a slow phone restyle the whole page again (three 55-110 ms tasks; docs/decisions/072).
   */
  stylesInHtml?: boolean;
}

const id = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? raw : null);

/** The public learner routes and the signed-in ones a learner lands on (dashboard, player). */
export const LEARNER_ROUTE_HINTS: RouteHint[] = [
  { match: /^\/$/, modules: ['src/app/home-route.tsx', 'src/features/auth/sign-in-panel.tsx'], rendered: true },
  { match: /^\/register\/?$/, modules: ['src/features/auth/register-page.tsx'], rendered: true },
  { match: /^\/forgot-password\/?$/, modules: ['src/features/auth/forgot-password-page.tsx'], rendered: true },
  { match: /^\/terms\/?$/, modules: ['src/features/legal/terms-page.tsx'], rendered: true },
  { match: /^\/privacy\/?$/, modules: ['src/features/legal/privacy-page.tsx'], fetches: () => ['/api/Configuration/Privacy/Notice'], rendered: true },
  { match: /^\/partner\/?$/, modules: ['src/features/partners/partners-page.tsx'], rendered: true },
  { match: /^\/course\/institution-landing\/?$/, modules: ['src/features/institution/institution-page.tsx'], rendered: true },
  { match: /^\/course\/programs\/?$/, modules: ['src/features/programs/programs-page.tsx'], rendered: true },
  { match: /^\/course\/program-landing\/?$/, modules: ['src/features/programs/program-page.tsx'], rendered: true },
  { match: /^\/course\/facilitators\/?$/, modules: ['src/features/facilitators/facilitators-page.tsx'], rendered: true },
  // Hints only with the rendered page: as hints for a client-rendered catalogue, its chunk and its
  // seven style sheets took bandwidth from the entry chunk, and its LCP (a card, after the search
  // answer) rose ~250 ms (3.59 -> 3.85 s).
  { match: /^\/course\/discovery\/?$/, modules: ['src/features/discovery/discovery-page.tsx'], rendered: true, hintsOnlyWhenRendered: true },
  {
    match: /^\/course\/details\/([^/]+)(?:\/[^/]*)?\/?$/,
    modules: ['src/features/course-detail/course-detail-page.tsx'],
    fetches: (m) => {
      const course = id(m[1]);
      return course ? [`/api/Course/Course/GetCourseById/${course}`] : [];
    },
    rendered: true,
  },
  { match: /^\/course\/course-category-landing\/?$/, modules: ['src/features/catalogue/category-landing-page.tsx'], rendered: true },
  { match: /^\/course\/catalogue\/?$/, modules: ['src/features/catalogue/catalogue-landing-page.tsx'], rendered: true },
  { match: /^\/certificate\/verify\/[^/]+\/?$/, modules: ['src/features/certificate/verify-page.tsx'] },
  // With the module that starts the screen's calls as soon as the access token is back (docs/decisions/074).
  { match: /^\/dashboard\/?$/, modules: ['src/features/dashboard/dashboard-page.tsx', 'src/app/first-screen-calls.ts'], stylesInHtml: true },
  { match: /^\/course\/delivery\/?$/, modules: ['src/features/player/player-page.tsx', 'src/app/first-screen-calls.ts'], stylesInHtml: true },
];

/** Loaded by the layout beside every page, and drawn in a rendered page (the in-app notification under the header). */
const RENDERED_WITH_EVERY_PAGE = ['src/features/notifications/notification-strip.tsx'];

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface RouteHints {
  /** The `<link>` tags for an address (empty when it is no known route or the app is not built); `rendered` when its HTML holds the page. */
  tags(path: string, search: string, rendered?: boolean): string;
  /** Whether the server renders the page at this address (docs/decisions/070). */
  rendered(path: string): boolean;
}

/**
 * Builds the hints from the build manifest. Chunks the entry already loads (index.html names
 * them) are left out. A page the server renders needs every style sheet its first screen uses
 * before it paints, so its HTML names them as style sheets: the route's chunks' and those of
 * everything they import. A page the app renders gets its own chunks' sheets as preloads.
 */
export function createRouteHints(dir: string, routes: RouteHint[] = LEARNER_ROUTE_HINTS, base = '/'): RouteHints {
  const find = (path: string) => {
    for (let i = 0; i < routes.length; i++) {
      const m = routes[i]!.match.exec(path);
      if (m) return { index: i, route: routes[i]!, m };
    }
    return null;
  };
  const rendered = (path: string) => find(path)?.route.rendered === true;
  const file = join(dir, '.vite', 'manifest.json');
  if (!existsSync(file)) return { tags: () => '', rendered };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  /** Chunks in the order their style sheets apply: what a chunk imports before the chunk itself. */
  const inOrder = (keys: string[], seen = new Set<string>(), out: string[] = []) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      inOrder(manifest[key].imports ?? [], seen, out);
      out.push(key);
    }
    return out;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const inEntry = entry ? closure([entry]) : new Set<string>();
  const entryCssInOrder = [...new Set((entry ? inOrder([entry]) : []).flatMap((k) => manifest[k]!.css ?? []))];
  const entryCss = new Set(entryCssInOrder);
  const cssOf = (keys: Iterable<string>) => [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))].filter((c) => !entryCss.has(c));
  // Each file read once: the app's own sheets are in every rendered route's HTML.
  const sheets = new Map<string, string>();
  const sheet = (c: string) => {
    let text = sheets.get(c);
    if (text === undefined) sheets.set(c, (text = readFileSync(join(dir, c), 'utf8').replace(/<\/style/gi, '<\\/style')));
    return text;
  };

  const keyOf = (module: string) => Object.keys(manifest).find((k) => k.endsWith(module));
  const everyRenderedPage = RENDERED_WITH_EVERY_PAGE.map(keyOf).filter((k): k is string => Boolean(k));

  // Every style sheet a first screen uses, in the HTML. Each is also named by a disabled link, which
  // the browser does not download: the app's chunk loader sees it and does not fetch that sheet
  // again when the chunk loads.
  const inline = (css: string[]) => `<style>${css.map(sheet).join('\n')}</style>` + css.map((c) => `<link rel="stylesheet" crossorigin href="${base}${c}" disabled>`).join('');

  const tagsByRoute = routes.map((route) => {
    const keys = route.modules.map(keyOf).filter((k): k is string => Boolean(k));
    // Only the route's own chunks, not everything they import: on slow mobile data a long list of
    // preloads competes with the entry chunk for the connection and delays the first paint.
    const chunks = keys.filter((k) => !inEntry.has(k));
    const modules = chunks.map((k) => `<link rel="modulepreload" crossorigin href="${base}${manifest[k]!.file}">`).join('');
    const screenCss = () => cssOf(inOrder([...chunks, ...everyRenderedPage]));
    // The app's own sheet stays a link on a page the app renders: index.html names it.
    const client = route.hintsOnlyWhenRendered
      ? ''
      : route.stylesInHtml
        ? inline(screenCss()) + modules
        : cssOf(chunks).map((c) => `<link rel="preload" as="style" crossorigin href="${base}${c}">`).join('') + modules;
    if (!route.rendered) return { client, rendered: '' };
    // A rendered page paints as soon as its HTML has arrived: its sheets, the app's own first, are
    // all in it (a few KB gzip; six separate sheets cost ~300 ms of round trips on slow 4G).
    return { client, rendered: inline([...entryCssInOrder, ...screenCss()]) + modules };
  });

  return {
    rendered,
    tags: (path, search, isRendered = false) => {
      const found = find(path);
      if (!found) return '';
      const fetches = found.route.fetches?.(found.m, new URLSearchParams(search)) ?? [];
      // Fetched as the app's client fetches (cors, same-origin credentials, no extra headers), so the
      // browser hands the answer over. A rendered page brings its answers in the HTML instead.
      const preloads = isRendered ? '' : fetches.map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttr(url)}">`).join('');
      const tags = tagsByRoute[found.index]!;
      return preloads + (isRendered ? tags.rendered : tags.client);
    },
  };
}
