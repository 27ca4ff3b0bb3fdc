import { useQuery } from '@tanstack/react-query';
import { createCourseCategory, toggleCourseCategory, updateCourseCategory } from '@rivet/shared/api/course-configuration';
import { listCourseCategories, type CourseCategory } from '@rivet/shared/api/reference';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Every category, active or not: they are few, so the page searches and pages them itself. */
export function useAllCourseCategories() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['course-categories', 'all'],
    queryFn: ({ signal }) => api.call(listCourseCategories, { query: { IsActive: 'false', UsePaging: 'false', Page: '1', PageSize: '1000' }, signal }),
  });
}

export function useCourseCategoryCalls() {
  const { api } = useSessionManager();
  return {
    create: (input: { name: string; code: string }) => api.send(createCourseCategory, { body: input }),
    /** Only the fields that changed are sent (spec 001 §5). */
    update: (id: number, changed: { name?: string; code?: string }) =>
      api.send(updateCourseCategory, { query: { id: String(id), ...(changed.name !== undefined ? { name: changed.name } : {}), ...(changed.code !== undefined ? { code: changed.code } : {}) } }),
    toggle: async (category: CourseCategory) => (await api.send(toggleCourseCategory, { params: { id: String(category.id) } })).description,
  };
}
