import type { CourseDetail } from '@rivet/shared/api/course';
import { coursePriceLabel, needsPayment, thumbnailHeight } from '@rivet/shared/domain/course-card';
import { ButtonLink } from '@rivet/shared/ui/button';
import { paths } from '../../paths';

/**
 * The price card: the course's own price, as on every card and course page (decision 019); the
 * whole bill (VAT, card fee) is checkout's. No invented "was" price or saving: the server has no
 * such figure.
 */
export function ProgramPrice({ course }: { course: CourseDetail }) {
  const paid = needsPayment(course);
  return (
    <aside className="program-price" aria-label="Price">
      {course.courseThumbNailUrl ? (
        // Above the fold on desktop: not lazy, but decoded off the main thread.
        <img className="program-price__thumb" src={course.courseThumbNailUrl} alt="" width={360} height={thumbnailHeight(360)} decoding="async" />
      ) : null}
      <p className="program-price__amount">{coursePriceLabel(course)}</p>
      {paid ? <p className="program-price__note">VAT and the card payment fee are added at checkout, before you pay.</p> : null}
      <ul className="program-price__perks">
        <li>{paid ? 'One-time purchase' : 'Enrol for free'}</li>
        <li>1 Year Access</li>
        <li>Shareable Certificate</li>
      </ul>
      <ButtonLink
        href={paid ? paths.checkoutFor(course.courseId) : paths.courseDetails(course.courseId, course.title)}
        routerOptions={paid ? { state: { courseId: course.courseId } } : undefined}
        size="lg"
        fullWidth
      >
        Purchase this Program
      </ButtonLink>
    </aside>
  );
}
