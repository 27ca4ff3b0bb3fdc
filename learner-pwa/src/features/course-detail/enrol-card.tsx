// The side card: price, what comes with the course, the enrol action and sharing. On wide screens
// it sits beside the content; at 1224 px and below it appears inline under the banner.
import { lazy, Suspense, useId, useState } from 'react';
import type { CourseDetail } from '@rivet/shared/api/course';
import { coursePriceLabel } from '@rivet/shared/domain/course-card';
import { Button } from '@rivet/shared/ui/button';
import { useOnline } from '../../offline/network';
import { paths } from '../../paths';
import { useEnrolment } from './use-enrolment';

// Its chunk (react-aria's dialog) only when Share is pressed: evaluating it was a long task on
// every course page's start on a slow phone (decision 070).
const ShareDialog = lazy(async () => ({ default: (await import('./share-dialog')).ShareDialog }));

export function EnrolCard({ course }: { course: CourseDetail }) {
  const enrolment = useEnrolment(course);
  const online = useOnline();
  // Offline, only an enrolment already known can go on (to the player, which works offline for
  // downloaded courses); enrolling, paying and signing in need the server.
  const blockedOffline = !online && enrolment.action !== 'proceed';
  const offlineNoteId = useId();
  const [sharing, setSharing] = useState(false);
  const price = coursePriceLabel(course);
  // Only while sharing: the server renders this card too, and has no window.
  const url = sharing ? `${window.location.origin}${paths.courseDetails(course.courseId, course.title)}` : '';

  return (
    <div className="enrol-card">
      {/* The page title is hidden at this width (spec); the card repeats it for sighted users. */}
      <p className="enrol-card__title" aria-hidden="true">
        {course.title}
      </p>
      <p className="enrol-card__price">
        <span className="visually-hidden">Price: </span>
        {price}
      </p>
      <ul className="enrol-card__perks">
        <li>1 Year Access</li>
        <li>Shareable Certificate</li>
      </ul>
      <Button
        fullWidth
        size="lg"
        isPending={enrolment.isPending && !blockedOffline}
        isDisabled={blockedOffline}
        aria-describedby={blockedOffline ? offlineNoteId : undefined}
        onPress={enrolment.run}
      >
        {enrolment.label}
      </Button>
      {blockedOffline ? (
        <p id={offlineNoteId} className="enrol-card__offline" role="status">
          You're offline. Enrolling needs a connection.
        </p>
      ) : null}
      <Button fullWidth variant="secondary" onPress={() => setSharing(true)}>
        Share
      </Button>
      {sharing ? (
        <Suspense fallback={null}>
          <ShareDialog isOpen onOpenChange={setSharing} url={url} title={course.title} />
        </Suspense>
      ) : null}
    </div>
  );
}
