// Drizzle queries for studying: the learner's courses with their progress, a course's content,
// the merge of progress events, quiz attempts and survey responses.
//
// Subqueries name their tables explicitly (`enrollments.course_id`, aliases inside): Drizzle
// leaves columns unqualified in some single-table statements, where a bare name inside a
// subquery would silently bind to the subquery's own table.
import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

const QUIZ = 4;

/** Sections of the course `course` (an SQL expression for its id). */
const sectionCount = (course: SQL) =>
  sql<number>`(select count(*) from course_sections s join course_modules m on m.id = s.module_id where m.course_id = ${course})`.mapWith(Number);

/** Of those, the ones `user` has completed. */
const completedCount = (user: SQL, course: SQL) =>
  sql<number>`(select count(*) from section_progress sp join course_sections s on s.id = sp.section_id join course_modules m on m.id = s.module_id
    where m.course_id = ${course} and sp.user_id = ${user} and sp.is_completed)`.mapWith(Number);

/** The course (joined as `courses`) has a survey a learner can answer: assigned, active, not a draft. */
const surveyOpen = sql<boolean>`(courses.has_survey and exists (select 1 from surveys sv where sv.id = courses.survey_id and sv.is_active and not sv.draft))`;

const courseColumns = {
  courseId: t.courses.id,
  title: t.courses.title,
  description: t.courses.description,
  institutionId: t.courses.institutionId,
  institution: t.institutions.fullName,
  institutionLogo: t.institutions.logoUrl,
  thumbnailUrl: t.courses.thumbnailUrl,
  courseLevel: t.courses.courseLevel,
  durationMinutes: t.courses.durationMinutes,
  priceKobo: t.courses.priceKobo,
  basePriceKobo: t.courses.basePriceKobo,
  vatKobo: t.courses.vatKobo,
  gatewayChargeKobo: t.courses.gatewayChargeKobo,
  hasSurvey: surveyOpen,
};

export type LearnerCourseRow = Awaited<ReturnType<LearningQueries['learnerCourses']>>[number];
export type CourseRow = NonNullable<Awaited<ReturnType<LearningQueries['course']>>>;
export type OutlineRow = Awaited<ReturnType<LearningQueries['outline']>>[number];
export type ProgressState = NonNullable<Awaited<ReturnType<LearningQueries['progressState']>>>;

function queries(db: Database) {
  return {
    /** The learner's enrolments with course, progress counts, survey and certificate, in one query. */
    async learnerCourses(userId: string, options: { completedOnly?: boolean; limit?: number } = {}) {
      const query = db
        .select({
          ...courseColumns,
          modules: sql<number>`(select count(*) from course_modules cm where cm.course_id = enrollments.course_id)`.mapWith(Number),
          sections: sectionCount(sql`enrollments.course_id`),
          completedSections: completedCount(sql`enrollments.user_id`, sql`enrollments.course_id`),
          currentModule: t.enrollments.currentModule,
          currentSection: t.enrollments.currentSection,
          enrolledAt: t.enrollments.enrolledAt,
          lastVisitedAt: t.enrollments.lastVisitedAt,
          completedAt: t.enrollments.completedAt,
          certificateId: sql<string | null>`(select ce.id from certificates ce where ce.user_id = enrollments.user_id and ce.course_id = enrollments.course_id limit 1)`,
        })
        .from(t.enrollments)
        .innerJoin(t.courses, eq(t.courses.id, t.enrollments.courseId))
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .where(and(eq(t.enrollments.userId, userId), options.completedOnly ? isNotNull(t.enrollments.completedAt) : undefined))
        .orderBy(
          options.completedOnly ? desc(t.enrollments.completedAt) : desc(sql`coalesce(enrollments.last_visited_at, enrollments.enrolled_at)`),
          desc(t.enrollments.id),
        );
      return options.limit ? query.limit(options.limit) : query;
    },

    async course(courseId: number) {
      const [row] = await db
        .select(courseColumns)
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .where(eq(t.courses.id, courseId))
        .limit(1);
      return row ?? null;
    },

    /** Whether the course exists and the learner is enrolled in it, in one query. */
    async courseAccess(userId: string, courseId: number) {
      const [row] = await db
        .select({
          enrolled: sql<boolean>`exists (select 1 from enrollments e where e.course_id = courses.id and e.user_id = ${userId})`,
        })
        .from(t.courses)
        .where(eq(t.courses.id, courseId))
        .limit(1);
      return { exists: row !== undefined, enrolled: row?.enrolled === true };
    },

    /** The enrolment with what the player needs beside the content; null when not enrolled. */
    async enrolment(userId: string, courseId: number) {
      const [row] = await db
        .select({
          currentModule: t.enrollments.currentModule,
          currentSection: t.enrollments.currentSection,
          completedAt: t.enrollments.completedAt,
          surveySubmitted: sql<boolean>`exists (select 1 from survey_responses sr where sr.user_id = enrollments.user_id and sr.course_id = enrollments.course_id)`,
          certificateId: sql<string | null>`(select ce.id from certificates ce where ce.user_id = enrollments.user_id and ce.course_id = enrollments.course_id limit 1)`,
        })
        .from(t.enrollments)
        .where(and(eq(t.enrollments.userId, userId), eq(t.enrollments.courseId, courseId)))
        .limit(1);
      return row ?? null;
    },

    /** Every module, section and asset of the course, in order (modules and sections without children included). */
    async outline(courseId: number) {
      return db
        .select({
          moduleId: t.courseModules.id,
          moduleTitle: t.courseModules.title,
          sectionId: t.courseSections.id,
          sectionTitle: t.courseSections.title,
          assetId: t.courseAssets.id,
          assetType: t.courseAssets.assetType,
          assetTitle: t.courseAssets.title,
          url: t.courseAssets.url,
          body: t.courseAssets.body,
          quiz: t.courseAssets.quiz,
          duration: t.courseAssets.duration,
        })
        .from(t.courseModules)
        .leftJoin(t.courseSections, eq(t.courseSections.moduleId, t.courseModules.id))
        .leftJoin(t.courseAssets, eq(t.courseAssets.sectionId, t.courseSections.id))
        .where(eq(t.courseModules.courseId, courseId))
        .orderBy(
          asc(t.courseModules.position),
          asc(t.courseModules.id),
          asc(t.courseSections.position),
          asc(t.courseSections.id),
          asc(t.courseAssets.position),
          asc(t.courseAssets.id),
        );
    },

    async sectionProgress(userId: string, courseId: number) {
      return db
        .select({ sectionId: t.sectionProgress.sectionId, isCompleted: t.sectionProgress.isCompleted, secondsWatched: t.sectionProgress.secondsWatched })
        .from(t.sectionProgress)
        .where(and(eq(t.sectionProgress.userId, userId), eq(t.sectionProgress.courseId, courseId)));
    },

    /**
     * Where a progress event points: null when the module is not the course's; `sectionId` null
     * when the section is not the module's. `isQuiz`: the section holds a quiz.
     */
    async placeInCourse(courseId: number, moduleId: number, sectionId: number) {
      const [row] = await db
        .select({
          moduleId: t.courseModules.id,
          sectionId: t.courseSections.id,
          isQuiz: sql<boolean>`exists (select 1 from course_assets a where a.section_id = ${sectionId} and a.asset_type = ${QUIZ})`,
        })
        .from(t.courseModules)
        .leftJoin(t.courseSections, and(eq(t.courseSections.moduleId, t.courseModules.id), eq(t.courseSections.id, sectionId)))
        .where(and(eq(t.courseModules.id, moduleId), eq(t.courseModules.courseId, courseId)))
        .limit(1);
      return row ?? null;
    },

    /** The stored quiz of a quiz asset in that section, module and course; null when it is not there. */
    async quizAsset(assetId: number, courseId: number, moduleId: number, sectionId: number) {
      const [row] = await db
        .select({ quiz: t.courseAssets.quiz })
        .from(t.courseAssets)
        .innerJoin(t.courseSections, eq(t.courseSections.id, t.courseAssets.sectionId))
        .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId))
        .where(
          and(
            eq(t.courseAssets.id, assetId),
            eq(t.courseAssets.assetType, QUIZ),
            eq(t.courseSections.id, sectionId),
            eq(t.courseModules.id, moduleId),
            eq(t.courseModules.courseId, courseId),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Locks the enrolment row for the rest of the transaction, so one learner's events on a course apply one at a time. */
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

    /** Records an event id; false when it had been recorded before (a replay). */
    async recordEvent(event: { id: string; userId: string; courseId: number; kind: 'progress' | 'quiz' | 'survey'; at: Date; receivedAt: Date }) {
      const rows = await db
        .insert(t.learnerEvents)
        .values({ id: event.id, userId: event.userId, courseId: event.courseId, kind: event.kind, clientTime: event.at, receivedAt: event.receivedAt })
        .onConflictDoNothing()
        .returning({ id: t.learnerEvents.id });
      return rows.length === 1;
    },

    /**
     * mergeSection (shared/domain/progress.ts) as one upsert: completion never reverts; the video
     * position is taken only from a newer event. `secondsWatched` null leaves the position alone.
     */
    async mergeSection(p: { userId: string; courseId: number; sectionId: number; isCompleted: boolean; secondsWatched: number | null; at: Date }) {
      const newer =
        p.secondsWatched === null ? sql`false` : sql`(section_progress.position_at is null or excluded.position_at > section_progress.position_at)`;
      await db
        .insert(t.sectionProgress)
        .values({
          userId: p.userId,
          sectionId: p.sectionId,
          courseId: p.courseId,
          isCompleted: p.isCompleted,
          completedAt: p.isCompleted ? p.at : null,
          secondsWatched: p.secondsWatched ?? 0,
          positionAt: p.secondsWatched === null ? null : p.at,
        })
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

    /** Sets completed_at once, when the course has sections and every one is complete. */
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

    /** What a progress answer reports about a section, its module and its course for this learner. */
    async progressState(userId: string, courseId: number, moduleId: number, sectionId: number) {
      const [row] = await db
        .select({
          sectionCompleted: sql<boolean>`coalesce((select sp.is_completed from section_progress sp where sp.user_id = enrollments.user_id and sp.section_id = ${sectionId}), false)`,
          moduleSections: sql<number>`(select count(*) from course_sections s where s.module_id = ${moduleId})`.mapWith(Number),
          moduleCompleted: sql<number>`(select count(*) from section_progress sp join course_sections s on s.id = sp.section_id
            where s.module_id = ${moduleId} and sp.user_id = enrollments.user_id and sp.is_completed)`.mapWith(Number),
          sections: sectionCount(sql`enrollments.course_id`),
          completedSections: completedCount(sql`enrollments.user_id`, sql`enrollments.course_id`),
          completedAt: t.enrollments.completedAt,
          hasSurvey: surveyOpen,
          surveySubmitted: sql<boolean>`exists (select 1 from survey_responses sr where sr.user_id = enrollments.user_id and sr.course_id = enrollments.course_id)`,
        })
        .from(t.enrollments)
        .innerJoin(t.courses, eq(t.courses.id, t.enrollments.courseId))
        .where(and(eq(t.enrollments.userId, userId), eq(t.enrollments.courseId, courseId)))
        .limit(1);
      return row ?? null;
    },

    async insertQuizAttempt(attempt: typeof t.quizAttempts.$inferInsert) {
      await db.insert(t.quizAttempts).values(attempt).onConflictDoNothing();
    },

    async quizAttempt(id: string, userId: string) {
      const [row] = await db
        .select({ score: t.quizAttempts.score, correct: t.quizAttempts.correct, total: t.quizAttempts.total, passed: t.quizAttempts.passed })
        .from(t.quizAttempts)
        .where(and(eq(t.quizAttempts.id, id), eq(t.quizAttempts.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    // ── Surveys ──────────────────────────────────────────────────────────────────────────────

    /** The open survey assigned to the course, or null. */
    async courseSurvey(courseId: number) {
      const [row] = await db
        .select({ id: t.surveys.id, title: t.surveys.title, description: t.surveys.description })
        .from(t.courses)
        .innerJoin(t.surveys, eq(t.surveys.id, t.courses.surveyId))
        .where(and(eq(t.courses.id, courseId), eq(t.courses.hasSurvey, true), eq(t.surveys.isActive, true), eq(t.surveys.draft, false)))
        .limit(1);
      return row ?? null;
    },

    /** The survey's questions with their options, one row per option (or per question without options), in order. */
    async surveyQuestions(surveyId: number) {
      return db
        .select({
          questionId: t.surveyQuestions.id,
          question: t.surveyQuestions.question,
          questionType: t.surveyQuestions.questionType,
          optionId: t.surveyQuestionOptions.id,
          option: t.surveyQuestionOptions.option,
          minValue: t.surveyQuestionOptions.minValue,
          maxValue: t.surveyQuestionOptions.maxValue,
          step: t.surveyQuestionOptions.step,
        })
        .from(t.surveyQuestions)
        .leftJoin(t.surveyQuestionOptions, eq(t.surveyQuestionOptions.questionId, t.surveyQuestions.id))
        .where(eq(t.surveyQuestions.surveyId, surveyId))
        .orderBy(asc(t.surveyQuestions.position), asc(t.surveyQuestions.id), asc(t.surveyQuestionOptions.position), asc(t.surveyQuestionOptions.id));
    },

    async hasSurveyResponse(userId: string, courseId: number): Promise<boolean> {
      const rows = await db
        .select({ id: t.surveyResponses.id })
        .from(t.surveyResponses)
        .where(and(eq(t.surveyResponses.userId, userId), eq(t.surveyResponses.courseId, courseId)))
        .limit(1);
      return rows.length > 0;
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

/** The queries, bound to the database or to one transaction. */
export type LearningQueries = ReturnType<typeof queries>;

export function createLearningRepository(db: Database) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (tx: LearningQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx)));
    },
  };
}

export type LearningRepository = ReturnType<typeof createLearningRepository>;
