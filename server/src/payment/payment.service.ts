// Checkout's rules: pricing with a discount code, starting a payment, and completing it only on the
// provider's verified word (reference, amount in kobo, currency). The learner's callback and
// Paystack's webhook both end in `settle`, which is idempotent on the reference.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { CODES } from '@rivet/shared/api/contract';
import { PAYMENT_MESSAGES, TRANSACTION_STATUS, TRANSACTION_STATUS_NAMES, type PaymentResult, type PriceResult } from '@rivet/shared/api/payment';
import { DISCOUNT_MESSAGES, lagosDate, normalizeCode } from '@rivet/shared/domain/discount';
import { koboToNaira, nairaToKobo } from '@rivet/shared/domain/money';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import { priceCourse, vatPercent, type PricingRates } from '@rivet/shared/domain/pricing';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { AppError, conflict, forbidden, notFound } from '../http/errors';
import { assertSelf } from '../http/learner-access';
import type { Background } from '../http/background';
import type { RateLimiter } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import { FINAL_FAILURES, ProviderUnavailable, type PaymentProvider, type Verification } from './payment-provider';
import type { CheckoutCourse, Completion, PaymentRepository, Transaction } from './payment.repository';
import { receiptMail } from './receipt';

export interface PaymentServiceDeps {
  repo: PaymentRepository;
  provider: PaymentProvider;
  clock: Clock;
  log: Logger;
  rates: PricingRates;
  discountHoldMinutes: number;
  publicUrl: string;
  /** Counts refused codes per learner, so codes cannot be guessed by trying many. */
  codeAttempts: RateLimiter;
  mailer: Mailer;
  /** The receipt is sent after the answer, not before it. */
  background: Background;
}

/** A payment is left to the popup, the callback and the webhook for this long before reconciliation looks. */
const RECONCILE_AFTER_MS = 10 * 60_000;
/** …and looked at for this long (Paystack retries webhooks for 72 hours; verify answers far longer). */
const RECONCILE_WITHIN_MS = 72 * 60 * 60_000;

const unprocessable = (description: string) => new AppError(422, CODES.unprocessable, description);
const unavailable = () => new AppError(503, CODES.serverError, PAYMENT_MESSAGES.unavailable);

/** Unique, unguessable, and readable in a support conversation: RVT-<time>-<random>. */
function newReference(now: Date): string {
  return `RVT-${now.getTime().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;
}

export function createPaymentService(deps: PaymentServiceDeps) {
  const { repo, provider, clock, log, rates } = deps;

  async function courseOr404(courseId: number): Promise<CheckoutCourse> {
    const course = await repo.checkoutCourse(courseId, clock.now());
    if (!course) throw notFound('Course not found');
    return course;
  }

  const isPaidCourse = (course: CheckoutCourse) => course.isPaid && course.basePriceKobo > 0;

  /** Every code tried counts against the learner's budget, so codes cannot be found by guessing. */
  async function spendCodeAttempt(caller: Caller): Promise<void> {
    try {
      await deps.codeAttempts.hit(caller.userId);
    } catch (error) {
      if (error instanceof AppError && error.status === 429) throw new AppError(429, CODES.rateLimited, DISCOUNT_MESSAGES.tooMany, [], error.headers);
      throw error;
    }
  }

  const refuseCode = (reason: keyof typeof DISCOUNT_MESSAGES): never => {
    throw unprocessable(DISCOUNT_MESSAGES[reason]);
  };

  /** The discount behind a code, or a 422 with the reason it cannot be used on this course today. */
  async function usableDiscount(caller: Caller, code: string, course: CheckoutCourse, now: Date) {
    await spendCodeAttempt(caller);
    const { found, refusal } = await repo.discountFor(code, course, lagosDate(now), now);
    if (refusal || !found) return refuseCode(refusal ?? 'unknown');
    return found.discount;
  }

  function toResult(course: { basePriceKobo: number }, terms: { chargeType: number; amount: number } | null, code: string | null): PriceResult {
    const price = priceCourse(course.basePriceKobo, rates, terms);
    return {
      basePrice: koboToNaira(price.basePrice),
      discount: koboToNaira(price.discount),
      vat: koboToNaira(price.vat),
      gatewayCharge: koboToNaira(price.gatewayCharge),
      amount: koboToNaira(price.amount),
      discountCode: code,
      vatRate: vatPercent(rates),
      currency: 'NGN',
    };
  }

  function paymentResult(transaction: Transaction, enrolled: boolean): PaymentResult {
    const status = transaction.status as PaymentResult['status'];
    return {
      reference: transaction.reference,
      status,
      statusName: TRANSACTION_STATUS_NAMES[status],
      enrolled,
      courseId: transaction.courseId,
      // The result screen shows what the receipt e-mail says: amount, reference and date.
      amount: koboToNaira(transaction.amountKobo),
      date: (transaction.paidAt ?? transaction.updatedAt).toISOString(),
    };
  }

  function describe(status: number) {
    if (status === TRANSACTION_STATUS.successful) return PAYMENT_MESSAGES.successful;
    if (status === TRANSACTION_STATUS.failed) return PAYMENT_MESSAGES.failed;
    return PAYMENT_MESSAGES.pending;
  }

  async function learnerEmail(caller: Caller, userId: string): Promise<string> {
    assertSelf(caller, userId);
    if (caller.roleId !== STUDENT_ROLE_ID) throw forbidden('Only learner accounts can buy courses.');
    const learner = await repo.learner(userId);
    if (!learner?.isActive) throw forbidden();
    return learner.email;
  }

  /** The provider's verdict applied; logs what matters for the accounts. */
  async function settle(reference: string, verdict: Verification, source: 'callback' | 'webhook' | 'reconcile'): Promise<Completion> {
    const outcome = await repo.complete(reference, verdict, clock.now(), (status) => FINAL_FAILURES.has(status));
    if (outcome.kind === 'completed') {
      log.info({ reference, source, amountKobo: outcome.transaction.amountKobo, newlyEnrolled: outcome.newlyEnrolled }, 'payment completed');
      // 'completed' happens once per reference (the row is locked, and a successful one never completes again), so one receipt.
      deps.background.run(async () => {
        const details = await repo.receipt(reference);
        if (details) await deps.mailer.send(receiptMail(details, { publicUrl: deps.publicUrl, vatPercent: vatPercent(rates) }));
      });
      if (outcome.transaction.discountId !== null && !outcome.discountCounted) {
        // Paid after its hold expired and the code's last use went to someone else: the learner
        // paid the discounted price, so they are enrolled; the limit itself is never exceeded.
        log.warn({ reference, discountId: outcome.transaction.discountId }, 'discount use not counted: limit reached after the hold expired');
      }
    } else if (outcome.kind === 'failed') {
      log.warn({ reference, source, reason: outcome.transaction.failureReason }, 'payment failed');
    }
    return outcome;
  }

  return {
    async price(caller: Caller, body: { basePrice?: number; courseId?: number; discountCode: string | null }): Promise<PriceResult> {
      if (body.courseId === undefined) {
        // Staff pricing a course: plain arithmetic on the base price they typed.
        return toResult({ basePriceKobo: nairaToKobo(body.basePrice ?? 0) }, null, null);
      }
      const course = await courseOr404(body.courseId);
      const code = body.discountCode ? normalizeCode(body.discountCode) : null;
      if (!code) return toResult(course, null, null);
      if (!isPaidCourse(course)) throw unprocessable(PAYMENT_MESSAGES.free);
      return toResult(course, await usableDiscount(caller, code, course, clock.now()), code);
    },

    async log(caller: Caller, body: { courseId: number; userId: string; amount?: number; paymentChannel?: number | null; discountCode: string | null }) {
      const email = await learnerEmail(caller, body.userId);
      const course = await courseOr404(body.courseId);
      if (!isPaidCourse(course)) throw unprocessable(PAYMENT_MESSAGES.free);
      if (await repo.isEnrolled(body.userId, course.id)) throw conflict(PAYMENT_MESSAGES.alreadyEnrolled);
      const now = clock.now();
      const code = body.discountCode ? normalizeCode(body.discountCode) : null;

      // Priced again here: the amount charged is the server's, never the page's.
      const terms = code ? await usableDiscount(caller, code, course, now) : null;
      const price = priceCourse(course.basePriceKobo, rates, terms);
      if (body.amount !== undefined && nairaToKobo(body.amount) !== price.amount) throw conflict(PAYMENT_MESSAGES.priceChanged);
      if (price.amount === 0) throw unprocessable('This code makes the course free. Enrol for free instead.');

      const reference = newReference(now);
      const started = await repo.startTransaction({
        reference,
        userId: body.userId,
        email,
        course,
        price,
        provider: provider.name,
        paymentChannel: body.paymentChannel ?? 1,
        code,
        today: lagosDate(now),
        status: TRANSACTION_STATUS.pending,
        heldUntil: code ? new Date(now.getTime() + deps.discountHoldMinutes * 60_000) : null,
        at: now,
      });
      if ('refusal' in started) return refuseCode(started.refusal);

      let accessCode: string;
      try {
        ({ accessCode } = await provider.initialize({
          reference,
          email,
          amountKobo: price.amount,
          currency: 'NGN',
          callbackUrl: `${deps.publicUrl}/course/checkout?courseId=${course.id}&reference=${encodeURIComponent(reference)}`,
          metadata: { courseId: course.id, userId: body.userId, discountCode: code },
        }));
      } catch (error) {
        // Nothing was charged: the transaction fails and its hold on the code is released.
        await repo.markFailed(reference, `Initialize failed: ${(error as Error).message}`, clock.now());
        if (error instanceof ProviderUnavailable) {
          log.error({ err: error, reference }, 'payment provider unavailable at initialize');
          throw unavailable();
        }
        throw error;
      }
      await repo.setAccessCode(reference, accessCode);
      return {
        reference,
        provider: provider.name,
        accessCode,
        publicKey: provider.publicKey,
        amountKobo: price.amount,
        currency: 'NGN' as const,
        email,
        enrolled: false,
      };
    },

    async process(caller: Caller, body: { referenceNo: string; courseId: number; userId: string }) {
      assertSelf(caller, body.userId);
      const transaction = await repo.byReference(body.referenceNo.trim());
      if (!transaction || transaction.userId !== caller.userId || transaction.courseId !== body.courseId) throw notFound(PAYMENT_MESSAGES.notFound);
      if (transaction.status === TRANSACTION_STATUS.successful) return { data: paymentResult(transaction, true), description: PAYMENT_MESSAGES.successful };

      let verdict: Verification | null;
      try {
        verdict = await provider.verify(transaction.reference);
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error;
        log.error({ err: error, reference: transaction.reference }, 'payment provider unavailable at verify');
        throw unavailable();
      }
      if (!verdict) {
        // The provider has no such reference: nothing was paid on it.
        await repo.markFailed(transaction.reference, 'Unknown to the provider', clock.now());
        const failed = (await repo.byReference(transaction.reference)) ?? transaction;
        return { data: paymentResult(failed, false), description: describe(failed.status) };
      }
      const outcome = await settle(transaction.reference, verdict, 'callback');
      if (outcome.kind === 'unknown') throw notFound(PAYMENT_MESSAGES.notFound);
      const settled = outcome.transaction;
      return { data: paymentResult(settled, settled.status === TRANSACTION_STATUS.successful), description: describe(settled.status) };
    },

    /** Paystack's charge.success (signature already checked): the same settlement as the callback. */
    async webhook(verdict: Verification): Promise<Completion['kind']> {
      const outcome = await settle(verdict.reference, verdict, 'webhook');
      if (outcome.kind === 'unknown') log.warn({ reference: verdict.reference }, 'webhook for an unknown reference ignored');
      return outcome.kind;
    },

    /**
     * The safety net behind the callback and the webhook: payments still pending RECONCILE_AFTER
     * after they started (the tab closed and the webhook was lost, or Paystack is not configured to
     * send it) are verified with the provider and settled the same way. Runs on a timer.
     */
    async reconcile(): Promise<{ checked: number; settled: number }> {
      const now = clock.now();
      const references = await repo.unsettled(provider.name, new Date(now.getTime() - RECONCILE_AFTER_MS), new Date(now.getTime() - RECONCILE_WITHIN_MS), 100);
      let settled = 0;
      for (const reference of references) {
        let verdict: Verification | null;
        try {
          verdict = await provider.verify(reference);
        } catch (error) {
          if (!(error instanceof ProviderUnavailable)) throw error;
          log.warn({ err: error }, 'payment reconciliation paused: provider unavailable');
          break;
        }
        if (!verdict) {
          await repo.markFailed(reference, 'Unknown to the provider', clock.now());
          settled += 1;
          continue;
        }
        const outcome = await settle(reference, verdict, 'reconcile');
        if (outcome.kind === 'completed' || outcome.kind === 'failed') settled += 1;
      }
      return { checked: references.length, settled };
    },

    /** Course/Enroll with a code that takes the whole price off. */
    async enrolWithCode(caller: Caller, userId: string, courseId: number, rawCode: string) {
      const email = await learnerEmail(caller, userId);
      const course = await courseOr404(courseId);
      if (await repo.isEnrolled(userId, course.id)) return { newlyEnrolled: false };
      const code = normalizeCode(rawCode);
      const now = clock.now();
      const price = priceCourse(course.basePriceKobo, rates, await usableDiscount(caller, code, course, now));
      if (price.amount > 0) throw unprocessable('This code does not make the course free. Please complete the checkout to enrol.');
      const done = await repo.enrolWithFullDiscount({
        reference: newReference(now),
        userId,
        email,
        course,
        price,
        provider: 'none',
        paymentChannel: 1,
        code,
        today: lagosDate(now),
        at: now,
      });
      if ('refusal' in done) return refuseCode(done.refusal);
      log.info({ reference: done.transaction.reference, courseId, discountId: done.transaction.discountId }, 'enrolled with a full discount');
      return { newlyEnrolled: done.newlyEnrolled };
    },

    /** Sandbox only: the outcome the learner chose on the test payment page. */
    async sandboxSettle(caller: Caller, reference: string, outcome: 'success' | 'failed') {
      if (provider.name !== 'sandbox') throw notFound('No such endpoint');
      const transaction = await repo.byReference(reference);
      if (!transaction || transaction.userId !== caller.userId) throw notFound(PAYMENT_MESSAGES.notFound);
      if (transaction.status !== TRANSACTION_STATUS.pending) throw conflict('This test payment is already settled.');
      if (!(await repo.setSandboxOutcome(reference, outcome, clock.now()))) throw conflict('This test payment is already settled.');
      return { reference, outcome };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
