// Replaying the outbox from the service worker (Background Sync, Chromium only). Owned by the
// outbox work; the service worker only calls replayFromServiceWorker() on the sync event.
export const OUTBOX_SYNC_TAG = 'rivet-outbox';

/** Sends every queued event it can; resolves when done (rejects to ask the browser to retry later). */
export async function replayFromServiceWorker(): Promise<void> {
  // Filled in by the outbox (learner-pwa/src/offline/outbox.ts).
}
