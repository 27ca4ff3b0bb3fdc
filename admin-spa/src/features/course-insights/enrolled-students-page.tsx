// Manage Enrolled Student (spec 002 §2.11; decision 052): the learners of one course with what each
// paid, a back arrow, the course's name and partner, search and 10 rows a page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { getStudentEnrolled, REPORT_PAGE_SIZE } from '@rivet/shared/api/course-insights';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Link } from '@rivet/shared/ui/link';
import { ListPage } from '../../components/list-page';
import { useListQuery } from '../../components/use-list-query';
import { paths } from '../../paths';
import { studentColumns } from '../../components/course-insight-columns';
import '../../components/course-insights.css';

export function EnrolledStudentsPage() {
  const courseId = Number(useParams().courseId);
  const { api } = useSessionManager();
  const query = useListQuery();
  const students = useQuery({
    queryKey: ['enrolled-students', courseId, query.search, query.page],
    queryFn: ({ signal }) =>
      api.call(getStudentEnrolled, { query: { CourseId: String(courseId), Search: query.search, Page: String(query.page), PageSize: String(REPORT_PAGE_SIZE) }, signal }),
    placeholderData: keepPreviousData,
  });
  const course = students.data?.course;
  return (
    <div className="ci-students">
      <Link href={paths.courseInsight} className="ci-back">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M19 12H5M12 19l-7-7 7-7" />
        </svg>
        Back to Course Insights
      </Link>
      <ListPage
        title={course ? course.courseName : 'Enrolled Students'}
        description={course ? `${course.institution} · enrolled students` : undefined}
        searchLabel="Search Student"
        searchPlaceholder="Search Student"
        query={query}
        columns={studentColumns}
        rows={students.data?.items.map((r) => ({ ...r, id: r.sno }))}
        totalRows={students.data?.totalRows}
        pageSize={REPORT_PAGE_SIZE}
        isPending={students.isPending}
        error={students.error}
        onRetry={() => void students.refetch()}
        emptyText={(search) => (search ? `No student matches “${search}”.` : 'No learner has enrolled in this course yet.')}
        className="ci-page"
      />
    </div>
  );
}
