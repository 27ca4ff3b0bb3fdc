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
