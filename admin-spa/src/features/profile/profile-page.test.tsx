import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';
import { adminProfile } from './profile-fixture';

const aboutPartner = async () => (await screen.findByRole('heading', { name: 'About Partner' })).closest('section')!;

describe('admin profile', () => {
  it('shows the profile the server returns, About Partner, and the server’s count of live courses', async () => {
    const session = staffSession('INSTITUTION ADMIN');
    const server = fakeFetch({
      'GET /api/Authentication/Account/Admin/GetAdminByUserId': () => ok(adminProfile(session.userId, { address1: null, activeCourses: 12, notifications: 3 })),
    });
    renderAdmin({ path: '/profile-admin', session, fetch: server.fetch });
    expect(await screen.findByRole('heading', { name: 'Adaeze Obi' })).toBeInTheDocument();
    expect(screen.getByText('adaeze@lbs.edu.ng')).toBeInTheDocument();
    expect(screen.getByText('Address 1', { selector: 'dt' }).nextElementSibling).toHaveTextContent('N/A');
    const about = await aboutPartner();
    expect(within(about).getByText('Lagos Business School (LBS)')).toBeInTheDocument();
    expect(within(about).getByText('INSTITUTION ADMIN')).toBeInTheDocument();
    // A figure from the server, not the spec's hard-coded 4.
    expect(screen.getByText('12').parentElement).toHaveTextContent('12 Active Courses');
    // The server's count of current and upcoming in-app notifications, not the spec's fixed 4; only
    // the platform admin roles get a link to the Notification Manager.
    expect(screen.getByText('3').parentElement).toHaveTextContent('3 Notifications');
    expect(screen.getByText('Current and upcoming in-app notifications')).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'Update profile' })).toHaveAttribute('href', '/update-profile');
    expect(server.requests[0]?.query).toEqual({ userId: session.userId });
  });

  it('says Fetching profile... while it loads, and a failure with Try again that loads the profile', async () => {
    const user = userEvent.setup();
    const session = staffSession('INSTITUTION ADMIN');
    let failing = true;
    const server = fakeFetch({
      'GET /api/Authentication/Account/Admin/GetAdminByUserId': () => (failing ? fail(500, 'Profiles are unavailable') : ok(adminProfile(session.userId))),
    });
    renderAdmin({ path: '/profile-admin', session, fetch: server.fetch });
    expect(await screen.findByText('Fetching profile...')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('Profiles are unavailable')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Adaeze Obi' })).toBeInTheDocument();
  });

  it('names the partner once when its name is its code', async () => {
    const session = staffSession('INSTITUTION ADMIN');
    const server = fakeFetch({
      'GET /api/Authentication/Account/Admin/GetAdminByUserId': () => ok(adminProfile(session.userId, { institutionName: 'UNILAG', institutionCode: 'UNILAG' })),
    });
    renderAdmin({ path: '/profile-admin', session, fetch: server.fetch });
    expect(within(await aboutPartner()).getByText('UNILAG')).toBeInTheDocument();
  });

  it('says a platform admin belongs to the platform (its own institution row) and counts courses of all partners', async () => {
    const session = staffSession('SUPER ADMIN');
    const server = fakeFetch({
      'GET /api/Authentication/Account/Admin/GetAdminByUserId': () =>
        ok(adminProfile(session.userId, { role: 'SUPER ADMIN', institutionId: 1, institutionName: 'Rivet', institutionCode: 'RIVET', activeCourses: 1, notifications: 1, website: 'https://rivet.ng' })),
    });
    renderAdmin({ path: '/profile-admin', session, fetch: server.fetch });
    const about = await aboutPartner();
    expect(within(about).getByText('Rivet (platform)')).toBeInTheDocument();
    expect(screen.getByText('Live in the catalogue, all partners').previousElementSibling).toHaveTextContent('1 Active Course');
    expect(screen.getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://rivet.ng');
    expect(screen.getByRole('link', { name: 'Current and upcoming in-app notifications' })).toHaveAttribute('href', '/configuration/notification-manager');
    expect(screen.getByRole('link', { name: 'Current and upcoming in-app notifications' }).closest('p')!.previousElementSibling).toHaveTextContent('1 Notification');
  });
});
