// The reports' rules (spec 002 §2.11, §6; docs/decisions/050, 051): each report's filter, its
// confinement (institution report staff always get their own institution; asking for another is
// 403), its columns exactly as §2.11 lists them, and its export.
import Bowser from 'bowser';
import {
  REPORT_FILES,
  formatReportDate,
  type AuditTrailRow,
  type CoursePaymentRow,
  type CourseInsightsOverviewRow,
  type CoursePurchaseRow,
  type InstitutionRevenueRow,
  type PartnerRevenueRow,
  type RegisteredUserRow,
  type SurveyAnswerRow,
} from '@rivet/shared/api/reports';
import { REPORT_MESSAGES } from '@rivet/shared/api/reports';
import { TRANSACTION_STATUS, TRANSACTION_STATUS_NAMES, type TransactionStatus } from '@rivet/shared/api/payment';
import type { Caller } from '../http/context';
import { scopedInstitutionId } from '../http/access';
import { answerReport, naira, type ReportPaging } from './report-runner';
import type { AuditTrailRecord, LearnerRecord, PaymentRecord, ReportFilter, ReportsRepository, Slice } from './reports.repository';
import { notFound } from '../http/errors';
import type { SurveyAnswerRecord, SurveyReportRepository } from './survey-report.repository';
import type { MonthRecord, PartnerRevenueRecord, RevenueReportsRepository } from './revenue-reports.repository';

export type ReportsService = ReturnType<typeof createReportsService>;

export interface ReportQuery extends ReportPaging {
  Search: string;
  StartDate?: string;
  EndDate?: string;
}

const DAY_MS = 86_400_000;

/** A Lagos calendar day's first instant (Lagos is UTC+1 all year). */
const lagosDayStart = (day: string) => new Date(`${day}T00:00:00+01:00`);

export function filterOf(query: ReportQuery, institutionId: number | null): ReportFilter {
  return {
    search: query.Search.trim(),
    from: query.StartDate ? lagosDayStart(query.StartDate) : null,
    // EndDate is inclusive: up to the start of the next day.
    to: query.EndDate ? new Date(lagosDayStart(query.EndDate).getTime() + DAY_MS) : null,
    institutionId,
  };
}

// A handful of user agents make up nearly every row; parse each once.
const browsers = new Map<string, string>();
/** "Chrome 120 on Windows" from a user agent; '' when there is none. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return '';
  let name = browsers.get(userAgent);
  if (name === undefined) {
    const parsed = Bowser.parse(userAgent);
    const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
    name = browser ? (parsed.os.name ? `${browser} on ${parsed.os.name}` : browser) : userAgent.slice(0, 60);
    if (browsers.size > 1000) browsers.clear();
    browsers.set(userAgent, name);
  }
  return name;
}

const nameOf = (r: { firstName: string | null; lastName: string | null; email: string }) => [r.firstName, r.lastName].filter(Boolean).join(' ').trim() || r.email;
const channelOf = (r: PaymentRecord) => (r.provider === 'none' ? 'discount code' : (r.channel ?? r.provider));

const MONTHS = new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "2026-03" as "March 2026". */
const monthName = (yyyyMm: string) => MONTHS.format(new Date(`${yyyyMm}-15T00:00:00Z`));

/**
 * Revenue Per Partner and Platform Revenue (§2.11) are one report over the partners: each partner's
 * courses, enrolled users and a share of its sales from the ledger (the partner's, or the
 * platform's). They differ in the share, the column and field names and the file.
 */
interface RevenueReport<Row> {
  fileName: string;
  sheetName: string;
  nameHeader: string;
  revenueHeader: string;
  count(filter: ReportFilter): Promise<number>;
  rows(filter: ReportFilter, slice: Slice<number>): Promise<PartnerRevenueRecord[]>;
  toRow(record: PartnerRevenueRecord, sno: number): Row;
}

function answerRevenueReport<Row extends { sno: number; noOfCourses: number; noOfEnrolledUser: number }>(report: RevenueReport<Row>, filter: ReportFilter, query: ReportQuery, name: (row: Row) => string, revenue: (row: Row) => number) {
  return answerReport<PartnerRevenueRecord, Row, number>(
    {
      fileName: report.fileName,
      sheetName: report.sheetName,
      columns: [
        { header: 'S/NO', width: 8 },
        { header: report.nameHeader, width: 30 },
        { header: 'NO OF COURSE', kind: 'number', width: 14 },
        { header: 'ENROLLED USERS', kind: 'number', width: 16 },
        { header: report.revenueHeader, kind: 'money', width: 20 },
      ],
      count: () => report.count(filter),
      page: (limit, offset) => report.rows(filter, { limit, offset }),
      batch: (after, limit) => report.rows(filter, { limit, after }),
      keyOf: (r) => r.id,
      toRow: report.toRow,
      cells: (r) => [r.sno, name(r), r.noOfCourses, r.noOfEnrolledUser, revenue(r)],
    },
    query,
  );
}

/**
 * Platform Revenue's rows (decision 077). The ledger has one platform-owner part per payment and
 * no settlement party on it; Manage Platform's parties have no shares. So the whole platform-owner
 * total of the filter is shown against the platform's active settlement parties in equal parts
 * (one active party: all of it), to the kobo — the first parties, oldest first, take the kobo a
 * division leaves over —, each with the courses and learners the share comes from. With no active
 * party the total stays with the platform itself, in a row that says so, so the figures still add
 * up to the ledger.
 */
export function platformRevenueRecords(
  parties: readonly { id: number; name: string }[],
  platformName: string,
  share: { revenueKobo: number; courses: number; enrolled: number },
): PartnerRevenueRecord[] {
  const receivers = parties.length ? parties : [{ id: 0, name: `${platformName} (no active settlement party)` }];
  const each = Math.floor(share.revenueKobo / receivers.length);
  const left = share.revenueKobo - each * receivers.length;
  return receivers.map((p, i) => ({ id: p.id, name: p.name, courses: share.courses, enrolled: share.enrolled, revenueKobo: each + (i < left ? 1 : 0) }));
}

export function createReportsService(deps: { repo: ReportsRepository; revenue: RevenueReportsRepository; surveys: SurveyReportRepository }) {
  const { repo, revenue, surveys } = deps;

  return {
    auditTrail(caller: Caller, query: ReportQuery & { InstitutionId: number; Id: number }) {
      const filter = { ...filterOf(query, scopedInstitutionId(caller, query.InstitutionId)), id: query.Id };
      return answerReport<AuditTrailRecord, AuditTrailRow, number>(
        {
          fileName: REPORT_FILES.auditTrail,
          sheetName: 'Audit Trail',
          columns: [
            { header: 'S/NO', width: 8 },
            { header: 'USER NAME', width: 24 },
            { header: 'IP ADDRESS', width: 16 },
            { header: 'DESCRIPTION', width: 60 },
            { header: 'RECORD', width: 14 },
            { header: 'MODULE', width: 18 },
            { header: 'ACTION', width: 18 },
            { header: 'DATE', width: 20 },
            { header: 'BROWSER', width: 24 },
          ],
          count: () => repo.auditCount(filter),
          page: (limit, offset) => repo.auditRows(filter, { limit, offset }),
          batch: (after, limit) => repo.auditRows(filter, { limit, after }),
          keyOf: (r) => r.id,
          toRow: (r, sno) => ({
            sno,
            id: r.id,
            userName: r.userName,
            ipAdress: r.ipAddress ?? '',
            description: r.description,
            record: r.record ?? '',
            moduleName: r.moduleName,
            moduleAction: r.moduleAction,
            dateCreated: r.createdAt.toISOString(),
            apiKey: browserOf(r.browser),
          }),
          cells: (r) => [r.sno, r.userName, r.ipAdress, r.description, r.record, r.moduleName, r.moduleAction, formatReportDate(r.dateCreated), r.apiKey],
        },
        query,
      );
    },

    coursePayment(caller: Caller, query: ReportQuery & { InstitutionId: number; TransactionStatus: number }) {
      // The dates bound the date the row shows: the day paid for a successful payment (the ledger's
      // day, as every revenue report has it), the day started for a pending or failed one (decision 077).
      const successful = query.TransactionStatus === TRANSACTION_STATUS.successful;
      const filter = { ...filterOf(query, scopedInstitutionId(caller, query.InstitutionId)), status: query.TransactionStatus, paidDates: successful };
      return answerReport<PaymentRecord, CoursePaymentRow, number>(
        {
          fileName: REPORT_FILES.coursePayment,
          sheetName: 'Course Payment',
          columns: [
            { header: 'S/NO', width: 8 },
            { header: 'ID', width: 26 },
            { header: 'NAME', width: 26 },
            { header: 'ENROLLED DATE', width: 20 },
            { header: 'COURSE NAME', width: 40 },
            { header: 'COURSE AMOUNT (₦)', kind: 'money', width: 18 },
            { header: 'DISCOUNT (₦)', kind: 'money', width: 14 },
            { header: 'INSTITUTION', width: 16 },
            { header: 'PRICE PAID (₦)', kind: 'money', width: 16 },
            { header: 'TRANSACTION STATUS', width: 20 },
          ],
          count: () => repo.paymentCount(filter),
          page: (limit, offset) => repo.paymentRows(filter, { limit, offset }),
          batch: (after, limit) => repo.paymentRows(filter, { limit, after }),
          keyOf: (r) => r.id,
          toRow: (r, sno) => ({
            sno,
            id: r.reference,
            name: nameOf(r),
            enrolledDate: (r.paidAt ?? r.createdAt).toISOString(),
            courseName: r.courseName,
            courseAmount: naira(r.priceKobo),
            discount: naira(r.discountKobo),
            institution: r.institution,
            pricePaid: naira(r.amountKobo),
            transactionStatusName: TRANSACTION_STATUS_NAMES[r.status as TransactionStatus] ?? String(r.status),
          }),
          cells: (r) => [r.sno, r.id, r.name, formatReportDate(r.enrolledDate), r.courseName, r.courseAmount, r.discount, r.institution, r.pricePaid, r.transactionStatusName],
        },
        query,
      );
    },

    coursePurchase(caller: Caller, query: ReportQuery & { InstitutionId: number; CourseId: number }) {
      const filter = { ...filterOf(query, scopedInstitutionId(caller, query.InstitutionId)), status: TRANSACTION_STATUS.successful, courseId: query.CourseId, paidDates: true };
      return answerReport<PaymentRecord, CoursePurchaseRow, number>(
        {
          fileName: REPORT_FILES.coursePurchase,
          sheetName: 'Course Purchase',
          columns: [
            { header: 'S/NO', width: 8 },
            { header: 'REFERENCE', width: 26 },
            { header: 'LEARNER', width: 26 },
            { header: 'EMAIL', width: 30 },
            { header: 'COURSE NAME', width: 40 },
            { header: 'INSTITUTION', width: 16 },
            { header: 'CHANNEL', width: 14 },
            { header: 'AMOUNT PAID (₦)', kind: 'money', width: 16 },
            { header: 'DATE PAID', width: 20 },
          ],
          count: () => repo.paymentCount(filter),
          page: (limit, offset) => repo.paymentRows(filter, { limit, offset }),
          batch: (after, limit) => repo.paymentRows(filter, { limit, after }),
          keyOf: (r) => r.id,
          toRow: (r, sno) => ({
            sno,
            id: r.id,
            reference: r.reference,
            learner: nameOf(r),
            email: r.email,
            courseName: r.courseName,
            institution: r.institution,
            channel: channelOf(r),
            amountPaid: naira(r.amountKobo),
            datePaid: (r.paidAt ?? r.createdAt).toISOString(),
          }),
          cells: (r) => [r.sno, r.reference, r.learner, r.email, r.courseName, r.institution, r.channel, r.amountPaid, formatReportDate(r.datePaid)],
        },
        query,
      );
    },

    registeredUsers(query: ReportQuery) {
      const filter = filterOf(query, null);
      return answerReport<LearnerRecord, RegisteredUserRow, { at: string; id: string }>(
        {
          fileName: REPORT_FILES.registeredUsers,
          sheetName: 'Registered Users',
          columns: [
            { header: 'S/NO', width: 8 },
            { header: 'FIRSTNAME', width: 18 },
            { header: 'LASTNAME', width: 18 },
            { header: 'EMAIL', width: 30 },
            { header: 'COUNTRY', width: 16 },
            { header: 'ENROLLED COURSES', kind: 'number', width: 18 },
            { header: 'TIME STAMP', width: 20 },
            { header: 'STATUS', width: 10 },
          ],
          count: () => repo.learnerCount(filter),
          page: (limit, offset) => repo.learnerRows(filter, { limit, offset }),
          batch: (after, limit) => repo.learnerRows(filter, { limit, after }),
          keyOf: (r) => ({ at: r.at, id: r.id }),
          toRow: (r, sno) => ({
            sno,
            id: r.id,
            firstName: r.firstName,
            lastName: r.lastName,
            email: r.email,
            countryName: r.countryName ?? '',
            noOfEnrolledCourses: r.enrolled,
            dateCreated: r.createdAt.toISOString(),
            isActive: r.isActive,
          }),
          cells: (r) => [r.sno, r.firstName, r.lastName, r.email, r.countryName, r.noOfEnrolledCourses, formatReportDate(r.dateCreated), r.isActive ? 'Active' : 'Inactive'],
        },
        query,
      );
    },

    revenuePerPartner(query: ReportQuery & { PartnerId: number }) {
      return answerRevenueReport<PartnerRevenueRow>(
        {
          fileName: REPORT_FILES.revenuePerPartner,
          sheetName: 'Revenue Per Partner',
          nameHeader: 'PARTNER NAME',
          revenueHeader: 'PARTNER REV. (₦)',
          count: (filter) => revenue.partnerCount(filter),
          rows: (filter, slice) => revenue.partnerRows(filter, slice),
          toRow: (r, sno) => ({ sno, id: r.id, partner: r.name, noOfCourses: r.courses, noOfEnrolledUser: r.enrolled, partnerRevenue: naira(r.revenueKobo) }),
        },
        filterOf(query, query.PartnerId || null),
        query,
        (r) => r.partner,
        (r) => r.partnerRevenue,
      );
    },

    /**
     * Platform Revenue (§2.11 PLATFORM NAME): the platform owner's ledger share, shown against the
     * platform's own settlement parties (Manage Platform), never against partners (decision 077).
     */
    async revenuePerInstitution(query: ReportQuery & { InstitutionId: number }) {
      const filter = filterOf({ ...query, Search: '' }, query.InstitutionId || null);
      const [{ parties, platformName }, share] = await Promise.all([revenue.settlementParties(), revenue.platformShare(filter)]);
      const search = query.Search.trim().toLocaleLowerCase();
      const records = platformRevenueRecords(parties, platformName, share).filter((r) => !search || r.name.toLocaleLowerCase().includes(search));
      const after = (id: number | null) => records.filter((r) => id === null || r.id > id);
      return answerRevenueReport<InstitutionRevenueRow>(
        {
          fileName: REPORT_FILES.revenuePerInstitution,
          sheetName: 'Platform Revenue',
          nameHeader: 'PLATFORM NAME',
          revenueHeader: 'PLATFORM REV. (₦)',
          count: async () => records.length,
          rows: async (_filter, slice) => (slice.after === undefined ? records.slice(slice.offset, slice.offset + slice.limit) : after(slice.after).slice(0, slice.limit)),
          toRow: (r, sno) => ({ sno, id: r.id, institution: r.name, noOfCourses: r.courses, noOfEnrolledUser: r.enrolled, institutionRevenue: naira(r.revenueKobo) }),
        },
        filter,
        query,
        (r) => r.institution,
        (r) => r.institutionRevenue,
      );
    },

    async courseInsightsOverview(caller: Caller, query: ReportQuery & { InstitutionId: number }) {
      const filter = filterOf(query, scopedInstitutionId(caller, query.InstitutionId));
      const money = (r: Omit<MonthRecord, 'month'>) => ({
        noOfPayments: r.payments,
        noOfEnrolledUser: r.learners,
        totalRevenue: naira(r.amountKobo),
        totalDiscount: naira(r.discountKobo),
        platformRevenue: naira(r.platformKobo),
        partnerRevenue: naira(r.partnerKobo),
        totalVat: naira(r.vatKobo),
        totalGatewayCharge: naira(r.gatewayKobo),
      });
      const answer = await answerReport<MonthRecord, CourseInsightsOverviewRow, string>(
        {
          fileName: REPORT_FILES.courseInsightsOverview,
          sheetName: 'Course Revenue Insights',
          columns: [
            { header: 'S/NO', width: 8 },
            { header: 'MONTH', width: 16 },
            { header: 'PAYMENTS', kind: 'number', width: 12 },
            { header: 'ENROLLED USERS', kind: 'number', width: 16 },
            { header: 'TOTAL REVENUE (₦)', kind: 'money', width: 18 },
            { header: 'TOTAL DISCOUNT (₦)', kind: 'money', width: 18 },
            { header: 'PLATFORM REV. (₦)', kind: 'money', width: 18 },
            { header: 'PARTNER REV. (₦)', kind: 'money', width: 18 },
            { header: 'VAT (₦)', kind: 'money', width: 14 },
            { header: 'GATEWAY CHARGE (₦)', kind: 'money', width: 18 },
          ],
          count: () => revenue.insightMonthCount(filter),
          page: (limit, offset) => revenue.insightMonths(filter, { limit, offset }),
          batch: (after, limit) => revenue.insightMonths(filter, { limit, after }),
          keyOf: (r) => r.month,
          toRow: (r, sno) => ({ sno, id: r.month, month: monthName(r.month), ...money(r) }),
          cells: (r) => [r.sno, r.month, r.noOfPayments, r.noOfEnrolledUser, r.totalRevenue, r.totalDiscount, r.platformRevenue, r.partnerRevenue, r.totalVat, r.totalGatewayCharge],
        },
        query,
      );
      if (answer instanceof Response) return answer;
      const totals = await revenue.insightTotals(filter);
      return { ...answer, totals: { noOfCourses: totals.courses, ...money(totals) } };
    },

    surveyList(caller: Caller, query: { InstitutionId: number }) {
      return surveys.surveys(scopedInstitutionId(caller, query.InstitutionId));
    },

    async surveyReport(caller: Caller, query: ReportQuery & { InstitutionId: number; SurveyId: number; QuestionId: number; Sort: 'Newest' | 'Oldest' }) {
      const filter = { ...filterOf(query, scopedInstitutionId(caller, query.InstitutionId)), surveyId: query.SurveyId, questionId: query.QuestionId, newestFirst: query.Sort !== 'Oldest' };
      const survey = await surveys.survey(query.SurveyId);
      if (!survey) throw notFound(REPORT_MESSAGES.surveyNotFound);
      const answer = await answerReport<SurveyAnswerRecord, SurveyAnswerRow, { at: string; id: number }>(
        {
          fileName: REPORT_FILES.surveyReport,
          sheetName: survey.title,
          columns: [
            { header: 'S/NO', width: 8 },
            { header: 'QUESTION', width: 50 },
            { header: 'ANSWER', width: 60 },
            { header: 'DATE SUBMITTED', width: 16 },
          ],
          count: () => surveys.count(filter),
          page: (limit, offset) => surveys.answers(filter, { limit, offset }),
          batch: (after, limit) => surveys.answers(filter, { limit, after }),
          keyOf: (r) => ({ at: r.at, id: r.id }),
          toRow: (r, sno) => ({ sno, id: r.id, question: r.question, answer: r.answer, dateSubmitted: r.day }),
          cells: (r) => [r.sno, r.question, r.answer, r.dateSubmitted],
        },
        query,
      );
      if (answer instanceof Response) return answer;
      return { ...answer, survey, questions: await surveys.questions(filter) };
    },
  };
}
