import { describe, expect, it } from 'vitest';
import { APPROVAL_STATUS, LIFECYCLE_MESSAGES as M, mayReview, partnerStaffOnly, reviewDutyConflict, revisionAwaitsReview, stageOf, startRevision, storedStage, transition, type Actor, type CourseStage, type LifecycleEvent, type Transition, type WorkflowLevel } from './course-lifecycle';

const approver = (userId: string): Actor => ({ userId, permissions: ['approvecourse'] });
const qa: Actor = { userId: 'qa', permissions: ['manageCourseQA'] };
const author: Actor = { userId: 'author', permissions: ['createCourse'] };
const twoLevels: WorkflowLevel[] = [
  { approvals: 2, userIds: ['a1', 'a2', 'a3'] },
  { approvals: 1, userIds: ['b1'] },
];

function step(stage: CourseStage, event: LifecycleEvent, actor: Actor, workflow: WorkflowLevel[] | null = twoLevels): CourseStage {
  const t = transition(stage, event, actor, workflow);
  if (!t.ok) throw new Error(`refused: ${t.message}`);
  return t.next;
}

const refusal = (t: Transition) => (t.ok ? null : { reason: t.reason, message: t.message });

describe('the course lifecycle', () => {
  it('goes from draft through every workflow level and QA to published', () => {
    let s: CourseStage = { stage: 'draft' };
    s = step(s, { type: 'submit' }, author);
    expect(s).toEqual({ stage: 'partnerReview', level: 0, approvedBy: [] });
    s = step(s, { type: 'approve' }, approver('a1'));
    expect(s).toEqual({ stage: 'partnerReview', level: 0, approvedBy: ['a1'] });
    s = step(s, { type: 'approve' }, approver('a3'));
    expect(s).toEqual({ stage: 'partnerReview', level: 1, approvedBy: [] });
    s = step(s, { type: 'approve' }, approver('b1'));
    expect(s).toEqual({ stage: 'qaReview' });
    const published = transition(s, { type: 'qaApprove', revenueId: 7 }, qa, twoLevels);
    expect(published).toEqual({ ok: true, next: { stage: 'published' }, effects: ['publish', 'keepRevenue', 'notifyAuthorApproved'] });
  });

  it('counts each approver once per level', () => {
    const s = step({ stage: 'partnerReview', level: 0, approvedBy: [] }, { type: 'approve' }, approver('a1'));
    expect(refusal(transition(s, { type: 'approve' }, approver('a1'), twoLevels))).toEqual({ reason: 'conflict', message: M.alreadyApproved });
  });

  it('refuses a user approving outside the current level, even one of a later level', () => {
    const atFirst: CourseStage = { stage: 'partnerReview', level: 0, approvedBy: [] };
    expect(refusal(transition(atFirst, { type: 'approve' }, approver('b1'), twoLevels))).toEqual({ reason: 'forbidden', message: M.notYourLevel });
    expect(refusal(transition(atFirst, { type: 'approve' }, approver('stranger'), twoLevels))?.reason).toBe('forbidden');
    // The approvecourse permission alone does not put someone into a workflow.
    expect(mayReview(atFirst, approver('stranger'), twoLevels)).toBe(false);
  });

  it('has one implicit level of one approval by approvecourse when the partner has no workflow', () => {
    const s = step({ stage: 'draft' }, { type: 'submit' }, author, null);
    expect(refusal(transition(s, { type: 'approve' }, author, null))).toEqual({ reason: 'forbidden', message: M.notApprover });
    expect(step(s, { type: 'approve' }, approver('anyone'), null)).toEqual({ stage: 'qaReview' });
    expect(step(s, { type: 'approve' }, approver('anyone'), [])).toEqual({ stage: 'qaReview' });
  });

  it('leaves QA approval to QA reviewers, with a revenue', () => {
    const s: CourseStage = { stage: 'qaReview' };
    expect(refusal(transition(s, { type: 'approve' }, approver('a1'), twoLevels))).toEqual({ reason: 'forbidden', message: M.notQaReviewer });
    expect(refusal(transition(s, { type: 'qaApprove', revenueId: 1 }, approver('a1'), twoLevels))?.reason).toBe('forbidden');
    expect(refusal(transition(s, { type: 'qaApprove', revenueId: null }, qa, twoLevels))).toEqual({ reason: 'invalid', message: 'Select a revenue' });
    // QA cannot skip the partner's levels.
    expect(refusal(transition({ stage: 'partnerReview', level: 0, approvedBy: [] }, { type: 'qaApprove', revenueId: 1 }, qa, twoLevels))?.reason).toBe('conflict');
  });

  it('rejects at any review step only with a comment, and the author edits and resubmits', () => {
    for (const [s, who] of [
      [{ stage: 'partnerReview', level: 1, approvedBy: [] }, approver('b1')],
      [{ stage: 'qaReview' }, qa],
    ] as const) {
      expect(refusal(transition(s, { type: 'reject', comment: '  ' }, who, twoLevels))).toEqual({ reason: 'invalid', message: 'Kindly provide a comment' });
      const rejected = transition(s, { type: 'reject', comment: 'The video in module 2 is silent' }, who, twoLevels);
      expect(rejected).toEqual({ ok: true, next: { stage: 'rejected' }, effects: ['keepComment', 'notifyAuthorRejected'] });
    }
    const draft = step({ stage: 'rejected' }, { type: 'edit' }, author);
    expect(draft).toEqual({ stage: 'draft' });
    expect(step(draft, { type: 'submit' }, author)).toEqual({ stage: 'partnerReview', level: 0, approvedBy: [] });
  });

  it('changes nothing that is not in review, and edits only drafts and rejected courses', () => {
    for (const s of [{ stage: 'draft' }, { stage: 'published' }, { stage: 'rejected' }] as CourseStage[]) {
      expect(refusal(transition(s, { type: 'approve' }, approver('a1'), twoLevels))?.reason).toBe('conflict');
      expect(refusal(transition(s, { type: 'reject', comment: 'x' }, qa, twoLevels))?.reason).toBe('conflict');
    }
    for (const s of [{ stage: 'partnerReview', level: 0, approvedBy: [] }, { stage: 'qaReview' }, { stage: 'published' }] as CourseStage[]) {
      expect(refusal(transition(s, { type: 'edit' }, author, twoLevels))).toEqual({ reason: 'conflict', message: M.notEditable });
      expect(refusal(transition(s, { type: 'submit' }, author, twoLevels))?.reason).toBe('conflict');
    }
  });

  it('stores every stage as the status codes of §4 and reads it back unchanged', () => {
    const stages: CourseStage[] = [{ stage: 'draft' }, { stage: 'partnerReview', level: 1, approvedBy: ['a1'] }, { stage: 'qaReview' }, { stage: 'published' }, { stage: 'rejected' }];
    for (const s of stages) expect(stageOf(storedStage(s))).toEqual(s);
    expect(storedStage({ stage: 'qaReview' }).approvalStatus).toBe(APPROVAL_STATUS.pendingQa);
    expect(storedStage({ stage: 'rejected' }).approvalStatus).toBe(3);
    // The demo seed's rows (no review columns yet) read as their stage.
    expect(stageOf({ draft: false, approvalStatus: 1, reviewLevel: 0, reviewApprovedBy: [] })).toEqual({ stage: 'partnerReview', level: 0, approvedBy: [] });
  });

  it('never publishes without QA, whatever the order of events (random walks)', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const actors = [author, qa, approver('a1'), approver('a2'), approver('a3'), approver('b1'), approver('x')];
    const events: LifecycleEvent[] = [{ type: 'submit' }, { type: 'approve' }, { type: 'qaApprove', revenueId: 1 }, { type: 'qaApprove', revenueId: null }, { type: 'reject', comment: 'no' }, { type: 'reject', comment: '' }, { type: 'edit' }];
    let published = 0;
    for (let walk = 0; walk < 500; walk++) {
      let s: CourseStage = { stage: 'draft' };
      let partnerApprovals = 0;
      for (let i = 0; i < 40; i++) {
        const before = s;
        const actor = actors[Math.floor(random() * actors.length)]!;
        const t = transition(s, events[Math.floor(random() * events.length)]!, actor, twoLevels);
        if (!t.ok) continue;
        s = t.next;
        if (before.stage === 'partnerReview' && (s.stage !== 'partnerReview' || s.approvedBy.length > before.approvedBy.length || s.level > before.level)) {
          if (s.stage !== 'rejected') partnerApprovals++;
        }
        if (s.stage === 'draft') partnerApprovals = 0;
        if (s.stage === 'published' && before.stage !== 'published') {
          published++;
          expect(before.stage).toBe('qaReview');
          expect(actor.permissions).toContain('manageCourseQA');
          expect(partnerApprovals).toBeGreaterThanOrEqual(3);
        }
      }
    }
    // The walks do reach the catalogue, so the checks above ran.
    expect(published).toBeGreaterThan(0);
  });
});

describe('starting a revision of a published course (decision 048)', () => {
  const published: CourseStage = { stage: 'published' };
  it('creates one when the course has none, and goes on with a draft or rejected one', () => {
    expect(startRevision(published, null)).toEqual({ ok: true, action: 'create' });
    expect(startRevision(published, { stage: 'draft' })).toEqual({ ok: true, action: 'continue' });
    expect(startRevision(published, { stage: 'rejected' })).toEqual({ ok: true, action: 'continue' });
  });
  it('answers Awaiting Approval while a revision waits at any review step', () => {
    for (const waiting of [{ stage: 'partnerReview', level: 0, approvedBy: [] }, { stage: 'partnerReview', level: 2, approvedBy: ['u'] }, { stage: 'qaReview' }] as CourseStage[]) {
      expect(startRevision(published, waiting)).toEqual({ ok: false, reason: 'conflict', message: 'Awaiting Approval' });
      expect(revisionAwaitsReview(waiting)).toBe(true);
    }
    // What Manage Courses' badge follows: a revision still being written, or sent back, does not wait.
    for (const open of [{ stage: 'draft' }, { stage: 'rejected' }] as CourseStage[]) expect(revisionAwaitsReview(open)).toBe(false);
  });
  it('is only for published courses: drafts and courses under review are edited (or wait) as themselves', () => {
    for (const stage of [{ stage: 'draft' }, { stage: 'rejected' }, { stage: 'qaReview' }, { stage: 'partnerReview', level: 0, approvedBy: [] }] as CourseStage[]) {
      expect(startRevision(stage, null)).toEqual({ ok: false, reason: 'conflict', message: M.notRevisable });
    }
  });
  it('a revision itself goes through the same machine as a new course: submit, levels, QA, publish', () => {
    const actor = { userId: 'qa', permissions: ['manageCourseQA', 'approvecourse'] };
    let stage: CourseStage = { stage: 'draft' };
    for (const event of [{ type: 'submit' }, { type: 'approve' }, { type: 'qaApprove', revenueId: 1 }] as LifecycleEvent[]) {
      const next = transition(stage, event, actor, null);
      expect(next.ok).toBe(true);
      if (next.ok) stage = next.next;
    }
    expect(stage).toEqual({ stage: 'published' });
  });
});

describe('separation of duties', () => {
  const course = { institutionId: 7, partner: 'University of Lagos', isPlatform: false, createdByUserId: 'creator', editedByUserId: 'editor' };
  const atPartner: CourseStage = { stage: 'partnerReview', level: 0, approvedBy: [] };
  const atQa: CourseStage = { stage: 'qaReview' };
  const unilagStaff = (userId: string) => ({ userId, institutionId: 7, institutionScoped: true });
  const platformStaff = (userId: string) => ({ userId, institutionId: 1, institutionScoped: false });

  it('refuses whoever created or last edited the course, at the partner’s levels and at QA', () => {
    for (const stage of [atPartner, atQa]) {
      expect(reviewDutyConflict(stage, course, unilagStaff('creator'))).toBe(M.ownCourse);
      expect(reviewDutyConflict(stage, course, platformStaff('editor'))).toBe(M.ownCourse);
    }
    expect(reviewDutyConflict(atPartner, course, unilagStaff('colleague'))).toBeNull();
    expect(reviewDutyConflict(atQa, course, platformStaff('qa'))).toBeNull();
  });

  it('leaves the partner’s levels to the partner’s own staff: not another partner’s, not the platform’s', () => {
    expect(reviewDutyConflict(atPartner, course, platformStaff('super'))).toBe(partnerStaffOnly('University of Lagos'));
    expect(reviewDutyConflict(atPartner, course, { userId: 'lbs', institutionId: 9, institutionScoped: true })).toBe(partnerStaffOnly('University of Lagos'));
    // A course of the platform itself is reviewed at its partner level by platform staff.
    const own = { ...course, institutionId: 1, partner: 'Rivet', isPlatform: true };
    expect(reviewDutyConflict(atPartner, own, platformStaff('super'))).toBeNull();
    expect(reviewDutyConflict(atPartner, own, unilagStaff('colleague'))).toBe(partnerStaffOnly('Rivet'));
  });
});
