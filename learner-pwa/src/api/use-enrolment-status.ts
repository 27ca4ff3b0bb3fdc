// Whether the signed-in learner is enrolled in a course, and where they stopped. The course page's
// Enrol card and checkout read the same query, so both agree once either changes it.
import { useQuery } from '@tanstack/react-query';
import { checkEnrollment } from '@rivet/shared/api/course';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';

export const enrolmentKey = (userId: string | null, courseId: number) => ['enrolment', userId, courseId] as const;

export function useEnrolmentStatus(courseId: number) {
  const { api } = useSessionManager();
  const userId = useSession().profile?.userId ?? null;
  return useQuery({
    queryKey: enrolmentKey(userId, courseId),
    enabled: userId !== null,
    queryFn: ({ signal }) => api.call(checkEnrollment, { params: { userId: userId!, courseId }, signal }),
  });
}
