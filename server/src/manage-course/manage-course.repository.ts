// Manage Courses' data (Drizzle only; decision 045). Views are read from learner_events: the
// player's progress, quiz and survey events, one row per event, each with the learner's client
// time (clamped to the server's clock when it arrived, decision 008).
import { and, asc, count, countDistinct, desc, eq, gte, ilike, lte, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TRANSACTION_STATUS } from '@rivet/shared/api/payment';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { notARevision } from '../db/shared-queries';

export type ManageCourseRepository = ReturnType<typeof createManageCourseRepository>;

export interface CardFilters {
  institutionId: number | null;
  draft: boolean;
  /** Only programs: featured courses (promote = true, decision 006). */
  programs?: boolean;
  search: string;
  page: number;
  pageSize: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Lagos has no daylight saving: its calendar day is the UTC day an hour later. */
const lagosDay = sql<string>`to_char((${t.learnerEvents.clientTime} at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD')`;

/** A published course's open revision (decision 048): at most one, by the unique index. */
const revision = alias(t.courses, 'revision');

export function createManageCourseRepository(db: Database) {
  function cards(where: SQL | undefined) {
    const modules = db.$with('module_counts').as(db.select({ courseId: t.courseModules.courseId, n: count().as('n') }).from(t.courseModules).groupBy(t.courseModules.courseId));
    return db
      .with(modules)
      .select({
        courseId: t.courses.id,
        title: t.courses.title,
        description: t.courses.description,
        modules: sql<number>`coalesce(${modules.n}, 0)::int`,
        duration: t.courses.durationMinutes,
        courseLevel: t.courses.courseLevel,
        isPaid: t.courses.isPaid,
        priceKobo: t.courses.priceKobo,
        thumbnailUrl: t.courses.thumbnailUrl,
        institutionId: t.courses.institutionId,
        institution: t.institutions.name,
        draft: t.courses.draft,
        approvalStatus: t.courses.approvalStatus,
        isActive: t.courses.isActive,
        publishDate: t.courses.publishDate,
        courseCategoryName: t.courseCategories.name,
        revisionId: revision.id,
        revisionDraft: revision.draft,
        revisionApprovalStatus: revision.approvalStatus,
        revisionReviewLevel: revision.reviewLevel,
      })
      .from(t.courses)
      .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
      .innerJoin(t.courseCategories, eq(t.courseCategories.id, t.courses.courseCategoryId))
      .leftJoin(modules, eq(modules.courseId, t.courses.id))
      .leftJoin(revision, eq(revision.revisionOfCourseId, t.courses.id))
      .where(where);
  }

  return {
    async list(filters: CardFilters) {
      const conditions: SQL[] = [eq(t.courses.draft, filters.draft), notARevision()];
      if (filters.institutionId !== null) conditions.push(eq(t.courses.institutionId, filters.institutionId));
      if (filters.search) conditions.push(ilike(t.courses.title, `%${escapeLike(filters.search)}%`));
      if (filters.programs) conditions.push(eq(t.courses.promote, true));
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(t.courses).where(where);
      const rows = await cards(where)
        .orderBy(desc(sql`coalesce(${t.courses.publishDate}, ${t.courses.updatedAt})`), desc(t.courses.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize);
      return { rows, total: total?.n ?? 0 };
    },

    /** Course/List: a partner's (or every partner's) courses by title, one page or all. */
    async titles(filters: { institutionId: number | null; isActive?: boolean; page: number; pageSize: number | null }) {
      const conditions: SQL[] = [notARevision()];
      if (filters.institutionId !== null) conditions.push(eq(t.courses.institutionId, filters.institutionId));
      if (filters.isActive !== undefined) conditions.push(eq(t.courses.isActive, filters.isActive));
      const where = and(...conditions);
      const query = db
        .select({ id: t.courses.id, title: t.courses.title, institutionId: t.courses.institutionId, isActive: t.courses.isActive, draft: t.courses.draft, approvalStatus: t.courses.approvalStatus })
        .from(t.courses)
        .where(where)
        .orderBy(asc(t.courses.title), asc(t.courses.id))
        .$dynamic();
      const rows = filters.pageSize === null ? await query : await query.limit(filters.pageSize).offset((filters.page - 1) * filters.pageSize);
      const [total] = await db.select({ n: count() }).from(t.courses).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async card(courseId: number) {
      const [row] = await cards(eq(t.courses.id, courseId));
      return row ?? null;
    },

    async owner(courseId: number) {
      const [row] = await db.select({ institutionId: t.courses.institutionId }).from(t.courses).where(eq(t.courses.id, courseId));
      return row ?? null;
    },

    /** Learners studying the course per Lagos day in [from, to]: each learner once a day. */
    async viewsByDay(courseId: number, from: Date, to: Date) {
      const rows = await db
        .select({ day: lagosDay, learners: countDistinct(t.learnerEvents.userId) })
        .from(t.learnerEvents)
        .where(and(eq(t.learnerEvents.courseId, courseId), gte(t.learnerEvents.clientTime, from), lte(t.learnerEvents.clientTime, to)))
        .groupBy(lagosDay);
      return new Map(rows.map((r) => [r.day, Number(r.learners)]));
    },

    /** Enrolled learners with any event on the course in [from, to]. */
    async activeStudents(courseId: number, from: Date, to: Date) {
      const [row] = await db
        .select({ n: countDistinct(t.learnerEvents.userId) })
        .from(t.learnerEvents)
        .innerJoin(t.enrollments, and(eq(t.enrollments.userId, t.learnerEvents.userId), eq(t.enrollments.courseId, t.learnerEvents.courseId)))
        .where(and(eq(t.learnerEvents.courseId, courseId), gte(t.learnerEvents.clientTime, from), lte(t.learnerEvents.clientTime, to)));
      return Number(row?.n ?? 0);
    },

    async totalStudents(courseId: number) {
      const [row] = await db.select({ n: count() }).from(t.enrollments).where(eq(t.enrollments.courseId, courseId));
      return row?.n ?? 0;
    },

    /** What learners paid for the course, in kobo (successful payments). */
    async amountPaidKobo(courseId: number) {
      const [row] = await db
        .select({ kobo: sum(t.paymentTransactions.amountKobo) })
        .from(t.paymentTransactions)
        .where(and(eq(t.paymentTransactions.courseId, courseId), eq(t.paymentTransactions.status, TRANSACTION_STATUS.successful)));
      return Number(row?.kobo ?? 0);
    },

    /** A partner's share of the course's sales from the payment ledger, in kobo. */
    async partnerShareKobo(courseId: number, institutionId: number) {
      const [row] = await db
        .select({ kobo: sum(t.paymentSplits.amountKobo) })
        .from(t.paymentSplits)
        .innerJoin(t.paymentTransactions, eq(t.paymentTransactions.id, t.paymentSplits.paymentId))
        .where(and(eq(t.paymentTransactions.courseId, courseId), eq(t.paymentSplits.institutionId, institutionId)));
      return Number(row?.kobo ?? 0);
    },

    /** Flips is_active under a row lock with its audit row; null when there is no such course. */
    toggle(courseId: number, scopeInstitutionId: number | null, audit: (isActive: boolean) => AuditRow) {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select({ institutionId: t.courses.institutionId, isActive: t.courses.isActive }).from(t.courses).where(eq(t.courses.id, courseId)).for('update');
        if (!locked || (scopeInstitutionId !== null && locked.institutionId !== scopeInstitutionId)) return null;
        const isActive = !locked.isActive;
        await tx.update(t.courses).set({ isActive, updatedAt: new Date() }).where(eq(t.courses.id, courseId));
        await tx.insert(t.auditTrail).values(audit(isActive));
        return { isActive };
      });
    },
  };
}
