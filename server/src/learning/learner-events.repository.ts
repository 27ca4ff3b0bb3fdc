// Drizzle queries for applying learner events: what an event may point at (a course's modules,
// sections and quizzes), the enrolment lock, and the set-based writes of a batch (every event id
// in one insert, one upsert for all touched sections, one update of the enrolment).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { completedCount, sectionCount, surveyOpen } from './learning.repository';

const QUIZ = 4;

export type EventKind = 'progress' | 'quiz' | 'survey';

export interface SectionWrite {
  sectionId: number;
  isCompleted: boolean;
  completedAt: Date | null;
  /** Null leaves the stored video position alone (a passed quiz). */
  secondsWatched: number | null;
  positionAt: Date | null;
}

function queries(db: Database) {
  return {
    /** Every module of the course with its sections (null for a module without any); `isQuiz`: the section holds a quiz. */
    async courseStructure(courseId: number) {
      return db
        .select({
          moduleId: t.courseModules.id,
          sectionId: t.courseSections.id,
          isQuiz: sql<boolean>`exists (select 1 from course_assets a where a.section_id = ${t.courseSections.id} and a.asset_type = ${QUIZ})`,
        })
        .from(t.courseModules)
        .leftJoin(t.courseSections, eq(t.courseSections.moduleId, t.courseModules.id))
        .where(eq(t.courseModules.courseId, courseId));
    },

    /** The quiz assets among `assetIds`, with where they sit and their stored quiz. */
    async quizAssets(assetIds: number[]) {
      if (!assetIds.length) return [];
      return db
        .select({ assetId: t.courseAssets.id, sectionId: t.courseSections.id, moduleId: t.courseModules.id, courseId: t.courseModules.courseId, quiz: t.courseAssets.quiz })
        .from(t.courseAssets)
        .innerJoin(t.courseSections, eq(t.courseSections.id, t.courseAssets.sectionId))
        .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId))
        .where(and(inArray(t.courseAssets.id, assetIds), eq(t.courseAssets.assetType, QUIZ)));
    },

    /** Locks the enrolment row for the rest of the transaction, so one learner's events on a course apply one batch at a time. */
    async lockEnrolment(userId: string, courseId: number): Promise<boolean> {
      const rows = await db
        .select({ id: t.enrollments.id })
        .from(t.enrollments)
        // A deleted account's access token lives on for its last minutes: it records nothing more.
        .where(
          and(
            eq(t.enrollments.userId, userId),
            eq(t.enrollments.courseId, courseId),
            sql`exists (select 1 from users u where u.id = ${userId} and u.deleted_at is null)`,
          ),
        )
        .for('update');
      return rows.length > 0;
    },

    /** Records event ids; answers those that are new (the others had been applied before). */
    async recordEvents(events: { id: string; userId: string; courseId: number; kind: EventKind; at: Date; receivedAt: Date }[]): Promise<Set<string>> {
      if (!events.length) return new Set();
      const rows = await db
        .insert(t.learnerEvents)
        .values(events.map((e) => ({ id: e.id, userId: e.userId, courseId: e.courseId, kind: e.kind, clientTime: e.at, receivedAt: e.receivedAt })))
        .onConflictDoNothing()
        .returning({ id: t.learnerEvents.id });
      return new Set(rows.map((r) => r.id));
    },

    /**
     * What the answers need to know of the learner's course, read after the lock (a statement of
     * its own, so it sees what a batch that held the lock before has committed).
     */
    async courseState(userId: string, courseId: number) {
      const [row] = await db
        .select({
          completedAt: t.enrollments.completedAt,
          hasSurvey: surveyOpen,
          surveySubmitted: sql<boolean>`exists (select 1 from survey_responses sr where sr.user_id = enrollments.user_id and sr.course_id = enrollments.course_id)`,
          completedSections: sql<number[]>`(select coalesce(json_agg(sp.section_id), '[]'::json) from section_progress sp
            where sp.user_id = enrollments.user_id and sp.course_id = enrollments.course_id and sp.is_completed)`,
        })
        .from(t.enrollments)
        .innerJoin(t.courses, eq(t.courses.id, t.enrollments.courseId))
        .where(and(eq(t.enrollments.userId, userId), eq(t.enrollments.courseId, courseId)))
        .limit(1);
      return row ? { ...row, completedSections: new Set(row.completedSections.map(Number)) } : null;
    },

    /**
     * Merges each section's folded batch with what is stored, by the rules of mergeSection
     * (shared/domain/progress.ts): completion never reverts; the position comes only from a newer event.
     */
    async upsertSections(userId: string, courseId: number, sections: SectionWrite[]) {
      if (!sections.length) return;
      const newer = sql`(excluded.position_at is not null and (section_progress.position_at is null or excluded.position_at > section_progress.position_at))`;
      await db
        .insert(t.sectionProgress)
        .values(
          sections.map((s) => ({
            userId,
            courseId,
            sectionId: s.sectionId,
            isCompleted: s.isCompleted,
            completedAt: s.completedAt,
            secondsWatched: s.secondsWatched ?? 0,
            positionAt: s.secondsWatched === null ? null : s.positionAt,
          })),
        )
        .onConflictDoUpdate({
          target: [t.sectionProgress.userId, t.sectionProgress.sectionId],
          set: {
            isCompleted: sql`section_progress.is_completed or excluded.is_completed`,
            completedAt: sql`coalesce(section_progress.completed_at, excluded.completed_at)`,
            secondsWatched: sql`case when ${newer} then excluded.seconds_watched else section_progress.seconds_watched end`,
            positionAt: sql`case when ${newer} then excluded.position_at else section_progress.position_at end`,
          },
        });
    },

    /** mergePosition (shared/domain/progress.ts) on the enrolment: the later position wins; last visit is the latest seen. */
    async mergePosition(p: { userId: string; courseId: number; moduleId: number; sectionId: number; at: Date }) {
      const at = sql`${p.at.toISOString()}::timestamptz`;
      const newer = sql`(enrollments.position_at is null or ${at} > enrollments.position_at)`;
      await db
        .update(t.enrollments)
        .set({
          currentModule: sql`case when ${newer} then ${p.moduleId}::integer else enrollments.current_module end`,
          currentSection: sql`case when ${newer} then ${p.sectionId}::integer else enrollments.current_section end`,
          positionAt: sql`case when ${newer} then ${at} else enrollments.position_at end`,
          lastVisitedAt: sql`greatest(enrollments.last_visited_at, ${at})`,
        })
        .where(and(eq(t.enrollments.userId, p.userId), eq(t.enrollments.courseId, p.courseId)));
    },

    /**
     * Sets completed_at once, when the course has sections and every one is complete. Counted
     * here rather than trusted from the caller: a completed course never reverts, so it must be right.
     */
    async completeCourseIfDone(userId: string, courseId: number, at: Date) {
      await db
        .update(t.enrollments)
        .set({ completedAt: at })
        .where(
          and(
            eq(t.enrollments.userId, userId),
            eq(t.enrollments.courseId, courseId),
            sql`enrollments.completed_at is null`,
            sql`${sectionCount(sql`${courseId}::integer`)} > 0`,
            sql`${sectionCount(sql`${courseId}::integer`)} = ${completedCount(sql`${userId}::uuid`, sql`${courseId}::integer`)}`,
          ),
        );
    },

    async insertQuizAttempts(attempts: (typeof t.quizAttempts.$inferInsert)[]) {
      if (attempts.length) await db.insert(t.quizAttempts).values(attempts).onConflictDoNothing();
    },

    /** Stored attempts by id (a replayed quiz event answers its first score). */
    async quizAttempts(ids: string[], userId: string) {
      if (!ids.length) return new Map<string, { score: number; correct: number; total: number }>();
      const rows = await db
        .select({ id: t.quizAttempts.id, score: t.quizAttempts.score, correct: t.quizAttempts.correct, total: t.quizAttempts.total })
        .from(t.quizAttempts)
        .where(and(inArray(t.quizAttempts.id, ids), eq(t.quizAttempts.userId, userId)));
      return new Map(rows.map(({ id, ...scored }) => [id, scored]));
    },

    /** Stores a response and its answers; false (and nothing stored) when the learner had answered already. */
    async insertSurveyResponse(
      response: { id: string; surveyId: number; courseId: number; userId: string; submittedAt: Date },
      answers: { questionId: number; optionId: number | null; answer: string }[],
    ): Promise<boolean> {
      const rows = await db.insert(t.surveyResponses).values(response).onConflictDoNothing().returning({ id: t.surveyResponses.id });
      if (!rows.length) return false;
      if (answers.length) await db.insert(t.surveyResponseAnswers).values(answers.map((a) => ({ ...a, responseId: response.id })));
      return true;
    },
  };
}

export type LearnerEventQueries = ReturnType<typeof queries>;

export function createLearnerEventsRepository(db: Database) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (tx: LearnerEventQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx)));
    },
  };
}

export type LearnerEventsRepository = ReturnType<typeof createLearnerEventsRepository>;
