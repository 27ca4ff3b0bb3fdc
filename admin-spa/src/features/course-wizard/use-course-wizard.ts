// The wizard's reads: the course being built, and what its dropdowns offer.
import { useQuery } from '@tanstack/react-query';
import { getCourseForUpdate, listInstructors } from '@rivet/shared/api/course-authoring';
import { searchInstitutions } from '@rivet/shared/api/institution';
import { listCourseCategories, listLanguages } from '@rivet/shared/api/reference';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { INSTRUCTORS_KEY } from '../../components/instructor-dialog';

export const courseKey = (courseId: number) => ['authoring', 'course', courseId];

export function useCourseDraft(courseId: number | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: courseKey(courseId ?? 0),
    queryFn: ({ signal }) => api.call(getCourseForUpdate, { params: { id: courseId! }, signal }),
    enabled: courseId !== null,
  });
}

export function useCategories() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['authoring', 'categories'],
    queryFn: ({ signal }) => api.call(listCourseCategories, { query: { IsActive: 'true', UsePaging: 'false', Page: '1', PageSize: '50' }, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useLanguages() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['authoring', 'languages'],
    queryFn: ({ signal }) => api.call(listLanguages, { query: { isActive: 'true', usePaging: 'false', page: '1', pageSize: '50' }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Partners a platform author may create a course for (institution staff never need the list). */
export function usePartners(enabled: boolean) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['authoring', 'partners'],
    queryFn: ({ signal }) => api.call(searchInstitutions, { query: { Page: '1', PageSize: '1000', IsActive: 'true' }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useInstructors(institutionId: number) {
  const { api } = useSessionManager();
  return useQuery({
    // Under the Instructors screen's key, so an instructor added or changed anywhere shows here at once.
    queryKey: [...INSTRUCTORS_KEY, 'active', institutionId],
    queryFn: ({ signal }) => api.call(listInstructors, { query: { InstitutionId: String(institutionId), IsActive: 'true' }, signal }),
    staleTime: 60_000,
  });
}
