// Approve course (spec 001 §2.8, §4, §5 Approval, §6, §7 Workflow service CourseApproval/* and
// Course/AwaitingCourseApproval, Course/InstitutionApprovedCourses, Course/InstitutionRejectedCourses,
// §8, §9; decisions 037 and 043). Every decision is the course lifecycle's
// (shared/domain/course-lifecycle.ts): these endpoints load, ask it and store its answer.
import * as v from 'valibot';
import { isCalendarDate } from '../domain/course-authoring';
import { LIFECYCLE_MESSAGES } from '../domain/course-lifecycle';
import { defineEndpoint, staffWith } from './contract';
import { id, MAX_ID, optionalQueryInt, queryId, queryInt, text } from './fields';

export const APPROVAL_MESSAGES = {
  ...LIFECYCLE_MESSAGES,
  // Not in the spec.
  notFound: 'Course not found',
  status: 'status must be 2 (approve) or 3 (reject)',
  revenueInactive: 'The revenue formula chosen is not active: select another',
  dateFormat: 'Enter dates as yyyy-mm-dd',
  dateOrder: 'The start date must not be after the end date',
  // Re-picking a formula taken off an approved course (issue 28, decision 076).
  repickNotNeeded: 'This course does not need its revenue formula re-picked',
  repicked: 'Revenue formula set',
} as const;
const M = APPROVAL_MESSAGES;

/** §9: approval lists come in pages of 1000. */
export const APPROVAL_PAGE_SIZE = 1000;
export const COMMENT_MAX = 1000;

/** Who may see the approval lists (§6: the Approve Course sidebar item, plus the awaiting-approval viewer). */
export const APPROVAL_READERS = ['approvecourse', 'viewAwaitingApproveCourse', 'manageCourseQA', 'viewCourseQA'] as const;

const decision = v.pipe(v.number(M.status), v.picklist([2, 3], M.status));
const comment = v.optional(text(COMMENT_MAX, { multiline: true }), '');
const optionalId = (name: string) => v.optional(v.nullable(id(name)));

export const courseApprovalSchema = v.object({
  courseId: id('courseId'),
  comment,
  /** 2 approve, 3 reject (§4). */
  status: decision,
  /** Sent by the console (§7); the course's own category and partner are what count. */
  courseCategoryId: optionalId('courseCategoryId'),
  institutiondId: optionalId('institutiondId'),
});
export type CourseApprovalInput = v.InferInput<typeof courseApprovalSchema>;

export const qaApprovalSchema = v.object({
  courseId: id('courseId'),
  comment,
  approvalStatus: decision,
  institutiondId: optionalId('institutiondId'),
  /** The revenue formula (Revenue option, §3); required to approve. */
  revenueId: optionalId('revenueId'),
});
export type QaApprovalInput = v.InferInput<typeof qaApprovalSchema>;

export const reviewResultSchema = v.object({
  courseId: v.number(),
  approvalStatus: v.number(),
  draft: v.boolean(),
  /** 0-based workflow level the course now waits at (while approval status is 1). */
  reviewLevel: v.number(),
  /** draft, partnerReview, qaReview, published, rejected. */
  stage: v.string(),
  /**
   * Set when an approved revision replaced its published course (decision 048): the course
   * learners now see with the new content (courseId, the revision's, no longer exists).
   */
  appliedToCourseId: v.optional(v.nullable(v.number())),
});
export type ReviewResult = v.InferOutput<typeof reviewResultSchema>;

const queryDate = (name: string) => v.optional(v.pipe(v.string(), v.maxLength(10, M.dateFormat), v.check(isCalendarDate, `${name}: ${M.dateFormat}`)));
const bodyDate = (name: string) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(10, M.dateFormat), v.check((s) => s === '' || isCalendarDate(s), `${name}: ${M.dateFormat}`))));

const listQueryEntries = {
  courseTitle: v.optional(text(200), ''),
  page: queryInt('page', 1, 100_000, 1),
  pageSize: queryInt('pageSize', 1, APPROVAL_PAGE_SIZE, APPROVAL_PAGE_SIZE),
  courseCategoryId: optionalQueryInt('courseCategoryId', 1, MAX_ID),
  institutionId: optionalQueryInt('institutionId', 1, MAX_ID),
  StartDate: queryDate('StartDate'),
  EndDate: queryDate('EndDate'),
};

export const awaitingQuerySchema = v.object({
  ...listQueryEntries,
  /** 4 pending QA (the default, §4) or 1 pending partner review. */
  approvalstatus: v.optional(v.pipe(v.string(), v.picklist(['1', '4'], 'approvalstatus must be 1 or 4'), v.transform(Number)), '4'),
});
export const outcomeQuerySchema = v.object(listQueryEntries);

export const pendingSearchSchema = v.object({
  startDate: bodyDate('startDate'),
  endDate: bodyDate('endDate'),
  courseCategoryId: optionalId('courseCategoryId'),
  search: v.optional(v.nullable(text(200)), ''),
  /** §4: defaults to 1, pending partner review. */
  status: v.optional(v.pipe(v.number('status must be 1 or 4'), v.picklist([1, 4], 'status must be 1 or 4')), 1),
  /** Platform staff may name a partner; institution staff always get their own. */
  institutionId: optionalId('institutionId'),
});

/** A course card on the approval page (§2.8). */
export const approvalCourseSchema = v.object({
  courseId: v.number(),
  title: v.string(),
  description: v.string(),
  modules: v.number(),
  /** Minutes. */
  duration: v.number(),
  courseLevel: v.nullable(v.number()),
  courseLevelName: v.string(),
  courseCategoryId: v.number(),
  courseCategoryName: v.string(),
  institutionId: v.number(),
  institution: v.string(),
  courseThumbNailUrl: v.nullable(v.string()),
  publishDate: v.nullable(v.string()),
  submittedAt: v.nullable(v.string()),
  isPaid: v.boolean(),
  /** Naira. */
  coursePrice: v.number(),
  approvalStatus: v.number(),
  /** 0-based workflow level a course pending partner review waits at. */
  reviewLevel: v.number(),
  /** The reviewer's comment with the latest rejection, for a rejected course. */
  comment: v.nullable(v.string()),
  /** Whether the caller may approve or reject it now (the lifecycle's mayReview). */
  canReview: v.boolean(),
  /** An update of a published course (decision 048): that course's id; null for a new course. */
  revisionOfCourseId: v.optional(v.nullable(v.number())),
  /**
   * Why the caller may not review it, when separation of duties is the reason (decision 076: they
   * authored or last edited it; the partner's levels are that partner's own staff's).
   */
  cannotReviewReason: v.optional(v.nullable(v.string())),
  /**
   * An approved course whose formula did not name its partner, taken off it (migration 0024): the
   * formula it had, until QA re-picks one. Its sales are split by the default rule meanwhile.
   */
  revenueRepickFrom: v.optional(v.nullable(v.object({ id: v.number(), name: v.string() }))),
});
export type ApprovalCourse = v.InferOutput<typeof approvalCourseSchema>;

export const approvalPageSchema = v.object({
  items: v.array(approvalCourseSchema),
  totalRows: v.number(),
  page: v.number(),
  pageSize: v.number(),
});
export type ApprovalPage = v.InferOutput<typeof approvalPageSchema>;

export const revenueOptionSchema = v.object({ id: v.number(), name: v.string() });
export type RevenueOption = v.InferOutput<typeof revenueOptionSchema>;

/** The formulas one course may be approved with (decision 076), and whose course it is. */
export const courseRevenueOptionsSchema = v.object({
  courseId: v.number(),
  institutionId: v.number(),
  /** The partner's full name ("University of Lagos"). */
  partner: v.string(),
  /** A course of the platform itself: only a formula without partners fits. */
  isPlatform: v.boolean(),
  items: v.array(revenueOptionSchema),
});
export type CourseRevenueOptions = v.InferOutput<typeof courseRevenueOptionsSchema>;

export const revenueRepickSchema = v.object({
  courseId: id('courseId'),
  /** The revenue formula (required): active, and naming the course's partner. */
  revenueId: id('revenueId', M.revenueRequired),
});

export const revenueRepickResultSchema = v.object({ courseId: v.number(), revenueId: v.number() });

/** An approved course waiting for QA to re-pick its formula (decision 076). */
export const repickCourseSchema = v.object({
  courseId: v.number(),
  title: v.string(),
  institutionId: v.number(),
  institution: v.string(),
  publishDate: v.nullable(v.string()),
  /** The formula taken off it: it did not name the course's partner. */
  formerFormula: v.object({ id: v.number(), name: v.string() }),
});
export type RepickCourse = v.InferOutput<typeof repickCourseSchema>;

const LIST_ERRORS = [400, 401, 403] as const;

export const awaitingCourseApproval = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/AwaitingCourseApproval',
  summary: 'Courses waiting for review: pending QA (approvalstatus 4, the default) or pending partner review (1)',
  description:
    'Filters: courseTitle (part of the title), courseCategoryId, institutionId, StartDate and EndDate (yyyy-mm-dd, the day the course was submitted). Pages of 1000. Institution staff see their own partner’s courses only (asking for another is 403). Each card says whether the caller may approve or reject it now.',
  access: staffWith(...APPROVAL_READERS),
  confine: 'institution',
  query: awaitingQuerySchema,
  data: approvalPageSchema,
  errors: LIST_ERRORS,
});

export const institutionApprovedCourses = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/InstitutionApprovedCourses',
  summary: 'Approved (published) courses, for the Approved Courses tab',
  description: 'Same filters as AwaitingCourseApproval; StartDate and EndDate are the publish date. Institution staff see their own partner’s only.',
  access: staffWith(...APPROVAL_READERS),
  confine: 'institution',
  query: outcomeQuerySchema,
  data: approvalPageSchema,
  errors: LIST_ERRORS,
});

export const institutionRejectedCourses = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/InstitutionRejectedCourses',
  summary: 'Rejected courses not yet reopened by their author, with the reviewer’s comment',
  description: 'Same filters as AwaitingCourseApproval (dates: the day the course was submitted). Institution staff see their own partner’s only.',
  access: staffWith(...APPROVAL_READERS),
  confine: 'institution',
  query: outcomeQuerySchema,
  data: approvalPageSchema,
  errors: LIST_ERRORS,
});

export const pendingSearch = defineEndpoint({
  service: 'Workflow',
  method: 'POST',
  path: 'CourseApproval/Pending/Search',
  summary: 'Search pending courses (status 1 by default): the partner approver’s Pending tab',
  description: 'Body: startDate, endDate (yyyy-mm-dd, the day submitted), courseCategoryId, search (part of the title), status (1 or 4). Reads only (a POST because the spec sends the filters as a body; it writes no audit row); pages of 1000.',
  access: staffWith(...APPROVAL_READERS),
  // The contract's rule wants every staff POST declared; a search changes nothing and waives its row.
  audit: { module: 'CourseApproval', action: 'PendingSearch' },
  confine: 'institution',
  body: pendingSearchSchema,
  data: approvalPageSchema,
  errors: LIST_ERRORS,
});

export const courseApproval = defineEndpoint({
  service: 'Workflow',
  method: 'POST',
  path: 'CourseApproval/Course/Approval',
  summary: 'A partner approver approves (status 2) or rejects (status 3, with a comment) a course pending review',
  description:
    'Only the course’s partner’s own staff, never whoever authored or last edited it (decision 076). The course is locked while its partner’s active workflow for its category decides (decision 037): an approval counts once per approver at the current level; the last one needed moves the course to the next level or to QA (status 4). Without a workflow, one approval by a holder of approvecourse. Rejecting needs a comment ("Kindly provide a comment") and tells the author by e-mail. 403 outside the current level, 409 when the course is not waiting for review. Institution staff act on their own partner’s courses only. Written to the audit trail and the course’s review events.',
  access: staffWith('approvecourse'),
  audit: { module: 'CourseApproval', action: 'Approval' },
  confine: 'institution',
  body: courseApprovalSchema,
  data: reviewResultSchema,
  errors: [400, 401, 403, 404, 409],
});

export const qaCourseApproval = defineEndpoint({
  service: 'Workflow',
  method: 'POST',
  path: 'CourseApproval/QA/QACourseApproval',
  summary: 'QA approves a course pending QA with a revenue formula (publishing it), or rejects it with a comment',
  description:
    'approvalStatus 2 needs revenueId, an active revenue formula that names the course’s partner ("Select a revenue"; another partner’s formula is refused naming the partner, and nobody approves a course they authored or last edited: decision 076): the course is published (approval status 2, publish date now) and keeps the formula its sales are split by. approvalStatus 3 needs a comment. The author is told by e-mail. 409 when the course is not pending QA. Written to the audit trail and the course’s review events.',
  access: staffWith('manageCourseQA'),
  audit: { module: 'CourseApproval', action: 'QACourseApproval' },
  body: qaApprovalSchema,
  data: reviewResultSchema,
  errors: [400, 401, 403, 404, 409],
});

export const qaRevenueOptions = defineEndpoint({
  service: 'Workflow',
  method: 'GET',
  path: 'CourseApproval/QA/Revenues',
  summary: 'The revenue formulas QA may approve one course with (Revenue option: id, name): the active ones that name its partner',
  description:
    'A partner’s course fits only a formula naming that partner; a course of the platform itself only a formula naming no partner (decision 076). The answer names the partner, so an empty list can say which partner needs a formula.',
  access: staffWith('manageCourseQA', 'viewCourseQA'),
  query: v.object({ courseId: queryId('courseId') }),
  data: courseRevenueOptionsSchema,
  errors: [400, 401, 403, 404],
});

export const qaRevenueRepicks = defineEndpoint({
  service: 'Workflow',
  method: 'GET',
  path: 'CourseApproval/QA/Revenue/Repicks',
  summary: 'Approved courses whose revenue formula did not name their partner and was taken off them, for QA to re-pick',
  description: 'Their sales are split by the default rule (30 % platform, 70 % the course’s own partner) until QA re-picks a formula (decision 076). Newest publish date first; at most 1000.',
  access: staffWith('manageCourseQA', 'viewCourseQA'),
  data: v.array(repickCourseSchema),
  errors: [401, 403],
});

export const qaRevenueRepick = defineEndpoint({
  service: 'Workflow',
  method: 'POST',
  path: 'CourseApproval/QA/Revenue/Repick',
  summary: 'QA sets the revenue formula of an approved course whose formula was taken off it',
  description:
    'Only a course waiting for a re-pick (409 otherwise); the formula must be active and name the course’s partner (400, naming the partner). Checked with the course and the formula locked, so a deactivation cannot slip in; sales after it are split by the formula. Written to the audit trail.',
  access: staffWith('manageCourseQA'),
  audit: { module: 'CourseApproval', action: 'RevenueRepick' },
  body: revenueRepickSchema,
  data: revenueRepickResultSchema,
  errors: [400, 401, 403, 404, 409],
});

/** Checks a date range once both ends are known. */
export function dateRangeProblem(start: string | null | undefined, end: string | null | undefined): string | null {
  return start && end && start > end ? M.dateOrder : null;
}
