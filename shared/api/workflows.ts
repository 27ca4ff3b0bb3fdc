// Workflow service: Approval Settings, a partner's approval workflows (spec 001 §2.9, §3, §4, §5
// "Workflow", §6, §7 "Workflow service", §8, §9; docs/decisions/041). A workflow names, for one
// course category, the levels a partner's course passes before QA, each needing a number of
// approvals from its own users (decision 037 says how review uses them). A partner's staff manage
// their own partner's workflows; platform staff any partner's.
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { MAX_ID, id, int, queryId, queryInt, required, text, userId } from './fields';

export const WORKFLOW_MESSAGES = {
  // §5, word for word, but spelt right ("can't", decision 088)
  name: 'Workflow Name is required',
  approvalsOverAdded: "Number of approvals can't be more than added users!",
  approvalsOverSelected: "Number of approvals can't be more than selected users!",
  selectUser: 'Please select a user from the dropdown!',
  // §8
  created: 'Workflow created successfully',
  updated: 'Workflow updated successfully',
  deactivated: 'successfully deactivated',
  // Not in the spec (it has no reactivation); worded as §8's deactivation.
  activated: 'successfully activated',
  // Not in the spec, which disables Create without them (§5).
  checkFor: 'Please select the number of approvals (Check For)',
  category: 'Course Category is required',
  users: 'Please add at least one user to every level',
  levels: 'A workflow needs at least one level',
  partner: 'Please choose the partner',
  notFound: 'Workflow not found',
  partnerNotFound: 'Partner not found',
  categoryNotFound: 'Course category not found',
  notActive: 'Only an active workflow can be edited or deactivated',
  notInactive: 'Only a deactivated workflow can be activated',
  staleApprovers: 'Some approvers of this workflow can no longer approve: create a new workflow instead',
  otherPartner: 'A workflow stays with its partner: create one for the other partner instead',
  approverNotEligible: 'Approvers must be active staff of this partner who may approve courses',
  approverInTwoLevels: 'A user may approve at one level of a workflow only',
  levelNoMismatch: 'levelNo must be the number of levels sent',
  levelInUse: (courses: number, level: number) =>
    `${courses === 1 ? 'A course is' : `${courses} courses are`} waiting for approval at level ${level}: keep ${level} levels until ${courses === 1 ? 'it is' : 'they are'} reviewed`,
  activeExists: (category: string) => `This partner already has an active workflow for ${category}: edit that one, or deactivate it first`,
} as const;

export const WORKFLOW_NAME_MAX = 100;
/** §9: the approvals a level may require. */
export const APPROVAL_CHOICES = [1, 2, 3, 4] as const;
export const MAX_APPROVALS = 4;
/** Review passes the levels one after another; more than this is a queue nobody would clear. */
export const MAX_WORKFLOW_LEVELS = 5;
/** A level's users: a committee, not a staff list. */
export const MAX_LEVEL_USERS = 30;

/** Keeps the first of each user id, in order (§5: duplicates are ignored). */
export const distinctUsers = <T extends { userId: string }>(users: readonly T[]): T[] => {
  const seen = new Set<string>();
  return users.filter((u) => (seen.has(u.userId) ? false : (seen.add(u.userId), true)));
};

/** bind fills in missing top-level keys only: a nested one missing gets the field's own message here. */
const approvalCount = () =>
  v.pipe(
    v.optional(v.nullable(v.number(WORKFLOW_MESSAGES.checkFor)), null),
    v.check((n) => n !== null, WORKFLOW_MESSAGES.checkFor),
    v.transform((n) => n as number),
    int('Number of approvals', 1, MAX_APPROVALS, WORKFLOW_MESSAGES.checkFor),
  );

const levelInput = v.object({
  approval: approvalCount(),
  users: v.pipe(
    v.optional(v.nullable(v.array(v.object({ userId: userId('userId', WORKFLOW_MESSAGES.selectUser) }), WORKFLOW_MESSAGES.users)), null),
    v.transform((users) => users ?? []),
    v.maxLength(MAX_LEVEL_USERS, `At most ${MAX_LEVEL_USERS} users in a level`),
    v.transform(distinctUsers),
    v.minLength(1, WORKFLOW_MESSAGES.users),
  ),
});

const workflowFields = {
  institutionId: id('institutionId', WORKFLOW_MESSAGES.partner),
  name: required(WORKFLOW_MESSAGES.name, WORKFLOW_NAME_MAX),
  /** The spec sends the number of levels too; when present it must agree with the list. */
  levelNo: v.optional(v.nullable(int('levelNo', 1, MAX_WORKFLOW_LEVELS))),
  courseCategoryId: id('courseCategoryId', WORKFLOW_MESSAGES.category),
  workflowLevels: v.pipe(
    v.array(levelInput, WORKFLOW_MESSAGES.levels),
    v.minLength(1, WORKFLOW_MESSAGES.levels),
    v.maxLength(MAX_WORKFLOW_LEVELS, `At most ${MAX_WORKFLOW_LEVELS} levels`),
  ),
};

type LevelShape = { approval: number; users: readonly { userId: string }[] };

/** The rules across fields, for the server's schema and the form alike. */
export function workflowProblems(input: { levelNo?: number | null; workflowLevels: readonly LevelShape[] }): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  input.workflowLevels.forEach((level, i) => {
    if (level.approval > distinctUsers(level.users).length) problems.push({ field: `workflowLevels.${i}.approval`, message: WORKFLOW_MESSAGES.approvalsOverAdded });
  });
  const levelOf = new Map<string, number>();
  input.workflowLevels.forEach((level, i) => {
    for (const u of distinctUsers(level.users)) {
      if (levelOf.has(u.userId) && levelOf.get(u.userId) !== i) problems.push({ field: `workflowLevels.${i}.users`, message: WORKFLOW_MESSAGES.approverInTwoLevels });
      levelOf.set(u.userId, i);
    }
  });
  if (input.levelNo != null && input.levelNo !== input.workflowLevels.length) problems.push({ field: 'levelNo', message: WORKFLOW_MESSAGES.levelNoMismatch });
  return problems;
}

const crossChecked = <T extends v.ObjectEntries>(entries: T) =>
  v.pipe(
    v.object(entries),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const p of workflowProblems(dataset.value as unknown as { levelNo?: number | null; workflowLevels: LevelShape[] })) {
        addIssue({ message: p.message, path: [{ type: 'object', origin: 'value', input: dataset.value as Record<string, unknown>, key: p.field, value: undefined }] });
      }
    }),
  );

export const createWorkflowSchema = crossChecked(workflowFields);
export const updateWorkflowSchema = crossChecked({ id: id('id'), ...workflowFields });
export type WorkflowInput = v.InferInput<typeof createWorkflowSchema>;

export const workflowUserSchema = v.object({
  userId: v.string(),
  name: v.string(),
  /** Still an active member of the partner's staff holding approvecourse; false once that changed. */
  canApprove: v.boolean(),
});

export const workflowLevelSchema = v.object({
  /** 1-based, in the order review passes them. */
  levelNo: v.number(),
  approval: v.number(),
  users: v.array(workflowUserSchema),
});

export const workflowSchema = v.object({
  id: v.number(),
  name: v.string(),
  institutionId: v.number(),
  /** The number of levels. */
  levelNo: v.number(),
  courseCategoryId: v.number(),
  courseCategoryName: v.string(),
  /** Approvals a course needs across all levels. */
  noOfApprovals: v.number(),
  isActive: v.boolean(),
  workflowLevels: v.array(workflowLevelSchema),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Workflow = v.InferOutput<typeof workflowSchema>;

export const workflowPartnerSchema = v.object({
  id: v.number(),
  name: v.string(),
  fullName: v.string(),
  isActive: v.boolean(),
  activeWorkflows: v.number(),
});
export type WorkflowPartner = v.InferOutput<typeof workflowPartnerSchema>;

export const approverSchema = v.object({ userId: v.string(), name: v.string(), email: v.string(), roleName: v.string() });
export type Approver = v.InferOutput<typeof approverSchema>;

const MANAGE = 'manageworkflow';
const VIEW = ['manageworkflow', 'viewworkflow'] as const;

export const listWorkflowPartners = defineEndpoint({
  service: 'Workflow',
  method: 'GET',
  path: 'Workflow/Partners',
  summary: 'Approval Settings: the partners whose workflows the caller may see, with how many are active',
  description: 'Not in the spec. Platform staff get every partner (active and inactive), or the one Id names; a partner’s staff get their own only. Ordered by name.',
  access: staffWith(...VIEW),
  confine: 'institution',
  query: v.object({ Page: queryInt('Page', 1, 100_000, 1), PageSize: queryInt('PageSize', 1, 1000, 50), Id: queryInt('Id', 0, MAX_ID, 0) }),
  data: v.object({ items: v.array(workflowPartnerSchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const getWorkflowsByInstitution = defineEndpoint({
  service: 'Workflow',
  method: 'GET',
  path: 'Workflow/GetWorkflowByInstitutionId',
  summary: 'A partner’s approval workflows, active first, then the newest',
  access: staffWith(...VIEW),
  confine: 'institution',
  query: v.object({ institutionId: queryId('institutionId') }),
  data: v.array(workflowSchema),
  errors: [400, 401, 403, 404],
});

export const searchWorkflow = defineEndpoint({
  service: 'Workflow',
  method: 'GET',
  path: 'Workflow/Search',
  summary: 'One approval workflow with its levels and their users',
  access: staffWith(...VIEW),
  confine: 'institution',
  query: v.object({ id: queryId('id') }),
  data: workflowSchema,
  errors: [400, 401, 403, 404],
});

export const listWorkflowApprovers = defineEndpoint({
  service: 'Workflow',
  method: 'GET',
  path: 'Workflow/Approvers',
  summary: 'The users a partner’s workflow may name: its active staff who may approve courses',
  description: 'Not in the spec (“institution users … for dropdowns, paths not shown”). Searched by name or e-mail; at most 50; ordered by name.',
  access: staffWith(MANAGE),
  confine: 'institution',
  query: v.object({ institutionId: queryId('institutionId'), search: v.optional(text(100), '') }),
  data: v.array(approverSchema),
  errors: [400, 401, 403, 404],
});

export const createWorkflow = defineEndpoint({
  service: 'Workflow',
  method: 'POST',
  path: 'Workflow/Create',
  summary: 'Create a partner’s approval workflow for a course category: its levels, each with a number of approvals and its users',
  description: `Levels 1 to ${MAX_WORKFLOW_LEVELS}; each needs 1 to ${MAX_APPROVALS} approvals, never more than its users (repeated users count once), who must be active staff of the partner allowed to approve courses, each at one level only. A partner has at most one active workflow per category (409). Written to the audit trail.`,
  access: staffWith(MANAGE),
  audit: { module: 'Workflow', action: 'Create' },
  confine: 'institution',
  body: createWorkflowSchema,
  data: workflowSchema,
  errors: [400, 401, 403, 404, 409],
});

export const updateWorkflow = defineEndpoint({
  service: 'Workflow',
  method: 'PUT',
  path: 'Workflow/Update',
  summary: 'Change an active workflow: name, category and levels (the same fields as Create, plus id)',
  description: 'Only an active workflow is edited (409 otherwise); it stays with its partner. Courses already waiting are judged by the levels as they now are, so a level a course waits at cannot be removed (409). Written to the audit trail.',
  access: staffWith(MANAGE),
  audit: { module: 'Workflow', action: 'Update' },
  confine: 'institution',
  body: updateWorkflowSchema,
  data: workflowSchema,
  errors: [400, 401, 403, 404, 409],
});

/**
 * The spec's call is a GET; a call that changes data is not one (browsers, proxies and prefetchers
 * may repeat a GET), so this is a POST on the same path (as decision 039 did for categories).
 */
export const deactivateWorkflow = defineEndpoint({
  service: 'Workflow',
  method: 'POST',
  path: 'Workflow/Deactivate',
  summary: 'Deactivate an active workflow',
  description: 'Nothing is deleted; Workflow/Activate brings it back. Courses of its category are then reviewed as with no workflow (decision 037). Written to the audit trail.',
  access: staffWith(MANAGE),
  audit: { module: 'Workflow', action: 'Deactivate' },
  confine: 'institution',
  query: v.object({ id: queryId('id') }),
  data: workflowSchema,
  errors: [400, 401, 403, 404, 409],
});

/**
 * Not in the spec (decision 049): a deactivated workflow comes back as it was, if its category has
 * no other active workflow, every approver it names can still approve and no course waits at a
 * level it lacks. A POST, as Deactivate.
 */
export const activateWorkflow = defineEndpoint({
  service: 'Workflow',
  method: 'POST',
  path: 'Workflow/Activate',
  summary: 'Activate a deactivated workflow again',
  description: 'Refused (409) when the category has another active workflow, when an approver it names can no longer approve, or when a course waits at a level it does not have. Written to the audit trail.',
  access: staffWith(MANAGE),
  audit: { module: 'Workflow', action: 'Activate' },
  confine: 'institution',
  query: v.object({ id: queryId('id') }),
  data: workflowSchema,
  errors: [400, 401, 403, 404, 409],
});
