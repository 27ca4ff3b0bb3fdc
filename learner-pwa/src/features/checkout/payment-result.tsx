// The end of a checkout: paid (or enrolled free) and on to the course, or failed and back to try
// again. Each replaces the checkout form, so focus moves to its heading for screen readers.
import { useEffect, useRef, type ReactNode } from 'react';
import { PAYMENT_MESSAGES } from '@rivet/shared/api/payment';
import { Button } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';

function ResultCard({ tone, title, children, actions }: { tone: 'success' | 'error'; title: string; children: ReactNode; actions: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="page checkout-result">
      <div className={`checkout-result__card checkout-result__card--${tone}`}>
        <svg className="checkout-result__icon" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true">
          <circle cx="24" cy="24" r="22" />
          <path d={tone === 'success' ? 'M14 24.5l7 7 13-15' : 'M17 17l14 14M31 17L17 31'} />
        </svg>
        <h1 className="checkout-result__title" ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {children}
        <div className="checkout-result__actions">{actions}</div>
      </div>
    </div>
  );
}

export function PaymentSucceeded({ free, courseTitle, onProceed }: { free: boolean; courseTitle: string; onProceed: () => void }) {
  return (
    <ResultCard tone="success" title={free ? 'You’re enrolled' : PAYMENT_MESSAGES.successful} actions={<Button onPress={onProceed}>Proceed to Course</Button>}>
      <p className="checkout-result__text">
        You are now enrolled in <strong>{courseTitle}</strong>. Your access lasts one year.
      </p>
    </ResultCard>
  );
}

export function PaymentFailed({ reason, courseHref, onTryAgain }: { reason: string | null; courseHref: string; onTryAgain: () => void }) {
  return (
    <ResultCard
      tone="error"
      title={PAYMENT_MESSAGES.failed}
      actions={
        <>
          <Button onPress={onTryAgain}>Try again</Button>
          <Link href={courseHref}>Back to the course</Link>
        </>
      }
    >
      {reason ? <p className="checkout-result__reason">{reason}</p> : null}
      <p className="checkout-result__text">The payment did not go through. You can try again.</p>
    </ResultCard>
  );
}
