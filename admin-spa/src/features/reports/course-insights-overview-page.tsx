// Course Revenue Insights (overview) (spec 002 §2.11; route /report/course-insights-overview):
// totals for the filter, then successful payments month by month — payments, learners, revenue,
// discounts, the platform's and the partners' shares (the ledger), VAT and gateway charges — with
// Export (CourseInsights.xlsx). An institution's report staff see their own institution's.
import { courseInsightsOverviewReport, type CourseInsightsOverviewRow, type CourseInsightsTotals } from '@rivet/shared/api/reports';
import type { ListColumn } from '../../components/list-page';
import { ReportPage, showNaira, useReportFilters } from '../../components/report-page';
import { usePartnerFilter } from '../../components/partner-filter';

const money = (n: number) => <span className="report-cell--money">{showNaira(n)}</span>;

const columns: ListColumn<CourseInsightsOverviewRow>[] = [
  { id: 'sno', name: 'S/NO', render: (r) => r.sno },
  { id: 'month', name: 'MONTH', isRowHeader: true, render: (r) => <span className="report-cell--nowrap">{r.month}</span> },
  { id: 'payments', name: 'PAYMENTS', render: (r) => r.noOfPayments },
  { id: 'enrolled', name: 'ENROLLED USERS', render: (r) => r.noOfEnrolledUser },
  { id: 'revenue', name: 'TOTAL REVENUE', render: (r) => money(r.totalRevenue) },
  { id: 'discount', name: 'DISCOUNT', render: (r) => money(r.totalDiscount) },
  { id: 'platform', name: 'PLATFORM REV.', render: (r) => money(r.platformRevenue) },
  { id: 'partner', name: 'PARTNER REV.', render: (r) => money(r.partnerRevenue) },
  { id: 'vat', name: 'VAT', render: (r) => money(r.totalVat) },
  { id: 'gateway', name: 'GATEWAY FEE', render: (r) => money(r.totalGatewayCharge) },
];

function Totals({ totals }: { totals: CourseInsightsTotals | undefined }) {
  if (!totals) return null;
  const cards: [string, string][] = [
    ['Total Revenue', showNaira(totals.totalRevenue)],
    ['Partner Revenue', showNaira(totals.partnerRevenue)],
    ['Platform Revenue', showNaira(totals.platformRevenue)],
    ['Payments', String(totals.noOfPayments)],
    ['Courses sold', String(totals.noOfCourses)],
  ];
  return (
    <dl className="report-totals" aria-label="Totals for these filters">
      {cards.map(([label, value]) => (
        <div key={label} className="report-totals__card">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CourseInsightsOverviewPage() {
  const filters = useReportFilters();
  const { partner, allPartners, select } = usePartnerFilter(filters);
  return (
    <ReportPage
      title="Course Revenue Insights"
      description="Sales month by month, and how each naira was shared."
      endpoint={courseInsightsOverviewReport}
      columns={columns}
      searchLabel="Search Course"
      dateRange
      query={{ InstitutionId: allPartners ? partner : '0' }}
      filters={select}
      summary={(data) => <Totals totals={data?.totals} />}
      emptyText={(search) => (search ? `No sales of a course matching “${search}”.` : 'No sales for these filters.')}
    />
  );
}
