// Whether the device says it is online. navigator.onLine is only half the truth (a phone on a
// dead network still reports online), so screens also treat a failed call as offline
// (catalogue-persistence.ts); but when it says offline, it is.
import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** True while the device reports a network; re-renders on the online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

// TanStack Query assumes it starts online and only learns otherwise from the next `offline`
// event, so an app opened offline would send every query, fail it, and show errors instead of
// what it last saw. Tell it the truth before the first query runs (this module loads with the
// layout, before any screen).
if (typeof window !== 'undefined') onlineManager.setOnline(isOnline());
