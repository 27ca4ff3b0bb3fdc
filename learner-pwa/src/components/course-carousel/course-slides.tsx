// The course cards inside a carousel: the shared course card, one per slide. The slides in view
// come first; the rest follow in a transition (useFirstScreenful), so a page of several
// carousels does not render every card in its first task.
import type { CourseSummary } from '@rivet/shared/api/course';
import { CourseCard } from '../course-card/course-card';
import { useFirstScreenful } from '../../hooks/use-first-screenful';

/** Slides a wide screen shows at once (4 × 270 px). */
export const SLIDES_IN_VIEW = 4;

export function CourseSlides({ courses, hrefFor }: { courses: CourseSummary[]; hrefFor?: (course: CourseSummary) => string }) {
  const shown = useFirstScreenful(courses.length, SLIDES_IN_VIEW);
  return courses.slice(0, shown).map((course) => (
    <li key={course.courseId} className="course-slide">
      <CourseCard course={course} href={hrefFor?.(course)} />
    </li>
  ));
}
