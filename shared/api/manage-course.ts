// Manage Courses (spec 002 §2.9, §3 Course statistics, §4 Course active/inactive, §7
// Course/api/Course/Statistics and Toggle, §8; spec 001 §2.8's card grid; decision 045).
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { COURSE_READERS } from './course-authoring';
import { MAX_ID, optionalQueryInt, pathId, queryBoolean, queryInt, text } from './fields';

export const MANAGE_COURSE_MESSAGES = {
  // §8 and §4, word for word.
  toggleFailed: 'Action could not be completed',
  activated: 'Course Activated successfully',
  deactivated: 'Course Deactivated successfully',
  // Not in the spec.
  notFound: 'Course not found',
} as const;

/** Who may read Manage Courses: authors (their drafts) and the reviewers the sidebar item is for (§6). */
export const MANAGE_COURSE_READERS = COURSE_READERS;
/** Who may take a course out of the catalogue and put it back: those who decide what is published. */
export const MANAGE_COURSE_TOGGLERS = ['approvecourse', 'manageCourseQA'] as const;

export const MANAGE_COURSE_PAGE_SIZE = 48;

export const REVISION_STATES = ['draft', 'awaitingApproval', 'rejected'] as const;
export type RevisionState = (typeof REVISION_STATES)[number];

export const manageCoursesQuerySchema = v.object({
  /** true: the Draft Courses list; false: the Published Courses grid (§2.9). */
  draft: v.optional(v.pipe(v.string(), v.picklist(['true', 'false'], 'draft must be true or false'), v.transform((s) => s === 'true')), 'false'),
  search: v.optional(text(200), ''),
  /** true: only programs (a partner's featured courses, promote = true; decision 006) — §2.9's See All Programs. */
  programs: v.optional(v.pipe(v.string(), v.picklist(['true', 'false'], 'programs must be true or false'), v.transform((s) => s === 'true')), 'false'),
  /** Platform staff may narrow to one partner; institution staff always get their own. */
  institutionId: optionalQueryInt('institutionId', 1, MAX_ID),
  page: queryInt('page', 1, 100_000, 1),
  pageSize: queryInt('pageSize', 1, 200, MANAGE_COURSE_PAGE_SIZE),
});

/** A course card (§2.9: title, description, modules, duration, level, price, thumbnail, partner). */
export const manageCourseCardSchema = v.object({
  courseId: v.number(),
  title: v.string(),
  description: v.string(),
  modules: v.number(),
  /** Minutes. */
  duration: v.number(),
  courseLevel: v.nullable(v.number()),
  courseLevelName: v.string(),
  isPaid: v.boolean(),
  /** Naira. */
  coursePrice: v.number(),
  courseThumbNailUrl: v.nullable(v.string()),
  institutionId: v.number(),
  institution: v.string(),
  draft: v.boolean(),
  /** 1 pending review, 2 approved, 3 rejected, 4 pending QA. */
  approvalStatus: v.number(),
  isActive: v.boolean(),
  publishDate: v.nullable(v.string()),
  /**
   * The published course's open revision (decision 048), null when none: 'draft' while it is
   * written, 'awaitingApproval' from its submission until a review decides (spec 002 §4's
   * Awaiting Approval: no other update may start), 'rejected' when sent back (decision 059).
   */
  revision: v.nullable(v.object({ courseId: v.number(), status: v.picklist(REVISION_STATES) })),
});
export type ManageCourseCard = v.InferOutput<typeof manageCourseCardSchema>;

export const manageCoursesPageSchema = v.object({ items: v.array(manageCourseCardSchema), totalRows: v.number(), page: v.number(), pageSize: v.number() });
export type ManageCoursesPage = v.InferOutput<typeof manageCoursesPageSchema>;

/** The admin course detail (§2.9): the card's fields and the course's category. */
export const manageCourseDetailSchema = v.object({ ...manageCourseCardSchema.entries, courseCategoryName: v.string() });
export type ManageCourseDetail = v.InferOutput<typeof manageCourseDetailSchema>;

/** §3 Course statistics. Money in naira; what each figure counts is decision 045's. */
export const courseStatisticsSchema = v.object({
  totalRevenue: v.number(),
  totalStudent: v.number(),
  activeStudent: v.number(),
  monthlyView: v.number(),
  weeklyView: v.number(),
  /** The last seven days in Lagos, oldest first; key is the day's English name ("Monday"). */
  weeklyViewStat: v.array(v.object({ key: v.string(), value: v.number(), date: v.string() })),
});
export type CourseStatistics = v.InferOutput<typeof courseStatisticsSchema>;

export const courseToggleSchema = v.object({ courseId: v.number(), isActive: v.boolean() });

export const manageCourses = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/ManageCourses',
  summary: 'The Manage Courses lists: drafts (draft=true) or the rest (draft=false), newest first',
  description:
    'Designed here (the spec names “all courses by institution id” without a path). search matches part of the title. Institution staff see their own partner’s courses only (naming another is 403); platform staff see all or one partner’s.',
  access: staffWith(...MANAGE_COURSE_READERS),
  confine: 'institution',
  query: manageCoursesQuerySchema,
  data: manageCoursesPageSchema,
  errors: [400, 401, 403],
});

/** Course/List's page size when none is given; at most 1000 a page, as the other lists. */
export const COURSE_LIST_PAGE_SIZE = 50;

export const courseListQuerySchema = v.object({
  /** Platform staff may name one partner (none: every partner); institution staff get their own. */
  institutionId: optionalQueryInt('institutionId', 1, MAX_ID),
  /** true: active courses only; false: inactive only; left out: both. */
  isActive: queryBoolean('isActive'),
  /** true: one page of pageSize; otherwise every course. */
  usePaging: queryBoolean('usePaging'),
  page: queryInt('page', 1, 100_000, 1),
  pageSize: queryInt('pageSize', 1, 1000, COURSE_LIST_PAGE_SIZE),
});

/** A course as a picker lists it: enough to name it and say where it stands. */
export const courseListItemSchema = v.object({
  id: v.number(),
  title: v.string(),
  institutionId: v.number(),
  isActive: v.boolean(),
  draft: v.boolean(),
  /** 1 pending review, 2 approved, 3 rejected, 4 pending QA. */
  approvalStatus: v.number(),
});
export type CourseListItem = v.InferOutput<typeof courseListItemSchema>;

export const listCourses = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/List',
  summary: 'A partner’s courses by title (spec 001 §7), for pickers; paged when usePaging=true',
  description:
    'Every course of the partner, drafts included, never a revision as a second course (decision 048); ordered by title. isActive=true or false keeps one kind. totalRows counts every match whatever the page. Institution staff get their own partner’s (naming another is 403, as Course/ManageCourses and Instructor/List); platform staff get the partner they name, or every partner’s without institutionId (decision 088).',
  access: staffWith(...MANAGE_COURSE_READERS),
  confine: 'institution',
  query: courseListQuerySchema,
  data: v.object({ items: v.array(courseListItemSchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const manageCourseDetail = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Manage/{courseId}',
  summary: 'One course as the admin course detail shows it',
  description: 'Designed here (the spec reads the course from navigation state; a link must open on its own). 404 for another partner’s course when the caller is institution staff.',
  access: staffWith(...MANAGE_COURSE_READERS),
  confine: 'institution',
  params: v.object({ courseId: pathId('courseId') }),
  data: manageCourseDetailSchema,
  errors: [400, 401, 403, 404],
});

export const courseStatistics = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Statistics/{courseId}',
  summary: 'A course’s revenue, students and player visits (spec §3 Course statistics)',
  description:
    'totalRevenue: platform staff the whole amount learners paid for it; institution staff their partner’s share from the payment ledger. totalStudent: enrolments. activeStudent: enrolled learners who studied it in the last 30 days. A view is one learner studying the course on one Lagos calendar day (any progress, quiz or survey event); monthlyView counts the last 30 days, weeklyView and weeklyViewStat the last 7 (decision 045). 404 for another partner’s course when the caller is institution staff.',
  access: staffWith(...MANAGE_COURSE_READERS),
  confine: 'institution',
  params: v.object({ courseId: pathId('courseId') }),
  data: courseStatisticsSchema,
  errors: [400, 401, 403, 404],
});

export const toggleCourse = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Toggle/{courseId}',
  summary: 'Deactivate an active course (it leaves the learner catalogue) or activate an inactive one',
  description:
    'Enrolled learners keep their access (decision 045). Answers code 00 and “Course Activated successfully” or “Course Deactivated successfully”. Institution staff toggle their own partner’s courses only (404 for another’s). Written to the audit trail.',
  access: staffWith(...MANAGE_COURSE_TOGGLERS),
  audit: { module: 'Course', action: 'Toggle' },
  confine: 'institution',
  params: v.object({ courseId: pathId('courseId') }),
  data: courseToggleSchema,
  errors: [400, 401, 403, 404],
});
