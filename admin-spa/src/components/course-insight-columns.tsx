// Course Insights (spec 002 §2.11, §3; decision 052) as the report page and the dashboard's table
// both show it: the call, its columns, and the enrolled students' columns.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getCourseInsights, REPORT_PAGE_SIZE, type CourseInsightRow, type EnrolledStudentRow } from '@rivet/shared/api/course-insights';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { formatFigureKobo } from '@rivet/shared/domain/money';
import { ButtonLink } from '@rivet/shared/ui/button';
import { enrolledStudentsPath } from '../paths';
import type { ListColumn } from './list-page';
import { ReportDate } from './report-page';

export type InsightRow = CourseInsightRow & { id: number };
export type StudentRow = EnrolledStudentRow & { id: number };

export const money = (naira: number) => formatFigureKobo(Math.round(naira * 100));
/** A figure in a table cell: never broken across lines. */
const figure = (naira: number) => <span className="report-cell--money">{money(naira)}</span>;

const view = (r: InsightRow) => (
  <ButtonLink href={enrolledStudentsPath(r.courseId)} variant="secondary" size="sm" aria-label={`View enrolled students of ${r.courseName}`}>
    View
  </ButtonLink>
);

/** The report's full table; `compact` is the dashboard's narrower one. */
export function insightColumns(options: { compact?: boolean; showPartner: boolean }): ListColumn<InsightRow>[] {
  const columns: (ListColumn<InsightRow> | false)[] = [
    { id: 'sno', name: 'S/NO', render: (r) => r.sno },
    options.showPartner && { id: 'institution', name: 'PARTNER', render: (r) => r.institution },
    { id: 'courseName', name: 'COURSE NAME', isRowHeader: true, render: (r) => r.courseName },
    { id: 'enrolled', name: 'ENROLLED USERS', render: (r) => r.noOfEnrolledUser.toLocaleString('en-NG') },
    { id: 'totalRevenue', name: 'TOTAL REVENUE', render: (r) => figure(r.totalRevenue) },
    !options.compact && { id: 'totalDiscount', name: 'DISCOUNT', render: (r) => figure(r.totalDiscount) },
    !options.compact && { id: 'partnerRevenue', name: 'PLATFORM REV.', render: (r) => figure(r.partnerRevenue) },
    { id: 'institutionRevenue', name: 'PARTNER REV.', render: (r) => figure(r.institutionRevenue) },
    !options.compact && { id: 'totalVat', name: 'VAT', render: (r) => figure(r.totalVat) },
    !options.compact && { id: 'totalGatewayCharge', name: 'GATEWAY FEE', render: (r) => figure(r.totalGatewayCharge) },
    { id: 'action', name: 'ACTION', isAction: true, render: view },
  ];
  return columns.filter((c): c is ListColumn<InsightRow> => c !== false);
}

/** §2.11 Manage Enrolled Student. STATUS reads the right way round (decision 052). */
export const studentColumns: ListColumn<StudentRow>[] = [
  { id: 'firstName', name: 'FIRSTNAME', isRowHeader: true, render: (r) => r.firstName },
  { id: 'lastName', name: 'LASTNAME', render: (r) => r.lastName },
  // Date and time may go on two lines (as in every report): ten columns of real figures must fit 1024 px.
  { id: 'enrolledDate', name: 'ENROLLED DATE', render: (r) => <ReportDate iso={r.enrolledDate} /> },
  { id: 'lastDateVisted', name: 'LAST VISITED', render: (r) => <ReportDate iso={r.lastDateVisted} /> },
  { id: 'amountPaid', name: 'AMOUNT PAID', render: (r) => figure(r.amountPaid) },
  { id: 'discountAmount', name: 'DISCOUNT', render: (r) => figure(r.discountAmount) },
  { id: 'courseBasePrice', name: 'COURSE BASE PRICE', render: (r) => figure(r.courseBasePrice) },
  { id: 'vat', name: 'VAT', render: (r) => figure(r.vat) },
  { id: 'gatewayFee', name: 'GATEWAY FEE', render: (r) => figure(r.gatewayFee) },
  {
    id: 'status',
    name: 'STATUS',
    render: (r) => <span className={`ci-status ci-status--${r.studentActive ? 'active' : 'inactive'}`}>{r.studentActive ? 'Active' : 'Inactive'}</span>,
  },
];

/** One page of Course Insights for the caller's scope. */
export function useCourseInsights(search: string, page: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['course-insights', search, page],
    queryFn: ({ signal }) => api.call(getCourseInsights, { query: { Search: search, Page: String(page), PageSize: String(REPORT_PAGE_SIZE) }, signal }),
    placeholderData: keepPreviousData,
  });
}
