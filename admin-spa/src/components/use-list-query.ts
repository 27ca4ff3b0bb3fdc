// A list page's query state (search text and page) lives in the URL, so Back and reload keep it.
// The search box updates at once; the URL (and so the server call) follows after a pause. Every
// change starts from the address as it is then (use-update-search-params.ts), so the search landing
// after a pause keeps a filter chosen during it.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUpdateSearchParams } from './use-update-search-params';

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
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
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
    const text = searchInput.trim();
    if (text === search) return;
    const timer = setTimeout(() => {
      // From the address as it is when the pause ends: a filter chosen meanwhile stays.
      updateParams(
        (next) => {
          if (text) next.set('q', text);
          else next.delete('q');
          next.delete('page');
        },
        // Typing is one step in history, not one per pause.
        { replace: true },
      );
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [searchInput, search, updateParams, debounceMs]);

  const setPage = useCallback(
    (nextPage: number) =>
      updateParams((next) => {
        if (nextPage > 1) next.set('page', String(nextPage));
        else next.delete('page');
      }),
    [updateParams],
  );

  return { search, page, searchInput, setSearchInput, setPage };
}
