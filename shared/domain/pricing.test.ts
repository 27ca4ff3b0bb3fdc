import { describe, expect, it } from 'vitest';
import { DEFAULT_RATES, DISCOUNT_CHARGE, discountOff, gatewayCharge, HIGHEST_RATES, MAX_BASE_PRICE_KOBO, MAX_CHARGE_KOBO, maxPrice, priceCourse, type GatewayFee } from './pricing';

const fee = DEFAULT_RATES.gateway;

/** What Paystack keeps from a charged total (1.5 % + ₦100, ₦100 waived under ₦2,500, capped at ₦2,000). */
function paystackFee(totalKobo: number, f: GatewayFee = fee): number {
  const flat = totalKobo < f.flatWaivedBelowKobo ? 0 : f.flatKobo;
  return Math.min(Math.round((totalKobo * f.percentBasisPoints) / 10_000) + flat, f.capKobo);
}

describe('course pricing', () => {
  it('adds 7.5 % VAT and passes the card fee on, in kobo', () => {
    // ₦10,000 → VAT ₦750 → net ₦10,750; (10,750 + 100) / 0.985 = 11,015.228… → ₦11,015.23
    expect(priceCourse(1_000_000, DEFAULT_RATES)).toEqual({ basePrice: 1_000_000, discount: 0, vat: 75_000, gatewayCharge: 26_523, amount: 1_101_523 });
  });

  it('leaves the partner the whole net amount after Paystack takes its fee', () => {
    for (const base of [100, 99_900, 150_000, 232_500, 250_000, 1_000_000, 3_500_000, 12_345_678, 50_000_000]) {
      const price = priceCourse(base, DEFAULT_RATES);
      const net = price.basePrice - price.discount + price.vat;
      expect(price.amount - paystackFee(price.amount)).toBeGreaterThanOrEqual(net);
      // …and asks at most a kobo or so more than that takes (Paystack rounds its fee).
      expect(price.amount - 2 - paystackFee(price.amount - 2)).toBeLessThan(net);
    }
  });

  it('waives the flat ₦100 under ₦2,500 and caps the fee at ₦2,000', () => {
    expect(gatewayCharge(200_000, fee)).toBe(3_046); // ₦2,000 / 0.985 → ₦2,030.46, no flat part
    expect(gatewayCharge(50_000_000, fee)).toBe(200_000);
    expect(gatewayCharge(0, fee)).toBe(0);
  });

  it('takes a percentage discount off the base price before VAT', () => {
    const price = priceCourse(1_000_000, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: 10 });
    expect(price.discount).toBe(100_000);
    expect(price.vat).toBe(67_500);
    expect(price.amount).toBe(900_000 + 67_500 + gatewayCharge(967_500, fee));
  });

  it('takes a flat discount off, never below zero', () => {
    expect(discountOff(300_000, { chargeType: DISCOUNT_CHARGE.flat, amount: 500_000 })).toBe(300_000);
    expect(priceCourse(300_000, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.flat, amount: 500_000 })).toEqual({
      basePrice: 300_000,
      discount: 300_000,
      vat: 0,
      gatewayCharge: 0,
      amount: 0,
    });
  });

  it('makes a course free at 100 % and caps a percentage at 100', () => {
    expect(priceCourse(4_500_000, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: 100 }).amount).toBe(0);
    expect(discountOff(4_500_000, { chargeType: DISCOUNT_CHARGE.percentage, amount: 150 })).toBe(4_500_000);
    expect(discountOff(4_500_000, { chargeType: DISCOUNT_CHARGE.percentage, amount: -5 })).toBe(0);
  });

  it('rounds half up to the kobo', () => {
    // 33 % of ₦1.50 is 49.5 kobo
    expect(discountOff(150, { chargeType: DISCOUNT_CHARGE.percentage, amount: 33 })).toBe(50);
    expect(priceCourse(10, DEFAULT_RATES).vat).toBe(1); // 0.75 kobo
  });

  it('follows configured rates', () => {
    const rates = { vatBasisPoints: 1000, gateway: { percentBasisPoints: 0, flatKobo: 0, flatWaivedBelowKobo: 0, capKobo: 0 } };
    expect(priceCourse(1_000_000, rates)).toEqual({ basePrice: 1_000_000, discount: 0, vat: 100_000, gatewayCharge: 0, amount: 1_100_000 });
  });

  it('prices a free course at zero', () => {
    expect(priceCourse(0, DEFAULT_RATES).amount).toBe(0);
  });

  it('derives every checkout limit from the one base-price limit', () => {
    // ₦10,000,000 + 7.5 % VAT + the ₦2,000 fee cap: the dearest course a learner can be asked to pay for.
    expect(maxPrice(DEFAULT_RATES)).toEqual({ basePrice: MAX_BASE_PRICE_KOBO, discount: 0, vat: 75_000_000, gatewayCharge: 200_000, amount: 1_075_200_000 });
    // Any rates the server accepts charge at most MAX_CHARGE_KOBO, and that still fits an `integer` of kobo.
    expect(MAX_CHARGE_KOBO).toBe(maxPrice(HIGHEST_RATES).amount);
    expect(MAX_CHARGE_KOBO).toBeGreaterThanOrEqual(maxPrice(DEFAULT_RATES).amount);
    expect(MAX_CHARGE_KOBO).toBeLessThanOrEqual(2_147_483_647);
    // A discount only ever lowers what is charged.
    expect(priceCourse(MAX_BASE_PRICE_KOBO, HIGHEST_RATES, { chargeType: DISCOUNT_CHARGE.flat, amount: 1 }).amount).toBeLessThanOrEqual(MAX_CHARGE_KOBO);
  });
});
