// The Instructors screen's reads and its toggle (decision 075); adding and renaming go through
// InstructorDialog, which the wizard shares. Every list is under INSTRUCTORS_KEY, so a change
// refreshes this screen's pages, its partner counts and the wizard's dropdown alike.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INSTRUCTOR_PAGE_SIZE, listInstructorPartners, searchInstructors, toggleInstructor, type ManagedInstructor } from '@rivet/shared/api/instructors';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { INSTRUCTORS_KEY } from '../../components/instructor-dialog';

export type StatusFilter = 'all' | 'active' | 'inactive';

/** A page of partners, or the one `id` names (platform staff choose one first). */
export function useInstructorPartners(page: number, id: number | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...INSTRUCTORS_KEY, 'partners', page, id],
    queryFn: ({ signal }) => api.call(listInstructorPartners, { query: { Page: String(page), PageSize: String(INSTRUCTOR_PAGE_SIZE), Id: String(id ?? 0) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInstructorSearch(institutionId: number, search: string, status: StatusFilter, page: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...INSTRUCTORS_KEY, 'search', institutionId, search, status, page],
    queryFn: ({ signal }) =>
      api.call(searchInstructors, {
        query: { InstitutionId: String(institutionId), Search: search, IsActive: status === 'all' ? '' : status === 'active' ? 'true' : 'false', Page: String(page), PageSize: String(INSTRUCTOR_PAGE_SIZE) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useToggleInstructor() {
  const { api } = useSessionManager();
  return async (instructor: ManagedInstructor, isActive: boolean) => (await api.send(toggleInstructor, { query: { id: String(instructor.id), isActive: String(isActive) } })).description;
}
