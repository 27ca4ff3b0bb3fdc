// The app as an installed, updatable PWA: registers /sw.js (production builds only), notices a new
// version waiting, and offers installing where the browser allows it. A small store read with
// useSyncExternalStore; workbox-window (the registration helper) is loaded after the first render,
// so it costs the first screen nothing.
//
// This module listens for `beforeinstallprompt` as soon as it loads (with the layout): the browser
// fires it once, early, and an offer missed is not repeated until the next visit.
import { useSyncExternalStore } from 'react';

/** Chromium's install offer; not in TypeScript's DOM types. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** How the app can be installed here: the browser's own prompt, guidance (iOS), or not at all. */
export type InstallWay = 'prompt' | 'ios-guide' | null;

export interface PwaState {
  /** A new version is installed and waiting for the learner's 'Reload'. */
  updateReady: boolean;
  install: InstallWay;
  /** The iOS 'Add to Home Screen' guidance is open. */
  guideOpen: boolean;
}

/** What the page needs of workbox-window's Workbox (an interface, so tests can stand in for it). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
}

const listeners = new Set<() => void>();
/** What the server's HTML of a page was drawn with, and so what hydrating it starts from (docs/decisions/070). */
const SERVER_STATE: PwaState = { updateReady: false, install: null, guideOpen: false };
let state: PwaState = SERVER_STATE;
let deferredPrompt: BeforeInstallPromptEvent | null = null;
let workbox: WorkboxLike | null = null;
let reloadPage = () => window.location.reload();
let updateDismissed = false;
let updateRequested = false;

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwa(): PwaState {
  return useSyncExternalStore(subscribe, () => state, () => SERVER_STATE);
}

/** Whether the iOS install guidance is open; a value, not the store, so the layout re-renders only when it changes (decision 070). */
export function useInstallGuideOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.guideOpen,
    () => false,
  );
}

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

/** iPhone and iPad (iPadOS reports itself as a Mac with a touch screen): no install prompt there, only Share › Add to Home Screen. */
export function isIos(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints ?? 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

function initialInstallWay(): InstallWay {
  if (typeof window === 'undefined' || isStandalone()) return null;
  return isIos() ? 'ios-guide' : null;
}

if (typeof window !== 'undefined') {
  // The same object when nothing differs from the server's: a new one would re-render the layout
  // after hydrating, and a layout re-rendered while its page's chunk loads throws away the page
  // the server drew (React draws a boundary updated before it is hydrated afresh; decision 070).
  const install = initialInstallWay();
  if (install) state = { ...state, install };
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for our own 'Install app' action instead of the browser's banner.
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    if (!isStandalone()) set({ install: 'prompt' });
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    set({ install: null, guideOpen: false });
  });
}

/** 'Install app': the browser's prompt where there is one, the guidance on iOS. */
export async function installApp(): Promise<void> {
  if (state.install === 'ios-guide') {
    set({ guideOpen: true });
    return;
  }
  const offer = deferredPrompt;
  if (!offer) return;
  // An offer can be shown once; the browser makes a new one later if the learner declines.
  deferredPrompt = null;
  set({ install: null });
  await offer.prompt();
  await offer.userChoice.catch(() => undefined);
}

export function closeInstallGuide(): void {
  set({ guideOpen: false });
}

/** 'Reload': the waiting version takes over, then the page reloads on it. */
export function applyUpdate(): void {
  if (!workbox) return;
  updateRequested = true;
  workbox.messageSkipWaiting();
}

/** 'Later': hidden until the next visit (the new version starts by itself once every tab is closed). */
export function dismissUpdate(): void {
  updateDismissed = true;
  set({ updateReady: false });
}

const UPDATE_CHECK_MS = 60 * 60_000;

/** Wires a registration's events to the store; apart from startPwa so tests can pass a stand-in. */
export function connectWorkbox(wb: WorkboxLike, options: { reload?: () => void } = {}): void {
  workbox = wb;
  if (options.reload) reloadPage = options.reload;
  wb.addEventListener('waiting', () => {
    if (!updateDismissed) set({ updateReady: true });
  });
  // Only in the tab where the learner pressed 'Reload': the first install also takes control
  // (clientsClaim), and another tab may be in the middle of a quiz.
  let reloading = false;
  wb.addEventListener('controlling', () => {
    if (!updateRequested || reloading) return;
    reloading = true;
    reloadPage();
  });
}

let started = false;

/** For tests: the state of a fresh page load on this device. */
export function resetPwaForTests(): void {
  deferredPrompt = null;
  workbox = null;
  updateDismissed = false;
  updateRequested = false;
  reloadPage = () => window.location.reload();
  set({ updateReady: false, install: initialInstallWay(), guideOpen: false });
}

/** Registers the service worker once, after the first render; production builds only. */
export function startPwa(): void {
  if (started || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  // After the page's load event: installing the worker downloads the whole app shell (every chunk,
  // hls.js included) for offline use, which on slow mobile data would compete with the first
  // screen's own chunks, data and pictures (docs/decisions/066).
  if (document.readyState !== 'complete') {
    window.addEventListener('load', () => setTimeout(register), { once: true });
    return;
  }
  register();
}

function register(): void {
  void import('workbox-window')
    .then(({ Workbox }) => {
      const wb = new Workbox('/sw.js', { scope: '/' });
      connectWorkbox(wb);
      // Refused (a browser policy, a private window, a test blocking workers): the app works online
      // without offline support, as it did before registering.
      void wb.register().catch(() => undefined);
      // A learner may keep the app open for days: look for a new version now and then, and
      // when the network comes back.
      const check = () => {
        if (document.visibilityState === 'visible' && navigator.onLine) void wb.update().catch(() => undefined);
      };
      window.setInterval(check, UPDATE_CHECK_MS);
      window.addEventListener('online', check);
    })
    .catch((error: unknown) => console.warn('Offline support is unavailable:', error));
}
