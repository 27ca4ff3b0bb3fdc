import type { LearnerCourse } from '@rivet/shared/api/learning';
import { ButtonLink } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { useCompletedCourses } from '../../api/use-learning';
import { paths } from '../../paths';

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });

export function CompletedCourses() {
  const completed = useCompletedCourses();
  return (
    <section aria-labelledby="profile-completed-title">
      <h2 id="profile-completed-title" className="profile__section-title">
        Completed courses
      </h2>
      <QueryState
        query={completed}
        loadingLabel="Loading completed courses"
        isEmpty={(courses) => courses.length === 0}
        empty={<p className="profile__empty">No completed course yet</p>}
      >
        {(courses) => (
          <>
            <p className="profile__lead">You have successfully completed the following courses</p>
            <ul className="profile-courses">
              {courses.map((course) => (
                <CompletedCourse key={course.courseId} course={course} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}

function CompletedCourse({ course }: { course: LearnerCourse }) {
  return (
    <li className="profile-course">
      <div className="profile-course__text">
        <Link href={paths.courseDetails(course.courseId, course.title)} variant="plain" className="profile-course__title">
          {course.title}
        </Link>
        <p className="profile-course__meta">
          {course.institution}
          {course.completedAt ? ` · Completed ${dateFormat.format(new Date(course.completedAt))}` : null}
        </p>
      </div>
      <ButtonLink href={paths.certificateFor(course.courseId)} variant="secondary" size="sm" aria-label={`Certificate: ${course.title}`}>
        Certificate
      </ButtonLink>
    </li>
  );
}
