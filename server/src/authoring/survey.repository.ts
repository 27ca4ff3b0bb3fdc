// The surveys the End of course Survey step chooses from (Drizzle only; rules in survey.service.ts).
// Surveys are the platform's: the table has no institution column, so no partner owns one.
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export type SurveyRepository = ReturnType<typeof createSurveyRepository>;

export function createSurveyRepository(db: Database) {
  const summary = {
    surveyId: t.surveys.id,
    title: t.surveys.title,
    description: t.surveys.description,
    createdAt: t.surveys.createdAt,
    isActive: t.surveys.isActive,
    draft: t.surveys.draft,
  };

  return {
    async list(filters: { draft: boolean; isActive?: boolean }) {
      const conditions: SQL[] = [eq(t.surveys.draft, filters.draft)];
      if (filters.isActive !== undefined) conditions.push(eq(t.surveys.isActive, filters.isActive));
      return db
        .select({ ...summary, questionCount: count(t.surveyQuestions.id) })
        .from(t.surveys)
        .leftJoin(t.surveyQuestions, eq(t.surveyQuestions.surveyId, t.surveys.id))
        .where(and(...conditions))
        .groupBy(t.surveys.id)
        .orderBy(desc(t.surveys.createdAt), desc(t.surveys.id));
    },

    async find(id: number) {
      const [row] = await db.select(summary).from(t.surveys).where(eq(t.surveys.id, id));
      return row ?? null;
    },

    /** Questions with their options, one row per option (or per question without options), in order. */
    questions(surveyId: number) {
      return db
        .select({
          questionId: t.surveyQuestions.id,
          question: t.surveyQuestions.question,
          questionType: t.surveyQuestions.questionType,
          optionId: t.surveyQuestionOptions.id,
          option: t.surveyQuestionOptions.option,
          minValue: t.surveyQuestionOptions.minValue,
          maxValue: t.surveyQuestionOptions.maxValue,
        })
        .from(t.surveyQuestions)
        .leftJoin(t.surveyQuestionOptions, eq(t.surveyQuestionOptions.questionId, t.surveyQuestions.id))
        .where(eq(t.surveyQuestions.surveyId, surveyId))
        .orderBy(asc(t.surveyQuestions.position), asc(t.surveyQuestions.id), asc(t.surveyQuestionOptions.position), asc(t.surveyQuestionOptions.id));
    },
  };
}
