// Platform Revenue (spec 002 §2.11; route /report/revenue-per-institution): the same layout as
// Revenue Per Partner; S/NO, PLATFORM NAME, NO OF COURSE, ENROLLED USERS, PLATFORM REV. — the
// platform owner's share of every sale (the ledger) against the platform's own settlement parties
// (Manage Platform), Export RevenuePerInstitution.xlsx. The partner filter narrows the sales to one
// partner's courses (docs/decisions/051, 077).
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
      description="The platform’s share of every sale, by the platform’s settlement parties (Manage Platform). Choose a partner to see the share of its courses’ sales."
      endpoint={revenuePerInstitutionReport}
      columns={columns}
      searchLabel="Search settlement party"
      dateRange
      query={{ InstitutionId: partner }}
      filters={select}
      emptyText={(search) => (search ? `No settlement party matches “${search}”.` : 'No platform revenue yet.')}
    />
  );
}
