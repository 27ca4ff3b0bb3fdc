import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';

describe('forgot-password page (the spec’s /forget-password)', () => {
  it('asks for a staff reset and returns to sign-in from the confirmation', async () => {
    const server = fakeFetch({ 'POST /api/Authentication/Account/User/ForgotPassword': () => ok(null) });
    const { user, router } = renderAdmin({ path: '/forget-password', fetch: server.fetch });
    expect(await screen.findByText('Put in your username to reset your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'ada.obi');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Password Reset');
    expect(server.requests[0]?.body).toEqual({ userName: 'ada.obi', student: false });
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to the admin app' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('change-password page', () => {
  it('with a reset link, asks only for the new password and confirms on its own page', async () => {
    const server = fakeFetch({ 'POST /api/Authentication/Account/User/ResetPassword': () => ok(null) });
    const { user, router } = renderAdmin({ path: '/change-password?token=abc123', fetch: server.fetch });
    await screen.findByRole('heading', { name: 'Change Password' });
    expect(screen.queryByLabelText('Current Password')).toBeNull();

    await user.type(screen.getByLabelText('New Password'), 'Fresh#Pass9');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Fresh#Pass8');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('New password and Confirm password must be the same')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'Fresh#Pass9');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('heading', { name: 'Password Changed' })).toBeInTheDocument();
    expect(server.requests[0]?.body).toEqual({ token: 'abc123', password: 'Fresh#Pass9' });

    await user.click(screen.getByRole('button', { name: 'Got it' }));
    await screen.findByRole('heading', { name: 'Welcome to the admin app' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('after a forced change, refreshes the session and opens the dashboard', async () => {
    const session = staffSession('INSTITUTION ADMIN', { isFirstLogin: true });
    const server = fakeFetch({
      'POST /api/Authentication/Account/User/ChangePassword': () => ok(null, 'Password changed successfully'),
      'POST /api/Authentication/Account/RefreshToken': () => ok({ ...session, isFirstLogin: false, accessToken: 'new-token' }),
    });
    const { user, router } = renderAdmin({ path: '/change-password', session, fetch: server.fetch });
    await user.type(await screen.findByLabelText('Current Password'), 'Temp#Pass1');
    await user.type(screen.getByLabelText('New Password'), 'Fresh#Pass9');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Fresh#Pass9');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(server.requests[0]?.body).toEqual({ userName: 'ada.obi', oldPassword: 'Temp#Pass1', password: 'Fresh#Pass9' });
  });

  it('shows the server’s description when the current password is wrong', async () => {
    const server = fakeFetch({ 'POST /api/Authentication/Account/User/ChangePassword': () => fail(400, 'Current password is not correct') });
    const { user } = renderAdmin({ path: '/change-password', session: staffSession('SUPER ADMIN'), fetch: server.fetch });
    await user.type(await screen.findByLabelText('Current Password'), 'Wrong#Pass1');
    await user.type(screen.getByLabelText('New Password'), 'Fresh#Pass9');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Fresh#Pass9');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is not correct');
  });
});
