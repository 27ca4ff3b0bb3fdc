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
}

const id = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? raw : null);

/** The public learner routes and the signed-in ones a learner lands on (dashboard, player). */
export const LEARNER_ROUTE_HINTS: RouteHint[] = [
  { match: /^\/$/, modules: ['src/app/home-route.tsx', 'src/features/auth/sign-in-panel.tsx'] },
  { match: /^\/register\/?$/, modules: ['src/features/auth/register-page.tsx'] },
  { match: /^\/forgot-password\/?$/, modules: ['src/features/auth/forgot-password-page.tsx'] },
  { match: /^\/terms\/?$/, modules: ['src/features/legal/terms-page.tsx'] },
  { match: /^\/privacy\/?$/, modules: ['src/features/legal/privacy-page.tsx'] },
  { match: /^\/partner\/?$/, modules: ['src/features/partners/partners-page.tsx'] },
  { match: /^\/course\/institution-landing\/?$/, modules: ['src/features/institution/institution-page.tsx'] },
  { match: /^\/course\/programs\/?$/, modules: ['src/features/programs/programs-page.tsx'] },
  { match: /^\/course\/program-landing\/?$/, modules: ['src/features/programs/program-page.tsx'] },
  { match: /^\/course\/facilitators\/?$/, modules: ['src/features/facilitators/facilitators-page.tsx'] },
  // Not /course/discovery: naming its chunk and its seven style sheets took bandwidth from the
  // entry chunk, and its LCP (a card, after the search answer) rose ~250 ms (3.59 -> 3.85 s).
  {
    match: /^\/course\/details\/([^/]+)(?:\/[^/]*)?\/?$/,
    modules: ['src/features/course-detail/course-detail-page.tsx'],
    fetches: (m) => {
      const course = id(m[1]);
      return course ? [`/api/Course/Course/GetCourseById/${course}`] : [];
    },
  },
  { match: /^\/course\/course-category-landing\/?$/, modules: ['src/features/catalogue/category-landing-page.tsx'] },
  { match: /^\/course\/catalogue\/?$/, modules: ['src/features/catalogue/catalogue-landing-page.tsx'] },
  { match: /^\/certificate\/verify\/[^/]+\/?$/, modules: ['src/features/certificate/verify-page.tsx'] },
  { match: /^\/dashboard\/?$/, modules: ['src/features/dashboard/dashboard-page.tsx'] },
  { match: /^\/course\/delivery\/?$/, modules: ['src/features/player/player-page.tsx'] },
];

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Builds, from the build manifest, a function answering the `<link>` tags for an address (empty
 * when the address is no known route or the app is not built). Chunks the entry already loads
 * (index.html names them) are left out.
 */
export function createRouteHints(dir: string, routes: RouteHint[] = LEARNER_ROUTE_HINTS, base = '/'): (path: string, search: string) => string {
  const file = join(dir, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const inEntry = entry ? closure([entry]) : new Set<string>();
  const entryCss = new Set([...inEntry].flatMap((k) => manifest[k]!.css ?? []));

  const tagsByRoute = routes.map((route) => {
    const keys = route.modules.map((m) => Object.keys(manifest).find((k) => k.endsWith(m))).filter((k): k is string => Boolean(k));
    // Only the route's own chunks, not everything they import: on slow mobile data a long list of
    // preloads competes with the entry chunk for the connection and delays the first paint.
    const chunks = keys.filter((k) => !inEntry.has(k));
    const css = [...new Set(chunks.flatMap((k) => manifest[k]!.css ?? []))].filter((c) => !entryCss.has(c));
    return [
      ...css.map((c) => `<link rel="preload" as="style" crossorigin href="${base}${c}">`),
      ...chunks.map((k) => `<link rel="modulepreload" crossorigin href="${base}${manifest[k]!.file}">`),
    ].join('');
  });

  return (path, search) => {
    for (let i = 0; i < routes.length; i++) {
      const route = routes[i]!;
      const m = route.match.exec(path);
      if (!m) continue;
      const fetches = route.fetches?.(m, new URLSearchParams(search)) ?? [];
      // Fetched as the app's client fetches (cors, same-origin credentials, no extra headers), so the browser hands the answer over.
      return fetches.map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttr(url)}">`).join('') + tagsByRoute[i];
    }
    return '';
  };
}
