import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_MESSAGES as M, type InAppNotification } from '@rivet/shared/api/in-app-notifications';
import { fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';
import { formatStamp } from './notification-manager-page';
import { fromLocalInput, toLocalInput } from './notification-form';

const API = '/api/Notification/InAppNotification';
const PATH = '/configuration/notification-manager';

const base: InAppNotification = {
  id: 1,
  title: 'Scheduled maintenance',
  startDate: '2030-01-10T09:00:00.000Z',
  endDate: '2030-01-10T11:00:00.000Z',
  inAppNotificationCategoryId: 1,
  inAppNotificationCategoryName: 'Maintenance',
  severity: 3,
  inAppFeaturesId: [3],
  inAppFeatures: ['Checkout and payments'],
  stripMessage: 'Payments pause tonight.',
  modalMessage: 'Checkout is unavailable.',
  showModal: true,
  showStrip: true,
  isActive: true,
  current: true,
  upComing: false,
  expired: false,
};
const upcoming: InAppNotification = { ...base, id: 2, title: 'Exam week', inAppNotificationCategoryId: 2, inAppNotificationCategoryName: 'Announcement', severity: 1, inAppFeaturesId: [], inAppFeatures: [], isActive: false, current: false, upComing: true };
const past: InAppNotification = {
  ...base,
  id: 3,
  title: 'Old outage',
  isActive: false,
  current: false,
  expired: true,
  stripMessage: '<p>Sign-in was <strong>down</strong> &amp; is back.</p>',
  modalMessage: '<p>Thanks for waiting.</p>',
};

const categories = [
  { id: 1, name: 'Maintenance', isActive: true },
  { id: 2, name: 'Announcement', isActive: true },
];
const features = [
  { id: 1, name: 'Sign in', isActive: true },
  { id: 3, name: 'Checkout and payments', isActive: true },
];

function server(extra: FakeRoutes = {}, rows: InAppNotification[] = [base, upcoming, past]) {
  return fakeFetch({
    [`GET ${API}/ListInAppNotification`]: () => ok(rows),
    [`GET ${API}/ListCategory`]: () => ok(categories),
    [`GET ${API}/ListFeatures`]: () => ok(features),
    ...extra,
  });
}

describe('Notification Manager', () => {
  it('lists current and upcoming notifications with §2.10’s columns; edit only while inactive; the settings side-nav links it', async () => {
    renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notification Manager' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Notification Manager' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Current notifications' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['S/N', 'Title', 'Category', 'Date', 'Action', 'Active']);
    const live = within(table).getByRole('row', { name: /Scheduled maintenance/ });
    expect(live).toHaveTextContent('Maintenance · High');
    expect(live).toHaveTextContent(formatStamp(base.startDate));
    expect(within(live).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(live).getByRole('switch', { name: 'Scheduled maintenance active' })).toBeChecked();
    const next = within(table).getByRole('row', { name: /Exam week/ });
    expect(next).toHaveTextContent('Upcoming');
    expect(within(next).getByRole('button', { name: 'Edit Exam week' })).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /Old outage/ })).toBeNull();
  });

  it('shows expired notifications on the Past tab; a row expands to the messages without markup', async () => {
    const { user } = renderAdmin({ path: PATH, session: staffSession('RIVET ADMIN'), fetch: server().fetch });
    await user.click(await screen.findByRole('tab', { name: 'Past Notification' }));
    const table = await screen.findByRole('table', { name: 'Past notifications' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['S/N', 'Title', 'Category', 'Date', 'Message']);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await user.click(within(table).getByRole('button', { name: 'Show message' }));
    expect(within(table).getByText('Sign-in was down & is back.')).toBeInTheDocument();
    expect(within(table).getByText('Thanks for waiting.')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Hide message' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('asks before activating, saying it deactivates the current one, and posts the opposite of isActive', async () => {
    const fake = server({ [`DELETE ${API}/ToggleInAppNotification`]: () => ok({ ...upcoming, isActive: true }, M.toggled) });
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('switch', { name: 'Exam week active' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Activate notification?' });
    expect(dialog).toHaveTextContent('This will deactivate the current notification, Scheduled maintenance');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Record toggled successfully')).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'DELETE')?.query).toEqual({ id: '2', isActive: 'true' });
  });

  it('gives §5’s messages and shows severity and affected features for Maintenance only', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Add Notification' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Notification' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show Modal' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of ['Please select a category!', 'Please input your title!', 'Please select time!', 'Please enter the message', 'Please enter the modal value']) {
      expect(await screen.findAllByText(message)).not.toHaveLength(0);
    }
    expect(screen.queryByRole('button', { name: /Severity/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Maintenance' }));
    expect(screen.getByRole('button', { name: /Severity/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Sign in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select your affected feature!')).toBeInTheDocument();
  }, 20_000);

  it('adds a category on the fly, ignoring a blank one, and creates the notification', async () => {
    const fake = server({
      [`POST ${API}/Category`]: () => ok({ id: 7, name: 'Exam season', isActive: true }),
      [`POST ${API}/Create`]: () => ok({ ...upcoming, id: 9 }, M.created),
    });
    const { user } = renderAdmin({ path: `${PATH}?view=new`, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Maintenance' }));
    expect(await screen.findByRole('button', { name: /Severity/ })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show Modal' }));

    // Blank input for a new category is ignored: nothing is sent.
    const [categoryAdd] = screen.getAllByRole('button', { name: 'Add' });
    await user.type(screen.getByRole('textbox', { name: 'New category' }), '   ');
    await user.click(categoryAdd!);
    expect(fake.requests.some((r) => r.path.endsWith('/Category'))).toBe(false);
    await user.clear(screen.getByRole('textbox', { name: 'New category' }));
    await user.type(screen.getByRole('textbox', { name: 'New category' }), 'Exam season');
    await user.click(categoryAdd!);
    await waitFor(() => expect(fake.requests.find((r) => r.path.endsWith('/Category'))?.body).toEqual({ name: 'Exam season' }));
    // The new category is chosen; it is not Maintenance, so severity and features go.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Severity/ })).toBeNull());

    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Exam week');
    await user.type(screen.getByLabelText(/Start/), '2030-01-10T10:00');
    await user.type(screen.getByLabelText(/End/), '2030-01-10T12:00');
    await user.type(screen.getByRole('textbox', { name: /Strip message/ }), 'Good luck this week.');
    await user.type(screen.getByRole('textbox', { name: /Modal message/ }), 'Quiet hours in the library.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification created successfully')).toBeInTheDocument();
    const sent = fake.requests.find((r) => r.path.endsWith('/Create'))?.body;
    expect(sent).toMatchObject({ title: 'Exam week', inAppNotificationCategoryId: 7, severity: 1, inAppFeaturesId: [], showModal: true, showStrip: true, startDate: fromLocalInput('2030-01-10T10:00') });
  }, 20_000);

  it('edits an inactive notification in the page and refuses to open an active one', async () => {
    const fake = server({ [`PUT ${API}/Update`]: () => ok({ ...upcoming, title: 'Exam fortnight' }, M.updated) });
    const { user } = renderAdmin({ path: `${PATH}?view=edit&id=2`, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    const title = await screen.findByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('Exam week');
    expect(screen.getByLabelText(/Start/)).toHaveValue(toLocalInput(upcoming.startDate));
    await user.clear(title);
    await user.type(title, 'Exam fortnight');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Notification updated successfully')).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ id: 2, title: 'Exam fortnight' });
  });

  it('does not open an active notification for editing', async () => {
    renderAdmin({ path: `${PATH}?view=edit&id=1`, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    expect(await screen.findByText('Only inactive notifications can be edited. Deactivate it first.')).toBeInTheDocument();
  });

  it('keeps institution staff out: the typed address opens the dashboard', async () => {
    const { router } = renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: server().fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Notification Manager' })).toBeNull();
  });
});
