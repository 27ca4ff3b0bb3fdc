// The Billing Summary card: the server's figures, the voucher, and the pay button with what it is
// doing. A learner already enrolled, or looking at a free course, is told so instead.
import { useId } from 'react';
import { PAYMENT_MESSAGES } from '@rivet/shared/api/payment';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Link } from '@rivet/shared/ui/link';
import { paths } from '../../paths';
import { BillingSummary, BillingSummarySkeleton } from './billing-summary';
import { CheckoutCard } from './checkout-card';
import { formatNaira } from '@rivet/shared/domain/money';
import type { useCheckoutPayment } from './use-checkout-payment';
import type { Pricing } from './use-pricing';
import { VoucherForm } from './voucher-form';

export interface BillingCardProps {
  pricing: Pricing;
  payment: ReturnType<typeof useCheckoutPayment>;
  online: boolean;
}

export function BillingCard({ pricing, payment, online }: BillingCardProps) {
  const { price } = pricing;
  const { phase } = payment;
  const termsId = useId();
  const working = phase.step === 'working' || phase.step === 'sandbox';
  const amount = price.data?.amount;

  return (
    <CheckoutCard title="Billing Summary" className="checkout-billing">
      {price.isError ? (
        <div className="checkout-billing__error">
          <ErrorAlert error={price.error} />
          <Button variant="secondary" size="sm" onPress={() => void price.refetch()}>
            Retry
          </Button>
        </div>
      ) : price.data ? (
        <BillingSummary price={price.data} />
      ) : (
        <BillingSummarySkeleton />
      )}

      {/* A payment in flight keeps the code it was made with. */}
      {phase.step === 'unconfirmed' ? null : <VoucherForm pricing={pricing} isDisabled={!online || working} />}

      {phase.step === 'unconfirmed' ? (
        <div className="checkout-billing__pending">
          {phase.error ? <ErrorAlert error={phase.error} /> : <InlineAlert tone="info" title={PAYMENT_MESSAGES.pending} />}
          <Button fullWidth size="lg" variant="secondary" isDisabled={!online} onPress={payment.checkAgain}>
            Check again
          </Button>
        </div>
      ) : (
        <>
          <ErrorAlert error={payment.problem} />
          <Button
            fullWidth
            size="lg"
            className="checkout-billing__pay"
            isPending={working}
            isDisabled={!online || amount === undefined || pricing.isApplying || price.isFetching}
            aria-describedby={termsId}
            onPress={() => {
              if (price.data) payment.pay(price.data);
            }}
          >
            {amount === undefined ? 'Pay' : amount <= 0 ? 'Enrol for free' : `Pay ${formatNaira(amount)}`}
          </Button>
        </>
      )}
      <p id={termsId} className="checkout-billing__terms">
        {/* The spec's 'Terms & Privacy policy', each part opening its own page. */}
        By paying you agree to our <Link href={paths.terms}>Terms</Link> &amp; <Link href={paths.privacy}>Privacy policy</Link>.
      </p>
    </CheckoutCard>
  );
}

/** In place of the summary when there is nothing to pay: enrolled already, or a free course. */
export function NothingToPay({ enrolled, courseHref, onProceed }: { enrolled: boolean; courseHref: string; onProceed: () => void }) {
  return (
    <CheckoutCard title="Billing Summary" className="checkout-billing">
      {enrolled ? (
        <>
          <InlineAlert tone="info" title={PAYMENT_MESSAGES.alreadyEnrolled} />
          <Button fullWidth size="lg" onPress={onProceed}>
            Proceed to Course
          </Button>
        </>
      ) : (
        <>
          <InlineAlert tone="info" title={PAYMENT_MESSAGES.free} />
          <ButtonLink fullWidth size="lg" variant="secondary" href={courseHref}>
            Go to the course page
          </ButtonLink>
        </>
      )}
    </CheckoutCard>
  );
}
