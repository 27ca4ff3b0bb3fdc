// Course authoring's data (Drizzle only; the rules are in authoring.service.ts). Authoring writes
// the same `courses` row the learner catalogue, player and checkout read.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import { copyAsRevision, openRevisionOf } from '../db/course-revisions';
import { isUniqueViolation } from '../db/errors';
import * as t from '../db/schema';

export type CourseInsert = typeof t.courses.$inferInsert;

export interface AuthoredCourseRow {
  id: number;
  title: string;
  description: string;
  courseCategoryId: number;
  courseCategoryName: string;
  courseType: number;
  startDate: Date | null;
  institutionId: number;
  institution: string;
  institutionFullName: string;
  isPaid: boolean;
  hasSurvey: boolean;
  surveyId: number | null;
  /** The chosen survey is still active and finished (a course is submitted only with such a one). */
  surveyOpen: boolean;
  headline: string | null;
  overview: string | null;
  courseLevel: number | null;
  languageId: number | null;
  objectives: string | null;
  effort: string | null;
  instructorName: string | null;
  thumbnailUrl: string | null;
  bannerUrl: string | null;
  promoVideoUrl: string | null;
  promote: boolean;
  basePriceKobo: number;
  vatKobo: number;
  gatewayChargeKobo: number;
  priceKobo: number;
  approvalStatus: number;
  draft: boolean;
  stepNo: number;
  reviewLevel: number;
  reviewApprovedBy: string[];
  /** The reviewer's comment when the course was last rejected, if no submission followed it (decision 043). */
  reviewComment: string | null;
  /** Set on a revision of a published course (decision 048). */
  revisionOfCourseId: number | null;
  /** Separation of duties (decision 076): who created the course and who last saved it. */
  createdByUserId: string | null;
  editedByUserId: string | null;
  /** A course of the platform itself. */
  institutionIsPlatform: boolean;
}

/** Every authoring save names its author, so nobody approves a course they last edited (decision 076). */
export type CourseEdit = Partial<CourseInsert> & { editedByUserId: string };

export type ReviewEventInsert = Omit<typeof t.courseReviewEvents.$inferInsert, 'courseId'>;

export type AuthoringRepository = ReturnType<typeof createAuthoringRepository>;

export function createAuthoringRepository(db: Database) {
  const findIn = async (handle: Database, id: number): Promise<AuthoredCourseRow | null> => {
    const [row] = await handle
      .select({
        id: t.courses.id,
        title: t.courses.title,
        description: t.courses.description,
        courseCategoryId: t.courses.courseCategoryId,
        courseCategoryName: t.courseCategories.name,
        courseType: t.courses.courseType,
        startDate: t.courses.startDate,
        institutionId: t.courses.institutionId,
        institution: t.institutions.name,
        institutionFullName: t.institutions.fullName,
        isPaid: t.courses.isPaid,
        hasSurvey: t.courses.hasSurvey,
        surveyId: t.courses.surveyId,
        surveyOpen: sql<boolean>`coalesce(${t.surveys.isActive} and not ${t.surveys.draft}, false)`,
        headline: t.courses.headline,
        overview: t.courses.overview,
        courseLevel: t.courses.courseLevel,
        languageId: t.courses.languageId,
        objectives: t.courses.objectives,
        effort: t.courses.effort,
        instructorName: t.courses.instructorName,
        thumbnailUrl: t.courses.thumbnailUrl,
        bannerUrl: t.courses.bannerUrl,
        promoVideoUrl: t.courses.promoVideoUrl,
        promote: t.courses.promote,
        basePriceKobo: t.courses.basePriceKobo,
        vatKobo: t.courses.vatKobo,
        gatewayChargeKobo: t.courses.gatewayChargeKobo,
        priceKobo: t.courses.priceKobo,
        approvalStatus: t.courses.approvalStatus,
        draft: t.courses.draft,
        stepNo: t.courses.stepNo,
        reviewLevel: t.courses.reviewLevel,
        reviewApprovedBy: t.courses.reviewApprovedBy,
        revisionOfCourseId: t.courses.revisionOfCourseId,
        createdByUserId: t.courses.createdByUserId,
        editedByUserId: t.courses.editedByUserId,
        institutionIsPlatform: t.institutions.isPlatform,
        // The latest rejection's comment, unless the course has been submitted again since.
        reviewComment: sql<string | null>`(select e.comment from ${t.courseReviewEvents} e where e.course_id = ${t.courses.id} and e.action in ('reject', 'submit') order by e.created_at desc, e.id desc limit 1)`,
      })
      .from(t.courses)
      .innerJoin(t.courseCategories, eq(t.courseCategories.id, t.courses.courseCategoryId))
      .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
      .leftJoin(t.surveys, eq(t.surveys.id, t.courses.surveyId))
      .where(eq(t.courses.id, id));
    return row ?? null;
  };

  return {
    find: (id: number) => findIn(db, id),

    async category(id: number) {
      const [row] = await db.select().from(t.courseCategories).where(eq(t.courseCategories.id, id));
      return row ?? null;
    },

    async partner(id: number) {
      const [row] = await db
        .select({ id: t.institutions.id, name: t.institutions.name, fullName: t.institutions.fullName, isPlatform: t.institutions.isPlatform, isActive: t.institutions.isActive })
        .from(t.institutions)
        .where(eq(t.institutions.id, id));
      return row ?? null;
    },

    async language(id: number) {
      const [row] = await db.select().from(t.languages).where(eq(t.languages.id, id));
      return row ?? null;
    },

    /** Whatever the case it is typed in: the stored spelling is what the course keeps. */
    async activeInstructor(institutionId: number, name: string) {
      const [row] = await db
        .select()
        .from(t.instructors)
        .where(and(eq(t.instructors.institutionId, institutionId), sql`lower(${t.instructors.name}) = lower(${name})`, eq(t.instructors.isActive, true)))
        .orderBy(asc(t.instructors.id))
        .limit(1);
      return row ?? null;
    },

    /** A content library file by its guid (the promotional video's), with its owner and type. */
    async libraryFile(guid: string) {
      const [row] = await db
        .select({ guid: t.libraryFiles.guid, institutionId: t.libraryFiles.institutionId, fileType: t.libraryFiles.fileType, contentType: t.libraryFiles.contentType, sizeBytes: t.libraryFiles.sizeBytes, storageKey: t.libraryFiles.storageKey })
        .from(t.libraryFiles)
        .where(eq(t.libraryFiles.guid, guid));
      return row ?? null;
    },

    instructors(filters: { institutionId: number | null; isActive?: boolean }) {
      const conditions: SQL[] = [];
      if (filters.institutionId !== null) conditions.push(eq(t.instructors.institutionId, filters.institutionId));
      if (filters.isActive !== undefined) conditions.push(eq(t.instructors.isActive, filters.isActive));
      return db
        .select({ id: t.instructors.id, name: t.instructors.name, institutionId: t.instructors.institutionId, isActive: t.instructors.isActive })
        .from(t.instructors)
        .where(and(...conditions))
        .orderBy(asc(t.instructors.name), asc(t.instructors.id));
    },

    create(values: CourseInsert & { createdByUserId: string; editedByUserId: string }, audit: (id: number) => AuditRow) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(t.courses).values(values).returning({ id: t.courses.id });
        await tx.insert(t.auditTrail).values(audit(row!.id));
        return row!.id;
      });
    },

    /**
     * Changes a course that is still a draft; null when it no longer is (someone submitted it
     * meanwhile). A review event (the submission) is written in the same transaction.
     */
    update(id: number, values: CourseEdit, auditRow: AuditRow, reviewEvent?: ReviewEventInsert) {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(t.courses)
          .set(values)
          .where(and(eq(t.courses.id, id), eq(t.courses.draft, true)))
          .returning({ id: t.courses.id });
        if (!changed.length) return null;
        await tx.insert(t.auditTrail).values(auditRow);
        if (reviewEvent) await tx.insert(t.courseReviewEvents).values({ ...reviewEvent, courseId: id });
        return findIn(tx, id);
      });
    },

    /** The open revision of a published course (decision 048), if any. */
    openRevision: (courseId: number) => openRevisionOf(db, courseId),

    /**
     * Makes the revision of a published course, under the course's row lock, with its audit row.
     * Null when the course is no longer published or another revision appeared meanwhile (the
     * caller asks again); the unique index on revision_of_course_id stops a second one in a race.
     */
    async createRevision(courseId: number, now: Date, userId: string, audit: (revisionId: number) => AuditRow): Promise<number | null> {
      try {
        return await db.transaction(async (tx) => {
          const [locked] = await tx
            .select({ draft: t.courses.draft, approvalStatus: t.courses.approvalStatus })
            .from(t.courses)
            .where(eq(t.courses.id, courseId))
            .for('update');
          if (!locked || locked.draft || locked.approvalStatus !== 2 || (await openRevisionOf(tx, courseId))) return null;
          const revisionId = await copyAsRevision(tx, courseId, now, userId);
          await tx.insert(t.auditTrail).values(audit(revisionId));
          return revisionId;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /**
     * A rejected course becomes a draft again for its author (the lifecycle's 'edit'); null when it
     * is no longer rejected (another author reopened it, or it changed meanwhile).
     */
    reopen(id: number, values: Partial<CourseInsert>, reviewEvent: ReviewEventInsert) {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(t.courses)
          .set(values)
          .where(and(eq(t.courses.id, id), eq(t.courses.draft, false), eq(t.courses.approvalStatus, reviewEvent.fromStatus)))
          .returning({ id: t.courses.id });
        if (!changed.length) return null;
        await tx.insert(t.courseReviewEvents).values({ ...reviewEvent, courseId: id });
        return findIn(tx, id);
      });
    },
  };
}
