import { describe, expect, it } from 'vitest';
import { isMaintenance, offeredAt, severityName, tabOf, timingFlags, timingOf, visibleAt, windowProblem, withoutMarkup } from './in-app-notification';

const window = { startDate: '2026-11-24T10:00:00.000Z', endDate: '2026-11-24T12:00:00.000Z' };
const at = (iso: string) => new Date(iso);

describe('in-app notification timing', () => {
  it('is upcoming before its start, current from start to end inclusive, past after its end', () => {
    expect(timingOf(window, at('2026-11-24T09:59:59.999Z'))).toBe('upcoming');
    expect(timingOf(window, at('2026-11-24T10:00:00.000Z'))).toBe('current');
    expect(timingOf(window, at('2026-11-24T11:00:00.000Z'))).toBe('current');
    expect(timingOf(window, at('2026-11-24T12:00:00.000Z'))).toBe('current');
    expect(timingOf(window, at('2026-11-24T12:00:00.001Z'))).toBe('past');
  });

  it('answers exactly one of the response flags', () => {
    expect(timingFlags(window, at('2026-11-24T09:00:00Z'))).toEqual({ current: false, upComing: true, expired: false });
    expect(timingFlags(window, at('2026-11-24T11:00:00Z'))).toEqual({ current: true, upComing: false, expired: false });
    expect(timingFlags(window, at('2026-11-24T13:00:00Z'))).toEqual({ current: false, upComing: false, expired: true });
  });

  it('puts current and upcoming notifications on the Current tab and expired ones on the Past tab', () => {
    expect(tabOf(window, at('2026-11-24T09:00:00Z'))).toBe('current');
    expect(tabOf(window, at('2026-11-24T11:00:00Z'))).toBe('current');
    expect(tabOf(window, at('2026-11-24T13:00:00Z'))).toBe('past');
  });

  it('shows learners only the active notification, and only inside its window', () => {
    expect(visibleAt({ ...window, isActive: true }, at('2026-11-24T11:00:00Z'))).toBe(true);
    expect(visibleAt({ ...window, isActive: false }, at('2026-11-24T11:00:00Z'))).toBe(false);
    expect(visibleAt({ ...window, isActive: true }, at('2026-11-24T09:00:00Z'))).toBe(false);
    expect(visibleAt({ ...window, isActive: true }, at('2026-11-24T12:00:01Z'))).toBe(false);
  });

  it('offers an active notification to the app ahead of its start, never after its end', () => {
    expect(offeredAt({ ...window, isActive: true }, at('2026-11-24T09:00:00Z'))).toBe(true);
    expect(offeredAt({ ...window, isActive: true }, at('2026-11-24T12:00:01Z'))).toBe(false);
    expect(offeredAt({ ...window, isActive: false }, at('2026-11-24T11:00:00Z'))).toBe(false);
  });

  it('refuses a window that ends before it starts or has already ended', () => {
    expect(windowProblem(window, at('2026-11-24T09:00:00Z'))).toBeNull();
    expect(windowProblem(window, at('2026-11-24T11:00:00Z'))).toBeNull();
    expect(windowProblem({ startDate: window.endDate, endDate: window.startDate }, at('2026-11-24T09:00:00Z'))).toBe('order');
    expect(windowProblem({ startDate: window.startDate, endDate: window.startDate }, at('2026-11-24T09:00:00Z'))).toBe('order');
    expect(windowProblem(window, at('2026-11-24T12:00:01Z'))).toBe('ended');
  });
});

describe('in-app notification display', () => {
  it('shows the maintenance category in orange whatever its case, others in blue', () => {
    expect(isMaintenance('Maintenance')).toBe(true);
    expect(isMaintenance(' MAINTENANCE ')).toBe(true);
    expect(isMaintenance('Announcement')).toBe(false);
  });

  it('names severities 1 Low, 2 Medium, 3 High', () => {
    expect([1, 2, 3].map(severityName)).toEqual(['Low', 'Medium', 'High']);
  });

  it('removes markup for the Past tab', () => {
    expect(withoutMarkup('<p>Checkout is <strong>down</strong> &amp; back at 2&nbsp;pm.</p><p>Sorry</p>')).toBe('Checkout is down & back at 2 pm.\nSorry');
    expect(withoutMarkup('Plain text stays')).toBe('Plain text stays');
  });
});
