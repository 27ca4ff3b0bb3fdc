import { describe, expect, it } from 'vitest';
import { DISCOUNT_STATUS_LABELS, discountRefusal, discountStatus, lagosDate, normalizeCode, type DiscountState } from './discount';

const base: DiscountState = {
  isActive: true,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  usageLimit: null,
  usesTaken: 0,
  allCourses: true,
  institutionId: null,
  courseIds: [],
};
const course = { courseId: 7, institutionId: 3 };
const today = '2026-11-23';

describe('discount rules', () => {
  it('accepts an active code inside its dates', () => {
    expect(discountRefusal(base, course, today)).toBeNull();
    expect(discountRefusal(base, course, '2026-11-01')).toBeNull();
    expect(discountRefusal(base, course, '2026-11-30')).toBeNull();
  });
  it('refuses an inactive code', () => {
    expect(discountRefusal({ ...base, isActive: false }, course, today)).toBe('inactive');
  });
  it('refuses before the start and after the end', () => {
    expect(discountRefusal(base, course, '2026-10-31')).toBe('notStarted');
    expect(discountRefusal(base, course, '2026-12-01')).toBe('expired');
  });
  it('refuses once the uses (and holds) reach the limit; unlimited never runs out', () => {
    expect(discountRefusal({ ...base, usageLimit: 1, usesTaken: 0 }, course, today)).toBeNull();
    expect(discountRefusal({ ...base, usageLimit: 1, usesTaken: 1 }, course, today)).toBe('usedUp');
    expect(discountRefusal({ ...base, usageLimit: null, usesTaken: 10_000 }, course, today)).toBeNull();
    expect(discountRefusal({ ...base, codeRedeemed: true }, course, today)).toBe('usedUp');
  });
  it('covers only its partner and, when chosen, its courses', () => {
    expect(discountRefusal({ ...base, institutionId: 4 }, course, today)).toBe('wrongCourse');
    expect(discountRefusal({ ...base, institutionId: 3 }, course, today)).toBeNull();
    expect(discountRefusal({ ...base, allCourses: false, courseIds: [8] }, course, today)).toBe('wrongCourse');
    expect(discountRefusal({ ...base, allCourses: false, courseIds: [8, 7] }, course, today)).toBeNull();
  });
  it('matches codes without case or spaces, on Lagos days', () => {
    expect(normalizeCode('  welcome10 ')).toBe('WELCOME10');
    expect(lagosDate(new Date('2026-11-23T22:59:59Z'))).toBe('2026-11-23');
    expect(lagosDate(new Date('2026-11-23T23:00:00Z'))).toBe('2026-11-24');
  });
});

describe('a discount’s status in the console', () => {
  const d = { isActive: true, startDate: '2026-01-01', endDate: '2026-11-23' };
  it('is Expired the Lagos day after its end date, switched on or off', () => {
    expect(discountStatus(d, lagosDate(new Date('2026-11-23T22:59:59Z')))).toBe('active');
    expect(discountStatus(d, lagosDate(new Date('2026-11-23T23:00:00Z')))).toBe('expired');
    expect(discountStatus({ ...d, isActive: false }, '2026-11-24')).toBe('expired');
  });
  it('is Inactive when switched off, Scheduled before its start, else Active', () => {
    expect(discountStatus({ ...d, isActive: false }, '2026-06-01')).toBe('inactive');
    expect(discountStatus(d, '2025-12-31')).toBe('scheduled');
    expect(discountStatus({ ...d, isActive: false }, '2025-12-31')).toBe('inactive');
    expect(discountStatus(d, '2026-01-01')).toBe('active');
    expect(DISCOUNT_STATUS_LABELS.expired).toBe('Expired');
  });
});
