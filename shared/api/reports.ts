// Report service (spec 002 §2.11, §3 "Report rows", §4 "Export", §6 report visibility, §7
// "Reports", §9): report pages of 10 rows with search, date range and the screen's filters, and
// Export — the same filter's every row as a real .xlsx, base64 in the envelope (§4), or, with
// Download=true, the same file streamed as an attachment for exports too big to hold
// (docs/decisions/050, 051). Money crosses in naira; revenue comes from the payment split ledger
// (decision 042), so the reports add up to the payments.
import * as v from 'valibot';
import { isCalendarDate } from '../domain/course-authoring';
import { defineEndpoint, staffWith, type Access } from './contract';
import { MAX_ID, queryBoolean, queryId, queryInt, text } from './fields';
import { TRANSACTION_STATUS } from './payment';

export const REPORT_PAGE_SIZE = 10;
/** §9: Export asks for page 1 of "a very large page size" (the "infinite page" constant). */
export const EXPORT_PAGE_SIZE = 1_000_000;
/** A report page (not an export) holds at most this many rows, whatever PageSize asks for. */
export const REPORT_PAGE_MAX = 1000;

export const REPORT_MESSAGES = {
  dateFormat: 'Enter dates as yyyy-mm-dd',
  dateOrder: 'The end date must be on or after the start date',
  surveyNotFound: 'Survey not found',
} as const;

/** §9 file names, and ours for the reports the spec has none for. */
export const REPORT_FILES = {
  auditTrail: 'AuditTrail.xlsx',
  coursePayment: 'CoursePayment.xlsx',
  courseInsightsOverview: 'CourseInsights.xlsx',
  /** Course Insights, the report page's and the dashboard's table (§7 GetCourseInsights). */
  courseInsight: 'CourseInsight.xlsx',
  manageEnrolledStudent: 'ManageEnrolledStudent.xlsx',
  registeredUsers: 'ManageRegisterUser.xlsx',
  revenuePerPartner: 'RevenuePerPartner.xlsx',
  revenuePerInstitution: 'RevenuePerInstitution.xlsx',
  coursePurchase: 'CoursePurchase.xlsx',
  surveyReport: 'SurveyReport.xlsx',
} as const;

/** Who reads which report (§6; docs/decisions/051): the permissions, any one of which will do. */
export const REPORT_READERS = {
  /** Audit Trail: the audit permission or the platform report permission. */
  auditTrail: ['viewAuditTrail', 'viewRivetReport'],
  /** Platform-wide figures: the platform report permission. */
  platform: ['viewRivetReport'],
  /** Figures an institution's report staff see for their own institution. */
  institution: ['viewRivetReport', 'viewInstitutionReport'],
} as const;

export const REPORT_ACCESS = {
  auditTrail: staffWith(...REPORT_READERS.auditTrail),
  platform: staffWith(...REPORT_READERS.platform),
  institution: staffWith(...REPORT_READERS.institution),
} satisfies Record<keyof typeof REPORT_READERS, Access>;

const queryDate = (name: string) => v.optional(v.pipe(v.string(), v.maxLength(10, REPORT_MESSAGES.dateFormat), v.check(isCalendarDate, `${name}: ${REPORT_MESSAGES.dateFormat}`)));

/** The query every report takes (§7: search text, page, page size, from and to dates, export flag). */
export const reportQueryEntries = {
  Search: v.optional(text(200), ''),
  Page: queryInt('Page', 1, 1_000_000, 1),
  PageSize: queryInt('PageSize', 1, EXPORT_PAGE_SIZE, REPORT_PAGE_SIZE),
  StartDate: queryDate('StartDate'),
  EndDate: queryDate('EndDate'),
  Export: queryBoolean('Export'),
  /** With Export: the file itself, streamed as an attachment, instead of base64 in the envelope. */
  Download: queryBoolean('Download'),
};

const dateOrder = <T extends { StartDate?: string; EndDate?: string }>(q: T) => !q.StartDate || !q.EndDate || q.StartDate <= q.EndDate;

const reportQuery = <E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.object({ ...reportQueryEntries, ...entries }),
    v.check(dateOrder, REPORT_MESSAGES.dateOrder),
  );

/** A report's answer: one page of rows and the filter's row count; with Export, the file instead of rows. */
const reportData = <T extends v.GenericSchema>(row: T) =>
  v.object({
    items: v.array(row),
    totalRows: v.number(),
    /** Export only: the .xlsx, base64 (§3 "Export response"). */
    file: v.optional(v.string()),
    fileName: v.optional(v.string()),
  });

export interface ReportPage<T> {
  items: T[];
  totalRows: number;
  file?: string;
  fileName?: string;
}

const institutionFilter = { InstitutionId: queryInt('InstitutionId', 0, MAX_ID, 0) };
const exportNote =
  ' Export=true answers every row for the filter as an .xlsx in `file` (base64; items empty); Export=true&Download=true streams the same file as an attachment.';

// ── Audit Trail ──────────────────────────────────────────────────────────────────────────────

export const auditTrailRowSchema = v.object({
  sno: v.number(),
  id: v.number(),
  userName: v.string(),
  /** Spelt so in the spec. */
  ipAdress: v.string(),
  description: v.string(),
  record: v.string(),
  moduleName: v.string(),
  moduleAction: v.string(),
  /** ISO 8601. */
  dateCreated: v.string(),
  /** The spec's name for the browser (§2.11 "apiKey (shown as browser)"), read from the user agent. */
  apiKey: v.string(),
});
export type AuditTrailRow = v.InferOutput<typeof auditTrailRowSchema>;

export const auditTrailReport = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/AuditTrail',
  summary: 'Audit trail: who changed what, from where (newest first)',
  description:
    'Search matches user name, description, record, module and action; StartDate/EndDate (yyyy-mm-dd, Lagos days, inclusive) bound the date; Id picks one entry; InstitutionId (0 all) the staff member’s institution.' + exportNote,
  access: REPORT_ACCESS.auditTrail,
  confine: 'institution',
  query: reportQuery({ ...institutionFilter, Id: queryInt('Id', 0, MAX_ID, 0) }),
  data: reportData(auditTrailRowSchema),
  errors: [400, 401, 403],
});

// ── Course Payment ───────────────────────────────────────────────────────────────────────────

export const TRANSACTION_STATUS_OPTIONS = [
  { id: TRANSACTION_STATUS.pending, name: 'Pending' },
  { id: TRANSACTION_STATUS.successful, name: 'Successful' },
  { id: TRANSACTION_STATUS.failed, name: 'Failed' },
] as const;

export const coursePaymentRowSchema = v.object({
  sno: v.number(),
  /** The payment's reference. */
  id: v.string(),
  /** The learner's name (their e-mail when the account is gone). */
  name: v.string(),
  /** When it was paid (when it was started, while pending or failed). ISO 8601. */
  enrolledDate: v.string(),
  courseName: v.string(),
  /**
   * Naira: the course's price before the discount, as the payment priced it (its base price, before
   * VAT and gateway charge; decision 077). courseAmount − discount is what the ledger shares.
   */
  courseAmount: v.number(),
  discount: v.number(),
  institution: v.string(),
  pricePaid: v.number(),
  transactionStatusName: v.string(),
});
export type CoursePaymentRow = v.InferOutput<typeof coursePaymentRowSchema>;

export const coursePaymentReport = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/GetCoursePayment',
  summary: 'Course payments by transaction status (newest first)',
  description:
    'TransactionStatus 0 pending, 1 successful (default), 2 failed. Search matches the learner’s name or e-mail, the course and the reference; dates bound the day shown (paid for a successful payment, started for a pending or failed one). Institution report staff see their own institution’s courses only.' +
    exportNote,
  access: REPORT_ACCESS.institution,
  confine: 'institution',
  query: reportQuery({ ...institutionFilter, TransactionStatus: queryInt('TransactionStatus', 0, 2, TRANSACTION_STATUS.successful) }),
  data: reportData(coursePaymentRowSchema),
  errors: [400, 401, 403],
});

// ── Manage Registered Users ──────────────────────────────────────────────────────────────────

export const registeredUserRowSchema = v.object({
  sno: v.number(),
  id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  countryName: v.string(),
  noOfEnrolledCourses: v.number(),
  /** ISO 8601. */
  dateCreated: v.string(),
  isActive: v.boolean(),
});
export type RegisteredUserRow = v.InferOutput<typeof registeredUserRowSchema>;

export const registeredUsersReport = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/GetRegisteredUsers',
  summary: 'Registered learners with how many courses each is enrolled in (newest first)',
  description: 'Search matches the learner’s name or e-mail, or the title of a course they are enrolled in; dates bound the day they registered.' + exportNote,
  access: REPORT_ACCESS.platform,
  query: reportQuery({}),
  data: reportData(registeredUserRowSchema),
  errors: [400, 401, 403],
});

// ── Revenue Per Partner and Platform Revenue ─────────────────────────────────────────────────

export const partnerRevenueRowSchema = v.object({
  sno: v.number(),
  id: v.number(),
  partner: v.string(),
  noOfCourses: v.number(),
  noOfEnrolledUser: v.number(),
  /** Naira: the partner's share of every sale (the ledger). */
  partnerRevenue: v.number(),
});
export type PartnerRevenueRow = v.InferOutput<typeof partnerRevenueRowSchema>;

export const revenuePerPartnerReport = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/GetRevenuePerPartner',
  summary: 'What each partner earned: its share of every sale, from the payment split ledger',
  description: 'PartnerId picks one partner (0 or absent: all partners). Search matches the partner’s name; dates bound the day of the sale.' + exportNote,
  access: REPORT_ACCESS.platform,
  query: reportQuery({ PartnerId: queryInt('PartnerId', 0, MAX_ID, 0) }),
  data: reportData(partnerRevenueRowSchema),
  errors: [400, 401, 403],
});

export const institutionRevenueRowSchema = v.object({
  sno: v.number(),
  id: v.number(),
  /** The platform's settlement party (Manage Platform), or the platform itself while it has no active one (decision 077). */
  institution: v.string(),
  /** The approved courses the platform's share comes from (one partner's when InstitutionId names it). */
  noOfCourses: v.number(),
  noOfEnrolledUser: v.number(),
  /** Naira: this party's part of the platform owner's ledger share (decision 077). */
  institutionRevenue: v.number(),
});
export type InstitutionRevenueRow = v.InferOutput<typeof institutionRevenueRowSchema>;

export const revenuePerInstitutionReport = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/GetRevenuePerInstitution',
  summary: 'Platform revenue: the platform owner’s share of every sale, against the platform’s own settlement parties',
  description:
    'One row per active settlement party of Manage Platform, the platform owner’s ledger share divided equally among them to the kobo (one party: all of it); with none active, one row for the platform itself. InstitutionId (0 for all) counts only the sales of that partner’s courses; Search matches the party’s name; dates bound the day of the sale (decision 077).' +
    exportNote,
  access: REPORT_ACCESS.platform,
  query: reportQuery(institutionFilter),
  data: reportData(institutionRevenueRowSchema),
  errors: [400, 401, 403],
});

// ── Course Revenue Insights (overview) ───────────────────────────────────────────────────────

export const courseInsightsOverviewRowSchema = v.object({
  sno: v.number(),
  /** yyyy-mm, Lagos time. */
  id: v.string(),
  month: v.string(),
  noOfPayments: v.number(),
  noOfEnrolledUser: v.number(),
  totalRevenue: v.number(),
  totalDiscount: v.number(),
  platformRevenue: v.number(),
  partnerRevenue: v.number(),
  totalVat: v.number(),
  totalGatewayCharge: v.number(),
});
export type CourseInsightsOverviewRow = v.InferOutput<typeof courseInsightsOverviewRowSchema>;

export const courseInsightsTotalsSchema = v.object({
  noOfCourses: v.number(),
  noOfPayments: v.number(),
  noOfEnrolledUser: v.number(),
  totalRevenue: v.number(),
  totalDiscount: v.number(),
  platformRevenue: v.number(),
  partnerRevenue: v.number(),
  totalVat: v.number(),
  totalGatewayCharge: v.number(),
});
export type CourseInsightsTotals = v.InferOutput<typeof courseInsightsTotalsSchema>;

export const courseInsightsOverviewReport = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/GetCourseInsightsOverview',
  summary: 'Course revenue insights, month by month, with totals for the filter',
  description:
    'Successful payments per Lagos month (newest first): how many, learners enrolled, revenue, discounts, the platform’s and the partners’ shares (the ledger), VAT and gateway charges. Search matches course titles; InstitutionId (0 all) the course’s partner; institution report staff see their own.' +
    exportNote,
  access: REPORT_ACCESS.institution,
  confine: 'institution',
  query: reportQuery(institutionFilter),
  data: v.object({
    ...reportData(courseInsightsOverviewRowSchema).entries,
    /** The page's totals for the filter; absent from an Export answer, whose envelope carries the file, its name and the row count only (decisions 061, 077). */
    totals: v.optional(courseInsightsTotalsSchema),
  }),
  errors: [400, 401, 403],
});

// ── Course Purchase ──────────────────────────────────────────────────────────────────────────

export const coursePurchaseRowSchema = v.object({
  sno: v.number(),
  id: v.number(),
  reference: v.string(),
  learner: v.string(),
  email: v.string(),
  courseName: v.string(),
  institution: v.string(),
  /** card, bank, ussd …; "discount code" when a code made it free. */
  channel: v.string(),
  amountPaid: v.number(),
  /** ISO 8601. */
  datePaid: v.string(),
});
export type CoursePurchaseRow = v.InferOutput<typeof coursePurchaseRowSchema>;

export const coursePurchaseReport = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/GetCoursePurchase',
  summary: 'Course purchases: every successful payment (newest first)',
  description:
    'Search matches the learner, e-mail, course and reference; CourseId picks one course; dates bound the day it was paid; institution report staff see their own institution’s courses only.' + exportNote,
  access: REPORT_ACCESS.institution,
  confine: 'institution',
  query: reportQuery({ ...institutionFilter, CourseId: queryInt('CourseId', 0, MAX_ID, 0) }),
  data: reportData(coursePurchaseRowSchema),
  errors: [400, 401, 403],
});

// ── Survey Report ────────────────────────────────────────────────────────────────────────────

export const SURVEY_SORTS = ['Newest', 'Oldest'] as const;

export const surveyAnswerRowSchema = v.object({
  sno: v.number(),
  /** The answer's own id. Each row is one answer: answers of one response are not tied together, and no learner or course is named (decision 047). */
  id: v.number(),
  question: v.string(),
  /** The option chosen, the rating, or the text written. */
  answer: v.string(),
  /** The Lagos day it was submitted, yyyy-mm-dd. */
  dateSubmitted: v.string(),
});
export type SurveyAnswerRow = v.InferOutput<typeof surveyAnswerRowSchema>;

export const surveyReport = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/GetSurveyReport',
  summary: 'A survey’s answers, one a row, anonymous, per question, newest or oldest first',
  description:
    'SurveyId names the survey; QuestionId (0 all) one of its questions. Search matches the answers; Sort is Newest (default) or Oldest; dates bound the day submitted. Institution report staff read the answers about their own institution’s courses. No learner or course is returned, and answers of one response are not tied together (decision 047).' +
    exportNote,
  access: REPORT_ACCESS.institution,
  confine: 'institution',
  query: reportQuery({
    ...institutionFilter,
    SurveyId: queryId('SurveyId'),
    QuestionId: queryInt('QuestionId', 0, MAX_ID, 0),
    Sort: v.optional(v.picklist(SURVEY_SORTS, 'Sort must be Newest or Oldest'), 'Newest'),
  }),
  data: v.object({
    ...reportData(surveyAnswerRowSchema).entries,
    /** The survey and its questions, with a page; absent from an Export answer (the file, its name and the row count only: decisions 061, 077). */
    survey: v.optional(v.object({ id: v.number(), title: v.string() })),
    questions: v.optional(v.array(v.object({ id: v.number(), question: v.string(), answered: v.number() }))),
  }),
  errors: [400, 401, 403, 404],
});

export const surveyReportList = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/GetSurveys',
  summary: 'The surveys with how many responses each has (about the caller’s institution’s courses, for its staff): the Survey Report’s picker',
  access: REPORT_ACCESS.institution,
  confine: 'institution',
  query: v.object({ InstitutionId: queryInt('InstitutionId', 0, MAX_ID, 0) }),
  data: v.array(v.object({ id: v.number(), title: v.string(), responses: v.number() })),
  errors: [400, 401, 403],
});

const LAGOS_DATE = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** §9: "The date display helper shows date and time separated by ' - '" — in Lagos time, 24-hour. */
export function formatReportDate(iso: string): string {
  const p = Object.fromEntries(LAGOS_DATE.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.day} ${p.month} ${p.year} - ${p.hour}:${p.minute}`;
}
