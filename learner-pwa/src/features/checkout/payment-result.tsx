// The end of a checkout: paid (or enrolled free) and on to the course, or failed and back to try
// again. Each replaces the checkout form, which the learner had scrolled down to pay: the page goes
// back to the top (the icon is never left under the header) and focus moves to the heading for
// screen readers. Both say what the receipt e-mail says: course, amount, reference and date.
import { useEffect, useRef, type ReactNode } from 'react';
import { PAYMENT_MESSAGES } from '@rivet/shared/api/payment';
import { formatFigureKobo, nairaToKobo } from '@rivet/shared/domain/money';
import { Button } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import type { PaymentReceipt } from './use-checkout-payment';

const lagosDate = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function ResultCard({ tone, title, children, actions }: { tone: 'success' | 'error'; title: string; children: ReactNode; actions: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);
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

/** The payment's particulars, as on the receipt e-mail. */
function ReceiptFacts({ courseTitle, receipt, amountLabel }: { courseTitle: string; receipt: PaymentReceipt; amountLabel: string }) {
  const rows: [string, ReactNode][] = [
    ['Course', courseTitle],
    ...(receipt.amount === null ? [] : [[amountLabel, formatFigureKobo(nairaToKobo(receipt.amount))] as [string, ReactNode]]),
    ['Reference', <span className="checkout-result__reference">{receipt.reference}</span>],
    ['Date', lagosDate.format(new Date(receipt.date))],
  ];
  return (
    <dl className="checkout-result__facts" aria-label="Payment details">
      {rows.map(([term, value]) => (
        <div key={term} className="checkout-result__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PaymentSucceeded({ free, courseTitle, receipt, onProceed }: { free: boolean; courseTitle: string; receipt: PaymentReceipt | null; onProceed: () => void }) {
  return (
    <ResultCard tone="success" title={free ? 'You’re enrolled' : PAYMENT_MESSAGES.successful} actions={<Button onPress={onProceed}>Proceed to Course</Button>}>
      <p className="checkout-result__text">
        You are now enrolled in <strong>{courseTitle}</strong>. Your access lasts one year.
      </p>
      {receipt ? (
        <>
          <ReceiptFacts courseTitle={courseTitle} receipt={receipt} amountLabel="Amount paid" />
          <p className="checkout-result__note">A receipt with these details is on its way to your e-mail.</p>
        </>
      ) : null}
    </ResultCard>
  );
}

export function PaymentFailed({
  reason,
  courseTitle,
  receipt,
  courseHref,
  onTryAgain,
}: {
  reason: string | null;
  courseTitle: string;
  receipt: PaymentReceipt | null;
  courseHref: string;
  onTryAgain: () => void;
}) {
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
      <p className="checkout-result__text">The payment did not go through and you have not been charged for it. You can try again.</p>
      {receipt ? <ReceiptFacts courseTitle={courseTitle} receipt={receipt} amountLabel="Amount" /> : null}
    </ResultCard>
  );
}
