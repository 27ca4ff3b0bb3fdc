// A course the learner is enrolled in, as the dashboard and My learnings show it (spec: Dashboard —
// each card: partner logo, thumbnail, title, 'Partner: {institution}', a progress bar when not
// completed, 'Resume' (active) or 'View' (completed), 'Get certificate' on completed courses), and
// 'Download for offline' (issue 5) under them.
import type { LearnerCourse } from '@rivet/shared/api/learning';
import { Button } from '@rivet/shared/ui/button';
import { CourseCardFrame } from '../../components/course-card/course-card';
import { DownloadButton } from '../../components/offline-download/download-button';
import { ProgressBar } from '../../components/progress-bar/progress-bar';
import { paths } from '../../paths';
import type { CourseAction } from './use-open-course';

export interface LearnerCourseCardProps {
  course: LearnerCourse;
  onOpen: (courseId: number, action: CourseAction) => void;
  /** This card's action being loaded (its button spins), if any. */
  pendingAction: CourseAction | null;
  /** Another card is loading: this one waits. */
  isDisabled?: boolean;
}

export function LearnerCourseCard({ course, onOpen, pendingAction, isDisabled = false }: LearnerCourseCardProps) {
  const studyLabel = course.completed ? 'View' : 'Resume';
  return (
    <CourseCardFrame
      course={course}
      titleHref={paths.courseDetails(course.courseId, course.title)}
      partnerLabel={`Partner: ${course.institution}`}
      className="learner-card"
    >
      <div className="learner-card__progress">
        {course.completed ? (
          <p className="learner-card__done">
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Completed
          </p>
        ) : (
          <ProgressBar label="Progress" value={course.percentage} size="sm" />
        )}
      </div>
      <div className="learner-card__actions">
        <Button
          size="sm"
          variant={course.completed ? 'secondary' : 'primary'}
          isPending={pendingAction === 'study'}
          isDisabled={isDisabled && pendingAction !== 'study'}
          onPress={() => onOpen(course.courseId, 'study')}
          aria-label={`${studyLabel}: ${course.title}`}
        >
          {studyLabel}
        </Button>
        {course.completed ? (
          <Button
            size="sm"
            variant="primary"
            isPending={pendingAction === 'certificate'}
            isDisabled={isDisabled && pendingAction !== 'certificate'}
            onPress={() => onOpen(course.courseId, 'certificate')}
            aria-label={`Get certificate: ${course.title}`}
          >
            Get certificate
          </Button>
        ) : null}
      </div>
      <div className="learner-card__offline">
        <DownloadButton courseId={course.courseId} title={course.title} />
      </div>
    </CourseCardFrame>
  );
}

/** A card-shaped placeholder while the list loads (keeps the grid from jumping when cards arrive). */
export function LearnerCourseCardSkeleton() {
  return (
    <div className="course-card learner-card learner-card--skeleton" aria-hidden="true">
      <div className="skeleton learner-card__skeleton-thumb" />
      <div className="course-card__body">
        <div className="skeleton skeleton--line" style={{ width: '85%' }} />
        <div className="skeleton skeleton--line" style={{ width: '60%' }} />
        <div className="skeleton skeleton--line skeleton--thin" style={{ width: '100%', marginTop: 'auto' }} />
        <div className="skeleton skeleton--button" />
      </div>
    </div>
  );
}
