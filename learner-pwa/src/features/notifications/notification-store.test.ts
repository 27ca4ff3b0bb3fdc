// The kept in-app notification read back (decision 057): rows of another shape are left out.
import { afterEach, describe, expect, it } from 'vitest';
import { readSavedNotifications } from './notification-store';

const notice = {
  id: 3,
  title: 'Maintenance',
  startDate: '2026-11-20T08:00:00.000Z',
  endDate: '2026-11-21T08:00:00.000Z',
  inAppNotificationCategoryName: 'Maintenance',
  stripMessage: 'Rivet is down for maintenance tonight.',
  modalMessage: 'Rivet is down for maintenance tonight, from 10 pm.',
  showStrip: true,
  showModal: false,
};

describe('the kept in-app notification', () => {
  afterEach(() => localStorage.clear());

  it('keeps notifications that match the contract and leaves out older shapes and garbage', () => {
    const { showModal: _gone, ...older } = notice;
    localStorage.setItem('rivet.inAppNotification.v1', JSON.stringify({ notifications: [notice, older, { ...notice, id: '4' }, null, 'text'], savedAt: 5 }));
    expect(readSavedNotifications()).toEqual({ notifications: [notice], savedAt: 5 });
  });

  it('reads nothing from a damaged value', () => {
    for (const value of ['{"notifications":', '"text"', JSON.stringify({ notifications: 'none', savedAt: 1 }), JSON.stringify({ notifications: [notice] })]) {
      localStorage.setItem('rivet.inAppNotification.v1', value);
      expect(readSavedNotifications()).toBeNull();
    }
  });
});
