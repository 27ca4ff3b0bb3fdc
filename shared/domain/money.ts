// Money is integer kobo everywhere except at the edges; these helpers are the edges.
export const CURRENCY = 'NGN';
export const LOCALE = 'en-NG';

const nairaFormat = (fractionDigits: number) =>
  new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: CURRENCY,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
// Whole naira show no decimals (₦8,500); any kobo shows both digits (₦15,500.50).
const wholeNaira = nairaFormat(0);
const nairaAndKobo = nairaFormat(2);

/** Formats an amount in kobo as naira, e.g. 850000 → '₦8,500'; 0 → 'Free'. */
export function formatKobo(kobo: number): string {
  return kobo === 0 ? 'Free' : formatFigureKobo(kobo);
}

/** The same as a bill's figure: 0 is '₦0' (a line with no VAT is not free). */
export function formatFigureKobo(kobo: number): string {
  return (kobo % 100 === 0 ? wholeNaira : nairaAndKobo).format(kobo / 100);
}

/** Formats an amount in naira (as the spec's API sends it) the same way. */
export function formatNaira(amount: number): string {
  return formatKobo(Math.round(amount * 100));
}

export function nairaToKobo(amount: number): number {
  return Math.round(amount * 100);
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}
