// Validators for the repeat-safe reads everyone shares (docs/decisions/055): categories, languages,
// countries, the catalogue's category counts, a public course page and a partner's course
// list. Each answer carries an ETag (a digest of its body) and `Cache-Control: public, no-cache`:
// a phone or proxy may keep it but asks again each time with If-None-Match, and an unchanged answer
// comes back as a bodiless 304 — the query still runs, the download does not. `no-cache` rather
// than a max-age, so a course deactivated or a category renamed is never shown from a stale copy.
import { createHash } from 'node:crypto';
import type { Hono, MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import type { Endpoint } from '@rivet/shared/api/contract';
import type { AppEnv } from './context';
import { isFinished, SHARED_READ_CACHE_CONTROL } from './send-json';

export { SHARED_READ_CACHE_CONTROL };

export function withValidators(): MiddlewareHandler<AppEnv> {
  // An envelope from bind.ts comes tagged already (send-json.ts, from its text); etag() only tags
  // an answer a handler built itself, hashing synchronously rather than through WebCrypto.
  const tagged = etag({ generateDigest: (body) => new Uint8Array(createHash('sha1').update(body).digest()).buffer });
  const noop = async () => undefined;
  return async (c, next) => {
    c.set('sharedRead', true);
    await next();
    // sendJson tagged it, answered the 304 and set both headers already (decision 065).
    if (isFinished(c.res)) return;
    // etag() after the handler, as it would have run around it (it reads If-None-Match either way).
    await tagged(c, noop);
    // Set after etag(): its 304 is a new response that keeps only the ETag.
    if (c.res.status === 200 || c.res.status === 304) {
      c.res.headers.set('cache-control', SHARED_READ_CACHE_CONTROL);
      c.res.headers.set('vary', 'Accept-Encoding');
    }
  };
}

/** Before the endpoints are bound: GETs that answer the same to everyone. */
export function registerValidators(app: Hono<AppEnv>, endpoints: readonly Endpoint[]): void {
  const middleware = withValidators();
  for (const endpoint of endpoints) {
    if (endpoint.method !== 'GET') throw new Error(`validators are for GETs: ${endpoint.service}/${endpoint.path}`);
    app.get(`/api/${endpoint.service}/${endpoint.path}`.replace(/\{(\w+)\}/g, ':$1'), middleware);
  }
}
