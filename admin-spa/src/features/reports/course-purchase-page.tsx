// Course Purchase (spec 002 §2.1 /report/course-purchase): the spec's screen is a static sample;
// this is the real thing (docs/decisions/051) — every successful payment, with its reference,
// learner, channel, amount and date, by dates and partner, with Export (CoursePurchase.xlsx).
import { coursePurchaseReport, type CoursePurchaseRow } from '@rivet/shared/api/reports';
import type { ListColumn } from '../../components/list-page';
import { ReportDate, ReportPage, ReportReference, ReportToken, showNaira, useReportFilters } from '../../components/report-page';
import { usePartnerFilter } from '../../components/partner-filter';

const columns: ListColumn<CoursePurchaseRow>[] = [
  { id: 'sno', name: 'S/NO', render: (r) => r.sno },
  { id: 'reference', name: 'REFERENCE', render: (r) => <ReportReference value={r.reference} /> },
  { id: 'learner', name: 'LEARNER', isRowHeader: true, render: (r) => r.learner },
  { id: 'email', name: 'EMAIL', render: (r) => <ReportToken value={r.email} /> },
  { id: 'courseName', name: 'COURSE NAME', render: (r) => r.courseName },
  { id: 'institution', name: 'INSTITUTION', render: (r) => r.institution },
  { id: 'channel', name: 'CHANNEL', render: (r) => r.channel },
  { id: 'amountPaid', name: 'AMOUNT PAID', render: (r) => <span className="report-cell--money">{showNaira(r.amountPaid)}</span> },
  { id: 'datePaid', name: 'DATE PAID', render: (r) => <ReportDate iso={r.datePaid} /> },
];

export function CoursePurchasePage() {
  const filters = useReportFilters();
  const { partner, allPartners, select } = usePartnerFilter(filters);
  return (
    <ReportPage
      title="Course Purchase"
      description="Every course bought, newest first."
      endpoint={coursePurchaseReport}
      columns={columns}
      searchLabel="Search learner, course or reference"
      dateRange
      query={{ InstitutionId: allPartners ? partner : '0' }}
      filters={select}
      emptyText={(search) => (search ? `No purchase matches “${search}”.` : 'No purchases for these filters.')}
    />
  );
}
