import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * True while the server renders a page and while the browser hydrates that page (React reads a
 * store's server snapshot then), false in every other render. A screen that shows something else
 * on its first client render (a loading state to render in slices) shows the page instead when it
 * is hydrating, so the browser's first render matches the server's HTML (docs/decisions/070).
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}
