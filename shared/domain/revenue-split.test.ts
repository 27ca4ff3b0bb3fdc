import { describe, expect, it } from 'vitest';
import { FORMULA_FIT_MESSAGES, formulaFitsCourse, formulaProblems, REVENUE_MESSAGES as M, revenueOf, shareOfPercent, splitRevenue, WHOLE_FORMULA, type FormulaParty } from './revenue-split';

const owner = (share: number): FormulaParty => ({ partnerId: 0, partyType: 0, share });
const partner = (partnerId: number, share: number): FormulaParty => ({ partnerId, partyType: 1, share });

describe('revenue split', () => {
  it('splits what is left after VAT and the gateway charge', () => {
    // ₦10,000 course: paid ₦11,015.23 of which VAT ₦750 and gateway ₦265.23.
    const revenue = revenueOf({ amountKobo: 1_101_523, vatKobo: 75_000, gatewayChargeKobo: 26_523 });
    expect(revenue).toBe(1_000_000);
    expect(splitRevenue(revenue, [owner(3_000), partner(7, 7_000)])).toEqual([
      { partnerId: 0, partyType: 0, kobo: 300_000 },
      { partnerId: 7, partyType: 1, kobo: 700_000 },
    ]);
  });

  it('gives the leftover kobo to the largest remainders, ties to the platform owner first', () => {
    // 100 kobo in thirds: 33.33 / 33.33 / 33.34 → 33.33, 33.33, 33.34 → floors 33, 33, 33; one left.
    expect(splitRevenue(100, [owner(3_333), partner(1, 3_333), partner(2, 3_334)]).map((p) => p.kobo)).toEqual([33, 33, 34]);
    // Equal remainders: the earlier party gets the kobo.
    expect(splitRevenue(1, [owner(5_000), partner(1, 5_000)]).map((p) => p.kobo)).toEqual([1, 0]);
    expect(splitRevenue(3, [owner(5_000), partner(1, 5_000)]).map((p) => p.kobo)).toEqual([2, 1]);
  });

  it('always adds up to the revenue, each part within a kobo of its exact share (random formulas)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 2_000; run++) {
      const count = 1 + Math.floor(random() * 6);
      const cuts = Array.from({ length: count - 1 }, () => Math.floor(random() * (WHOLE_FORMULA + 1))).sort((a, b) => a - b);
      const bounds = [0, ...cuts, WHOLE_FORMULA];
      const parties = bounds.slice(1).map((end, i) => (i === 0 ? owner(end - bounds[i]!) : partner(i, end - bounds[i]!)));
      const revenue = random() < 0.1 ? Math.floor(random() * 10) : Math.floor(random() * 5_000_000_000);
      const parts = splitRevenue(revenue, parties);
      expect(parts.reduce((sum, p) => sum + p.kobo, 0)).toBe(revenue);
      parts.forEach((p, i) => {
        const exactShare = (revenue * parties[i]!.share) / WHOLE_FORMULA;
        expect(p.kobo).toBeGreaterThanOrEqual(0);
        expect(Math.abs(p.kobo - exactShare)).toBeLessThan(1 + 1e-6);
      });
    }
  });

  it('stays exact for sums beyond 2^53 when multiplied out', () => {
    const revenue = 9_000_000_000_000_001; // past what revenue × share keeps exact in a double
    const parts = splitRevenue(revenue, [owner(3_333), partner(1, 6_667)]);
    expect(BigInt(parts[0]!.kobo) + BigInt(parts[1]!.kobo)).toBe(BigInt(revenue));
  });

  it('accepts a formula only as §5 describes it', () => {
    expect(formulaProblems([owner(2_000), partner(3, 8_000)])).toEqual([]);
    expect(formulaProblems([owner(10_000)])).toEqual([]);
    expect(formulaProblems([owner(2_000), partner(3, 7_999)])).toEqual([M.notHundred]);
    expect(formulaProblems([partner(3, 10_000)])).toContain(M.ownerFirst);
    expect(formulaProblems([owner(2_000), partner(3, 4_000), partner(3, 4_000)])).toEqual([M.partnerTwice]);
    expect(formulaProblems([owner(2_000), partner(0, 8_000)])).toEqual([M.partnerRequired]);
    expect(formulaProblems([owner(-1), partner(3, 10_001)])).toEqual([M.negative]);
    expect(() => splitRevenue(100, [owner(5_000)])).toThrow(M.notHundred);
    expect(() => splitRevenue(-1, [owner(10_000)])).toThrow(RangeError);
  });

  it('reads percentages with at most two decimals', () => {
    expect(shareOfPercent(12.5)).toBe(1_250);
    expect(shareOfPercent(33.33)).toBe(3_333);
    expect(shareOfPercent(100)).toBe(10_000);
    expect(shareOfPercent(33.333)).toBeNull();
    expect(shareOfPercent(Number.NaN)).toBeNull();
  });
});

describe('which formula may split a course’s sales', () => {
  const unilag = { institutionId: 7, isPlatform: false };
  const platform = { institutionId: 1, isPlatform: true };

  it('fits a partner’s course only when it names that partner, whoever else it names', () => {
    expect(formulaFitsCourse([owner(3000), partner(7, 7000)], unilag)).toBe(true);
    expect(formulaFitsCourse([owner(3000), partner(9, 2000), partner(7, 5000)], unilag)).toBe(true);
    // Another partner's formula would pay that partner for UNILAG's course.
    expect(formulaFitsCourse([owner(3000), partner(9, 7000)], unilag)).toBe(false);
    expect(formulaFitsCourse([owner(10_000)], unilag)).toBe(false);
  });

  it('fits a course of the platform itself only when it names no partner', () => {
    expect(formulaFitsCourse([owner(10_000)], platform)).toBe(true);
    expect(formulaFitsCourse([owner(3000), partner(7, 7000)], platform)).toBe(false);
  });

  it('names the partner in QA’s messages', () => {
    expect(FORMULA_FIT_MESSAGES.noneFits('University of Lagos', false)).toBe('No active revenue formula names University of Lagos.');
    expect(FORMULA_FIT_MESSAGES.doesNotFit('LBS 30/70', 'University of Lagos', false)).toBe('The revenue formula “LBS 30/70” does not name University of Lagos: choose a formula that gives University of Lagos its share');
  });
});
