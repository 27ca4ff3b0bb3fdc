// Asks the service worker to replay the outbox when the browser next has a connection, even if the
// learner has closed the app by then. Only Chromium has Background Sync; elsewhere the page's own
// replay (on start, on `online`, on a timer) does the work, so failing here is fine.
/** The Background Sync tag the service worker answers by replaying the outbox. */
export const OUTBOX_SYNC_TAG = 'rivet-outbox';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

export async function requestBackgroundSync(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
    const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
    if (!registration?.sync || !registration.active) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
