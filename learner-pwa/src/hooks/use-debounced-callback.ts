import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `fn` once typing pauses for `delayMs` (each call restarts the wait); flush() calls it at
 * once (Enter). Searching on every keystroke would spend a learner's data on half-typed words.
 */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const run = useCallback(
    (...args: A) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        latest.current(...args);
      }, delayMs);
    },
    [delayMs],
  );
  const flush = useCallback((...args: A) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    latest.current(...args);
  }, []);
  return { run, flush };
}
