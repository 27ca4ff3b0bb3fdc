import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation, violatedUnique } from './errors';

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

describe('violatedUnique', () => {
  it('names the index that refused the row, wherever drizzle put the driver’s error, and null for anything else', () => {
    expect(violatedUnique(new Error('Failed query', { cause: { code: '23505', constraint: 'roles_name_key' } }))).toBe('roles_name_key');
    expect(violatedUnique({ code: '23505' })).toBe('');
    expect(violatedUnique(new Error('Failed query', { cause: { code: '23503', constraint: 'x' } }))).toBeNull();
    expect(violatedUnique(null)).toBeNull();
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows a refused or dropped connection and a server shutting down or starting, wherever drizzle put it', async () => {
    const { default: pg } = await import('pg');
    // A real refusal from the driver: nothing listens on port 1.
    const refused = await new pg.Client({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }).connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    for (const code of ['57P01', '57P03', '08006', '08001']) expect(isDatabaseUnavailable(new Error('Failed query', { cause: { code } }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: { code: '23505' } }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
