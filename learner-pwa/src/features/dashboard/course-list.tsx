// A grid of the learner's courses with its loading, error and empty states, shared by the
// dashboard's tabs and My learnings. Loading keeps its card skeletons and empty its illustration;
// the failure is the shared ScreenState.
import type { LearnerCourse } from '@rivet/shared/api/learning';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { Link } from '@rivet/shared/ui/link';
import { paths } from '../../paths';
import { LearnerCourseCard, LearnerCourseCardSkeleton } from './learner-course-card';
import type { CourseAction } from './use-open-course';

export interface CourseListProps {
  courses: LearnerCourse[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  emptyText: string;
  onOpen: (courseId: number, action: CourseAction) => void;
  pending: { courseId: number; action: CourseAction } | null;
  /** Names the grid for screen readers. */
  label: string;
}

export function CourseList({ courses, isPending, error, onRetry, emptyText, onOpen, pending, label }: CourseListProps) {
  if (isPending) {
    return (
      <div className="course-list__loading">
        <span className="visually-hidden" role="status">
          Loading courses
        </span>
        <ul className="course-grid" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <LearnerCourseCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (error) return <ScreenState kind="error" error={error} onRetry={onRetry} />;
  if (!courses?.length) {
    return (
      <div className="course-list__state course-list__empty">
        <EmptyIllustration />
        <p className="course-list__empty-text">{emptyText}</p>
        <Link href={paths.discovery}>Explore courses</Link>
      </div>
    );
  }
  return (
    <ul className="course-grid" aria-label={label}>
      {courses.map((course) => (
        <li key={course.courseId}>
          <LearnerCourseCard
            course={course}
            onOpen={onOpen}
            pendingAction={pending?.courseId === course.courseId ? pending.action : null}
            isDisabled={pending !== null}
          />
        </li>
      ))}
    </ul>
  );
}

function EmptyIllustration() {
  return (
    <svg className="course-list__empty-art" viewBox="0 0 96 72" width="96" height="72" aria-hidden="true">
      <rect x="8" y="10" width="80" height="52" rx="8" fill="var(--color-brand-soft)" />
      <rect x="18" y="22" width="34" height="6" rx="3" fill="var(--color-border-strong)" />
      <rect x="18" y="34" width="56" height="4" rx="2" fill="var(--color-border)" />
      <rect x="18" y="43" width="44" height="4" rx="2" fill="var(--color-border)" />
      <circle cx="74" cy="22" r="6" fill="var(--color-accent)" />
    </svg>
  );
}
