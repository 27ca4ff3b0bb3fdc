import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';

describe('isUniqueViolation', () => {
  it('finds the code on the error or anywhere down its causes, as drizzle wraps the driver’s error', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation(new Error('a', { cause: new Error('b', { cause: { code: '23505' } }) }))).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: { code: '23503' } }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
