// The admin dashboard (spec 002 §2.3; decision 052): the welcome card, the enrolment chart by month,
// Active Courses and Pending Course Approval, the Create Course banner for createCourse, the Stats
// panel, the Course Insights table and What's New. Every figure is the caller's scope: their
// institution, or the platform for platform staff.
import { COURSE_INSIGHT_READERS, getCourseInsights, REPORT_PAGE_SIZE } from '@rivet/shared/api/course-insights';
import { REPORT_FILES } from '@rivet/shared/api/reports';
import { hasAnyPermission, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { ButtonLink } from '@rivet/shared/ui/button';
import { useProfile } from '@rivet/shared/client/session-context';
import { ListPage } from '../../components/list-page';
import { ExportButton, useReportExport } from '../../components/report-page';
import { useListQuery } from '../../components/use-list-query';
import { paths } from '../../paths';
import { isBuilt } from '../../screens';
import { insightColumns, useCourseInsights } from '../../components/course-insight-columns';
import { GettingStartedPanel } from '../../components/getting-started-panel';
import { EnrolmentChart } from './enrolment-chart';
import { CourseCards, StatsPanel } from './stats-panel';
import { WelcomeCard } from './welcome-card';
import { WhatsNew } from './whats-new';
import './dashboard-page.css';
import '../../components/course-insights.css';

export function DashboardPage() {
  const profile = useProfile();
  const canCreate = hasAnyPermission(profile.permissions, 'createCourse');
  return (
    <div className="dashboard">
      <h1 className="dashboard__title">Dashboard</h1>
      <WelcomeCard profile={profile} />
      {/* Decision 079: what the partner still lacks before its first course can be published. */}
      {isInstitutionScoped(profile.roleType) ? <GettingStartedPanel /> : null}
      <div className="dashboard__grid">
        <div className="dashboard__main">
          <EnrolmentChart />
          <CourseCards />
          {/* §6: the banner needs createCourse. */}
          {canCreate && isBuilt(paths.createCourse) ? (
            <section className="dashboard__banner" aria-labelledby="create-course-title">
              <div>
                <h2 id="create-course-title" className="dashboard__banner-title">
                  Create Course
                </h2>
                <p className="dashboard__banner-text">Build a new course for learners, then send it for approval.</p>
              </div>
              <ButtonLink href={paths.createCourse} variant="secondary">
                Create Course
              </ButtonLink>
            </section>
          ) : null}
          {canCreate && isBuilt(paths.contentLibrary) ? (
            <section className="dashboard__banner dashboard__banner--quiet" aria-labelledby="content-library-title">
              <div>
                <h2 id="content-library-title" className="dashboard__banner-title">
                  Content Library
                </h2>
                <p className="dashboard__banner-text">Upload videos, lesson packages, images and documents for your courses, and remove files no course uses.</p>
              </div>
              <ButtonLink href={paths.contentLibrary} variant="secondary">
                Open Content Library
              </ButtonLink>
            </section>
          ) : null}
        </div>
        <aside className="dashboard__aside" aria-label="Stats and updates">
          <StatsPanel />
          <WhatsNew />
        </aside>
      </div>
      {hasAnyPermission(profile.permissions, ...COURSE_INSIGHT_READERS) ? <DashboardInsights showPartner={!isInstitutionScoped(profile.roleType)} /> : null}
    </div>
  );
}

function DashboardInsights({ showPartner }: { showPartner: boolean }) {
  const query = useListQuery();
  const insights = useCourseInsights(query.search, query.page);
  // §2.3: the table's Export is Course Insights' own, for the same search.
  const exporter = useReportExport(getCourseInsights, { Search: query.search }, REPORT_FILES.courseInsight);
  return (
    <ListPage
      title="Course Insights"
      titleLevel={2}
      action={<ExportButton exporter={exporter} />}
      searchLabel="Search Course"
      searchPlaceholder="Search Course"
      query={query}
      columns={insightColumns({ compact: true, showPartner })}
      rows={insights.data?.items.map((r) => ({ ...r, id: r.courseId }))}
      totalRows={insights.data?.totalRows}
      pageSize={REPORT_PAGE_SIZE}
      isPending={insights.isPending}
      error={insights.error}
      onRetry={() => void insights.refetch()}
      emptyText={(search) => (search ? `No course matches “${search}”.` : 'No courses yet.')}
      className="dash-panel dash-insights ci-page"
    />
  );
}
