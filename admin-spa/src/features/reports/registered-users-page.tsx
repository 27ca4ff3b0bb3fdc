// Manage Registered Users (spec 002 §2.11): the learners, with search "Search Course, Student",
// Export (ManageRegisterUser.xlsx) and the columns S/NO to STATUS (Active or Inactive from isActive).
import { registeredUsersReport, type RegisteredUserRow } from '@rivet/shared/api/reports';
import type { ListColumn } from '../../components/list-page';
import { ReportDate, ReportPage, ReportToken } from '../../components/report-page';

const columns: ListColumn<RegisteredUserRow>[] = [
  { id: 'sno', name: 'S/NO', render: (r) => r.sno },
  { id: 'firstName', name: 'FIRSTNAME', isRowHeader: true, render: (r) => r.firstName },
  { id: 'lastName', name: 'LASTNAME', render: (r) => r.lastName },
  { id: 'email', name: 'EMAIL', render: (r) => <ReportToken value={r.email} /> },
  { id: 'country', name: 'COUNTRY', render: (r) => r.countryName },
  { id: 'enrolled', name: 'ENROLLED COURSES', render: (r) => r.noOfEnrolledCourses },
  { id: 'created', name: 'TIME STAMP', render: (r) => <ReportDate iso={r.dateCreated} /> },
  { id: 'status', name: 'STATUS', render: (r) => (r.isActive ? 'Active' : 'Inactive') },
];

export function RegisteredUsersPage() {
  return (
    <ReportPage
      title="Manage Registered Users"
      endpoint={registeredUsersReport}
      columns={columns}
      searchLabel="Search Course, Student"
      dateRange
      emptyText={(search) => (search ? `No learner matches “${search}”.` : 'No learners registered in these dates.')}
    />
  );
}
