import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { renderAdmin, staffSession } from '../test/render-admin';
import { RequireSession, type RouteAccess } from './route-guard';

describe('route guard', () => {
  it('sends an anonymous user to the sign-in page and remembers where they were going', async () => {
    const { router, manager } = renderAdmin({ path: '/profile-admin?tab=1' });
    expect(await screen.findByRole('heading', { name: 'Welcome to the admin app' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(manager.savedLocation().path).toBe('/profile-admin?tab=1');
  });

  it('lets a first-login user reach only the change-password page', async () => {
    const session = staffSession('INSTITUTION ADMIN', { isFirstLogin: true });
    const { router } = renderAdmin({ path: '/dashboard', session });
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.getByLabelText('Current Password')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('sends the root to the sign-in page when signed out and to the dashboard when signed in', async () => {
    const anonymous = renderAdmin({ path: '/' });
    await screen.findByRole('heading', { name: 'Welcome to the admin app' });
    expect(anonymous.router.state.location.pathname).toBe('/login');
    anonymous.unmount();

    const signedIn = renderAdmin({ path: '/', session: staffSession('SUPER ADMIN') });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(signedIn.router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a user without any of a route’s permissions to the dashboard', async () => {
    const guarded: RouteAccess = { permissions: ['manageRole', 'viewRole'] };
    const routes: RouteObject[] = [
      {
        path: '/',
        Component: RequireSession,
        children: [
          { path: 'dashboard', element: <h1>Dashboard</h1> },
          { path: 'configuration', Component: Outlet, children: [{ path: 'role-management', handle: guarded, element: <h1>Roles</h1> }] },
        ],
      },
    ];
    const reportViewer = renderAdmin({ path: '/configuration/role-management', session: staffSession('INSTITUTION REPORT'), routes });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(reportViewer.router.state.location.pathname).toBe('/dashboard');
    reportViewer.unmount();

    renderAdmin({ path: '/configuration/role-management', session: staffSession('INSTITUTION ADMIN'), routes });
    expect(await screen.findByRole('heading', { name: 'Roles' })).toBeInTheDocument();
  });
});
