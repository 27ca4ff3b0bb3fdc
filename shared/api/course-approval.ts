// Approve course (spec 001 §2.8, §4, §5 Approval, §6, §7 Workflow service CourseApproval/* and
// Course/AwaitingCourseApproval, Course/InstitutionApprovedCourses, Course/InstitutionRejectedCourses,
// §8, §9; decisions 037 and 043). Every decision is the course lifecycle's
// (shared/domain/course-lifecycle.ts): these endpoints load, ask it and store its answer.
import * as v from 'valibot';
import { isCalendarDate } from '../domain/course-authoring';
import { LIFECYCLE_MESSAGES } from '../domain/course-lifecycle';
import { defineEndpoint, staffWith } from './contract';
import { id, MAX_ID, optionalQueryInt, queryInt, text } from './fields';

export const APPROVAL_MESSAGES = {
  ...LIFECYCLE_MESSAGES,
  // Not in the spec.
  notFound: 'Course not found',
  status: 'status must be 2 (approve) or 3 (reject)',
  revenueInactive: 'The revenue formula chosen is not active: select another',
  dateFormat: 'Enter dates as yyyy-mm-dd',
  dateOrder: 'The start date must not be after the end date',
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
    'The course is locked while its partner’s active workflow for its category decides (decision 037): an approval counts once per approver at the current level; the last one needed moves the course to the next level or to QA (status 4). Without a workflow, one approval by a holder of approvecourse. Rejecting needs a comment ("Kindly provide a comment") and tells the author by e-mail. 403 outside the current level, 409 when the course is not waiting for review. Institution staff act on their own partner’s courses only. Written to the audit trail and the course’s review events.',
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
    'approvalStatus 2 needs revenueId, an active revenue formula ("Select a revenue"): the course is published (approval status 2, publish date now) and keeps the formula its sales are split by. approvalStatus 3 needs a comment. The author is told by e-mail. 409 when the course is not pending QA. Written to the audit trail and the course’s review events.',
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
  summary: 'The active revenue formulas QA may approve a course with (Revenue option: id, name)',
  access: staffWith('manageCourseQA', 'viewCourseQA'),
  data: v.array(revenueOptionSchema),
  errors: [401, 403],
});

/** Checks a date range once both ends are known. */
export function dateRangeProblem(start: string | null | undefined, end: string | null | undefined): string | null {
  return start && end && start > end ? M.dateOrder : null;
}
