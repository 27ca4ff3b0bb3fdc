// Small rules about people that several screens need.

/** Sign-up offers five-year bands from 10-14 to 70-74. */
export const AGE_BANDS: readonly string[] = Array.from({ length: 13 }, (_, i) => {
  const from = 10 + i * 5;
  return `${from}-${from + 4}`;
});

/** The profile editor offers only these bands (spec, profile validation). */
export const PROFILE_AGE_BANDS: readonly string[] = ['10-14', '15-19', '20-24', '25-29', '35-39', '45-49'];

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

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
