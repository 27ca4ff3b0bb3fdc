import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSurveyDetails, listSurveys } from '@rivet/shared/api/course-survey';
import {
  assignSurvey,
  coursesWithoutSurvey,
  createSurvey,
  surveyCourses,
  surveyResponses,
  SURVEY_COURSES_PAGE_SIZE,
  toggleSurvey,
  unassignSurvey,
  updateSurvey,
  type CreateSurveyInput,
} from '@rivet/shared/api/manage-survey';
import { useSessionManager } from '@rivet/shared/client/session-context';

export type SurveyTab = 'active' | 'draft';

/** The Active Survey tab lists every finished survey (active or not, with its toggle); Draft the drafts. */
export function useSurveyList(tab: SurveyTab) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['manage-survey', 'list', tab],
    queryFn: ({ signal }) => api.call(listSurveys, { query: { Draft: String(tab === 'draft') }, signal }),
  });
}

export function useSurveyDetails(id: number | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['manage-survey', 'details', id],
    queryFn: ({ signal }) => api.call(getSurveyDetails, { params: { id: String(id) }, signal }),
    enabled: id !== null,
  });
}

export function useSurveyResults(id: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['manage-survey', 'responses', id],
    queryFn: ({ signal }) => api.call(surveyResponses, { params: { id: String(id) }, signal }),
  });
}

export function useAssignedCourses(id: number, page: number, search: string) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['manage-survey', 'courses', id, page, search],
    queryFn: ({ signal }) => api.call(surveyCourses, { params: { id: String(id) }, query: { Page: String(page), PageSize: String(SURVEY_COURSES_PAGE_SIZE), search }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCoursesWithoutSurvey(search: string, enabled: boolean) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['manage-survey', 'no-survey', search],
    queryFn: ({ signal }) => api.call(coursesWithoutSurvey, { query: { search }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSurveyCalls() {
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  /** Every change shows in the lists, details and course lists that were read before it. */
  const then = async <T,>(sent: Promise<T>): Promise<T> => {
    const result = await sent;
    await queryClient.invalidateQueries({ queryKey: ['manage-survey'] });
    return result;
  };
  return {
    create: (body: CreateSurveyInput, draft: boolean) => then(api.send(createSurvey, { query: { Draft: String(draft) }, body })),
    update: (surveyId: number, body: CreateSurveyInput, draft: boolean) => then(api.send(updateSurvey, { query: { Draft: String(draft) }, body: { surveyId, ...body } })),
    toggle: async (surveyId: number) => (await then(api.send(toggleSurvey, { params: { id: String(surveyId) } }))).description,
    assign: (surveyId: number, courseIds: number[]) => then(api.send(assignSurvey, { body: { surveyId, courseIds } })),
    unassign: (courseId: number) => then(api.send(unassignSurvey, { params: { id: String(courseId) } })),
  };
}
