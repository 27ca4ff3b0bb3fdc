// The course wizard's Pricing step and Submit for Review (spec 001 §2.7, §3 Pricing payload and
// Price calculation result, §4, §5, §7 Course/Compute/Pricing and Course/Pricing; decision 032).
// Money crosses the wire in naira with kobo at most; the server prices in integer kobo with the
// one pricing rule learners' checkout uses (shared/domain/pricing.ts).
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { HIGHEST_RATES, MAX_BASE_PRICE_KOBO, maxPrice } from '../domain/pricing';
import { id, nairaText } from './fields';

export const PRICING_MESSAGES = {
  currency: 'Currency is required',
  basePrice: 'Base Price is required',
  basePriceMin: 'Base Price must be at least ₦1',
  basePriceMax: `Base Price must be at most ${nairaText(MAX_BASE_PRICE_KOBO)}`,
  basePriceKobo: 'Base Price has kobo at most (two decimal places)',
  computeFailed: 'Failed to calculate price. Please try again later',
  submitted: 'Course submitted for review',
  curriculumSubmitted: 'Course curriculum submitted for review',
  notPaid: 'This course is free: it has no pricing step',
  unknownCurrency: 'Currency is not one a course can be priced in',
  incomplete: 'This course is not complete: finish every step before submitting it for review',
  notPriced: 'Calculate the price before submitting the course for review',
} as const;
const M = PRICING_MESSAGES;

/** A base price in naira: at least ₦1, kobo at most (§5 "numeric, minimum 1"). */
export const basePriceField = v.pipe(
  v.number(M.basePrice),
  v.minValue(1, M.basePriceMin),
  v.maxValue(MAX_BASE_PRICE_KOBO / 100, M.basePriceMax),
  v.check((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, M.basePriceKobo),
);

/** Naira → kobo, exact for values with kobo at most. */
export const toKobo = (naira: number) => Math.round(naira * 100);
export const toNaira = (kobo: number) => kobo / 100;

// Calculate Price is Payment's Course/Compute/Pricing with `basePrice` (shared/api/payment.ts):
// one endpoint, one pricing rule, for staff and learners alike.

// The console's own figures are ignored; their bounds are the largest the pricing rule can produce.
const LARGEST = maxPrice(HIGHEST_RATES);

export const savePricingSchema = v.object({
  courseId: id('courseId'),
  currencyId: id('currencyId', M.currency),
  basePrice: basePriceField,
  /** What the console calculated; the server recomputes and stores its own figures. */
  vat: v.optional(v.pipe(v.number('vat must be a number'), v.minValue(0, 'vat must be 0 or more'), v.maxValue(LARGEST.vat / 100, 'vat is too large'))),
  gatewayCharge: v.optional(v.pipe(v.number('gatewayCharge must be a number'), v.minValue(0, 'gatewayCharge must be 0 or more'), v.maxValue(LARGEST.gatewayCharge / 100, 'gatewayCharge is too large'))),
});
export type SavePricingInput = v.InferInput<typeof savePricingSchema>;

export const submissionSchema = v.object({
  courseId: v.number(),
  approvalStatus: v.number(),
  draft: v.boolean(),
  basePrice: v.number(),
  vat: v.number(),
  gatewayCharge: v.number(),
  amount: v.number(),
  submittedAt: v.string(),
});
export type CourseSubmission = v.InferOutput<typeof submissionSchema>;

export const savePricing = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Pricing',
  summary: 'Pricing step: price a paid draft course and submit it for review',
  description:
    'The base price is priced on the server (VAT and gateway charge are recomputed; the client’s figures are never stored). The course must be complete: Basic Setup and Additional Information saved, a curriculum that passes the structure rules (§5). It then leaves the draft state for pending review (approvalStatus 1, draft false) with who submitted it and when; learners see it only once approved (2). 400 for a free course (it is submitted from Build Curriculum), 409 once it is no longer a draft. Written to the audit trail in the same transaction.',
  access: staffWith('createCourse'),
  audit: { module: 'Course', action: 'Pricing' },
  confine: 'institution',
  body: savePricingSchema,
  data: submissionSchema,
  errors: [400, 401, 403, 404, 409],
});
