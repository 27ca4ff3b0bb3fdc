import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to render: `first` (a screenful) in the first render, then all of
 * them in a transition. React renders a transition in slices that yield to the browser, so a long
 * list (the catalogue's 50 cards, a carousel) no longer paints in one long task that blocks a slow
 * phone's first taps (docs/decisions/063). After that, items added later (Load more) show at once.
 */
export function useFirstScreenful(total: number, first: number): number {
  const [all, setAll] = useState(false);
  const more = total > first;
  useEffect(() => {
    if (more) startTransition(() => setAll(true));
  }, [more]);
  return all ? total : Math.min(first, total);
}
