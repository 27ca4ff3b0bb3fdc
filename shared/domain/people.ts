// Small rules about people that several screens need.

/** The terms of use: an account needs a user aged 18 or over. */
export const MINIMUM_AGE = 18;

/**
 * The age bands sign-up and the profile both offer: the spec's five-year steps (20-24 … 70-74),
 * starting at the terms' minimum age instead of 10-14, and one band for everyone older. One list,
 * so a band chosen at sign-up can always be kept when the profile is saved (decision 019).
 */
export const AGE_BANDS: readonly string[] = [
  `${MINIMUM_AGE}-19`,
  ...Array.from({ length: 11 }, (_, i) => {
    const from = 20 + i * 5;
    return `${from}-${from + 4}`;
  }),
  '75 or over',
];

export function initials(firstName?: string | null, lastName?: string | null): string {
  const a = firstName?.trim()[0] ?? '';
  const b = lastName?.trim()[0] ?? '';
  return (a + b).toUpperCase() || '?';
}

export function fullName(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName].filter((p) => p && p.trim()).join(' ');
}

export const COURSE_LEVELS = { 1: 'Beginner', 2: 'Intermediate', 3: 'Advanced' } as const;

/** Level codes: 1 Beginner, 2 Intermediate, anything else reads as Advanced. */
export function courseLevelName(level: number | null | undefined): string {
  if (level === 1) return 'Beginner';
  if (level === 2) return 'Intermediate';
  return 'Advanced';
}

/** The marketplace's home country (ISO code): listed first in the country list and chosen by default. */
export const HOME_COUNTRY_CODE = 'NG';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
