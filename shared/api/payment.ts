// Checkout: pricing with a discount code, and paying for a course (spec: Course/Compute/Pricing,
// Payment/{action} with Log or Process). Money crosses the API in naira, as the spec's clients send
// it; the server keeps integer kobo. Paystack's webhook (POST /api/Course/Payment/Webhook) is not
// declared here: it is verified on its raw body, before any parsing (server/src/payment).
import * as v from 'valibot';
import { SIGNED_IN, defineEndpoint, required } from './contract';
import { MAX_BASE_PRICE_KOBO, MAX_CHARGE_KOBO } from '../domain/pricing';
import { EMAIL_MAX, id, int, naira, pathCode, text, userId } from './fields';

const courseIdSchema = id('courseId');
const codeSchema = v.optional(v.nullable(text(64, { tooLong: 'The discount code is too long.' })), null);

export const TRANSACTION_STATUS = { pending: 0, successful: 1, failed: 2 } as const;
export type TransactionStatus = (typeof TRANSACTION_STATUS)[keyof typeof TRANSACTION_STATUS];
export const TRANSACTION_STATUS_NAMES: Record<TransactionStatus, string> = { 0: 'Pending', 1: 'Successful', 2: 'Failed' };

export const PAYMENT_MESSAGES = {
  // The spec spells it 'Payment Succcessful' (sic); its README asks for the correct spelling.
  successful: 'Payment Successful',
  failed: 'Payment Failed',
  pending: 'Your payment is still being confirmed. We will enrol you as soon as it is.',
  priceChanged: 'The price of this course has changed. Please check the new amount and pay again.',
  alreadyEnrolled: 'You are already enrolled in this course',
  free: 'This course is free. Enrol from the course page.',
  unavailable: 'Payments are unavailable right now. Please try again shortly.',
  notFound: 'Payment not found',
  offline: 'You’re offline. Checkout needs a connection.',
} as const;

export const priceResultSchema = v.object({
  basePrice: v.number(),
  /** What the discount code takes off the base price. */
  discount: v.number(),
  vat: v.number(),
  gatewayCharge: v.number(),
  /** What the learner pays: never below 0. */
  amount: v.number(),
  /** The code as applied (upper case), or null without one. */
  discountCode: v.nullable(v.string()),
  /** The VAT rate in percent, for the label (7.5). */
  vatRate: v.number(),
  currency: v.literal('NGN'),
});
export type PriceResult = v.InferOutput<typeof priceResultSchema>;

export const computePricing = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Compute/Pricing',
  summary: 'VAT, the card-payment fee and the amount to pay, with a discount code applied',
  description:
    'Two uses. Staff pricing a course send `basePrice` (naira). A learner at checkout sends `courseId` and, optionally, `discountCode`: the course’s own base price is used and the code is checked (active, inside its dates, for this course, uses left). A code that cannot be used is refused with 422 and the reason. Failed codes are rate limited per learner.',
  access: SIGNED_IN,
  body: v.pipe(
    v.object({
      basePrice: v.optional(naira('Base Price', MAX_BASE_PRICE_KOBO)),
      courseId: v.optional(courseIdSchema),
      institutionId: v.optional(v.nullable(id('institutionId'))),
      discountCode: codeSchema,
    }),
    v.check((b) => b.basePrice !== undefined || b.courseId !== undefined, 'Send a basePrice or a courseId.'),
  ),
  data: priceResultSchema,
  errors: [400, 401, 404, 422, 429],
});

export const paymentBodySchema = v.object({
  /** Ignored: the server makes the reference (the spec's client used a timestamp, which two learners can share). */
  referenceNo: v.optional(v.nullable(text(64))),
  courseId: courseIdSchema,
  userId: userId(),
  email: v.optional(v.nullable(text(EMAIL_MAX))),
  /**
   * The amount the learner was shown, in naira. Log refuses to charge anything else (409), so the
   * bound only has to admit every price a checkout can ask: the highest base price with VAT and fee.
   */
  amount: v.optional(naira('amount', MAX_CHARGE_KOBO)),
  paymentChannel: v.optional(v.nullable(int('paymentChannel', 0, 100))),
  discountCode: codeSchema,
});

export const paymentLog = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Payment/Log',
  summary: 'Start paying for a course: a pending transaction, initialised with the payment provider',
  description:
    'Prices the course again (with the discount code, which is held for this payment for 30 minutes so that a code with one use left goes to one payer). Refused with 409 when `amount` differs from the price now, or the learner is already enrolled. The answer carries what the page needs to open the payment popup: the provider (`paystack`, or `sandbox` when no Paystack key is configured), the access code and the amount in kobo. When the amount is 0 the learner is enrolled at once (`enrolled` true).',
  access: SIGNED_IN,
  body: paymentBodySchema,
  data: v.object({
    reference: v.string(),
    provider: v.picklist(['paystack', 'sandbox']),
    accessCode: v.nullable(v.string()),
    /** Paystack's public key for the popup; null for the sandbox. */
    publicKey: v.nullable(v.string()),
    amountKobo: v.number(),
    currency: v.literal('NGN'),
    email: v.string(),
    enrolled: v.boolean(),
  }),
  errors: [400, 401, 403, 404, 409, 422, 429, 503],
});

export const paymentResultSchema = v.object({
  reference: v.string(),
  status: v.picklist([TRANSACTION_STATUS.pending, TRANSACTION_STATUS.successful, TRANSACTION_STATUS.failed]),
  statusName: v.string(),
  enrolled: v.boolean(),
  courseId: v.number(),
  /** What the payment was for, in naira: paid when successful, asked for otherwise. */
  amount: v.number(),
  /** ISO date-time: when it was paid; for a failed or pending payment, when it was last settled or started. */
  date: v.string(),
});
export type PaymentResult = v.InferOutput<typeof paymentResultSchema>;

export const paymentProcess = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Payment/Process',
  summary: 'Finish a payment: verified with the provider, then the learner is enrolled',
  description:
    'The transaction is verified with the provider’s verify call and completed only when the reference, the amount in kobo and the currency all match the pending transaction. Idempotent: calling it again, or Paystack’s webhook arriving too, enrols once and uses the discount once. Status 1 answers “Payment Successful”, 2 “Payment Failed”, 0 means the provider has not settled it yet.',
  access: SIGNED_IN,
  body: v.object({ ...paymentBodySchema.entries, referenceNo: required('referenceNo is required', 64) }),
  data: paymentResultSchema,
  errors: [400, 401, 403, 404, 503],
});

export const sandboxPay = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Payment/Sandbox/{reference}',
  summary: 'Test payments only: settle a sandbox transaction as paid or declined',
  description:
    'Designed here. Exists only while no Paystack key is configured (404 otherwise). It plays the card network: it records the outcome the learner chose on the test payment page; the page then calls Payment/Process, which verifies it through the same path as a real payment. No money moves.',
  access: SIGNED_IN,
  params: v.object({ reference: pathCode('reference') }),
  body: v.object({ outcome: v.picklist(['success', 'failed'], 'Choose success or failed.') }),
  data: v.object({ reference: v.string(), outcome: v.picklist(['success', 'failed']) }),
  errors: [400, 401, 403, 404, 409],
});
