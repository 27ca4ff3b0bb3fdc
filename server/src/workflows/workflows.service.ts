// Approval Settings' rules (spec 001 §2.9, §4, §5 "Workflow", §8; docs/decisions/041): a partner's
// staff reach their own partner's workflows only, platform staff any partner's; a level's users are
// the partner's own active staff who may approve courses, each at one level; a level needs no more
// approvals than it has users; a partner has one active workflow per category (the partial unique
// index decides two saves at once); only an active workflow is edited or deactivated, only a
// deactivated one activated again (decision 049); every change has its audit row.
import { WORKFLOW_MESSAGES as M, distinctUsers, type Approver, type Workflow } from '@rivet/shared/api/workflows';
import type { Audit } from '../audit/audit';
import { assertInstitutionAccess, scopedInstitutionId } from '../http/access';
import type { Caller } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import type { LevelValues, WorkflowsRepository } from './workflows.repository';
import { isUniqueViolation } from '../db/errors';

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;

export interface WorkflowSave {
  institutionId: number;
  name: string;
  courseCategoryId: number;
  workflowLevels: readonly { approval: number; users: readonly { userId: string }[] }[];
}

export function createWorkflowsService(deps: { repo: WorkflowsRepository }) {
  const { repo } = deps;

  async function partnerOf(caller: Caller, institutionId: number) {
    assertInstitutionAccess(caller, institutionId);
    const partner = await repo.partner(institutionId);
    if (!partner || partner.isPlatform) throw notFound(M.partnerNotFound);
    return partner;
  }

  async function workflowOf(caller: Caller, id: number): Promise<Workflow> {
    const row = await repo.find(id);
    if (!row) throw notFound(M.notFound);
    assertInstitutionAccess(caller, row.institutionId);
    return row;
  }

  /** The category must exist; the levels' users must all be the partner's eligible approvers. */
  async function checked(input: WorkflowSave): Promise<{ categoryName: string; levels: LevelValues[] }> {
    const category = await repo.category(input.courseCategoryId);
    if (!category) throw notFound(M.categoryNotFound);
    const levels = input.workflowLevels.map((l) => ({ approval: l.approval, userIds: distinctUsers(l.users).map((u) => u.userId) }));
    const named = [...new Set(levels.flatMap((l) => l.userIds))];
    const eligible = new Set((await repo.approvers(input.institutionId, { userIds: named, limit: named.length })).map((a) => a.userId));
    const refused = levels.flatMap((l, i) => l.userIds.filter((u) => !eligible.has(u)).map(() => ({ field: `workflowLevels.${i}.users`, message: M.approverNotEligible })));
    if (refused.length) throw badRequest(M.approverNotEligible, refused);
    return { categoryName: category.name, levels };
  }

  const describeLevels = (levels: readonly LevelValues[]) => levels.map((l, i) => `level ${i + 1}: ${l.approval} of ${l.userIds.length}`).join('; ');

  async function uniquely<T>(categoryName: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(M.activeExists(categoryName));
      throw error;
    }
  }

  return {
    async partners(caller: Caller, id: number | null, page: { page: number; pageSize: number }) {
      return repo.partners(scopedInstitutionId(caller, id), page);
    },

    async list(caller: Caller, institutionId: number): Promise<Workflow[]> {
      await partnerOf(caller, institutionId);
      return repo.list(institutionId);
    },

    get: (caller: Caller, id: number) => workflowOf(caller, id),

    async approvers(caller: Caller, institutionId: number, search: string): Promise<Approver[]> {
      await partnerOf(caller, institutionId);
      return repo.approvers(institutionId, { search });
    },

    async create(caller: Caller, audit: Audit, input: WorkflowSave): Promise<Workflow> {
      await partnerOf(caller, input.institutionId);
      const { categoryName, levels } = await checked(input);
      // Said before the insert too, so the usual case answers without relying on the index.
      if (await repo.activeFor(input.institutionId, input.courseCategoryId)) throw conflict(M.activeExists(categoryName));
      return uniquely(categoryName, () =>
        repo.create({ institutionId: input.institutionId, name: input.name, courseCategoryId: input.courseCategoryId, createdBy: caller.userId }, levels, (id) =>
          audit.row(id, `Created workflow ${input.name} for partner ${input.institutionId}, category ${categoryName} (${describeLevels(levels)})`),
        ),
      );
    },

    async update(caller: Caller, audit: Audit, id: number, input: WorkflowSave): Promise<Workflow> {
      const row = await workflowOf(caller, id);
      if (input.institutionId !== row.institutionId) throw badRequest(M.otherPartner, [{ field: 'institutionId', message: M.otherPartner }]);
      if (!row.isActive) throw conflict(M.notActive);
      const { categoryName, levels } = await checked(input);
      const changes = [
        row.name !== input.name ? `name ${row.name} → ${input.name}` : null,
        row.courseCategoryId !== input.courseCategoryId ? `category ${row.courseCategoryName} → ${categoryName}` : null,
        `levels ${describeLevels(levels)}`,
      ].filter(Boolean);
      const updated = await uniquely(categoryName, () => repo.update(id, { name: input.name, courseCategoryId: input.courseCategoryId }, levels, audit.row(id, `Updated workflow ${row.name}: ${changes.join(', ')}`)));
      if (updated === 'inactive') throw conflict(M.notActive);
      if ('stranded' in updated) throw conflict(M.levelInUse(updated.stranded, updated.level));
      return updated;
    },

    async activate(caller: Caller, audit: Audit, id: number): Promise<Workflow> {
      const row = await workflowOf(caller, id);
      if (row.isActive) throw conflict(M.notInactive);
      // Edit needs an active workflow, so one that names someone who can no longer approve would
      // come back unusable and unfixable: the manager creates a new one instead.
      if (row.workflowLevels.some((l) => l.users.some((u) => !u.canApprove))) throw conflict(M.staleApprovers);
      if (await repo.activeFor(row.institutionId, row.courseCategoryId)) throw conflict(M.activeExists(row.courseCategoryName));
      const updated = await uniquely(row.courseCategoryName, () => repo.activate(id, row.workflowLevels.length, audit.row(id, `Activated workflow ${row.name} (category ${row.courseCategoryName})`)));
      if (updated === 'missing') throw notFound(M.notFound);
      if (updated === 'active') throw conflict(M.notInactive);
      if ('stranded' in updated) throw conflict(M.levelInUse(updated.stranded, updated.level));
      return updated;
    },

    async deactivate(caller: Caller, audit: Audit, id: number): Promise<Workflow> {
      const row = await workflowOf(caller, id);
      if (!row.isActive) throw conflict(M.notActive);
      const updated = await repo.deactivate(id, audit.row(id, `Deactivated workflow ${row.name} (category ${row.courseCategoryName})`));
      if (updated === 'inactive') throw conflict(M.notActive);
      return updated;
    },
  };
}
