import type { CourseDetail } from '@rivet/shared/api/course';
import { formatNaira } from '@rivet/shared/domain/money';
import { ButtonLink } from '@rivet/shared/ui/button';
import { paths } from '../../paths';

/**
 * The price card: the course's real price and, when it is paid, the real pieces it is made of.
 * No invented "was" price or saving: the server has no such figure.
 */
/** A piece of the price; unlike the headline price, a zero piece reads ₦0, not 'Free'. */
const piece = (amount: number) => (amount === 0 ? '₦0' : formatNaira(amount));

export function ProgramPrice({ course }: { course: CourseDetail }) {
  const price = course.coursePrice;
  const paid = price.amount > 0;
  return (
    <aside className="program-price" aria-label="Price">
      {course.courseThumbNailUrl ? (
        // Above the fold on desktop: not lazy, but decoded off the main thread.
        <img className="program-price__thumb" src={course.courseThumbNailUrl} alt="" width={360} height={203} decoding="async" />
      ) : null}
      <p className="program-price__amount">{formatNaira(price.amount)}</p>
      {paid ? (
        <dl className="program-price__pieces">
          <div>
            <dt>Course price</dt>
            <dd>{piece(price.basePrice)}</dd>
          </div>
          <div>
            <dt>VAT</dt>
            <dd>{piece(price.vat)}</dd>
          </div>
          {price.gatewayCharge > 0 ? (
            <div>
              <dt>Payment processing</dt>
              <dd>{piece(price.gatewayCharge)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
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
