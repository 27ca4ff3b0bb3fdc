import { describe, expect, it } from 'vitest';
import { AGE_BANDS, courseLevelName, initials } from './people';

describe('people rules', () => {
  it('offers five-year age bands from 10-14 to 70-74', () => {
    expect(AGE_BANDS[0]).toBe('10-14');
    expect(AGE_BANDS.at(-1)).toBe('70-74');
    expect(AGE_BANDS).toHaveLength(13);
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
