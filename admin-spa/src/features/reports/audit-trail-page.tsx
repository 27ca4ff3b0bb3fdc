// Audit Trail (spec 002 §2.11): search, date range, Search and Export (AuditTrail.xlsx) over the
// rows every staff change writes: who, from which address and browser, what, on which record.
import { auditTrailReport, type AuditTrailRow } from '@rivet/shared/api/reports';
import type { ListColumn } from '../../components/list-page';
import { ReportDate, ReportPage, ReportReference, ReportToken } from '../../components/report-page';

const columns: ListColumn<AuditTrailRow>[] = [
  { id: 'sno', name: 'S/NO', render: (r) => r.sno },
  { id: 'userName', name: 'USER NAME', isRowHeader: true, render: (r) => <ReportToken value={r.userName} /> },
  { id: 'ip', name: 'IP ADDRESS', render: (r) => r.ipAdress },
  { id: 'description', name: 'DESCRIPTION', render: (r) => <span className="report-cell--wrap">{r.description}</span> },
  { id: 'record', name: 'RECORD', render: (r) => <ReportReference value={r.record} /> },
  { id: 'module', name: 'MODULE', render: (r) => r.moduleName },
  { id: 'action', name: 'ACTION', render: (r) => r.moduleAction },
  { id: 'date', name: 'DATE', render: (r) => <ReportDate iso={r.dateCreated} /> },
  { id: 'browser', name: 'BROWSER', render: (r) => r.apiKey },
];

export function AuditTrailPage() {
  return (
    <ReportPage
      title="Audit Trail"
      description="Every change staff made, newest first."
      endpoint={auditTrailReport}
      columns={columns}
      searchLabel="Search user, description, module or action"
      dateRange
      query={{ InstitutionId: '0', Id: '0' }}
      emptyText={(search) => (search ? `No audit entry matches “${search}”.` : 'No audit entries for these dates.')}
    />
  );
}
