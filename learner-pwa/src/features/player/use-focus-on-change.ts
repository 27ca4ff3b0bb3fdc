import { useEffect, useRef } from 'react';

/**
 * Moves focus to the returned element (a heading with tabIndex -1) whenever `key` changes, so
 * keyboard and screen-reader users land on the new content. `onMount` focuses it on the first
 * render as well (a step that replaced the control the learner pressed).
 */
export function useFocusOnChange<T extends HTMLElement>(key: string | number, { onMount = false }: { onMount?: boolean } = {}) {
  const ref = useRef<T>(null);
  const initial = useRef<string | number | null>(onMount ? null : key);
  useEffect(() => {
    if (initial.current === key) return;
    initial.current = null;
    ref.current?.focus();
  }, [key]);
  return ref;
}
