// Manage Survey (spec 001 §2.9, §4, §5, §7, §8; decision 047). Platform administrators write
// surveys (a draft first, or finished at once), switch them on and off, give them to courses and
// read what learners answered, summed up without anyone's identity.
import { MANAGE_SURVEY_MESSAGES as M, type SurveyCourse, type SurveyQuestionInput, type SurveyResults } from '@rivet/shared/api/manage-survey';
import type { SurveyDetail } from '@rivet/shared/api/course-survey';
import type { Audit } from '../audit/audit';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import type { StoredQuestion, SurveyRepository } from './survey.repository';
import { toQuestions, toSummary } from './survey.service';

/** What the builder sends → rows to store. A rating keeps its scale in one option row (step 1). */
const toStored = (questions: readonly SurveyQuestionInput[]): StoredQuestion[] =>
  questions.map((q) => {
    if (q.questionType === 1) return { question: q.question, questionType: 1, options: q.options.map((o) => ({ option: o.option, minValue: null, maxValue: null, step: null })) };
    if (q.questionType === 2) return { question: q.question, questionType: 2, options: [] };
    return { question: q.question, questionType: 3, options: [{ option: '', minValue: q.minValue, maxValue: q.maxValue, step: 1 }] };
  });

/** Comparable form of stored questions: what an answer depends on (text, kind, options, scale). */
const shape = (questions: readonly StoredQuestion[]) =>
  JSON.stringify(questions.map((q) => [q.question, q.questionType, q.options.map((o) => [o.option, o.minValue ?? (q.questionType === 3 ? 0 : null), o.maxValue ?? (q.questionType === 3 ? 10 : null)])]));

export type ManageSurveyService = ReturnType<typeof createManageSurveyService>;

export function createManageSurveyService(deps: { surveys: SurveyRepository; clock: Clock }) {
  const { surveys, clock } = deps;

  async function detail(id: number): Promise<SurveyDetail> {
    const row = await surveys.find(id);
    if (!row) throw notFound(M.notFound);
    const questions = toQuestions(await surveys.questions(id));
    return { ...toSummary(row, questions.length), questions };
  }

  async function stored(id: number): Promise<StoredQuestion[]> {
    return toQuestions(await surveys.questions(id)).map((q) => ({
      question: q.question,
      questionType: q.questionType,
      options: q.options.map((o) => ({ option: o.option, minValue: o.minValue, maxValue: o.maxValue, step: null })),
    }));
  }

  return {
    async create(caller: Caller, audit: Audit, draft: boolean, body: { title: string; description: string; questions: SurveyQuestionInput[] }): Promise<SurveyDetail> {
      const id = await surveys.create(
        { title: body.title, description: body.description, draft, createdBy: caller.userId },
        toStored(body.questions),
        (surveyId) => audit.row(surveyId, `${draft ? 'Saved the draft survey' : 'Created the survey'} “${body.title}” (${surveyId}) with ${body.questions.length} question(s)`),
      );
      return detail(id);
    },

    async update(audit: Audit, draft: boolean, body: { surveyId: number; title: string; description: string; questions: SurveyQuestionInput[] }): Promise<{ survey: SurveyDetail; wasDraft: boolean }> {
      const current = await surveys.find(body.surveyId);
      if (!current) throw notFound(M.notFound);
      if (draft && !current.draft) throw conflict(M.backToDraft);
      const questions = toStored(body.questions);
      let replace: StoredQuestion[] | null = questions;
      if (current.responses > 0) {
        // Answers point at question and option rows: with responses they stay as they are.
        if (shape(await stored(body.surveyId)) !== shape(questions)) throw conflict(M.lockedQuestions);
        replace = null;
      }
      const what = current.draft && draft ? 'Updated the draft survey' : current.draft ? 'Finished the survey' : 'Updated the survey';
      await surveys.update(body.surveyId, { title: body.title, description: body.description, draft }, replace, audit.row(body.surveyId, `${what} “${body.title}” (${body.surveyId})${replace ? `, ${questions.length} question(s)` : ', questions kept'}`));
      return { survey: await detail(body.surveyId), wasDraft: current.draft };
    },

    async toggle(audit: Audit, id: number): Promise<{ surveyId: number; isActive: boolean }> {
      const current = await surveys.find(id);
      if (!current) throw notFound(M.notFound);
      if (current.draft) throw conflict(M.draftToggle);
      const isActive = !current.isActive;
      await surveys.setActive(id, isActive, audit.row(id, `${isActive ? 'Activated' : 'Deactivated'} the survey “${current.title}” (${id})`));
      return { surveyId: id, isActive };
    },

    async courses(id: number, query: { Page: number; PageSize: number; search: string }): Promise<{ items: SurveyCourse[]; totalRows: number }> {
      if (!(await surveys.find(id))) throw notFound(M.notFound);
      return surveys.assignedCourses(id, { search: query.search, page: query.Page, pageSize: query.PageSize });
    },

    coursesWithoutSurvey: (search: string): Promise<SurveyCourse[]> => surveys.coursesWithoutSurvey(search, 50),

    async assign(audit: Audit, body: { surveyId: number; courseIds: number[] }): Promise<{ surveyId: number; courseIds: number[] }> {
      const survey = await surveys.find(body.surveyId);
      if (!survey) throw notFound(M.notFound);
      if (survey.draft || !survey.isActive) throw badRequest(M.notActive, [{ field: 'surveyId', message: M.notActive }]);
      const courseIds = [...new Set(body.courseIds)];
      const found = await surveys.courses(courseIds);
      if (found.length !== courseIds.length) throw notFound(M.courseNotFound);
      const taken = found.find((c) => c.surveyId !== null);
      if (taken) throw conflict(M.hasSurvey(taken.title));
      const rows = found.map((c) => audit.row(c.id, `Assigned the survey “${survey.title}” (${survey.surveyId}) to course ${c.id} “${c.title}”`));
      if (!(await surveys.assign(survey.surveyId, courseIds, rows, clock.now()))) throw conflict(M.hasSurvey(found[0]!.title));
      return { surveyId: survey.surveyId, courseIds };
    },

    async unassign(audit: Audit, courseId: number): Promise<{ courseId: number; surveyId: number }> {
      const [course] = await surveys.courses([courseId]);
      if (!course) throw notFound(M.courseNotFound);
      if (course.surveyId === null) throw conflict(M.noSurvey);
      const surveyId = course.surveyId;
      const done = await surveys.unassign(courseId, surveyId, audit.row(courseId, `Removed the survey ${surveyId} from course ${courseId} “${course.title}”`), clock.now());
      if (!done) throw conflict(M.noSurvey);
      return { courseId, surveyId };
    },

    async results(id: number): Promise<SurveyResults> {
      const survey = await detail(id);
      const answers = await surveys.answers(id);
      const byQuestion = Map.groupBy(answers, (a) => a.questionId);
      return {
        surveyId: survey.surveyId,
        title: survey.title,
        responses: survey.responses,
        questions: survey.questions.map((q) => {
          const given = byQuestion.get(q.surveyQuestionId) ?? [];
          const base = { surveyQuestionId: q.surveyQuestionId, question: q.question, questionType: q.questionType, answered: given.length, options: [], ratings: [], average: null, answers: [] };
          if (q.questionType === 1) {
            return { ...base, options: q.options.map((o) => ({ surveyQuestionOptionId: o.surveyQuestionOptionId, option: o.option, count: given.filter((a) => a.optionId === o.surveyQuestionOptionId).length })) };
          }
          if (q.questionType === 2) return { ...base, answers: given.map((a) => a.answer).sort((a, b) => a.localeCompare(b, 'en')) };
          const min = q.options[0]?.minValue ?? 0;
          const max = q.options[0]?.maxValue ?? 10;
          const values = given.map((a) => Number(a.answer)).filter((n) => Number.isFinite(n));
          const ratings = Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, count: values.filter((n) => n === min + i).length }));
          const average = values.length ? Math.round((values.reduce((s, n) => s + n, 0) / values.length) * 10) / 10 : null;
          return { ...base, ratings, average };
        }),
      };
    },
  };
}
