// The course cards inside a carousel: the shared course card, one per slide.
import type { CourseSummary } from '@rivet/shared/api/course';
import { CourseCard } from '../course-card/course-card';

export function CourseSlides({ courses, hrefFor }: { courses: CourseSummary[]; hrefFor?: (course: CourseSummary) => string }) {
  return courses.map((course) => (
    <li key={course.courseId} className="course-slide">
      <CourseCard course={course} href={hrefFor?.(course)} />
    </li>
  ));
}
