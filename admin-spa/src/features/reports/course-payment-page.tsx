// Course Payment Reports (spec 002 §2.11, §4 "Transaction status filter", §9): payments by
// transaction status (0 Pending, 1 Successful by default, 2 Failed), dates and partner, with Export
// (CoursePayment.xlsx). An institution's report staff see their own institution's payments.
import { coursePaymentReport, TRANSACTION_STATUS_OPTIONS, type CoursePaymentRow } from '@rivet/shared/api/reports';
import { Select } from '@rivet/shared/ui/select';
import type { ListColumn } from '../../components/list-page';
import { ReportDate, ReportPage, ReportReference, showNaira, useReportFilters } from '../../components/report-page';
import { usePartnerFilter } from '../../components/partner-filter';

const columns: ListColumn<CoursePaymentRow>[] = [
  { id: 'sno', name: 'S/NO', render: (r) => r.sno },
  { id: 'id', name: 'ID', render: (r) => <ReportReference value={r.id} /> },
  { id: 'name', name: 'NAME', isRowHeader: true, render: (r) => <span className="report-cell--name">{r.name}</span> },
  { id: 'enrolledDate', name: 'ENROLLED DATE', render: (r) => <ReportDate iso={r.enrolledDate} /> },
  { id: 'courseName', name: 'COURSE NAME', render: (r) => r.courseName },
  { id: 'courseAmount', name: 'COURSE AMOUNT', render: (r) => <span className="report-cell--money">{showNaira(r.courseAmount)}</span> },
  { id: 'discount', name: 'DISCOUNT', render: (r) => <span className="report-cell--money">{showNaira(r.discount)}</span> },
  { id: 'institution', name: 'INSTITUTION', render: (r) => r.institution },
  { id: 'pricePaid', name: 'PRICE PAID', render: (r) => <span className="report-cell--money">{showNaira(r.pricePaid)}</span> },
  { id: 'status', name: 'TRANSACTION STATUS', render: (r) => r.transactionStatusName },
];

const STATUS_ITEMS = TRANSACTION_STATUS_OPTIONS.map((s) => ({ id: String(s.id), label: s.name }));

export function CoursePaymentPage() {
  const filters = useReportFilters();
  const status = filters.value('status') || '1';
  const { partner, allPartners, select } = usePartnerFilter(filters);
  return (
    <ReportPage
      title="Course Payment Reports"
      description="Course Amount is the course’s price before the discount, VAT and gateway fee; Price Paid is what the learner paid."
      endpoint={coursePaymentReport}
      columns={columns}
      searchLabel="Search learner, course or reference"
      dateRange
      query={{ TransactionStatus: status, InstitutionId: allPartners ? partner : '0' }}
      filters={
        <>
          <Select label="Transaction status" items={STATUS_ITEMS} value={status} onChange={(v) => filters.set('status', v === '1' ? '' : (v ?? ''))} />
          {select}
        </>
      }
      emptyText={(search) => (search ? `No payment matches “${search}”.` : 'No payments for these filters.')}
    />
  );
}
