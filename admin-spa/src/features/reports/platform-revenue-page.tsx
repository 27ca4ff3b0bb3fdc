// Platform Revenue (spec 002 §2.11; route /report/revenue-per-institution): the same layout as
// Revenue Per Partner; S/NO, PLATFORM NAME, NO OF COURSE, ENROLLED USERS, PLATFORM REV. — the
// platform owner's share of the sales of each partner's courses (the ledger), Export
// RevenuePerInstitution.xlsx. The seed picked a partner by a brand word on load; this shows all
// partners until one is chosen (docs/decisions/051).
import { revenuePerInstitutionReport, type InstitutionRevenueRow } from '@rivet/shared/api/reports';
import type { ListColumn } from '../../components/list-page';
import { ReportPage, showNaira, useReportFilters } from '../../components/report-page';
import { usePartnerFilter } from '../../components/partner-filter';

const columns: ListColumn<InstitutionRevenueRow>[] = [
  { id: 'sno', name: 'S/NO', render: (r) => r.sno },
  { id: 'institution', name: 'PLATFORM NAME', isRowHeader: true, render: (r) => r.institution },
  { id: 'courses', name: 'NO OF COURSE', render: (r) => r.noOfCourses },
  { id: 'enrolled', name: 'ENROLLED USERS', render: (r) => r.noOfEnrolledUser },
  { id: 'revenue', name: 'PLATFORM REV. (₦)', render: (r) => <span className="report-cell--money">{showNaira(r.institutionRevenue)}</span> },
];

export function PlatformRevenuePage() {
  const filters = useReportFilters();
  const { partner, select } = usePartnerFilter(filters, true);
  return (
    <ReportPage
      title="Platform Revenue"
      description="The platform’s share of the sales of each partner’s courses."
      endpoint={revenuePerInstitutionReport}
      columns={columns}
      searchLabel="Search partner"
      dateRange
      query={{ InstitutionId: partner }}
      filters={select}
      emptyText={(search) => (search ? `No partner matches “${search}”.` : 'No partners yet.')}
    />
  );
}
