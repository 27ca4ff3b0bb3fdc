// Work the first screen does not draw (replaying the outbox, installing the service worker) waits
// until that screen is on the phone: its chunk rendered, its data answered, its pictures in. On slow
// mobile data that work's downloads would otherwise share the connection with the screen's own
// data and pictures; the page's `load` event is no guide here, because a client-rendered screen
// fetches its chunks, data and pictures after it (docs/decisions/072).
import type { QueryClient } from '@tanstack/react-query';

/** The longest the work waits once the screen is drawn (a picture that never arrives, a query retrying on a bad connection). */
export const SETTLE_CAP_MS = 5_000;
/** The longest it waits at all (a screen that never reports itself drawn). */
export const START_CAP_MS = 10_000;

let drawn: () => void = () => undefined;
const screenDrawn = new Promise<void>((resolve) => {
  drawn = resolve;
});

/** Called by the layout once the first screen (or the page the server drew) is rendered. */
export function markFirstScreenDrawn(): void {
  drawn();
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function queriesSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  });
}

function picturesLoaded(): Promise<void> {
  const pending = [...document.images].filter((image) => !image.complete && image.loading !== 'lazy');
  return Promise.all(
    pending.map(
      (image) =>
        new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1_000 });
    else setTimeout(resolve, 0);
  });
}

const settled = new WeakMap<QueryClient, Promise<void>>();

/**
 * Resolves once the first screen is drawn with its data and pictures, and the browser is idle;
 * at most SETTLE_CAP_MS after it is drawn, START_CAP_MS after the first call. Later calls (a
 * learner who signs in on the landing page) resolve at once.
 */
export function afterFirstScreen(queryClient: QueryClient): Promise<void> {
  let waiting = settled.get(queryClient);
  if (!waiting) {
    const settles = screenDrawn.then(async () => {
      // The screen's queries start in the effects of the render that drew it.
      await delay(0);
      await Promise.race([
        (async () => {
          await queriesSettled(queryClient);
          // The data's render puts the pictures in the page.
          await delay(0);
          await picturesLoaded();
        })(),
        delay(SETTLE_CAP_MS),
      ]);
      await idle();
    });
    waiting = Promise.race([settles, delay(START_CAP_MS)]);
    settled.set(queryClient, waiting);
  }
  return waiting;
}
