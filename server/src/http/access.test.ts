import { describe, expect, it } from 'vitest';
import type { Caller } from './context';
import { assertInstitutionAccess, scopedInstitutionId } from './access';

const caller = (roleType: number, institutionId: number | null): Caller => ({
  userId: 'u',
  userName: 'u',
  role: roleType === 1 ? 'INSTITUTION ADMIN' : 'SUPER ADMIN',
  roleId: roleType === 1 ? 14 : 10,
  roleType,
  permissions: [],
  institutionId,
  sessionId: 's',
});

describe('institution confinement', () => {
  it('lets institution roles reach only their own institution', () => {
    expect(() => assertInstitutionAccess(caller(1, 2), 2)).not.toThrow();
    expect(() => assertInstitutionAccess(caller(1, 2), 3)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertInstitutionAccess(caller(1, 2), null)).toThrow(expect.objectContaining({ status: 403 }));
  });
  it('lets platform roles reach any institution', () => {
    expect(() => assertInstitutionAccess(caller(0, 1), 3)).not.toThrow();
  });
  it('filters an institution role’s lists to their own institution, whatever they ask', () => {
    expect(scopedInstitutionId(caller(1, 2), 0)).toBe(2);
    expect(scopedInstitutionId(caller(1, 2), 2)).toBe(2);
    expect(() => scopedInstitutionId(caller(1, 2), 5)).toThrow(expect.objectContaining({ status: 403 }));
    expect(scopedInstitutionId(caller(0, 1), 0)).toBeNull();
    expect(scopedInstitutionId(caller(0, 1), 5)).toBe(5);
  });
});
