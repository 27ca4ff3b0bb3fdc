import { useQuery } from '@tanstack/react-query';
import { listCourseCategories } from '@rivet/shared/api/reference';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Active course categories (landing tiles, catalogue filter). */
export function useCourseCategories() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['reference', 'course-categories', 'active'],
    queryFn: ({ signal }) => api.call(listCourseCategories, { query: { IsActive: 'true' }, signal }),
    select: (data) => data.items.filter((c) => c.isActive),
  });
}
