// The learner app's service worker (vite-plugin-pwa builds it with injectManifest into /sw.js).
//
//   app shell      every built JS/CSS chunk (the lazy hls.js chunk too), index.html and the icons
//                  are precached, and every navigation is answered with the precached index.html,
//                  so the app opens with no network. index.html is fetched from the server, which
//                  injects the runtime config and answers with the CSP that hashes it: both are
//                  stored together, so the cached page and its policy always match.
//   lesson media   /media/c/{token}/{assetId}/… is answered from the downloads cache (MEDIA_CACHE,
//                  written by the downloads code) under a token-free key, with byte ranges for
//                  seeking; anything not downloaded goes to the network as asked and is never
//                  cached here: lesson media is only kept when the learner chose to download it.
//   pictures       public catalogue pictures: stale-while-revalidate, bounded.
//   outbox         Background Sync (Chromium only) replays the learner's queued events.
//
// Updates wait: the page shows 'A new version of Rivet is ready' and sends SKIP_WAITING when the
// learner agrees, so a lesson is never swapped out under them.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { MEDIA_CACHE } from '../learner-pwa/src/offline/db';
import { OUTBOX_SYNC_TAG, replayFromServiceWorker } from '../learner-pwa/src/offline/sw-replay';
import { answerLessonMedia, isLessonMedia } from './lesson-media';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Background Sync and Periodic Background Sync events (Chromium); not in TypeScript's lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const PICTURE_CACHE = 'rivet-pictures-v1';

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// First install: take the open pages at once, so the visit that installed the app is already
// served offline. Later versions still wait for the learner (above).
clientsClaim();

// Lesson media first: its own fetch listener, so a downloaded lesson is answered before any route.
self.addEventListener('fetch', (event) => {
  if (!isLessonMedia(event.request, self.location.origin)) return;
  event.respondWith(answerLessonMedia(event.request, (key) => caches.match(key, { cacheName: MEDIA_CACHE, ignoreSearch: true, ignoreVary: true }), fetch));
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // The API, media (lesson packages open in frames), the admin console and real files
    // (a path ending in an extension other than .html) are not app routes.
    denylist: [/^\/api\//, /^\/media\//, /^\/admin(\/|\?|$)/, /^[^?]*\/[^/?]+\.(?!html(\?|$))[a-z0-9]{2,5}(\?|$)/i],
  }),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.destination === 'image' && (url.pathname.startsWith('/media/demo/') || url.pathname.startsWith('/images/')),
  new StaleWhileRevalidate({
    cacheName: PICTURE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

const replayOn = (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayFromServiceWorker());
};
self.addEventListener('sync', replayOn);
// Where the learner installed the app and the browser grants it (Chromium, installed apps only).
self.addEventListener('periodicsync', replayOn);
