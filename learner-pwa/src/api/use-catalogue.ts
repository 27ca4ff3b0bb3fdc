// The catalogue's server state: paged search, category counts and languages (discovery, category
// landing, catalogue landing, header search).
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { searchCourses, summaryByCategory, type CourseSearchBody } from '@rivet/shared/api/course';
import { listLanguages } from '@rivet/shared/api/reference';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Spec §9: catalogue and course search ask for pages of 50. */
export const CATALOGUE_PAGE_SIZE = 50;

/** A catalogue search, one page of 50 at a time ('Load more' fetches the next). */
export function useCatalogueSearch(body: CourseSearchBody, { enabled = true }: { enabled?: boolean } = {}) {
  const { api } = useSessionManager();
  return useInfiniteQuery({
    queryKey: ['courses', 'catalogue', body],
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call(searchCourses, { query: { Page: String(pageParam), PageSize: String(CATALOGUE_PAGE_SIZE) }, body, signal }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.totalRows ? last.page + 1 : undefined),
    // While the next filter's answer is on its way the old results stay (no flash of 'Loading').
    placeholderData: keepPreviousData,
  });
}

/** A short search (header overlay, carousels): one page of `pageSize`. */
export function useQuickCourseSearch(body: CourseSearchBody, pageSize: number, enabled = true) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['courses', 'quick', pageSize, body],
    enabled,
    queryFn: ({ signal }) => api.call(searchCourses, { query: { Page: '1', PageSize: String(pageSize) }, body, signal }),
  });
}

/** Categories with the number of courses a learner can see in each (spec: SummaryByCatgory). */
export function useCategorySummary() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['courses', 'category-summary'],
    queryFn: ({ signal }) => api.call(summaryByCategory, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Spec: Language/List with isActive false and usePaging false (every language). */
export function useLanguages() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['reference', 'languages'],
    queryFn: ({ signal }) => api.call(listLanguages, { query: { isActive: 'false', usePaging: 'false' }, signal }),
    select: (data) => data.items,
    staleTime: Infinity,
  });
}
