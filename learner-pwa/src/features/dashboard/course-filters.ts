// Which of the learner's enrolled courses each tab and filter shows. The enrolled list already
// holds every course with its progress (most recently visited first), so the dashboard makes one
// call for both tabs instead of two.
import type { LearnerCourse } from '@rivet/shared/api/learning';

export type CourseFilter = 'all' | 'active' | 'completed';

export function activeCourses(courses: readonly LearnerCourse[]): LearnerCourse[] {
  return courses.filter((course) => !course.completed);
}

/** Completed courses, the most recently completed first. */
export function completedCourses(courses: readonly LearnerCourse[]): LearnerCourse[] {
  return courses
    .filter((course) => course.completed)
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
}

export function filterCourses(courses: readonly LearnerCourse[], filter: CourseFilter): LearnerCourse[] {
  if (filter === 'active') return activeCourses(courses);
  if (filter === 'completed') return completedCourses(courses);
  return [...courses];
}

/** The ring's caption: '(2 active courses)', '(1 active course)'. */
export function activeCoursesText(count: number): string {
  return `${count} active ${count === 1 ? 'course' : 'courses'}`;
}

/** The dashboard's course tabs, which the all-complete banner brings into view. */
export const COURSES_SECTION_ID = 'your-courses';

/** Where the learner stands: no course yet, studying, or every course they took completed. */
export type LearnerStanding = 'new' | 'studying' | 'allComplete';

export function learnerStanding(counts: { activeCourses: number; completedCourses: number }): LearnerStanding {
  if (counts.activeCourses > 0) return 'studying';
  return counts.completedCourses > 0 ? 'allComplete' : 'new';
}

/**
 * The ring's caption for where the learner stands: '(2 active courses)' while studying (the spec's),
 * 'All 3 courses completed' when nothing is left ('(0 active courses)' under a full ring read as a
 * fault), 'No courses yet' for a new learner.
 */
export function overallCaption(counts: { activeCourses: number; completedCourses: number }): string {
  const standing = learnerStanding(counts);
  if (standing === 'studying') return `(${activeCoursesText(counts.activeCourses)})`;
  if (standing === 'new') return 'No courses yet';
  return counts.completedCourses === 1 ? 'Your course is completed' : `All ${counts.completedCourses} courses completed`;
}
