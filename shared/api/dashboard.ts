// The admin dashboard (spec 002 §2.3, §3 Dashboard stats and Update history group, §7 dashboard
// calls; decision 052). Every call answers for the caller's scope: an institution's staff get their
// institution's figures (naming another institution is 403); platform staff get the platform's, or
// one partner's when they pass institutionId.
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { MAX_ID, optionalQueryInt } from './fields';

export const DASHBOARD_MESSAGES = {
  // §2.3, word for word.
  fetchingStatistics: 'Fetching statistics...',
  fetchingUpdates: 'Fetching updates...',
  noUpdates: 'No current updates',
  notAvailable: 'N/A',
} as const;

/** Months the enrolment chart covers, this one last. */
export const ENROLMENT_CHART_MONTHS = 12;
/** Days a learner counts as an Active Student after their last visit (as decision 045). */
export const ACTIVE_STUDENT_DAYS = 30;
/** The latest course changes the What's New panel reads. */
export const UPDATE_HISTORY_LIMIT = 60;

const scopeQuery = v.object({
  /** Platform staff may name one partner; institution staff get their own whatever they send. */
  institutionId: optionalQueryInt('institutionId', 1, MAX_ID),
});

export const monthlyEnrolmentSchema = v.object({
  /** YYYY-MM, a Lagos calendar month. */
  month: v.string(),
  /** The month's short English name ("Jan"), the chart's label. */
  key: v.string(),
  value: v.number(),
});
export type MonthlyEnrolment = v.InferOutput<typeof monthlyEnrolmentSchema>;

export const courseStatisticSchema = v.object({
  /** Courses live in the catalogue now (approved, published, active, of an active partner): the admin profile's Active Courses too. */
  activeCourses: v.nullable(v.number()),
  /** Submitted courses waiting for a partner's review or for QA. */
  pendingCourseApproval: v.nullable(v.number()),
});
export type InstitutionCourseStatistic = v.InferOutput<typeof courseStatisticSchema>;

/** §3 Dashboard stats. Money in naira. */
export const dashboardStatsSchema = v.object({
  totalRevenue: v.number(),
  totalStudent: v.number(),
  activeStudent: v.number(),
});
export type DashboardStats = v.InferOutput<typeof dashboardStatsSchema>;

/** §3 Update history group: one user's changes to one course on one Lagos day. */
export const updateHistoryGroupSchema = v.object({
  /** YYYY-MM-DD (Lagos). */
  date: v.string(),
  userName: v.string(),
  courseId: v.number(),
  courseTitle: v.string(),
  currentUpdates: v.array(
    v.object({
      description: v.string(),
      /** ISO instant. */
      time: v.string(),
      /** 0 basic setup, 1 additional information, 2 curriculum, 3 pricing, 4 survey, 5 review and status. */
      section: v.number(),
    }),
  ),
});
export type UpdateHistoryGroup = v.InferOutput<typeof updateHistoryGroupSchema>;

export const monthlyEnrollmentStatistics = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/FetchMonthlyEnrollmentStatistics',
  summary: 'Enrolments per month for the dashboard chart: the last 12 Lagos months, oldest first',
  description: 'Institution staff count their institution’s courses (naming another institution is 403); platform staff the whole platform, or one partner with institutionId.',
  access: staffWith(),
  confine: 'institution',
  query: scopeQuery,
  data: v.array(monthlyEnrolmentSchema),
  errors: [400, 401, 403],
});

export const institutionCourseStatistic = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/GetInstitutionCourseStatistic',
  summary: 'The dashboard’s Active Courses and Pending Course Approval figures',
  description: 'activeCourses: courses live in the catalogue now (approved, published with its publish date passed, active, of an active partner), the same count as the admin profile’s Active Courses (decision 088); pendingCourseApproval: submitted courses waiting for a partner’s review or QA. Scoped as FetchMonthlyEnrollmentStatistics.',
  access: staffWith(),
  confine: 'institution',
  query: scopeQuery,
  data: courseStatisticSchema,
  errors: [400, 401, 403],
});

export const dashboardStats = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/DashboardStats',
  summary: 'The dashboard’s Stats panel: Total Revenue, Total Student, Active Student',
  description:
    'Designed here (the spec gives no path). totalRevenue is the scope’s earnings from the payment ledger: an institution’s share of every sale, or the platform owner’s share for the platform (decision 052). totalStudent: learners enrolled in the scope’s courses; activeStudent: those of them who studied one in the last 30 days. Scoped as FetchMonthlyEnrollmentStatistics.',
  access: staffWith(),
  confine: 'institution',
  query: scopeQuery,
  data: dashboardStatsSchema,
  errors: [400, 401, 403],
});

export const courseUpdateHistory = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/UpdateHistory',
  summary: 'What’s New: the latest changes to courses, grouped by day, user and course',
  description:
    'Designed here (the spec gives no path). Read from the audit trail’s Course and CourseApproval rows, newest first. With courseId, that course only (404 for another institution’s course when the caller is institution staff); otherwise the scope’s courses.',
  access: staffWith(),
  confine: 'institution',
  query: v.object({ ...scopeQuery.entries, courseId: optionalQueryInt('courseId', 1, MAX_ID) }),
  data: v.array(updateHistoryGroupSchema),
  errors: [400, 401, 403, 404],
});
