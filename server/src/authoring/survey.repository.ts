// Surveys (Drizzle only; rules in survey.service.ts and manage-survey.service.ts): what the End of
// course Survey step chooses from, and what Manage Survey writes, assigns and sums up.
// Surveys are the platform's: the table has no institution column, so no partner owns one.
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import { containing, notARevision, surveyQuestionRows } from '../db/shared-queries';
import * as t from '../db/schema';

class StaleAssignment extends Error {}

export type SurveyRepository = ReturnType<typeof createSurveyRepository>;

/** A question as stored: its options (Multiple Choice) or its one scale row (Rating). */
export interface StoredQuestion {
  question: string;
  questionType: 1 | 2 | 3;
  options: { option: string; minValue: number | null; maxValue: number | null; step: number | null }[];
}

/** LIKE's own characters in a search are meant literally. */

const responseCount = sql<number>`(select count(*) from survey_responses sr where sr.survey_id = ${t.surveys.id})`.mapWith(Number);
const creatorName = sql<string>`coalesce(trim(${t.users.firstName} || ' ' || ${t.users.lastName}), '')`;

export function createSurveyRepository(db: Database) {
  const summary = {
    surveyId: t.surveys.id,
    title: t.surveys.title,
    description: t.surveys.description,
    createdAt: t.surveys.createdAt,
    isActive: t.surveys.isActive,
    draft: t.surveys.draft,
    createdBy: creatorName,
    responses: responseCount,
  };

  const courseRow = {
    courseId: t.courses.id,
    title: t.courses.title,
    institution: t.institutions.name,
    draft: t.courses.draft,
    approvalStatus: t.courses.approvalStatus,
  };
  const courseSearch = (search: string): SQL | undefined =>
    search ? or(ilike(t.courses.title, containing(search)), ilike(t.institutions.name, containing(search))) : undefined;

  async function insertQuestions(tx: Database, surveyId: number, questions: readonly StoredQuestion[]) {
    if (questions.length === 0) return;
    const rows = await tx
      .insert(t.surveyQuestions)
      .values(questions.map((q, i) => ({ surveyId, position: i + 1, question: q.question, questionType: q.questionType })))
      .returning({ id: t.surveyQuestions.id, position: t.surveyQuestions.position });
    const idAt = new Map(rows.map((r) => [r.position, r.id]));
    const options = questions.flatMap((q, i) => q.options.map((o, j) => ({ questionId: idAt.get(i + 1)!, position: j + 1, ...o })));
    if (options.length > 0) await tx.insert(t.surveyQuestionOptions).values(options);
  }

  return {
    async list(filters: { draft: boolean; isActive?: boolean }) {
      const conditions: SQL[] = [eq(t.surveys.draft, filters.draft)];
      if (filters.isActive !== undefined) conditions.push(eq(t.surveys.isActive, filters.isActive));
      return db
        .select({ ...summary, questionCount: count(t.surveyQuestions.id) })
        .from(t.surveys)
        .leftJoin(t.users, eq(t.users.id, t.surveys.createdBy))
        .leftJoin(t.surveyQuestions, eq(t.surveyQuestions.surveyId, t.surveys.id))
        .where(and(...conditions))
        .groupBy(t.surveys.id, t.users.id)
        .orderBy(desc(t.surveys.createdAt), desc(t.surveys.id));
    },

    async find(id: number) {
      const [row] = await db.select(summary).from(t.surveys).leftJoin(t.users, eq(t.users.id, t.surveys.createdBy)).where(eq(t.surveys.id, id));
      return row ?? null;
    },

    /** Questions with their options, one row per option (or per question without options), in order. */
    questions: (surveyId: number) => surveyQuestionRows(db, surveyId),

    create: (values: { title: string; description: string; draft: boolean; createdBy: string }, questions: readonly StoredQuestion[], audit: (id: number) => AuditRow) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(t.surveys).values({ ...values, isActive: true }).returning({ id: t.surveys.id });
        await insertQuestions(tx, row!.id, questions);
        await tx.insert(t.auditTrail).values(audit(row!.id));
        return row!.id;
      }),

    /** Rewrites title, description and draft; replaces the questions when given (the service checks no answer points at them). */
    update: (id: number, values: { title: string; description: string; draft: boolean }, questions: readonly StoredQuestion[] | null, auditRow: AuditRow) =>
      db.transaction(async (tx) => {
        await tx.update(t.surveys).set(values).where(eq(t.surveys.id, id));
        if (questions) {
          await tx.delete(t.surveyQuestions).where(eq(t.surveyQuestions.surveyId, id));
          await insertQuestions(tx, id, questions);
        }
        await tx.insert(t.auditTrail).values(auditRow);
      }),

    setActive: (id: number, isActive: boolean, auditRow: AuditRow) =>
      db.transaction(async (tx) => {
        await tx.update(t.surveys).set({ isActive }).where(eq(t.surveys.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
      }),

    async assignedCourses(surveyId: number, filter: { search: string; page: number; pageSize: number }) {
      const where = and(eq(t.courses.surveyId, surveyId), notARevision(), courseSearch(filter.search));
      const [items, [total]] = await Promise.all([
        db
          .select(courseRow)
          .from(t.courses)
          .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
          .where(where)
          .orderBy(asc(t.courses.title), asc(t.courses.id))
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ n: count() }).from(t.courses).innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId)).where(where),
      ]);
      return { items, totalRows: total?.n ?? 0 };
    },

    coursesWithoutSurvey: (search: string, limit: number) =>
      db
        .select(courseRow)
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .where(and(isNull(t.courses.surveyId), eq(t.courses.isActive, true), notARevision(), courseSearch(search)))
        .orderBy(asc(t.courses.title), asc(t.courses.id))
        .limit(limit),

    courses: (ids: readonly number[]) =>
      db.select({ id: t.courses.id, title: t.courses.title, surveyId: t.courses.surveyId }).from(t.courses).where(inArray(t.courses.id, [...ids])),

    /** Only courses still without a survey are changed, all or none: false when one got a survey meanwhile. */
    assign: async (surveyId: number, courseIds: readonly number[], auditRows: AuditRow[], now: Date) => {
      try {
        await db.transaction(async (tx) => {
          const changed = await tx
            .update(t.courses)
            .set({ surveyId, hasSurvey: true, updatedAt: now })
            .where(and(inArray(t.courses.id, [...courseIds]), isNull(t.courses.surveyId)))
            .returning({ id: t.courses.id });
          if (changed.length !== courseIds.length) throw new StaleAssignment();
          await tx.insert(t.auditTrail).values(auditRows);
        });
        return true;
      } catch (error) {
        if (error instanceof StaleAssignment) return false;
        throw error;
      }
    },

    unassign: (courseId: number, surveyId: number, auditRow: AuditRow, now: Date) =>
      db.transaction(async (tx) => {
        const changed = await tx
          .update(t.courses)
          .set({ surveyId: null, hasSurvey: false, updatedAt: now })
          .where(and(eq(t.courses.id, courseId), eq(t.courses.surveyId, surveyId)))
          .returning({ id: t.courses.id });
        if (changed.length > 0) await tx.insert(t.auditTrail).values(auditRow);
        return changed.length > 0;
      }),

    /** Every answer given to the survey: no learner, course or time (decision 047). */
    answers: (surveyId: number) =>
      db
        .select({ questionId: t.surveyResponseAnswers.questionId, optionId: t.surveyResponseAnswers.optionId, answer: t.surveyResponseAnswers.answer })
        .from(t.surveyResponseAnswers)
        .innerJoin(t.surveyResponses, eq(t.surveyResponses.id, t.surveyResponseAnswers.responseId))
        .where(eq(t.surveyResponses.surveyId, surveyId)),
  };
}
