import { describe, expect, it } from 'vitest';
import { formatFigureKobo, formatKobo, formatNaira, nairaToKobo } from './money';

describe('naira formatting', () => {
  it('shows 0 as Free', () => {
    expect(formatKobo(0)).toBe('Free');
    expect(formatNaira(0)).toBe('Free');
  });
  it('formats kobo as naira with the naira sign and en-NG grouping', () => {
    expect(formatKobo(850_000)).toBe('₦8,500');
    expect(formatKobo(1_550_050)).toBe('₦15,500.50');
    expect(formatNaira(2000)).toBe('₦2,000');
  });
  it('converts naira to whole kobo without floating-point drift', () => {
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
  });
});

describe('bill figures', () => {
  it('say ₦0 where a price would say Free', () => {
    expect(formatFigureKobo(0)).toBe('₦0');
    expect(formatFigureKobo(37_983)).toBe('₦379.83');
  });
});
