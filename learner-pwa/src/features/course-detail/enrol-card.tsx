// The side card: price, what comes with the course, the enrol action and sharing. On wide screens
// it sits beside the content; at 1224 px and below it appears inline under the banner.
import { useState } from 'react';
import type { CourseDetail } from '@rivet/shared/api/course';
import { formatNaira } from '@rivet/shared/domain/money';
import { Button } from '@rivet/shared/ui/button';
import { paths } from '../../paths';
import { ShareDialog } from './share-dialog';
import { useEnrolment } from './use-enrolment';

export function EnrolCard({ course }: { course: CourseDetail }) {
  const enrolment = useEnrolment(course);
  const [sharing, setSharing] = useState(false);
  const price = course.isPaid ? formatNaira(course.coursePrice.amount) : 'Free';
  const url = `${window.location.origin}${paths.courseDetails(course.courseId, course.title)}`;

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
      <Button fullWidth size="lg" isPending={enrolment.isPending} onPress={enrolment.run}>
        {enrolment.label}
      </Button>
      <Button fullWidth variant="secondary" onPress={() => setSharing(true)}>
        Share
      </Button>
      <ShareDialog isOpen={sharing} onOpenChange={setSharing} url={url} title={course.title} />
    </div>
  );
}
