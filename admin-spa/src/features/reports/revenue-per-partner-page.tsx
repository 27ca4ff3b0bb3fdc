// Revenue Per Partner (spec 002 §2.11): a partner dropdown with "All Partners" (value 0), Export
// (RevenuePerPartner.xlsx) and S/NO, PARTNER NAME, NO OF COURSE, ENROLLED USERS, PARTNER REV. — each
// partner's share of every sale, from the payment split ledger.
import { revenuePerPartnerReport, type PartnerRevenueRow } from '@rivet/shared/api/reports';
import type { ListColumn } from '../../components/list-page';
import { ReportPage, showNaira, useReportFilters } from '../../components/report-page';
import { usePartnerFilter } from '../../components/partner-filter';

const columns: ListColumn<PartnerRevenueRow>[] = [
  { id: 'sno', name: 'S/NO', render: (r) => r.sno },
  { id: 'partner', name: 'PARTNER NAME', isRowHeader: true, render: (r) => r.partner },
  { id: 'courses', name: 'NO OF COURSE', render: (r) => r.noOfCourses },
  { id: 'enrolled', name: 'ENROLLED USERS', render: (r) => r.noOfEnrolledUser },
  { id: 'revenue', name: 'PARTNER REV. (₦)', render: (r) => <span className="report-cell--money">{showNaira(r.partnerRevenue)}</span> },
];

export function RevenuePerPartnerPage() {
  const filters = useReportFilters();
  const { partner, select } = usePartnerFilter(filters, true);
  return (
    <ReportPage
      title="Revenue Per Partner"
      description="Each partner’s share of every sale."
      endpoint={revenuePerPartnerReport}
      columns={columns}
      searchLabel="Search partner"
      dateRange
      query={{ PartnerId: partner }}
      filters={select}
      emptyText={(search) => (search ? `No partner matches “${search}”.` : 'No partners yet.')}
    />
  );
}
