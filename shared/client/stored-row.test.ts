import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkStored, sameShape, type StoredShape } from './stored-row';

const shape: StoredShape<{ name: string; minutes: number }> = {
  version: 2,
  schema: v.object({ name: v.string(), minutes: v.number() }),
  migrate: {
    0: sameShape,
    // Version 1 kept seconds; version 2 keeps minutes.
    1: (row) => (typeof row.seconds === 'number' ? { name: row.name, minutes: row.seconds / 60 } : null),
  },
};

describe('a stored row read back', () => {
  it('is handed on when it is the current version and matches', () => {
    expect(checkStored(shape, { v: 2, name: 'a', minutes: 3 })).toMatchObject({ ok: true, row: { name: 'a', minutes: 3 }, migrated: false });
  });

  it('is migrated step by step from older versions', () => {
    expect(checkStored(shape, { v: 1, name: 'a', seconds: 120 })).toMatchObject({ ok: true, row: { name: 'a', minutes: 2 }, migrated: true });
    // Version 0 (no v) goes through 0 → 1 → 2: it had seconds then too.
    expect(checkStored(shape, { name: 'a', seconds: 60 })).toMatchObject({ ok: true, row: { name: 'a', minutes: 1 } });
  });

  it('is dropped with the reason when it cannot be used, and nothing throws', () => {
    const reasons = [
      checkStored(shape, { v: 2, name: 'a' }),
      checkStored(shape, { v: 1, name: 'a', minutes: 3 }),
      checkStored(shape, { v: 3, name: 'a', minutes: 3 }),
      checkStored(shape, { v: 'two', name: 'a', minutes: 3 }),
      checkStored(shape, null),
      checkStored(shape, 'text'),
      checkStored(shape, [1, 2]),
      checkStored({ ...shape, migrate: { 0: sameShape, 1: () => { throw new Error('bug'); } } }, { v: 1, name: 'a', seconds: 1 }),
    ].map((c) => (c.ok ? 'kept' : c.reason));
    expect(reasons).toEqual([
      expect.stringMatching(/^minutes: /),
      'no migration from version 1',
      'version 3 is newer than 2',
      'version two is not a version',
      'not an object',
      'not an object',
      'not an object',
      'bug',
    ]);
  });
});
