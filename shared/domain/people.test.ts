import { describe, expect, it } from 'vitest';
import { AGE_BANDS, courseLevelName, initials, MINIMUM_AGE } from './people';

describe('people rules', () => {
  it('offers age bands from the terms\' minimum age of 18, in five-year steps, then 75 or over', () => {
    expect(AGE_BANDS[0]).toBe(`${MINIMUM_AGE}-19`);
    expect(MINIMUM_AGE).toBe(18);
    expect(AGE_BANDS).toContain('70-74');
    expect(AGE_BANDS.at(-1)).toBe('75 or over');
    expect(AGE_BANDS).toHaveLength(13);
    // No band reaches below the minimum age.
    expect(AGE_BANDS.every((band) => parseInt(band, 10) >= MINIMUM_AGE)).toBe(true);
  });
  it('makes initials from first and last name', () => {
    expect(initials('chioma', 'Eze')).toBe('CE');
    expect(initials('Ada', '')).toBe('A');
    expect(initials('', '')).toBe('?');
  });
  it('reads level codes 1 and 2, and anything else as Advanced', () => {
    expect([1, 2, 3, 7, null].map((l) => courseLevelName(l))).toEqual(['Beginner', 'Intermediate', 'Advanced', 'Advanced', 'Advanced']);
  });
});
