// Each route change counts one page view (docs/decisions/092): the route's pattern, never the
// address as typed, sent without cookies or credentials. A keepalive fetch rather than
// navigator.sendBeacon: a beacon always carries the site's cookies and cannot send JSON to every
// browser, and keepalive lets the request finish as a beacon would when the page is left.
// Offline, the view is dropped: queuing it for later would count it on a different day, and a
// count that misses the views of a learner without data is still a fair count of the pages used.
import { joinRoutePattern, type PageViewApp } from '../domain/page-views';

/** endpointUrl(recordPageView) (shared/api/page-views.ts); written out so the contract's schemas stay out of the first route's code. */
export const PAGE_VIEW_URL = '/api/Report/PageView';

let lastPath: string | null = null;

/**
 * Counts a view of `pathname` as the pattern its matched route paths make; a change of the query
 * alone (a filter, a page of results) is the same page, and so is React's second run of an effect.
 */
export function recordPageView(app: PageViewApp, matchedPaths: readonly (string | undefined)[], pathname: string): void {
  if (pathname === lastPath) return;
  lastPath = pathname;
  if (typeof fetch !== 'function' || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
  const route = joinRoutePattern(matchedPaths);
  fetch(PAGE_VIEW_URL, {
    method: 'POST',
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ app, route }),
  }).catch(() => undefined);
}

/** For tests: forget the last page, so the next call counts. */
export function resetPageViews(): void {
  lastPath = null;
}
