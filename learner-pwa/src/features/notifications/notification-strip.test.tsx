import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnerNotification } from '@rivet/shared/api/in-app-notifications';
import { envelope, renderApp } from '../../test/render-app';
import { readDismissed, readSavedNotifications, saveNotifications } from './notification-store';
import { InAppNotification } from './notification-strip';

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

function notice(patch: Partial<LearnerNotification> = {}): LearnerNotification {
  return {
    id: 7,
    title: 'Scheduled maintenance',
    startDate: at(-HOUR),
    endDate: at(HOUR),
    inAppNotificationCategoryName: 'Maintenance',
    stripMessage: 'Payments pause tonight from 10 pm.',
    modalMessage: 'Checkout is unavailable while we upgrade.\nCourses keep playing.',
    showStrip: true,
    showModal: true,
    ...patch,
  };
}

const serving = (list: LearnerNotification[]) => (request: Request) => (request.url.includes('/InAppNotification/GetInAppNotification') ? envelope(list) : envelope(null, { status: 404 }));
const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('in-app notification strip and modal', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('shows a maintenance notice as an orange strip and its modal; dismissals are remembered by id', async () => {
    const user = userEvent.setup();
    const { unmount } = renderApp(<InAppNotification />, { fetch: serving([notice()]) });
    const strip = await screen.findByRole('region', { name: 'Maintenance' });
    expect(strip).toHaveClass('notice-strip--maintenance');
    expect(strip).toHaveTextContent('Scheduled maintenance Payments pause tonight from 10 pm.');
    const dialog = await screen.findByRole('dialog', { name: /Scheduled maintenance/ });
    expect(within(dialog).getByText(/Courses keep playing/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(strip).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('region', { name: 'Maintenance' })).toBeNull();
    expect(readDismissed()).toEqual({ strip: [7], modal: [7] });
    unmount();

    // A reload: neither comes back for notification 7, but a new notification shows again.
    const again = renderApp(<InAppNotification />, { fetch: serving([notice()]) });
    await waitFor(() => expect(again.calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    again.unmount();
    renderApp(<InAppNotification />, { fetch: serving([notice({ id: 8, title: 'Back soon', showModal: false })]) });
    expect(await screen.findByRole('region', { name: 'Maintenance' })).toHaveTextContent('Back soon');
  });

  it('shows any other category in blue, without a modal when it has none', async () => {
    renderApp(<InAppNotification />, { fetch: serving([notice({ inAppNotificationCategoryName: 'Announcement', showModal: false, modalMessage: '' })]) });
    expect(await screen.findByRole('region', { name: 'Announcement' })).toHaveClass('notice-strip--info');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the notice for offline use and shows it from the phone’s copy when the network is gone', async () => {
    renderApp(<InAppNotification />, { fetch: serving([notice({ showModal: false })]) });
    await screen.findByRole('region', { name: 'Maintenance' });
    await waitFor(() => expect(readSavedNotifications()?.notifications.map((n) => n.id)).toEqual([7]));
  });

  it('shows the saved strip offline and hides it at its end date without a network', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveNotifications([notice({ showModal: false, endDate: at(2000) })]);
    renderApp(<InAppNotification />, { fetch: offline });
    expect(await screen.findByRole('region', { name: 'Maintenance' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Maintenance' })).toBeNull());
  });

  it('shows an upcoming notice kept offline once its start comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveNotifications([notice({ showModal: false, startDate: at(2000), endDate: at(HOUR) })]);
    renderApp(<InAppNotification />, { fetch: offline });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.queryByRole('region', { name: 'Maintenance' })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    expect(await screen.findByRole('region', { name: 'Maintenance' })).toBeInTheDocument();
  });

  it('drops the strip when the server says there is no notification any more', async () => {
    saveNotifications([notice({ showModal: false })]);
    renderApp(<InAppNotification />, { fetch: serving([]) });
    await waitFor(() => expect(readSavedNotifications()?.notifications).toEqual([]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Maintenance' })).toBeNull());
  });
});
