// Course data the partner and program pages show: a partner's courses and one course's detail.
// (Catalogue searches are in use-catalogue.ts.)
import { useQuery } from '@tanstack/react-query';
import { getCourseById, institutionCourses } from '@rivet/shared/api/course';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Spec §9: catalogue lists ask for page 1 of 50. */
const FIRST_PAGE = { Page: '1', PageSize: '50' };

/** The courses a partner offers (server order: promoted first, then newest). */
export function useInstitutionCourses(institutionId: number | null, exclude?: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['courses', 'institution', institutionId, exclude ?? null],
    enabled: institutionId !== null,
    queryFn: ({ signal }) =>
      api.call(institutionCourses, {
        params: { institutionId: String(institutionId) },
        query: { ...FIRST_PAGE, ...(exclude === undefined ? {} : { exclude: String(exclude) }) },
        signal,
      }),
  });
}

/** One course's public detail (price pieces, category, partner). */
export function useCourse(courseId: number | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['courses', 'detail', courseId],
    enabled: courseId !== null,
    queryFn: ({ signal }) => api.call(getCourseById, { params: { id: String(courseId) }, signal }),
  });
}
