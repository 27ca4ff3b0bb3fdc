// The End of course Survey step (spec 001 §2.1, §5, §7; decision 034). Authors choose one of the
// platform's active surveys; a paid course then goes on to Pricing (stored step 5), a free course
// has nothing after this step and is submitted for review by the same call.
import { COURSE_AUTHORING_MESSAGES as CM } from '@rivet/shared/api/course-authoring';
import { SURVEY_MESSAGES as M, type CourseSurveySaved, type SurveyDetail, type SurveyQuestionDetail, type SurveySummary } from '@rivet/shared/api/course-survey';
import { canManageNotificationsAndSurveys } from '@rivet/shared/domain/permissions';
import type { Audit } from '../audit/audit';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import type { AuthoredCourseRow, AuthoringRepository } from './authoring.repository';
import { SURVEY_STEP, pricingStep, type SubmissionService } from './submission.service';
import type { SurveyRepository } from './survey.repository';

type Row = NonNullable<Awaited<ReturnType<SurveyRepository['find']>>>;

export const toSummary = (row: Row, questionCount: number): SurveySummary => ({
  surveyId: row.surveyId,
  title: row.title,
  description: row.description,
  date: row.createdAt.toISOString(),
  isActive: row.isActive,
  draft: row.draft,
  questionCount,
  createdBy: row.createdBy,
  responses: row.responses,
});

/** Rows of (question, option) → questions with their options. */
export function toQuestions(rows: Awaited<ReturnType<SurveyRepository['questions']>>): SurveyQuestionDetail[] {
  const questions: SurveyQuestionDetail[] = [];
  const byId = new Map<number, SurveyQuestionDetail>();
  for (const r of rows) {
    let q = byId.get(r.questionId);
    if (!q) {
      q = { surveyQuestionId: r.questionId, question: r.question, questionType: r.questionType as 1 | 2 | 3, options: [] };
      byId.set(r.questionId, q);
      questions.push(q);
    }
    if (r.optionId !== null) q.options.push({ surveyQuestionOptionId: r.optionId, surveyQuestionId: r.questionId, option: r.option ?? '', minValue: r.minValue, maxValue: r.maxValue });
  }
  return questions;
}

export type SurveyStepService = ReturnType<typeof createSurveyStepService>;

export function createSurveyStepService(deps: {
  surveys: SurveyRepository;
  courses: AuthoringRepository;
  clock: Clock;
  editable: (caller: Caller, courseId: number) => Promise<AuthoredCourseRow>;
  submission: Pick<SubmissionService, 'submitFreeWithSurvey'>;
}) {
  const { surveys, courses, clock } = deps;
  /** Managing surveys (drafts, inactive ones) is the platform administrators' (spec §2.9, §6). */
  const manages = (caller: Caller) => canManageNotificationsAndSurveys(caller.role);

  return {
    async list(caller: Caller, query: { Draft?: boolean; IsActive?: boolean }): Promise<SurveySummary[]> {
      const draft = query.Draft ?? false;
      if (!manages(caller) && (draft || query.IsActive !== true)) throw forbidden(M.managersOnly);
      const rows = await surveys.list({ draft, isActive: query.IsActive });
      return rows.map((r) => toSummary(r, Number(r.questionCount)));
    },

    async details(caller: Caller, id: number): Promise<SurveyDetail> {
      const row = await surveys.find(id);
      if (!row || (row.draft && !manages(caller))) throw notFound(M.notFound);
      const questions = toQuestions(await surveys.questions(id));
      return { ...toSummary(row, questions.length), questions };
    },

    async assign(caller: Caller, audit: Audit, body: { courseId: number; surveyId: number }): Promise<CourseSurveySaved> {
      const course = await deps.editable(caller, body.courseId);
      if (!course.hasSurvey) throw badRequest(M.noSurveyStep, [{ field: 'courseId', message: M.noSurveyStep }]);
      if (course.stepNo < SURVEY_STEP) throw badRequest(M.curriculumFirst, [{ field: 'courseId', message: M.curriculumFirst }]);
      const survey = await surveys.find(body.surveyId);
      if (!survey || survey.draft || !survey.isActive) throw badRequest(M.notActive, [{ field: 'surveyId', message: M.notActive }]);

      if (!course.isPaid) {
        const submitted = await deps.submission.submitFreeWithSurvey(caller, audit, course, { id: survey.surveyId, title: survey.title });
        return { courseId: course.id, surveyId: survey.surveyId, stepNo: Math.max(course.stepNo, SURVEY_STEP), submitted: true, draft: submitted.draft, approvalStatus: submitted.approvalStatus };
      }
      const stepNo = Math.max(course.stepNo, pricingStep(course));
      const row = await courses.update(
        course.id,
        { surveyId: survey.surveyId, stepNo, editedByUserId: caller.userId, updatedAt: clock.now() },
        audit.row(course.id, `Chose the end of course survey “${survey.title}” (${survey.surveyId}) for course ${course.id} “${course.title}”`),
      );
      if (!row) throw conflict(CM.notDraft);
      return { courseId: row.id, surveyId: survey.surveyId, stepNo: row.stepNo, submitted: false, draft: row.draft, approvalStatus: row.approvalStatus };
    },
  };
}
