// Course review's data (Drizzle only; the rules are the lifecycle's, applied in review.service.ts).
// A transition runs in one transaction: the course row is locked (SELECT … FOR UPDATE), its
// partner's active workflow for its category read, the service decides, and the new stage, the
// review event and the audit row are written before the lock is released (decision 043).
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { WorkflowLevel } from '@rivet/shared/domain/course-lifecycle';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import { applyRevision, referencedCourseFiles, type AppliedRevision } from '../db/course-revisions';
import * as t from '../db/schema';
import { containing, fittingRevenueFormulas, revenueFormulaFor } from '../db/shared-queries';

export interface LockedCourse {
  id: number;
  title: string;
  institutionId: number;
  institution: string;
  /** The partner's full name ("University of Lagos"): what refusals name. */
  institutionFullName: string;
  /** A course of the platform itself. */
  isPlatform: boolean;
  /** Separation of duties (decision 076): neither may review it. */
  createdByUserId: string | null;
  editedByUserId: string | null;
  courseCategoryId: number;
  draft: boolean;
  approvalStatus: number;
  reviewLevel: number;
  reviewApprovedBy: string[];
  /** Set on a revision of a published course (decision 048). */
  revisionOfCourseId: number | null;
  author: { email: string; firstName: string } | null;
}

/** What the service decided: the columns to store, the review event, the audit row. */
export interface ReviewWrite {
  values: Partial<typeof t.courses.$inferInsert>;
  event: Omit<typeof t.courseReviewEvents.$inferInsert, 'courseId'>;
  audit: AuditRow;
  /** An approved revision: write it over its published course (decision 048), with this audit row. */
  applyRevision?: { now: Date; audit: (applied: AppliedRevision) => AuditRow };
}

export interface ListFilters {
  institutionId: number | null;
  statuses: number[];
  title: string;
  courseCategoryId: number | null;
  /** Which date the range applies to. */
  dateColumn: 'submittedAt' | 'publishDate';
  from: Date | null;
  /** Exclusive. */
  to: Date | null;
  page: number;
  pageSize: number;
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;

/** The revenue formula an approval names, as judged inside its transaction (decision 076). */
export interface JudgedFormula {
  id: number;
  name: string;
  isActive: boolean;
  /** Names the course's partner (or, for a course of the platform itself, no partner). */
  fits: boolean;
}

/** A course whose formula QA re-picks, locked (decision 076). */
export interface RepickCourse {
  id: number;
  title: string;
  institutionId: number;
  institutionFullName: string;
  isPlatform: boolean;
  draft: boolean;
  approvalStatus: number;
  revenueFormulaRepickFromId: number | null;
  createdByUserId: string | null;
  editedByUserId: string | null;
}


async function workflowIn(handle: Database, institutionId: number, courseCategoryId: number): Promise<WorkflowLevel[] | null> {
  const rows = await handle
    .select({ levelId: t.workflowLevels.id, levelNo: t.workflowLevels.levelNo, approvals: t.workflowLevels.approvals, userId: t.workflowLevelUsers.userId })
    .from(t.approvalWorkflows)
    .innerJoin(t.workflowLevels, eq(t.workflowLevels.workflowId, t.approvalWorkflows.id))
    .leftJoin(t.workflowLevelUsers, eq(t.workflowLevelUsers.levelId, t.workflowLevels.id))
    .where(and(eq(t.approvalWorkflows.institutionId, institutionId), eq(t.approvalWorkflows.courseCategoryId, courseCategoryId), eq(t.approvalWorkflows.isActive, true)))
    .orderBy(asc(t.workflowLevels.levelNo));
  if (!rows.length) return null;
  const levels = new Map<number, { approvals: number; userIds: string[] }>();
  for (const row of rows) {
    const level = levels.get(row.levelId) ?? { approvals: row.approvals, userIds: [] };
    if (row.userId) level.userIds.push(row.userId);
    levels.set(row.levelId, level);
  }
  return [...levels.values()];
}

export function createReviewRepository(db: Database) {
  return {
    /** The course's partner's active workflow for its category, outside a transition (the console's hint). */
    workflow: (institutionId: number, courseCategoryId: number) => workflowIn(db, institutionId, courseCategoryId),

    async course(id: number) {
      const [row] = await db.select({ id: t.courses.id, institutionId: t.courses.institutionId }).from(t.courses).where(eq(t.courses.id, id));
      return row ?? null;
    },

    /**
     * Locks the course, reads its workflow (and whether `revenueId` is an active formula) and lets
     * `decide` answer what to write; a thrown error rolls everything back. Returns what decide kept.
     */
    transition<R>(
      courseId: number,
      revenueId: number | null,
      decide: (course: LockedCourse, workflow: WorkflowLevel[] | null, revenue: JudgedFormula | null) => { write: ReviewWrite; result: R },
    ): Promise<{ course: LockedCourse; result: R; applied: AppliedRevision | null } | null> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({
            id: t.courses.id,
            title: t.courses.title,
            institutionId: t.courses.institutionId,
            courseCategoryId: t.courses.courseCategoryId,
            draft: t.courses.draft,
            approvalStatus: t.courses.approvalStatus,
            reviewLevel: t.courses.reviewLevel,
            reviewApprovedBy: t.courses.reviewApprovedBy,
            revisionOfCourseId: t.courses.revisionOfCourseId,
            submittedByUserId: t.courses.submittedByUserId,
            createdByUserId: t.courses.createdByUserId,
            editedByUserId: t.courses.editedByUserId,
          })
          .from(t.courses)
          .where(eq(t.courses.id, courseId))
          .for('update');
        if (!locked) return null;
        const [partner] = await tx.select({ name: t.institutions.name, fullName: t.institutions.fullName, isPlatform: t.institutions.isPlatform }).from(t.institutions).where(eq(t.institutions.id, locked.institutionId));
        const [author] = locked.submittedByUserId
          ? await tx.select({ email: t.users.email, firstName: t.users.firstName }).from(t.users).where(eq(t.users.id, locked.submittedByUserId))
          : [];
        const course: LockedCourse = {
          ...locked,
          reviewApprovedBy: locked.reviewApprovedBy ?? [],
          institution: partner?.name ?? '',
          institutionFullName: partner?.fullName ?? '',
          isPlatform: partner?.isPlatform ?? false,
          author: author ?? null,
        };
        const workflow = await workflowIn(tx, locked.institutionId, locked.courseCategoryId);
        // Held (FOR SHARE) until the approval commits: a deactivation waits for it (decision 042).
        const revenue = revenueId ? await revenueFormulaFor(tx, revenueId, course, { lock: true }) : null;
        const { write, result } = decide(course, workflow, revenue);
        let applied: AppliedRevision | null = null;
        await tx.update(t.courses).set(write.values).where(eq(t.courses.id, courseId));
        await tx.insert(t.courseReviewEvents).values({ ...write.event, courseId });
        await tx.insert(t.auditTrail).values(write.audit);
        if (write.applyRevision && locked.revisionOfCourseId !== null) {
          // The published course is locked too, so a toggle or another approval waits for the swap.
          await tx.select({ id: t.courses.id }).from(t.courses).where(eq(t.courses.id, locked.revisionOfCourseId)).for('update');
          applied = await applyRevision(tx, courseId, locked.revisionOfCourseId, write.applyRevision.now);
          await tx.insert(t.auditTrail).values(write.applyRevision.audit(applied));
        }
        return { course, result, applied };
      });
    },

    /** Which of these course file addresses a course or lesson asset still names (decision 059). */
    filesInUse: (urls: readonly string[]) => referencedCourseFiles(db, urls),

    async list(filters: ListFilters) {
      const conditions: SQL[] = [eq(t.courses.draft, false), inArray(t.courses.approvalStatus, filters.statuses)];
      if (filters.institutionId !== null) conditions.push(eq(t.courses.institutionId, filters.institutionId));
      if (filters.courseCategoryId !== null) conditions.push(eq(t.courses.courseCategoryId, filters.courseCategoryId));
      if (filters.title) conditions.push(ilike(t.courses.title, containing(filters.title)));
      const dateColumn = filters.dateColumn === 'publishDate' ? t.courses.publishDate : t.courses.submittedAt;
      if (filters.from) conditions.push(gte(dateColumn, filters.from));
      if (filters.to) conditions.push(lt(dateColumn, filters.to));
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(t.courses).where(where);
      const modules = db.$with('module_counts').as(db.select({ courseId: t.courseModules.courseId, n: count().as('n') }).from(t.courseModules).groupBy(t.courseModules.courseId));
      const rows = await db
        .with(modules)
        .select({
          courseId: t.courses.id,
          title: t.courses.title,
          description: t.courses.description,
          modules: sql<number>`coalesce(${modules.n}, 0)::int`,
          duration: t.courses.durationMinutes,
          courseLevel: t.courses.courseLevel,
          courseCategoryId: t.courses.courseCategoryId,
          courseCategoryName: t.courseCategories.name,
          institutionId: t.courses.institutionId,
          institution: t.institutions.name,
          thumbnailUrl: t.courses.thumbnailUrl,
          publishDate: t.courses.publishDate,
          submittedAt: t.courses.submittedAt,
          isPaid: t.courses.isPaid,
          priceKobo: t.courses.priceKobo,
          approvalStatus: t.courses.approvalStatus,
          reviewLevel: t.courses.reviewLevel,
          reviewApprovedBy: t.courses.reviewApprovedBy,
          revisionOfCourseId: t.courses.revisionOfCourseId,
          createdByUserId: t.courses.createdByUserId,
          editedByUserId: t.courses.editedByUserId,
          institutionFullName: t.institutions.fullName,
          isPlatform: t.institutions.isPlatform,
          repickFromId: t.courses.revenueFormulaRepickFromId,
          repickFromName: sql<string | null>`(select f.name from ${t.revenueFormulas} f where f.id = ${t.courses.revenueFormulaRepickFromId})`,
          comment: sql<string | null>`(select e.comment from ${t.courseReviewEvents} e where e.course_id = ${t.courses.id} and e.action = 'reject' order by e.created_at desc, e.id desc limit 1)`,
        })
        .from(t.courses)
        .innerJoin(t.courseCategories, eq(t.courseCategories.id, t.courses.courseCategoryId))
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .leftJoin(modules, eq(modules.courseId, t.courses.id))
        .where(where)
        .orderBy(desc(dateColumn), desc(t.courses.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize);
      return { rows, total: total?.n ?? 0 };
    },

    /** Every active workflow of these partners, by partner and category (the lists' canReview). */
    async workflows(institutionIds: number[]) {
      if (!institutionIds.length) return new Map<string, WorkflowLevel[]>();
      const pairs = await db
        .select({ institutionId: t.approvalWorkflows.institutionId, courseCategoryId: t.approvalWorkflows.courseCategoryId })
        .from(t.approvalWorkflows)
        .where(and(inArray(t.approvalWorkflows.institutionId, institutionIds), eq(t.approvalWorkflows.isActive, true)));
      const out = new Map<string, WorkflowLevel[]>();
      for (const p of pairs) {
        const levels = await workflowIn(db, p.institutionId, p.courseCategoryId);
        if (levels) out.set(`${p.institutionId}:${p.courseCategoryId}`, levels);
      }
      return out;
    },

    /** A course as QA's formula choices need it: whose it is. */
    async formulaCourse(courseId: number) {
      const [row] = await db
        .select({ courseId: t.courses.id, institutionId: t.courses.institutionId, partner: t.institutions.fullName, isPlatform: t.institutions.isPlatform })
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .where(eq(t.courses.id, courseId));
      return row ?? null;
    },

    /** The active formulas that fit the course, by name (QA's select reads them alphabetically). */
    async fittingFormulas(course: { institutionId: number; isPlatform: boolean }) {
      const fitting = await fittingRevenueFormulas(db, course);
      return fitting.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    },

    /** Approved courses whose formula was taken off them for QA to re-pick (migration 0024). */
    repicks(limit: number) {
      return db
        .select({
          courseId: t.courses.id,
          title: t.courses.title,
          institutionId: t.courses.institutionId,
          institution: t.institutions.fullName,
          publishDate: t.courses.publishDate,
          formerId: t.revenueFormulas.id,
          formerName: t.revenueFormulas.name,
        })
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .innerJoin(t.revenueFormulas, eq(t.revenueFormulas.id, t.courses.revenueFormulaRepickFromId))
        .where(and(isNotNull(t.courses.revenueFormulaRepickFromId), eq(t.courses.draft, false), eq(t.courses.approvalStatus, 2)))
        .orderBy(desc(t.courses.publishDate), desc(t.courses.id))
        .limit(limit);
    },

    /**
     * Re-picks an approved course's formula: the course locked (FOR UPDATE) and the formula held
     * (FOR SHARE) while `decide` judges them; its answer is written with the audit row. Null when
     * there is no such course.
     */
    repick<R>(courseId: number, revenueId: number, decide: (course: RepickCourse, revenue: JudgedFormula | null) => { audit: AuditRow; result: R }, now: Date): Promise<R | null> {
      return db.transaction(async (tx) => {
        const [course] = await tx
          .select({
            id: t.courses.id,
            title: t.courses.title,
            institutionId: t.courses.institutionId,
            draft: t.courses.draft,
            approvalStatus: t.courses.approvalStatus,
            revenueFormulaRepickFromId: t.courses.revenueFormulaRepickFromId,
            createdByUserId: t.courses.createdByUserId,
            editedByUserId: t.courses.editedByUserId,
          })
          .from(t.courses)
          .where(eq(t.courses.id, courseId))
          .for('update');
        if (!course) return null;
        const [partner] = await tx.select({ fullName: t.institutions.fullName, isPlatform: t.institutions.isPlatform }).from(t.institutions).where(eq(t.institutions.id, course.institutionId));
        const locked: RepickCourse = { ...course, institutionFullName: partner?.fullName ?? '', isPlatform: partner?.isPlatform ?? false };
        const revenue = await revenueFormulaFor(tx, revenueId, locked, { lock: true });
        const { audit, result } = decide(locked, revenue);
        await tx.update(t.courses).set({ revenueFormulaId: revenueId, revenueFormulaRepickFromId: null, updatedAt: now }).where(eq(t.courses.id, courseId));
        await tx.insert(t.auditTrail).values(audit);
        return result;
      });
    },
  };
}
