// Approve course (spec 001 §2.8, §4, §5, §6, §8; decisions 037, 043). This module decides
// nothing about the review itself: it loads the course under a lock, asks the lifecycle
// (shared/domain/course-lifecycle.ts) and stores its answer with a review event and an audit row,
// then tells the author by e-mail once the change is committed.
import { APPROVAL_MESSAGES as M, dateRangeProblem, type ApprovalCourse, type ApprovalPage, type CourseRevenueOptions, type RepickCourse, type ReviewResult } from '@rivet/shared/api/course-approval';
import { COURSE_LEVELS } from '@rivet/shared/domain/course-authoring';
import { LIFECYCLE_MESSAGES, mayReview, reviewDutyConflict, stageOf, storedStage, transition, type CourseStage, type LifecycleEvent, type Reviewer, type WorkflowLevel } from '@rivet/shared/domain/course-lifecycle';
import { FORMULA_FIT_MESSAGES } from '@rivet/shared/domain/revenue-split';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import type { Audit } from '../audit/audit';
import type { Background } from '../http/background';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { scopedInstitutionId } from '../http/access';
import type { AppError} from '../http/errors';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { CourseFileSweeper } from '../authoring/course-files';
import type { AppliedRevision } from '../db/course-revisions';
import type { ListFilters, LockedCourse, ReviewRepository } from './review.repository';

export type ReviewService = ReturnType<typeof createReviewService>;

const refusal = (reason: 'forbidden' | 'invalid' | 'conflict', message: string): AppError =>
  reason === 'forbidden' ? forbidden(message) : reason === 'invalid' ? badRequest(message, [{ field: message === M.revenueRequired ? 'revenueId' : 'comment', message }]) : conflict(message);

const STAGE_WORDS: Record<CourseStage['stage'], string> = {
  draft: 'a draft',
  partnerReview: 'pending partner review',
  qaReview: 'pending QA',
  published: 'published',
  rejected: 'rejected',
};

/** yyyy-mm-dd → that day's start, and the next day's (the range's end is inclusive of its day). */
const dayStart = (d: string) => new Date(`${d}T00:00:00Z`);
const nextDay = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);

/** The caller as separation of duties sees them (decision 076). */
export const reviewerOf = (caller: Caller): Reviewer => ({ userId: caller.userId, institutionId: caller.institutionId, institutionScoped: isInstitutionScoped(caller.roleType) });

const revenueRefusal = (message: string) => badRequest(message, [{ field: 'revenueId', message }]);

export interface ListQuery {
  title?: string | null;
  courseCategoryId?: number | null;
  institutionId?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  page: number;
  pageSize: number;
}

export function createReviewService(deps: { repo: ReviewRepository; clock: Clock; mailer: Mailer; background: Background; publicUrl: string; files: CourseFileSweeper }) {
  const { repo, clock } = deps;

  /** Tells the author what happened, after the change is committed (a failed e-mail never undoes a review). */
  function notify(course: LockedCourse, next: CourseStage, comment: string) {
    const author = course.author;
    if (!author) return;
    const rejected = next.stage === 'rejected';
    const outcome = rejected
      ? `Your course “${course.title}” was not approved.`
      : next.stage === 'published'
        ? `Your course “${course.title}” passed the platform’s quality review and is now published: learners can find it in the catalogue.`
        : `Your course “${course.title}” was approved by ${course.institution} and now waits for the platform’s quality review.`;
    const what = rejected ? `${outcome} The reviewer said:\n\n${comment}\n\nOpen the course in the console to change it and submit it again.` : outcome;
    const consoleUrl = `${deps.publicUrl.replace(/\/$/, '')}/admin/`;
    deps.background.run(() =>
      deps.mailer.send({
        to: author.email,
        template: rejected ? 'course-rejected' : 'course-approved',
        values: { firstName: author.firstName, courseTitle: course.title, outcome, comment, consoleUrl },
        subject: `${rejected ? M.rejected : M.approved}: ${course.title}`,
        text: `Hello ${author.firstName},\n\n${what}\n\n${consoleUrl}\n`,
      }),
    );
  }

  async function decide(
    caller: Caller,
    audit: Audit,
    courseId: number,
    event: LifecycleEvent,
    options: { action: string; revenueId: number | null; comment: string; qa: boolean },
  ): Promise<ReviewResult> {
    const outcome = await repo.transition(courseId, options.revenueId, (course, workflow, revenue) => {
      // Another partner's course reads as a missing one to institution staff.
      if (isInstitutionScoped(caller.roleType) && course.institutionId !== caller.institutionId) throw notFound(M.notFound);
      const from = stageOf(course);
      // The QA call acts on courses pending QA only; the partner call leaves QA's stage to QA's call.
      if (options.qa && from.stage !== 'qaReview') throw conflict(M.notInReview);
      if (!options.qa && from.stage === 'qaReview') throw forbidden(M.notQaReviewer);
      // Separation of duties (decision 076): not whoever wrote it, and the partner's levels are the partner's.
      const duty = from.stage === 'partnerReview' || from.stage === 'qaReview' ? reviewDutyConflict(from, { ...course, partner: course.institutionFullName }, reviewerOf(caller)) : null;
      if (duty) throw forbidden(duty);
      if (event.type === 'qaApprove' && event.revenueId !== null) {
        // Never the client's list: the formula is judged here, under the course's lock (decision 076).
        if (!revenue?.isActive) throw revenueRefusal(M.revenueInactive);
        if (!revenue.fits) throw revenueRefusal(FORMULA_FIT_MESSAGES.doesNotFit(revenue.name, course.institutionFullName, course.isPlatform));
      }
      const answer = transition(from, event, { userId: caller.userId, permissions: caller.permissions }, workflow);
      if (!answer.ok) throw refusal(answer.reason, answer.message);
      const next = answer.next;
      const now = clock.now();
      const stored = storedStage(next);
      const values = {
        ...stored,
        reviewApprovedBy: [...stored.reviewApprovedBy],
        ...(answer.effects.includes('publish') ? { publishDate: now } : {}),
        ...(answer.effects.includes('keepRevenue') && event.type === 'qaApprove' ? { revenueFormulaId: event.revenueId, revenueFormulaRepickFromId: null } : {}),
        updatedAt: now,
      };
      const level = from.stage === 'partnerReview' ? from.level : null;
      const levelWords = level !== null ? ` at level ${level + 1}` : '';
      const verb = next.stage === 'rejected' ? 'Rejected' : 'Approved';
      return {
        write: {
          values,
          event: {
            actorUserId: caller.userId,
            action: options.action,
            fromStatus: course.approvalStatus,
            toStatus: values.approvalStatus,
            level,
            comment: options.comment || null,
          },
          audit: audit.row(course.id, `${verb} ${course.revisionOfCourseId !== null ? `the update (revision ${course.id}) of course ${course.revisionOfCourseId}` : `course ${course.id}`} “${course.title}”${levelWords}${options.qa ? ' (QA)' : ''}: now ${STAGE_WORDS[next.stage]}`),
          ...(answer.effects.includes('publish') && course.revisionOfCourseId !== null
            ? {
                applyRevision: {
                  now,
                  audit: (applied: AppliedRevision) =>
                    audit.row(
                      course.revisionOfCourseId!,
                      `Applied approved revision ${course.id} to published course ${course.revisionOfCourseId} “${course.title}”: ${applied.keptSections} sections kept with learners’ progress, ${applied.addedSections} added, ${applied.removedSections} removed, ${applied.replacedMedia} media files replaced`,
                    ),
                },
              }
            : {}),
        },
        result: { next, effects: answer.effects },
      };
    });
    if (!outcome) throw notFound(M.notFound);
    const { course, result, applied } = outcome;
    // The published course's replaced thumbnail, banner or promotional video, now that the swap
    // has committed: deleted unless something still names them (decision 059).
    if (applied?.replacedFiles.length) {
      const files = applied.replacedFiles;
      deps.background.run(() => deps.files.sweep(files, `revision ${course.id} applied to course ${course.revisionOfCourseId}`));
    }
    if (result.effects.includes('notifyAuthorApproved') || result.effects.includes('notifyAuthorRejected')) notify(course, result.next, options.comment);
    const stored = storedStage(result.next);
    const appliedToCourseId = result.next.stage === 'published' ? course.revisionOfCourseId : null;
    return { courseId: course.id, approvalStatus: stored.approvalStatus, draft: stored.draft, reviewLevel: stored.reviewLevel, stage: result.next.stage, ...(appliedToCourseId !== null ? { appliedToCourseId } : {}) };
  }

  async function list(caller: Caller, query: ListQuery, statuses: number[], dateColumn: ListFilters['dateColumn']): Promise<ApprovalPage> {
    const problem = dateRangeProblem(query.startDate, query.endDate);
    if (problem) throw badRequest(problem, [{ field: 'StartDate', message: problem }]);
    const institutionId = scopedInstitutionId(caller, query.institutionId);
    const { rows, total } = await repo.list({
      institutionId,
      statuses,
      title: (query.title ?? '').trim(),
      courseCategoryId: query.courseCategoryId ?? null,
      dateColumn,
      from: query.startDate ? dayStart(query.startDate) : null,
      to: query.endDate ? nextDay(query.endDate) : null,
      page: query.page,
      pageSize: query.pageSize,
    });
    const workflows = await repo.workflows([...new Set(rows.map((r) => r.institutionId))]);
    const actor = { userId: caller.userId, permissions: caller.permissions };
    const reviewer = reviewerOf(caller);
    const items: ApprovalCourse[] = rows.map((r) => {
      const stage = stageOf({ draft: false, approvalStatus: r.approvalStatus, reviewLevel: r.reviewLevel, reviewApprovedBy: r.reviewApprovedBy ?? [] });
      const ownPartner = !isInstitutionScoped(caller.roleType) || r.institutionId === caller.institutionId;
      const workflow: WorkflowLevel[] | null = workflows.get(`${r.institutionId}:${r.courseCategoryId}`) ?? null;
      const alreadyApproved = stage.stage === 'partnerReview' && stage.approvedBy.includes(caller.userId);
      // The duties' reason is shown to whoever holds the stage's permission, before the workflow's:
      // an author in no level learns they may never review it, not that someone else will.
      const holdsPermission = stage.stage === 'qaReview' ? caller.permissions.includes('manageCourseQA') : stage.stage === 'partnerReview' && caller.permissions.includes('approvecourse');
      const duty = holdsPermission && ownPartner ? reviewDutyConflict(stage, { ...r, partner: r.institutionFullName }, reviewer) : null;
      const mayAct = !duty && ownPartner && !alreadyApproved && mayReview(stage, actor, workflow);
      return {
        courseId: r.courseId,
        title: r.title,
        description: r.description,
        modules: r.modules,
        duration: r.duration,
        courseLevel: r.courseLevel,
        courseLevelName: COURSE_LEVELS.find((l) => l.id === r.courseLevel)?.name ?? '',
        courseCategoryId: r.courseCategoryId,
        courseCategoryName: r.courseCategoryName,
        institutionId: r.institutionId,
        institution: r.institution,
        courseThumbNailUrl: r.thumbnailUrl,
        publishDate: r.publishDate?.toISOString() ?? null,
        submittedAt: r.submittedAt?.toISOString() ?? null,
        isPaid: r.isPaid,
        coursePrice: r.priceKobo / 100,
        approvalStatus: r.approvalStatus,
        reviewLevel: r.reviewLevel,
        comment: r.approvalStatus === 3 ? r.comment : null,
        canReview: mayAct,
        cannotReviewReason: duty,
        revisionOfCourseId: r.revisionOfCourseId,
        revenueRepickFrom: r.repickFromId !== null ? { id: r.repickFromId, name: r.repickFromName ?? '' } : null,
      };
    });
    return { items, totalRows: total, page: query.page, pageSize: query.pageSize };
  }

  return {
    /** Course/Approval: the partner's call (§7), status 2 approve or 3 reject. */
    partnerDecision(caller: Caller, audit: Audit, body: { courseId: number; status: number; comment: string }) {
      const event: LifecycleEvent = body.status === 3 ? { type: 'reject', comment: body.comment } : { type: 'approve' };
      return decide(caller, audit, body.courseId, event, { action: event.type, revenueId: null, comment: body.comment, qa: false });
    },

    /** QA/QACourseApproval: approve with a revenue formula (publishing the course) or reject. */
    qaDecision(caller: Caller, audit: Audit, body: { courseId: number; approvalStatus: number; comment: string; revenueId?: number | null }) {
      const revenueId = body.revenueId ?? null;
      const event: LifecycleEvent = body.approvalStatus === 3 ? { type: 'reject', comment: body.comment } : { type: 'qaApprove', revenueId };
      return decide(caller, audit, body.courseId, event, { action: event.type, revenueId: event.type === 'qaApprove' ? revenueId : null, comment: body.comment, qa: true });
    },

    awaiting: (caller: Caller, query: ListQuery, status: number) => list(caller, query, [status], 'submittedAt'),
    approved: (caller: Caller, query: ListQuery) => list(caller, query, [2], 'publishDate'),
    rejected: (caller: Caller, query: ListQuery) => list(caller, query, [3], 'submittedAt'),

    /** QA's "Select a revenue" for one course: only the active formulas that fit it (decision 076). */
    async revenueOptions(courseId: number): Promise<CourseRevenueOptions> {
      const course = await repo.formulaCourse(courseId);
      if (!course) throw notFound(M.notFound);
      return { ...course, items: await repo.fittingFormulas(course) };
    },

    /** Approved courses whose formula was taken off them (migration 0024), for QA to re-pick. */
    async repicks(): Promise<RepickCourse[]> {
      const rows = await repo.repicks(1000);
      return rows.map((r) => ({ courseId: r.courseId, title: r.title, institutionId: r.institutionId, institution: r.institution, publishDate: r.publishDate?.toISOString() ?? null, formerFormula: { id: r.formerId, name: r.formerName } }));
    },

    /**
     * QA sets a fitting formula on an approved course whose formula did not name its partner
     * (decision 076). Only such a course: re-picking is not a way to change any course's split.
     */
    async repick(caller: Caller, audit: Audit, body: { courseId: number; revenueId: number }) {
      const done = await repo.repick(
        body.courseId,
        body.revenueId,
        (course, revenue) => {
          if (course.draft || course.approvalStatus !== 2 || course.revenueFormulaRepickFromId === null) throw conflict(M.repickNotNeeded);
          // The formula decides who is paid: as for an approval, not by whoever wrote the course.
          if (course.createdByUserId === caller.userId || course.editedByUserId === caller.userId) throw forbidden(LIFECYCLE_MESSAGES.ownCourse);
          if (!revenue?.isActive) throw revenueRefusal(M.revenueInactive);
          if (!revenue.fits) throw revenueRefusal(FORMULA_FIT_MESSAGES.doesNotFit(revenue.name, course.institutionFullName, course.isPlatform));
          return {
            audit: audit.row(
              course.id,
              `Set revenue formula “${revenue.name}” (${revenue.id}) on approved course ${course.id} “${course.title}” of ${course.institutionFullName}, in place of formula ${course.revenueFormulaRepickFromId}, which did not name it`,
            ),
            result: { courseId: course.id, revenueId: revenue.id },
          };
        },
        clock.now(),
      );
      if (!done) throw notFound(M.notFound);
      return done;
    },
  };
}
