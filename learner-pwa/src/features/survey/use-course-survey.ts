// The post-course survey of a course, for the signed-in learner (its 'submitted' says whether they
// have answered it already). Keyed under 'me' so it goes with the session. Kept with the course on
// the phone, so a learner who finishes a course offline can still answer it (the answers wait in
// the outbox).
import { useQuery } from '@tanstack/react-query';
import { courseSurvey, type Survey } from '@rivet/shared/api/learning';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { readCourse, saveCourseSurvey } from '../../offline/course-store';
import { isNetworkFailure } from '../../offline/offline-copy';

export const surveyKey = (userId: string, courseId: number) => ['me', 'survey', userId, courseId] as const;

export function useCourseSurvey(courseId: number | null) {
  const { api } = useSessionManager();
  const userId = useSession().profile?.userId ?? '';
  return useQuery({
    queryKey: surveyKey(userId, courseId ?? 0),
    enabled: Boolean(userId) && courseId !== null,
    networkMode: 'always',
    queryFn: async ({ signal }): Promise<Survey> => {
      try {
        const survey = await api.call(courseSurvey, { params: { courseId: courseId! }, signal });
        await saveCourseSurvey(userId, courseId!, survey).catch(() => undefined);
        return survey;
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        const kept = await readCourse(userId, courseId!).catch(() => undefined);
        if (!kept?.survey) throw error;
        return { ...kept.survey, submitted: kept.survey.submitted || kept.content.surveySubmitted };
      }
    },
  });
}
