// Approval workflows, their levels and the levels' users (Drizzle only; the rules are in
// workflows.service.ts). Review reads the active workflow of a course's partner and category.
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Workflow } from '@rivet/shared/api/workflows';
import { APPROVAL_STATUS } from '@rivet/shared/domain/course-lifecycle';
import { ROLE_TYPE } from '@rivet/shared/domain/permissions';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import { containing, partnersCounting } from '../db/shared-queries';
import * as t from '../db/schema';

export interface WorkflowValues {
  institutionId: number;
  name: string;
  courseCategoryId: number;
}

export interface LevelValues {
  approval: number;
  userIds: readonly string[];
}

const fullName = sql<string>`trim(${t.users.firstName} || ' ' || ${t.users.lastName})`;

/** The permission that lets a user act on a course in partner review (decision 037). */
const APPROVE_PERMISSION = 'approvecourse';

/** The user's role (joined as roles) holds approvecourse. */
const mayApprove = sql`exists (select 1 from ${t.rolePermissions} join ${t.permissions} on ${t.permissions.id} = ${t.rolePermissions.permissionId}
                        where ${t.rolePermissions.roleId} = ${t.roles.id} and ${t.permissions.name} = ${APPROVE_PERMISSION})`;

export type WorkflowsRepository = ReturnType<typeof createWorkflowsRepository>;

export function createWorkflowsRepository(db: Database) {
  /** Workflows with their category, levels and users, assembled in three reads. */
  async function assemble(handle: Database, where: SQL): Promise<Workflow[]> {
    const rows = await handle
      .select({
        id: t.approvalWorkflows.id,
        name: t.approvalWorkflows.name,
        institutionId: t.approvalWorkflows.institutionId,
        courseCategoryId: t.approvalWorkflows.courseCategoryId,
        courseCategoryName: t.courseCategories.name,
        isActive: t.approvalWorkflows.isActive,
        createdAt: t.approvalWorkflows.createdAt,
        updatedAt: t.approvalWorkflows.updatedAt,
      })
      .from(t.approvalWorkflows)
      .innerJoin(t.courseCategories, eq(t.courseCategories.id, t.approvalWorkflows.courseCategoryId))
      .where(where)
      .orderBy(desc(t.approvalWorkflows.isActive), desc(t.approvalWorkflows.createdAt), desc(t.approvalWorkflows.id));
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const levels = await handle
      .select({ id: t.workflowLevels.id, workflowId: t.workflowLevels.workflowId, levelNo: t.workflowLevels.levelNo, approval: t.workflowLevels.approvals })
      .from(t.workflowLevels)
      .where(inArray(t.workflowLevels.workflowId, ids))
      .orderBy(asc(t.workflowLevels.workflowId), asc(t.workflowLevels.levelNo));
    const users = levels.length
      ? await handle
          .select({
            levelId: t.workflowLevelUsers.levelId,
            userId: t.workflowLevelUsers.userId,
            name: fullName,
            institutionId: t.users.institutionId,
            // Named when eligible; since deactivated, moved or stripped of approvecourse, they can no longer approve.
            canApprove: sql<boolean>`(${t.users.isActive} and ${t.users.deletedAt} is null and ${t.roles.roleType} = ${ROLE_TYPE.Institution} and ${t.roles.isActive} and ${mayApprove})`,
          })
          .from(t.workflowLevelUsers)
          .innerJoin(t.users, eq(t.users.id, t.workflowLevelUsers.userId))
          .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
          .where(
            inArray(
              t.workflowLevelUsers.levelId,
              levels.map((l) => l.id),
            ),
          )
          .orderBy(asc(t.users.firstName), asc(t.users.lastName), asc(t.users.id))
      : [];
    return rows.map((row) => {
      const own = levels.filter((l) => l.workflowId === row.id);
      const workflowLevels = own.map((l) => ({
        levelNo: l.levelNo,
        approval: l.approval,
        users: users.filter((u) => u.levelId === l.id).map((u) => ({ userId: u.userId, name: u.name, canApprove: Boolean(u.canApprove) && u.institutionId === row.institutionId })),
      }));
      return {
        ...row,
        levelNo: workflowLevels.length,
        noOfApprovals: workflowLevels.reduce((sum, l) => sum + l.approval, 0),
        workflowLevels,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  const findIn = async (handle: Database, id: number) => (await assemble(handle, eq(t.approvalWorkflows.id, id)))[0] ?? null;

  async function writeLevels(tx: Database, workflowId: number, levels: readonly LevelValues[]) {
    for (const [i, level] of levels.entries()) {
      const [made] = await tx.insert(t.workflowLevels).values({ workflowId, levelNo: i + 1, approvals: level.approval }).returning({ id: t.workflowLevels.id });
      await tx.insert(t.workflowLevelUsers).values(level.userIds.map((userId) => ({ levelId: made!.id, userId })));
    }
  }

  /** The workflow's row, locked, so an edit and a deactivation at once see each other's result. */
  async function lockedState(tx: Database, id: number): Promise<{ isActive: boolean; institutionId: number; courseCategoryId: number } | null> {
    const [row] = await tx
      .select({ isActive: t.approvalWorkflows.isActive, institutionId: t.approvalWorkflows.institutionId, courseCategoryId: t.approvalWorkflows.courseCategoryId })
      .from(t.approvalWorkflows).where(eq(t.approvalWorkflows.id, id)).for('update');
    return row ?? null;
  }

  /** Courses of the partner and category waiting at a level a workflow of `levelCount` levels lacks. */
  async function strandedBeyond(tx: Database, state: { institutionId: number; courseCategoryId: number }, levelCount: number) {
    const [stranded] = await tx
      .select({ n: count(), level: sql<number>`max(${t.courses.reviewLevel})::int` })
      .from(t.courses)
      .where(
        and(
          eq(t.courses.institutionId, state.institutionId),
          eq(t.courses.courseCategoryId, state.courseCategoryId),
          eq(t.courses.draft, false),
          eq(t.courses.approvalStatus, APPROVAL_STATUS.pendingReview),
          gte(t.courses.reviewLevel, levelCount),
        ),
      );
    return Number(stranded?.n ?? 0) > 0 ? { stranded: Number(stranded!.n), level: Number(stranded!.level) + 1 } : null;
  }

  return {
    find: (id: number) => findIn(db, id),

    list: (institutionId: number) => assemble(db, eq(t.approvalWorkflows.institutionId, institutionId)),

    /** The active workflow of a partner for a category, if any. */
    async activeFor(institutionId: number, courseCategoryId: number): Promise<Workflow | null> {
      const [row] = await assemble(db, and(eq(t.approvalWorkflows.institutionId, institutionId), eq(t.approvalWorkflows.courseCategoryId, courseCategoryId), eq(t.approvalWorkflows.isActive, true))!);
      return row ?? null;
    },

    async partner(id: number): Promise<{ id: number; isPlatform: boolean } | null> {
      const [row] = await db.select({ id: t.institutions.id, isPlatform: t.institutions.isPlatform }).from(t.institutions).where(eq(t.institutions.id, id));
      return row ?? null;
    },

    async category(id: number): Promise<{ id: number; name: string } | null> {
      const [row] = await db.select({ id: t.courseCategories.id, name: t.courseCategories.name }).from(t.courseCategories).where(eq(t.courseCategories.id, id));
      return row ?? null;
    },

    /** Partners (never the platform's own record), by name, with their active workflows counted. */
    async partners(institutionId: number | null, page: { page: number; pageSize: number }) {
      const { items, totalRows } = await partnersCounting(db, { table: t.approvalWorkflows, institutionId: t.approvalWorkflows.institutionId, isActive: t.approvalWorkflows.isActive }, institutionId, page);
      return { items: items.map(({ active, ...partner }) => ({ ...partner, activeWorkflows: active })), totalRows };
    },

    /**
     * Who may be named in a partner's workflow: its active staff (partner roles, active) whose role
     * holds approvecourse, searched by name or e-mail.
     */
    approvers(institutionId: number, options: { search?: string; userIds?: readonly string[]; limit?: number }) {
      const like = options.search ? containing(options.search) : null;
      return db
        .select({ userId: t.users.id, name: fullName, email: t.users.email, roleName: t.roles.name })
        .from(t.users)
        .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
        .where(
          and(
            eq(t.users.institutionId, institutionId),
            eq(t.users.isActive, true),
            isNull(t.users.deletedAt),
            eq(t.roles.roleType, ROLE_TYPE.Institution),
            eq(t.roles.isActive, true),
            mayApprove,
            options.userIds ? inArray(t.users.id, [...options.userIds]) : undefined,
            like ? or(ilike(fullName, like), ilike(t.users.email, like)) : undefined,
          ),
        )
        .orderBy(asc(t.users.firstName), asc(t.users.lastName), asc(t.users.id))
        .limit(options.limit ?? 50);
    },

    create(values: WorkflowValues & { createdBy: string }, levels: readonly LevelValues[], audit: (id: number) => AuditRow) {
      return db.transaction(async (tx) => {
        const [made] = await tx.insert(t.approvalWorkflows).values(values).returning({ id: t.approvalWorkflows.id });
        await writeLevels(tx, made!.id, levels);
        await tx.insert(t.auditTrail).values(audit(made!.id));
        return (await findIn(tx, made!.id))!;
      });
    },

    /**
     * Replaces name, category and levels of an active workflow; 'inactive' when it no longer is, or
     * the courses that would be left waiting at a level it no longer has (same category only: a
     * course of a category without workflow is reviewed at one implicit level, decision 037).
     */
    update(id: number, values: Omit<WorkflowValues, 'institutionId'>, levels: readonly LevelValues[], auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        const state = await lockedState(tx, id);
        if (!state?.isActive) return 'inactive' as const;
        if (state.courseCategoryId === values.courseCategoryId) {
          const stranded = await strandedBeyond(tx, state, levels.length);
          if (stranded) return stranded;
        }
        await tx
          .update(t.approvalWorkflows)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(t.approvalWorkflows.id, id));
        await tx.delete(t.workflowLevels).where(eq(t.workflowLevels.workflowId, id));
        await writeLevels(tx, id, levels);
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },

    /**
     * Makes a deactivated workflow active again as it stands; 'active' when it already is, or the
     * courses that would wait at a level it lacks. Another active workflow for the category fails
     * the partial unique index (the caller answers that).
     */
    activate(id: number, levelCount: number, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        const state = await lockedState(tx, id);
        if (!state) return 'missing' as const;
        if (state.isActive) return 'active' as const;
        const stranded = await strandedBeyond(tx, state, levelCount);
        if (stranded) return stranded;
        await tx.update(t.approvalWorkflows).set({ isActive: true, updatedAt: new Date() }).where(eq(t.approvalWorkflows.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },

    deactivate(id: number, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        const state = await lockedState(tx, id);
        if (!state?.isActive) return 'inactive' as const;
        await tx.update(t.approvalWorkflows).set({ isActive: false, updatedAt: new Date() }).where(eq(t.approvalWorkflows.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },
  };
}
