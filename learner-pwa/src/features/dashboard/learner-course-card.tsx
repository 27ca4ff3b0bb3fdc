// A course the learner is enrolled in, as the dashboard and My learnings show it (spec: Dashboard —
// each card: partner logo, thumbnail, title, 'Partner: {institution}', a progress bar when not
// completed, 'Resume' (active) or 'View' (completed), 'Get certificate' on completed courses), and
// 'Download for offline' (issue 5) under them.
import { useId } from 'react';
import type { LearnerCourse } from '@rivet/shared/api/learning';
import { useSession } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { CourseCardFrame } from '../../components/course-card/course-card';
import { DownloadButton } from '../../components/offline-download/download-button';
import { ProgressBar } from '../../components/progress-bar/progress-bar';
import { useOnline } from '../../offline/network';
import { useCourseOnPhone, type CourseOnPhone } from '../../offline/use-downloads';
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

/** Offline, what the card says about a course that is not downloaded (learners have no admin to ask). */
export const OFFLINE_NOTES: Record<Exclude<CourseOnPhone, 'downloaded'>, string> = {
  none: 'This course is not on this phone. Download it when you’re back online to study it offline.',
  opened: 'Only what you opened before is on this phone; videos need a connection. Download the course when you’re back online.',
};

export function LearnerCourseCard({ course, onOpen, pendingAction, isDisabled = false }: LearnerCourseCardProps) {
  const studyLabel = course.completed ? 'View' : 'Resume';
  const userId = useSession().profile?.userId ?? '';
  const online = useOnline();
  const onPhone = useCourseOnPhone(userId, course.courseId);
  const noteId = useId();
  // Offline, say what this phone holds of the course, and do not offer what cannot work.
  const offlineNote = !online && onPhone && onPhone !== 'downloaded' ? OFFLINE_NOTES[onPhone] : null;
  const cannotOpen = !online && onPhone === 'none';
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
          isDisabled={(isDisabled && pendingAction !== 'study') || cannotOpen}
          onPress={() => onOpen(course.courseId, 'study')}
          aria-label={`${studyLabel}: ${course.title}`}
          aria-describedby={offlineNote ? noteId : undefined}
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
      {offlineNote ? (
        <p id={noteId} className="learner-card__offline-note">
          {offlineNote}
        </p>
      ) : null}
      <div className="learner-card__offline">
        <DownloadButton courseId={course.courseId} title={course.title} offlineNoteId={offlineNote ? noteId : undefined} />
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
