// What a learner pays for a course, in integer kobo: the base price less any discount, VAT on
// what remains, and the card-payment fee passed on so the partner receives the whole net amount.
// The server prices every checkout with this; the seed prices the demo catalogue with it too.

export interface GatewayFee {
  /** Percentage of the charged amount, in basis points (150 = 1.5 %). */
  percentBasisPoints: number;
  /** Flat part of the fee, in kobo. */
  flatKobo: number;
  /** The flat part is waived when the charged amount is below this, in kobo. */
  flatWaivedBelowKobo: number;
  /** The fee never exceeds this, in kobo. */
  capKobo: number;
}

export interface PricingRates {
  /** VAT in basis points (750 = 7.5 %). */
  vatBasisPoints: number;
  gateway: GatewayFee;
}

/** Nigeria's VAT (7.5 %) and Paystack's local-card fee (1.5 % + ₦100, ₦100 waived under ₦2,500, capped at ₦2,000). */
export const DEFAULT_RATES: PricingRates = {
  vatBasisPoints: 750,
  gateway: { percentBasisPoints: 150, flatKobo: 10_000, flatWaivedBelowKobo: 250_000, capKobo: 200_000 },
};

/**
 * The most a course's base price may be: ₦10,000,000. It is the one money limit written down;
 * every other (what a checkout may charge, a flat discount, the VAT and fee figures) is this price
 * run through `priceCourse`, so pricing, checkout and payment can never disagree about what sells.
 */
export const MAX_BASE_PRICE_KOBO = 1_000_000_000;

/**
 * The highest rates the server's configuration accepts (VAT 100 %, a card fee of at most 50 % and
 * ₦1,000,000). config.ts bounds its settings with these, so `MAX_CHARGE_KOBO` holds whatever is set.
 */
export const HIGHEST_RATES: PricingRates = {
  vatBasisPoints: 10_000,
  gateway: { percentBasisPoints: 5_000, flatKobo: 100_000_000, flatWaivedBelowKobo: 100_000_000, capKobo: 100_000_000 },
};

/** Discount charge types as the admin console stores them. */
export const DISCOUNT_CHARGE = { flat: 1, percentage: 2 } as const;

export interface DiscountTerms {
  chargeType: number;
  /** Kobo for a flat discount; whole percent (0–100) for a percentage. */
  amount: number;
}

export interface Price {
  basePrice: number;
  discount: number;
  vat: number;
  gatewayCharge: number;
  amount: number;
}

const BASIS = 10_000;

/** Half-up rounding of a non-negative ratio, in integers only. */
const divRound = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));
const divCeil = (numerator: number, denominator: number) => Math.ceil(numerator / denominator);

/** What a discount takes off a base price: never more than the price itself. */
export function discountOff(baseKobo: number, terms: DiscountTerms | null): number {
  if (!terms || baseKobo <= 0) return 0;
  const off =
    terms.chargeType === DISCOUNT_CHARGE.percentage
      ? divRound(baseKobo * Math.min(Math.max(terms.amount, 0), 100), 100)
      : Math.max(terms.amount, 0);
  return Math.min(off, baseKobo);
}

/**
 * The fee to add to `netKobo` so that, once the gateway takes its fee from the charged total, the
 * partner still receives `netKobo` (Paystack's documented way of passing fees to the customer):
 * total = (net + flat) / (1 − percent), rounded up to the kobo; the fee is capped.
 */
export function gatewayCharge(netKobo: number, fee: GatewayFee): number {
  if (netKobo <= 0) return 0;
  const grossWith = (flat: number) => divCeil((netKobo + flat) * BASIS, BASIS - fee.percentBasisPoints);
  let total = grossWith(0);
  if (total >= fee.flatWaivedBelowKobo) total = grossWith(fee.flatKobo);
  return Math.min(total - netKobo, fee.capKobo);
}

/** The price of a course with an optional discount. A fully discounted course costs 0: no VAT, no fee. */
export function priceCourse(baseKobo: number, rates: PricingRates, terms: DiscountTerms | null = null): Price {
  const basePrice = Math.max(0, Math.round(baseKobo));
  const discount = discountOff(basePrice, terms);
  const net = basePrice - discount;
  const vat = divRound(net * rates.vatBasisPoints, BASIS);
  const gateway = gatewayCharge(net + vat, rates.gateway);
  return { basePrice, discount, vat, gatewayCharge: gateway, amount: net + vat + gateway };
}

/** VAT as a percentage for labels, e.g. 750 → 7.5. */
export const vatPercent = (rates: PricingRates) => rates.vatBasisPoints / 100;

/** The most a checkout charges at these rates: the highest base price, undiscounted (a discount only lowers it). */
export const maxPrice = (rates: PricingRates): Price => priceCourse(MAX_BASE_PRICE_KOBO, rates);

/**
 * The most any checkout can ask, under any configuration the server accepts: the bound on the
 * amount a learner sends to Payment/Log. (₦21,000,000, which still fits the `integer` kobo columns.)
 */
export const MAX_CHARGE_KOBO = maxPrice(HIGHEST_RATES).amount;
