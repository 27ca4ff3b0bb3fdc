// A course's life from draft to the catalogue (spec 001 §2.8, §4, §5, §6;
// docs/decisions/037-course-lifecycle.md). One pure state machine, used by the server to decide a
// transition under a row lock and by the console to decide which buttons to offer, so the two never
// disagree about who may do what.
//
//   draft ──submit──▶ partner review, level 1 … level n ──▶ QA review ──QA approve──▶ published
//                        │ (status 1)                         (status 4)                  (status 2)
//                        └──────────── reject (comment) ──────────┴──▶ rejected (status 3) ──edit──▶ draft
//
// A partner's workflow for the course's category lists its levels, each needing a number of
// approvals from its own users; a partner without an active workflow for the category has one
// implicit level of one approval by any of its staff holding approvecourse.

/** §4's approval status codes. */
export const APPROVAL_STATUS = { pendingReview: 1, approved: 2, rejected: 3, pendingQa: 4 } as const;
export type ApprovalStatusCode = (typeof APPROVAL_STATUS)[keyof typeof APPROVAL_STATUS];

export const LIFECYCLE_MESSAGES = {
  // §5 Approval
  commentRequired: 'Kindly provide a comment',
  revenueRequired: 'Select a revenue',
  // §8
  approved: 'Course Approved',
  rejected: 'Course Rejected',
  rejectFailed: 'Failed to submit course rejection',
  // Not in the spec: why a transition is refused.
  notInReview: 'This course is not waiting for review',
  notYourLevel: 'You are not an approver at this course’s current review level',
  alreadyApproved: 'You have already approved this course at this level',
  notQaReviewer: 'Only QA reviewers approve a course at this stage',
  notApprover: 'You may not approve or reject courses',
  notEditable: 'Only a draft or a rejected course can be edited',
  notSubmittable: 'Only a draft can be submitted for review',
  // Spec 002 §4: the dialog's title, word for word, and what it says.
  awaitingApproval: 'Awaiting Approval',
  awaitingApprovalText: 'This course cannot be updated now because previous updates are being reviewed.',
  // Not in the spec.
  notRevisable: 'Only a published course is updated through a revision',
  // Separation of duties (issue 28, decision 076).
  ownCourse: 'You cannot approve or reject a course you authored or last edited',
} as const;
const M = LIFECYCLE_MESSAGES;

/** One level of a partner's approval workflow: how many of its users must approve. */
export interface WorkflowLevel {
  approvals: number;
  userIds: readonly string[];
}

export type CourseStage =
  | { stage: 'draft' }
  /** Waiting for the partner: `level` is 0-based, `approvedBy` the distinct approvers at that level so far. */
  | { stage: 'partnerReview'; level: number; approvedBy: readonly string[] }
  | { stage: 'qaReview' }
  | { stage: 'published' }
  | { stage: 'rejected' };

/** Who acts, with the session's permissions (§6). */
export interface Actor {
  userId: string;
  permissions: readonly string[];
}

export type LifecycleEvent =
  | { type: 'submit' }
  | { type: 'approve' }
  | { type: 'qaApprove'; revenueId: number | null }
  | { type: 'reject'; comment: string }
  | { type: 'edit' };

/** What the caller must do besides storing the new stage. */
export type Effect = 'recordSubmitter' | 'publish' | 'notifyAuthorApproved' | 'notifyAuthorRejected' | 'keepRevenue' | 'keepComment';

export type Transition =
  | { ok: true; next: CourseStage; effects: Effect[] }
  | { ok: false; reason: 'forbidden' | 'invalid' | 'conflict'; message: string };

const refuse = (reason: 'forbidden' | 'invalid' | 'conflict', message: string): Transition => ({ ok: false, reason, message });
const go = (next: CourseStage, ...effects: Effect[]): Transition => ({ ok: true, next, effects });

/** A partner with no active workflow for the category still reviews once, by anyone holding approvecourse. */
export function effectiveLevels(workflow: readonly WorkflowLevel[] | null): readonly WorkflowLevel[] | null {
  return workflow && workflow.length ? workflow : null;
}

/** May this actor approve or reject at the course's current stage? */
export function mayReview(stage: CourseStage, actor: Actor, workflow: readonly WorkflowLevel[] | null): boolean {
  const has = (p: string) => actor.permissions.includes(p);
  if (stage.stage === 'qaReview') return has('manageCourseQA');
  if (stage.stage !== 'partnerReview') return false;
  const levels = effectiveLevels(workflow);
  if (!levels) return has('approvecourse');
  return levels[stage.level]?.userIds.includes(actor.userId) ?? false;
}

/** The next stage after a partner approval at `stage`: the next approver, the next level, or QA. */
function afterPartnerApproval(stage: Extract<CourseStage, { stage: 'partnerReview' }>, userId: string, workflow: readonly WorkflowLevel[] | null): CourseStage {
  const levels = effectiveLevels(workflow);
  const approvedBy = [...stage.approvedBy, userId];
  const needed = levels ? Math.max(1, levels[stage.level]?.approvals ?? 1) : 1;
  if (approvedBy.length < needed) return { stage: 'partnerReview', level: stage.level, approvedBy };
  const lastLevel = levels ? levels.length - 1 : 0;
  if (stage.level < lastLevel) return { stage: 'partnerReview', level: stage.level + 1, approvedBy: [] };
  return { stage: 'qaReview' };
}

export function transition(stage: CourseStage, event: LifecycleEvent, actor: Actor, workflow: readonly WorkflowLevel[] | null): Transition {
  switch (event.type) {
    case 'submit':
      if (stage.stage !== 'draft') return refuse('conflict', M.notSubmittable);
      return go({ stage: 'partnerReview', level: 0, approvedBy: [] }, 'recordSubmitter');

    case 'edit':
      if (stage.stage === 'draft') return go(stage);
      if (stage.stage === 'rejected') return go({ stage: 'draft' });
      return refuse('conflict', M.notEditable);

    case 'approve': {
      if (stage.stage === 'qaReview') return refuse('forbidden', M.notQaReviewer);
      if (stage.stage !== 'partnerReview') return refuse('conflict', M.notInReview);
      if (!mayReview(stage, actor, workflow)) return refuse('forbidden', effectiveLevels(workflow) ? M.notYourLevel : M.notApprover);
      if (stage.approvedBy.includes(actor.userId)) return refuse('conflict', M.alreadyApproved);
      const next = afterPartnerApproval(stage, actor.userId, workflow);
      return next.stage === 'qaReview' ? go(next, 'notifyAuthorApproved') : go(next);
    }

    case 'qaApprove':
      if (stage.stage !== 'qaReview') return refuse('conflict', M.notInReview);
      if (!mayReview(stage, actor, workflow)) return refuse('forbidden', M.notQaReviewer);
      if (event.revenueId === null) return refuse('invalid', M.revenueRequired);
      return go({ stage: 'published' }, 'publish', 'keepRevenue', 'notifyAuthorApproved');

    case 'reject':
      if (stage.stage !== 'partnerReview' && stage.stage !== 'qaReview') return refuse('conflict', M.notInReview);
      if (!mayReview(stage, actor, workflow)) return refuse('forbidden', stage.stage === 'qaReview' ? M.notQaReviewer : effectiveLevels(workflow) ? M.notYourLevel : M.notApprover);
      if (!event.comment.trim()) return refuse('invalid', M.commentRequired);
      return go({ stage: 'rejected' }, 'keepComment', 'notifyAuthorRejected');
  }
}

/** The stage as the courses table keeps it (draft, approval_status, review_level, review_approved_by). */
export interface StoredStage {
  draft: boolean;
  approvalStatus: number;
  reviewLevel: number;
  reviewApprovedBy: readonly string[];
}

export function stageOf(row: StoredStage): CourseStage {
  if (row.draft) return { stage: 'draft' };
  switch (row.approvalStatus) {
    case APPROVAL_STATUS.approved:
      return { stage: 'published' };
    case APPROVAL_STATUS.rejected:
      return { stage: 'rejected' };
    case APPROVAL_STATUS.pendingQa:
      return { stage: 'qaReview' };
    default:
      return { stage: 'partnerReview', level: Math.max(0, row.reviewLevel), approvedBy: row.reviewApprovedBy };
  }
}

export function storedStage(stage: CourseStage): StoredStage {
  switch (stage.stage) {
    case 'draft':
      return { draft: true, approvalStatus: APPROVAL_STATUS.pendingReview, reviewLevel: 0, reviewApprovedBy: [] };
    case 'partnerReview':
      return { draft: false, approvalStatus: APPROVAL_STATUS.pendingReview, reviewLevel: stage.level, reviewApprovedBy: stage.approvedBy };
    case 'qaReview':
      return { draft: false, approvalStatus: APPROVAL_STATUS.pendingQa, reviewLevel: 0, reviewApprovedBy: [] };
    case 'published':
      return { draft: false, approvalStatus: APPROVAL_STATUS.approved, reviewLevel: 0, reviewApprovedBy: [] };
    case 'rejected':
      return { draft: false, approvalStatus: APPROVAL_STATUS.rejected, reviewLevel: 0, reviewApprovedBy: [] };
  }
}

/** §4's words for a reviewed course. */
export function reviewOutcomeText(approvalStatus: number): string | null {
  if (approvalStatus === APPROVAL_STATUS.approved) return 'This course has been approved';
  if (approvalStatus === APPROVAL_STATUS.rejected) return 'This course has been rejected';
  return null;
}

/**
 * Updating a published course (decision 048): the staff member works on a revision, a draft copy
 * that goes through the same review as a new course while learners keep the published one. A
 * course has at most one revision at a time: none yet → create one; a revision still a draft, or
 * rejected → go on with it (the first change makes a rejected one a draft again, as for any
 * course); one waiting at any review step → 'Awaiting Approval', and nothing changes.
 */
export type RevisionStart = { ok: true; action: 'create' | 'continue' } | { ok: false; reason: 'conflict'; message: string };

export function startRevision(course: CourseStage, revision: CourseStage | null): RevisionStart {
  if (course.stage !== 'published') return { ok: false, reason: 'conflict', message: M.notRevisable };
  if (!revision) return { ok: true, action: 'create' };
  if (!revisionAwaitsReview(revision)) return { ok: true, action: 'continue' };
  return { ok: false, reason: 'conflict', message: M.awaitingApproval };
}

/**
 * A revision submitted and not yet decided, at any review step: the state in which spec 002 §4's
 * 'Awaiting Approval' refuses another update, and which Manage Courses shows on the course's card.
 */
export function revisionAwaitsReview(revision: CourseStage): boolean {
  return revision.stage === 'partnerReview' || revision.stage === 'qaReview';
}

/** Who wrote a course and whose it is: what separation of duties asks about (issue 28, decision 076). */
export interface ReviewedCourse {
  institutionId: number;
  /** The partner's full name, for the refusal. */
  partner: string;
  /** A course of the platform itself: platform staff are its own staff. */
  isPlatform: boolean;
  createdByUserId: string | null;
  editedByUserId: string | null;
}

/** The reviewer as the access token describes them. */
export interface Reviewer {
  userId: string;
  institutionId: number | null;
  /** An institution role (role type 1), as opposed to platform staff. */
  institutionScoped: boolean;
}

/** Only the course's own partner decides at the partner's review. */
export const partnerStaffOnly = (partner: string) => `Only ${partner}’s own staff approve or reject a course at its partner review; the platform reviews it at QA`;

/**
 * Separation of duties (issue 28, decision 076), beside the workflow's rules: nobody approves or
 * rejects a course they created or last saved, at any level (the partner's levels and QA), and the
 * partner's levels belong to that partner's own staff — platform staff review at QA only, so a
 * platform admin who authored a course for a partner can never stand in for the partner. Answers
 * the refusal, or null when the duties allow this reviewer (the lifecycle still decides the rest).
 */
export function reviewDutyConflict(stage: CourseStage, course: ReviewedCourse, reviewer: Reviewer): string | null {
  if (course.createdByUserId === reviewer.userId || course.editedByUserId === reviewer.userId) return M.ownCourse;
  if (stage.stage === 'partnerReview') {
    const ownStaff = course.isPlatform ? !reviewer.institutionScoped : reviewer.institutionScoped && reviewer.institutionId === course.institutionId;
    if (!ownStaff) return partnerStaffOnly(course.partner);
  }
  return null;
}
