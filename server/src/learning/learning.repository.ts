// Drizzle queries for studying: the learner's courses with their progress, a course's content,
// its survey. Applying learner events has its own queries (learner-events.repository.ts).
//
// Subqueries name their tables explicitly (`enrollments.course_id`, aliases inside): Drizzle
// leaves columns unqualified in some single-table statements, where a bare name inside a
// subquery would silently bind to the subquery's own table.
import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { courseOutline, surveyQuestionRows } from '../db/shared-queries';

/** Sections of the course `course` (an SQL expression for its id). */
export const sectionCount = (course: SQL) =>
  sql<number>`(select count(*) from course_sections s join course_modules m on m.id = s.module_id where m.course_id = ${course})`.mapWith(Number);

/** Of those, the ones `user` has completed. */
export const completedCount = (user: SQL, course: SQL) =>
  sql<number>`(select count(*) from section_progress sp join course_sections s on s.id = sp.section_id join course_modules m on m.id = s.module_id
    where m.course_id = ${course} and sp.user_id = ${user} and sp.is_completed)`.mapWith(Number);

/** The course (joined as `courses`) has a survey a learner can answer: assigned, active, not a draft. */
export const surveyOpen = sql<boolean>`(courses.has_survey and exists (select 1 from surveys sv where sv.id = courses.survey_id and sv.is_active and not sv.draft))`;

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
export type { OutlineRow } from '../db/shared-queries';

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
    outline(courseId: number) {
      return courseOutline(db, courseId);
    },

    async sectionProgress(userId: string, courseId: number) {
      return db
        .select({ sectionId: t.sectionProgress.sectionId, isCompleted: t.sectionProgress.isCompleted, secondsWatched: t.sectionProgress.secondsWatched })
        .from(t.sectionProgress)
        .where(and(eq(t.sectionProgress.userId, userId), eq(t.sectionProgress.courseId, courseId)));
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
    surveyQuestions: (surveyId: number) => surveyQuestionRows(db, surveyId),

    async hasSurveyResponse(userId: string, courseId: number): Promise<boolean> {
      const rows = await db
        .select({ id: t.surveyResponses.id })
        .from(t.surveyResponses)
        .where(and(eq(t.surveyResponses.userId, userId), eq(t.surveyResponses.courseId, courseId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type LearningQueries = ReturnType<typeof queries>;

export const createLearningRepository = queries;

export type LearningRepository = ReturnType<typeof createLearningRepository>;
