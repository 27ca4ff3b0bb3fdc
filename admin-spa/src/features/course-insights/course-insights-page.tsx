// Course Insights (spec 002 §2.11; decision 052): per-course enrolments and revenue, 10 a page,
// "Search Course", and View to the course's enrolled students.
import { REPORT_PAGE_SIZE } from '@rivet/shared/api/course-insights';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { ListPage } from '../../components/list-page';
import { useListQuery } from '../../components/use-list-query';
import { insightColumns, useCourseInsights } from '../../components/course-insight-columns';
import '../../components/course-insights.css';

export function CourseInsightsPage() {
  const profile = useProfile();
  const query = useListQuery();
  const insights = useCourseInsights(query.search, query.page);
  const rows = insights.data?.items.map((r) => ({ ...r, id: r.courseId }));
  return (
    <ListPage
      title="Course Insights"
      description="Enrolments and revenue per course, with each party's share from the payment ledger."
      searchLabel="Search Course"
      searchPlaceholder="Search Course"
      query={query}
      columns={insightColumns({ showPartner: !isInstitutionScoped(profile.roleType) })}
      rows={rows}
      totalRows={insights.data?.totalRows}
      pageSize={REPORT_PAGE_SIZE}
      isPending={insights.isPending}
      error={insights.error}
      onRetry={() => void insights.refetch()}
      emptyText={(search) => (search ? `No course matches “${search}”.` : 'No courses yet.')}
      className="ci-page"
    />
  );
}
