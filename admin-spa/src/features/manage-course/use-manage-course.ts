// Manage Courses' reads and the Activate/Deactivate toggle (spec 002 §2.9, §4; decision 045).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkCourseForUpdate, startCourseRevision } from '@rivet/shared/api/course-authoring';
import { courseStatistics, manageCourseDetail, manageCourses, toggleCourse } from '@rivet/shared/api/manage-course';
import { useSessionManager } from '@rivet/shared/client/session-context';

export const MANAGE_COURSE_KEY = ['manage-course'];
/** Cards per section: the newest; a search finds the rest. */
export const MANAGE_LIST_SIZE = 200;

export function useManageCourses(draft: boolean, search: string, programs = false) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...MANAGE_COURSE_KEY, 'list', draft, search, programs],
    queryFn: ({ signal }) => api.call(manageCourses, { query: { draft: String(draft), programs: String(programs), search, pageSize: String(MANAGE_LIST_SIZE) }, signal }),
  });
}

export function useManagedCourse(courseId: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...MANAGE_COURSE_KEY, 'detail', courseId],
    queryFn: ({ signal }) => api.call(manageCourseDetail, { params: { courseId: String(courseId) }, signal }),
  });
}

export function useCourseStatistics(courseId: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...MANAGE_COURSE_KEY, 'statistics', courseId],
    queryFn: ({ signal }) => api.call(courseStatistics, { params: { courseId: String(courseId) }, signal }),
  });
}

/** Resolves with the server's description ("Course Activated successfully" …). */
export function useToggleCourse() {
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (courseId: number) => {
      const { data, description } = await api.send(toggleCourse, { params: { courseId: String(courseId) } });
      return { ...data, description };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MANAGE_COURSE_KEY }),
  });
}

/** Course/Revision: the revision the wizard edits instead of a published course (decision 048). */
export function useStartRevision() {
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (courseId: number) => (await api.send(startCourseRevision, { params: { id: String(courseId) } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MANAGE_COURSE_KEY }),
  });
}

/** Course/Update/Check: whether the wizard may change the course now, and why not. */
export function useEditCheck() {
  const { api } = useSessionManager();
  return useMutation({ mutationFn: (courseId: number) => api.call(checkCourseForUpdate, { params: { id: String(courseId) } }) });
}
