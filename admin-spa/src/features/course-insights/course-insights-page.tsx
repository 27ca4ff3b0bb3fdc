// Course Insights (spec 002 §2.11, §7 GetCourseInsights; decisions 052, 060): per-course enrolments
// and revenue, 10 a page, "Search Course", a date range, a partner for platform staff ('All
// Partners'), Export (CourseInsight.xlsx) and View to the course's enrolled students. The columns are
// §2.11's, institution included, for every reader.
import { getCourseInsights } from '@rivet/shared/api/course-insights';
import { ReportPage, useReportFilters } from '../../components/report-page';
import { insightColumns, type InsightRow } from '../../components/course-insight-columns';
import { usePartnerFilter } from '../../components/partner-filter';
import '../../components/course-insights.css';

const columns = insightColumns({ showPartner: true });

export function CourseInsightsPage() {
  const filters = useReportFilters();
  const { partner, allPartners, select } = usePartnerFilter(filters);
  return (
    <ReportPage<typeof getCourseInsights, InsightRow>
      title="Course Insights"
      description="Enrolments and revenue per course, with each party's share from the payment ledger."
      endpoint={getCourseInsights}
      columns={columns}
      rowsOf={(data) => data.items.map((r) => ({ ...r, id: r.courseId }))}
      searchLabel="Search Course"
      dateRange
      query={allPartners ? { InstitutionId: partner } : {}}
      filters={select}
      emptyText={(search) => (search ? `No course matches “${search}”.` : 'No courses for these filters.')}
      className="ci-page"
    />
  );
}
