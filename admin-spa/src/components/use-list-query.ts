// A list page's query state (search text and page) lives in the URL, so Back and reload keep it.
// The search box updates at once; the URL (and so the server call) follows after a pause.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Spec §9: list searches wait 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface ListQuery {
  /** The search the list shows (from the URL). */
  search: string;
  page: number;
  /** What the search box shows right now. */
  searchInput: string;
  setSearchInput: (text: string) => void;
  setPage: (page: number) => void;
}

export function useListQuery(debounceMs = SEARCH_DEBOUNCE_MS): ListQuery {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [searchInput, setSearchInput] = useState(search);

  // Back/Forward changes the URL under the box: show what the URL says (adjusted during render).
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setSearchInput(search);
  }

  useEffect(() => {
    if (searchInput.trim() === search) return;
    const timer = setTimeout(() => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (searchInput.trim()) next.set('q', searchInput.trim());
          else next.delete('q');
          next.delete('page');
          return next;
        },
        // Typing is one step in history, not one per pause.
        { replace: true },
      );
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [searchInput, search, setParams, debounceMs]);

  const setPage = useCallback(
    (nextPage: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (nextPage > 1) next.set('page', String(nextPage));
        else next.delete('page');
        return next;
      }),
    [setParams],
  );

  return { search, page, searchInput, setSearchInput, setPage };
}
