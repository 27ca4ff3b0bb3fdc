// Paying for a course (spec: Checkout). Pay first logs the payment (Payment/Log), then the card
// provider's popup takes the money (Paystack, or the in-app sandbox when the server has no Paystack
// keys), then Payment/Process verifies it and enrols. A fully discounted course goes straight to
// the free-enrolment call.
//
// While a payment's outcome is unknown its reference rides in the URL (?reference=…): reopening or
// reloading the page asks Process again instead of starting, and charging, a second payment.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { enrollInCourse } from '@rivet/shared/api/course';
import type { DataOf } from '@rivet/shared/api/contract';
import { paymentLog, paymentProcess, sandboxPay, TRANSACTION_STATUS, type PaymentResult, type PriceResult } from '@rivet/shared/api/payment';
import { ApiError, errorMessage, isApiError } from '@rivet/shared/client/errors';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { enrolmentKey } from '../../api/use-enrolment-status';
import { invalidateLearning } from '../../api/use-learning';
import { openPaystackPopup } from './paystack-popup';

/** Spec: the payment channel is the constant 1 (card). */
const CARD_CHANNEL = 1;

export type StartedPayment = DataOf<typeof paymentLog>;

/** What Process needs to finish a payment: its reference and what the learner was shown. */
export interface Attempt {
  reference: string;
  /** Naira; unknown when the page was reopened with a reference. */
  amount?: number;
  discountCode: string | null;
}

/** What the result screen says about a payment, as the receipt e-mail does. */
export interface PaymentReceipt {
  reference: string;
  /** Naira; null when the page was reopened with a reference and the server did not answer. */
  amount: number | null;
  /** ISO date-time. */
  date: string;
}

const receiptOf = (result: PaymentResult): PaymentReceipt => ({ reference: result.reference, amount: result.amount, date: result.date });
/** A payment the server could not speak for (the popup failed, or the answer did not come): what the page knows. */
const attemptReceipt = (attempt: Attempt): PaymentReceipt => ({ reference: attempt.reference, amount: attempt.amount ?? null, date: new Date().toISOString() });

export type PaymentPhase =
  | { step: 'ready' }
  | { step: 'working' }
  | { step: 'sandbox'; payment: StartedPayment; attempt: Attempt }
  /** Paid but not confirmed yet (status 0), or the confirmation could not be asked for. */
  | { step: 'unconfirmed'; attempt: Attempt; error: unknown }
  /** receipt: null when nothing was paid (a free enrolment). */
  | { step: 'succeeded'; free: boolean; receipt: PaymentReceipt | null }
  | { step: 'failed'; reason: string | null; receipt: PaymentReceipt | null };

/** A Process call that may yet succeed: the network, or the provider, did not answer. */
const outcomeUnknown = (error: unknown) => isApiError(error) && (error.isNetwork || (error.status ?? 0) >= 500);

export function useCheckoutPayment({ courseId, onPriceChanged }: { courseId: number; onPriceChanged: () => void }) {
  const { api } = useSessionManager();
  const { profile } = useSession();
  const userId = profile?.userId ?? '';
  const email = profile?.email ?? null;
  const queryClient = useQueryClient();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<PaymentPhase>({ step: 'ready' });
  /** Why the last Pay did not start (Log or the free enrolment refused it). */
  const [problem, setProblem] = useState<unknown>(null);
  const busy = useRef(false);
  const resumed = useRef<string | null>(null);

  const setReference = (reference: string | null) => {
    resumed.current = reference;
    const params = new URLSearchParams({ courseId: String(courseId) });
    if (reference) params.set('reference', reference);
    void navigate({ search: `?${params}` }, { replace: true, state: location.state });
  };

  const succeed = (free: boolean, receipt: PaymentReceipt | null = null) => {
    setPhase({ step: 'succeeded', free, receipt });
    void queryClient.invalidateQueries({ queryKey: enrolmentKey(userId, courseId) });
    // The dashboard and my learnings now have one more course.
    void invalidateLearning(queryClient);
  };

  const fail = (reason: string | null, receipt: PaymentReceipt | null = null) => {
    setReference(null);
    setPhase({ step: 'failed', reason, receipt });
  };

  /** `abandoned`: the learner closed the payment window; anything short of paid is then a failure. */
  const process = async (attempt: Attempt, { abandoned = false } = {}) => {
    setPhase({ step: 'working' });
    if (resumed.current !== attempt.reference) setReference(attempt.reference);
    try {
      const result = await api.call(paymentProcess, {
        body: {
          referenceNo: attempt.reference,
          courseId,
          userId,
          email,
          amount: attempt.amount,
          paymentChannel: CARD_CHANNEL,
          discountCode: attempt.discountCode,
        },
      });
      if (result.status === TRANSACTION_STATUS.successful) {
        setReference(null);
        succeed(false, receiptOf(result));
      } else if (result.status === TRANSACTION_STATUS.failed || abandoned) {
        fail(null, receiptOf(result));
      } else {
        setPhase({ step: 'unconfirmed', attempt, error: null });
      }
    } catch (error) {
      if (outcomeUnknown(error)) setPhase({ step: 'unconfirmed', attempt, error });
      else fail(errorMessage(error), attemptReceipt(attempt));
    }
  };

  const enrolFree = async (price: PriceResult) => {
    const answer = await api.send(enrollInCourse, { body: { userId, courseId, discountCode: price.discountCode } });
    if (!answer.success || !answer.data.enrolled) throw new ApiError('http', answer.description);
    succeed(true);
  };

  const start = async (price: PriceResult) => {
    let started: StartedPayment;
    try {
      if (price.amount <= 0) return await enrolFree(price);
      started = await api.call(paymentLog, {
        body: { courseId, userId, email, amount: price.amount, paymentChannel: CARD_CHANNEL, discountCode: price.discountCode },
      });
    } catch (error) {
      setPhase({ step: 'ready' });
      setProblem(error);
      if (isApiError(error) && error.status === 409) {
        // The price moved, or the learner is enrolled already (another tab, a webhook): look again.
        onPriceChanged();
        void queryClient.invalidateQueries({ queryKey: enrolmentKey(userId, courseId) });
      }
      return;
    }
    if (started.enrolled) return succeed(price.amount <= 0);
    const attempt: Attempt = { reference: started.reference, amount: price.amount, discountCode: price.discountCode };
    if (started.provider === 'sandbox') return setPhase({ step: 'sandbox', payment: started, attempt });
    if (!started.accessCode) return fail(null, attemptReceipt(attempt));
    const outcome = await openPaystackPopup(started.accessCode);
    if (outcome.kind === 'error') return fail(outcome.message, attemptReceipt(attempt));
    // A learner may pay and then close the window before it says so: Process asks the provider.
    await process(attempt, { abandoned: outcome.kind === 'closed' });
  };

  /** Runs one step at a time: presses while a step runs are ignored. */
  const run = (step: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setProblem(null);
    setPhase({ step: 'working' });
    void step().finally(() => {
      busy.current = false;
    });
  };

  const pay = (price: PriceResult) => run(() => start(price));

  const settleSandbox = (outcome: 'success' | 'failed') => {
    if (phase.step !== 'sandbox') return;
    const { payment, attempt } = phase;
    run(async () => {
      try {
        await api.call(sandboxPay, { params: { reference: payment.reference }, body: { outcome } });
      } catch (error) {
        return fail(errorMessage(error), attemptReceipt(attempt));
      }
      await process(attempt, { abandoned: outcome === 'failed' });
    });
  };

  const cancelSandbox = () => {
    if (phase.step !== 'sandbox') return;
    const { attempt } = phase;
    run(() => process(attempt, { abandoned: true }));
  };

  const checkAgain = () => {
    if (phase.step !== 'unconfirmed') return;
    const { attempt } = phase;
    run(() => process(attempt));
  };

  const tryAgain = () => {
    setProblem(null);
    setPhase({ step: 'ready' });
  };

  // Reopened with a payment in flight: finish it (Process is idempotent on the server).
  const urlReference = searchParams.get('reference');
  const resume = useEffectEvent((reference: string) => run(() => process({ reference, discountCode: null })));
  useEffect(() => {
    if (!urlReference || !userId || resumed.current === urlReference) return;
    resumed.current = urlReference;
    resume(urlReference);
  }, [urlReference, userId]);

  return { phase, problem, pay, settleSandbox, cancelSandbox, checkAgain, tryAgain, email };
}
