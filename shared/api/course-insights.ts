// Course Insights and the enrolled students of one course (spec 002 §2.3's table, §2.11, §3 Report
// rows, §7 report/api/Report/GetCourseInsights and GetStudentEnrolled, §9; decision 052).
// Money is naira here, kobo in the database; revenue shares come from the payment ledger.
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { MAX_ID, optionalQueryInt, queryBoolean, queryId, queryInt, text } from './fields';
import { EXPORT_PAGE_SIZE } from './reports';

/** §6: Course Insight is the institution report (platform report roles hold it too). */
export const COURSE_INSIGHT_READERS = ['viewInstitutionReport'] as const;
/** §9: all report tables are paged at 10 rows. */
export const REPORT_PAGE_SIZE = 10;

export const COURSE_INSIGHT_MESSAGES = {
  dateFormat: 'Dates must be written YYYY-MM-DD',
  dateOrder: 'The start date must not be after the end date',
  notFound: 'Course not found',
} as const;

const isCalendarDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const queryDate = v.optional(v.pipe(v.string(), v.maxLength(10, COURSE_INSIGHT_MESSAGES.dateFormat), v.check(isCalendarDate, COURSE_INSIGHT_MESSAGES.dateFormat)));

const reportQuery = {
  Search: v.optional(text(200), ''),
  /** Lagos calendar days, both included; they bound when the payment was made (or the learner enrolled). */
  StartDate: queryDate,
  EndDate: queryDate,
  Page: queryInt('Page', 1, 100_000, 1),
  // A page holds at most REPORT_PAGE_MAX rows whatever this says; §9's export asks for a "very large page size".
  PageSize: queryInt('PageSize', 1, EXPORT_PAGE_SIZE, REPORT_PAGE_SIZE),
  /** Every row for the filter as an .xlsx in `file` (base64; items empty), decision 050. */
  Export: queryBoolean('Export'),
  /** With Export: the same file streamed as an attachment. */
  Download: queryBoolean('Download'),
};

/** Export only (§3 "Export response"): the .xlsx, base64, and its name. */
const exportFile = { file: v.optional(v.string()), fileName: v.optional(v.string()) };

const ordered = <T extends { StartDate?: string; EndDate?: string }>(q: T) => !q.StartDate || !q.EndDate || q.StartDate <= q.EndDate;

export const courseInsightsQuerySchema = v.pipe(
  v.object({ ...reportQuery, InstitutionId: optionalQueryInt('InstitutionId', 0, MAX_ID) }),
  v.check(ordered, COURSE_INSIGHT_MESSAGES.dateOrder),
);

/** §2.11 / §3 Course insight row. */
export const courseInsightRowSchema = v.object({
  sno: v.number(),
  courseId: v.number(),
  institution: v.string(),
  courseName: v.string(),
  noOfEnrolledUser: v.number(),
  /** What learners paid (successful payments), VAT and gateway charge included. */
  totalRevenue: v.number(),
  totalDiscount: v.number(),
  /** The platform owner's share from the ledger (the spec's "partner" is the platform partner). */
  partnerRevenue: v.number(),
  /** The partner institutions' shares from the ledger. */
  institutionRevenue: v.number(),
  totalVat: v.number(),
  totalGatewayCharge: v.number(),
});
export type CourseInsightRow = v.InferOutput<typeof courseInsightRowSchema>;

export const courseInsightsPageSchema = v.object({ items: v.array(courseInsightRowSchema), totalRows: v.number(), ...exportFile });
export type CourseInsightsPage = v.InferOutput<typeof courseInsightsPageSchema>;

export const studentEnrolledQuerySchema = v.pipe(v.object({ ...reportQuery, CourseId: queryId('CourseId') }), v.check(ordered, COURSE_INSIGHT_MESSAGES.dateOrder));

/** §3 Enrolled student row (lastDateVisted spelt so). */
export const enrolledStudentRowSchema = v.object({
  sno: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  /** ISO instants. */
  enrolledDate: v.string(),
  /** The last visit, or the enrolled date when there is none (§2.11). */
  lastDateVisted: v.string(),
  amountPaid: v.number(),
  discountAmount: v.number(),
  courseBasePrice: v.number(),
  vat: v.number(),
  gatewayFee: v.number(),
  /** Studied the course in the last 30 days. */
  studentActive: v.boolean(),
});
export type EnrolledStudentRow = v.InferOutput<typeof enrolledStudentRowSchema>;

export const studentEnrolledPageSchema = v.object({
  /**
   * The course the page is about: a link must open on its own, without navigation state. Absent
   * from an Export answer, which streams the file and its name only (decision 061).
   */
  course: v.optional(v.object({ courseId: v.number(), courseName: v.string(), institution: v.string() })),
  items: v.array(enrolledStudentRowSchema),
  totalRows: v.number(),
  ...exportFile,
});
export type StudentEnrolledPage = v.InferOutput<typeof studentEnrolledPageSchema>;

export const getCourseInsights = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/GetCourseInsights',
  summary: 'Course Insights: per-course enrolments, revenue and the ledger’s shares, 10 a page',
  description:
    'Search matches part of the course name. StartDate and EndDate (Lagos days) bound the payments and enrolments counted. Institution staff see their own institution’s courses only (naming another is 403); platform staff all, or one partner with InstitutionId (0 for all). Courses by name. Export=true answers every row as CourseInsight.xlsx in `file` (base64; items empty); Export=true&Download=true streams it as an attachment.',
  access: staffWith(...COURSE_INSIGHT_READERS),
  confine: 'institution',
  query: courseInsightsQuerySchema,
  data: courseInsightsPageSchema,
  errors: [400, 401, 403],
});

export const getStudentEnrolled = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/GetStudentEnrolled',
  summary: 'Manage Enrolled Student: the learners enrolled in one course, newest first, 10 a page',
  description:
    'Search matches part of a first name, last name or e-mail. StartDate and EndDate (Lagos days) bound the enrolment date. Amounts are those of the learner’s successful payment (0 for a free enrolment). 404 for another institution’s course when the caller is institution staff. Export=true answers every row as ManageEnrolledStudent.xlsx in `file` (base64; items empty); Export=true&Download=true streams it as an attachment.',
  access: staffWith(...COURSE_INSIGHT_READERS),
  confine: 'institution',
  query: studentEnrolledQuerySchema,
  data: studentEnrolledPageSchema,
  errors: [400, 401, 403, 404],
});
