// Check Out (/course/checkout?courseId=N; spec: Checkout): the course, the Billing Summary from
// the server, a voucher, and Pay. The course id rides in the query so a reload keeps the page;
// the course page also passes it as navigation state, the spec's way.
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CourseDetail } from '@rivet/shared/api/course';
import { PAYMENT_MESSAGES } from '@rivet/shared/api/payment';
import { useSession } from '@rivet/shared/client/session-context';
import { coursePriceLabel, needsPayment, thumbnailHeight } from '@rivet/shared/domain/course-card';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Link } from '@rivet/shared/ui/link';
import { QueryState, ScreenState } from '@rivet/shared/ui/screen-state';
import { useCourse } from '../../api/use-course-lists';
import { useEnrolmentStatus } from '../../api/use-enrolment-status';
import { unavailableOfflineText, useUnavailableOffline } from '../../offline/last-seen';
import { useOnline } from '../../offline/network';
import { paths } from '../../paths';
import { BillingCard, NothingToPay } from './billing-card';
import { CheckoutCard } from './checkout-card';
import { PaymentFailed, PaymentSucceeded } from './payment-result';
import { SandboxDialog } from './sandbox-dialog';
import { useCheckoutPayment } from './use-checkout-payment';
import { usePricing } from './use-pricing';
import './checkout.css';

function courseIdFrom(query: string | null, state: unknown): number | null {
  const fromState = typeof state === 'object' && state !== null && 'courseId' in state ? state.courseId : null;
  const id = Number(query ?? fromState);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function CheckoutPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const courseId = courseIdFrom(searchParams.get('courseId'), location.state);
  if (courseId === null) {
    return <NoCourse title="No course to check out" text="Choose a course from the catalogue, then press Enrol on its page." />;
  }
  return <Checkout key={courseId} courseId={courseId} />;
}

function NoCourse({ title, text }: { title: string; text: string }) {
  return <ScreenState kind="empty" page className="page" title={title} text={text} actions={<Link href={paths.discovery}>Browse the catalogue</Link>} />;
}

function Checkout({ courseId }: { courseId: number }) {
  const course = useCourse(courseId);
  const unavailableOffline = useUnavailableOffline(course);

  return (
    <QueryState
      query={course}
      page
      className="page"
      // The page's heading stays over its offline and error states; a spinner needs none.
      title={course.isPending && !unavailableOffline ? undefined : 'Check Out'}
      offline={unavailableOffline}
      offlineText={unavailableOfflineText('This course')}
      notFound={<NoCourse title="Course not found" text="This course is not available. It may have been withdrawn by its partner." />}
      actions={unavailableOffline ? <InlineAlert tone="warning" title={PAYMENT_MESSAGES.offline} /> : undefined}
    >
      {(data) => <CheckoutView course={data} />}
    </QueryState>
  );
}

function CheckoutView({ course }: { course: CourseDetail }) {
  const { courseId } = course;
  const online = useOnline();
  const navigate = useNavigate();
  const userId = useSession().profile?.userId ?? null;
  const enrolment = useEnrolmentStatus(courseId);
  const pricing = usePricing(courseId);
  const payment = useCheckoutPayment({ courseId, onPriceChanged: pricing.refresh });
  const { phase } = payment;
  const courseHref = paths.courseDetails(courseId, course.title);

  // The player opens where the learner stopped (spec: /course/delivery with these as state).
  const proceed = () =>
    void navigate(paths.deliveryFor(courseId), {
      state: { courseId, userId, currentModule: enrolment.data?.currentModule ?? null, currentSection: enrolment.data?.currentSection ?? null },
    });

  if (phase.step === 'succeeded') {
    return <PaymentSucceeded free={phase.free} courseTitle={course.title} receipt={phase.receipt} onProceed={proceed} />;
  }
  if (phase.step === 'failed') {
    return <PaymentFailed reason={phase.reason} courseTitle={course.title} receipt={phase.receipt} courseHref={courseHref} onTryAgain={payment.tryAgain} />;
  }

  // A payment in flight goes on even if the enrolment check answers meanwhile.
  const inFlight = phase.step !== 'ready';
  const enrolled = !inFlight && enrolment.data?.enrolled === true;
  const free = !inFlight && !needsPayment(course);

  return (
    <div className="page checkout">
      <h1 className="page__title checkout__title">Check Out</h1>
      {online ? null : <InlineAlert tone="warning" className="checkout__offline" title={PAYMENT_MESSAGES.offline} />}
      <div className="checkout__grid">
        <CourseDetailsCard course={course} />
        {enrolled || free ? (
          <NothingToPay enrolled={enrolled} courseHref={courseHref} onProceed={proceed} />
        ) : (
          <BillingCard pricing={pricing} payment={payment} online={online} />
        )}
      </div>
      {phase.step === 'sandbox' ? (
        <SandboxDialog payment={phase.payment} onSettle={payment.settleSandbox} onCancel={payment.cancelSandbox} />
      ) : null}
    </div>
  );
}

function CourseDetailsCard({ course }: { course: CourseDetail }) {
  return (
    <CheckoutCard title="Course Details" className="checkout-course">
      <div className="checkout-course__body">
        {course.courseThumbNailUrl ? (
          <img className="checkout-course__thumb" src={course.courseThumbNailUrl} alt="" width={320} height={thumbnailHeight(320)} decoding="async" />
        ) : (
          <div className="checkout-course__thumb checkout-course__thumb--none" aria-hidden="true" />
        )}
        <div className="checkout-course__text">
          <h3 className="checkout-course__title">{course.title}</h3>
          <p className="checkout-course__partner">{course.institution}</p>
          <p className="checkout-course__price">
            <span className="checkout-course__label">ONE-TIME PURCHASE</span>
            {/* The course's price; VAT and the card fee are the Billing Summary's. */}
            <span className="checkout-course__amount">{coursePriceLabel(course)}</span>
          </p>
        </div>
      </div>
    </CheckoutCard>
  );
}
