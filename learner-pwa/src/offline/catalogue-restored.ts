// Whether the saved catalogue has been put back since the app went offline (catalogue-persistence.ts
// sets it): until then a screen without data says 'Loading', not 'not available offline'. Its own
// module so the screens can read it without loading the persistence code.
import { useSyncExternalStore } from 'react';

export type RestoreState = 'idle' | 'restoring' | 'restored';

let restoreState: RestoreState = 'idle';
const listeners = new Set<() => void>();

export function setCatalogueRestoreState(next: RestoreState): void {
  restoreState = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once what was saved has been put back (or there was nothing to put back). */
export function useCatalogueRestored(): boolean {
  return useSyncExternalStore(subscribe, () => restoreState === 'restored', () => false);
}
