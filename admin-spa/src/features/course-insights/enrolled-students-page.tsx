// Manage Enrolled Student (spec 002 §2.11; decisions 052, 060): the learners of one course with what
// each paid, a back arrow, the course's name and partner, search, a date range, 10 rows a page and
// Export (ManageEnrolledStudent.xlsx). The course comes in the answer, so a link opens on its own.
import { useParams } from 'react-router';
import { getStudentEnrolled } from '@rivet/shared/api/course-insights';
import { Link } from '@rivet/shared/ui/link';
import { ReportPage } from '../../components/report-page';
import { paths } from '../../paths';
import { studentColumns, type StudentRow } from '../../components/course-insight-columns';
import '../../components/course-insights.css';

export function EnrolledStudentsPage() {
  const courseId = Number(useParams().courseId);
  return (
    <ReportPage<typeof getStudentEnrolled, StudentRow>
      title={(data) => data?.course?.courseName ?? 'Enrolled Students'}
      description={(data) => (data?.course ? `${data.course.institution} · enrolled students` : undefined)}
      before={
        <Link href={paths.courseInsight} className="ci-back">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M19 12H5M12 19l-7-7 7-7" />
          </svg>
          Back to Course Insights
        </Link>
      }
      endpoint={getStudentEnrolled}
      columns={studentColumns}
      rowsOf={(data) => data.items.map((r) => ({ ...r, id: r.sno }))}
      searchLabel="Search Student"
      dateRange
      query={{ CourseId: String(courseId) }}
      emptyText={(search) => (search ? `No student matches “${search}”.` : 'No learner has enrolled in this course yet.')}
      className="ci-page ci-students"
    />
  );
}
