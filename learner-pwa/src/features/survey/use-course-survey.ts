// The post-course survey of a course, for the signed-in learner (its 'submitted' says whether they
// have answered it already). Keyed under 'me' so it goes with the session.
import { useQuery } from '@tanstack/react-query';
import { courseSurvey } from '@rivet/shared/api/learning';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';

export const surveyKey = (userId: string, courseId: number) => ['me', 'survey', userId, courseId] as const;

export function useCourseSurvey(courseId: number | null) {
  const { api } = useSessionManager();
  const userId = useSession().profile?.userId ?? '';
  return useQuery({
    queryKey: surveyKey(userId, courseId ?? 0),
    enabled: Boolean(userId) && courseId !== null,
    queryFn: ({ signal }) => api.call(courseSurvey, { params: { courseId: courseId! }, signal }),
  });
}
