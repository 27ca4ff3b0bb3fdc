// Page Views (spec 002 §2.14 "Analytics page views are recorded"; decision 092): how often each
// page of the learner app and the console was opened over a date range, most viewed first, with
// Export (PageViews.xlsx). Pages are route patterns (/course/details/:id/…), never addresses, and
// nothing says who viewed them. Platform report staff only, like the other platform-wide reports.
import { pageViewsReport, type PageViewRow } from '@rivet/shared/api/page-views';
import { Select } from '@rivet/shared/ui/select';
import type { ListColumn } from '../../components/list-page';
import { ReportPage, useReportFilters } from '../../components/report-page';

const APP_NAMES = { learner: 'Learner app', admin: 'Admin console' } as const;

const columns: ListColumn<PageViewRow>[] = [
  { id: 'sno', name: 'S/NO', render: (r) => r.sno },
  { id: 'route', name: 'PAGE', isRowHeader: true, render: (r) => <code className="page-views__route">{r.route}</code> },
  { id: 'app', name: 'APP', render: (r) => APP_NAMES[r.app] },
  { id: 'views', name: 'VIEWS', render: (r) => r.views.toLocaleString('en-NG') },
  { id: 'days', name: 'DAYS VIEWED', render: (r) => r.days.toLocaleString('en-NG') },
];

const APP_ITEMS = [
  { id: 'all', label: 'All apps' },
  { id: 'learner', label: APP_NAMES.learner },
  { id: 'admin', label: APP_NAMES.admin },
];

export function PageViewsPage() {
  const filters = useReportFilters();
  const app = filters.value('app') || 'all';
  return (
    <ReportPage
      title="Page Views"
      description="Views of each page by day in Lagos time, counted without cookies and without recording who viewed it. A page is its address pattern: /course/details/:id/… counts every course page."
      endpoint={pageViewsReport}
      columns={columns}
      searchLabel="Search page"
      dateRange
      query={{ App: app }}
      filters={<Select label="App" items={APP_ITEMS} value={app} onChange={(v) => filters.set('app', v === 'all' ? '' : (v ?? ''))} />}
      emptyText={(search) => (search ? `No page matches “${search}”.` : 'No page views for these dates.')}
    />
  );
}
