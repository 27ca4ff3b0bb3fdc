// Changes some of the address's query and keeps the rest, starting from the address as it is when
// the change runs. react-router's setSearchParams((prev) => …) hands over the query of the render
// that made it, and the router renders a navigation later, in a transition: a change made in
// between (the list's debounced search landing just after a filter was chosen, or a filter chosen
// just after the search landed) started from the old query and wrote the other one away.
import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useNavigate, type DataRouter, type NavigateOptions } from 'react-router';

/** Edits `params` (a copy of the current query) in place; the result becomes the address's query. */
export type SearchParamsChange = (params: URLSearchParams) => void;
export type UpdateSearchParams = (change: SearchParamsChange, options?: NavigateOptions) => void;

export function useUpdateSearchParams(): UpdateSearchParams {
  const navigate = useNavigate();
  const router = dataRouter(useContext(UNSAFE_DataRouterContext));
  return useCallback(
    (change, options) => {
      // The router's state is the address now; it is updated when navigate() is called, not when React renders.
      const params = new URLSearchParams(router.state.location.search);
      change(params);
      void navigate(`?${params}`, options);
    },
    [router, navigate],
  );
}

function dataRouter(context: { router: DataRouter } | null): DataRouter {
  if (!context) throw new Error('useUpdateSearchParams needs a data router (createBrowserRouter or createMemoryRouter).');
  return context.router;
}
