import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { NETWORK_ERROR_HINT, NETWORK_ERROR_TITLE } from '@rivet/shared/client/errors';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';

const SIGN_IN = 'POST /api/Authentication/Account/Admin/SignIn';

async function signIn(user: ReturnType<typeof renderAdmin>['user'], userName = 'ada.obi', password = 'Secret#123') {
  await user.type(await screen.findByLabelText('Username'), userName);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('asks for the user name and the password before calling the server', async () => {
    const server = fakeFetch();
    const { user } = renderAdmin({ path: '/login', fetch: server.fetch });
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('shows the server’s description when the credentials are refused', async () => {
    const server = fakeFetch({ [SIGN_IN]: () => fail(401, 'Invalid username or password') });
    const { user, router } = renderAdmin({ path: '/login', fetch: server.fetch });
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says the server could not be reached when the network fails', async () => {
    const server = fakeFetch({ [SIGN_IN]: () => 'network-error' });
    const { user } = renderAdmin({ path: '/login', fetch: server.fetch });
    await signIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NETWORK_ERROR_TITLE);
    expect(alert).toHaveTextContent(NETWORK_ERROR_HINT);
    expect(NETWORK_ERROR_TITLE).toBe("We couldn't connect to the server.");
    expect(NETWORK_ERROR_HINT).toBe('Check your network or contact your admin');
  });

  it('signs in, says so, and opens the dashboard', async () => {
    const session = staffSession('SUPER ADMIN');
    const server = fakeFetch({ [SIGN_IN]: () => ok(session) });
    const { user, router, manager } = renderAdmin({ path: '/login', fetch: server.fetch });
    await signIn(user, 'Ada.Obi');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByText('Login successfully')).toBeInTheDocument();
    expect(server.requests[0]?.body).toEqual({ userName: 'ada.obi', password: 'Secret#123' });
    expect(manager.store.get(manager.sessionAtom).profile?.userId).toBe(session.userId);
  });

  it('sends a first sign-in to the change-password page', async () => {
    const server = fakeFetch({ [SIGN_IN]: () => ok(staffSession('INSTITUTION ADMIN', { isFirstLogin: true })) });
    const { user, router } = renderAdmin({ path: '/login', fetch: server.fetch });
    await signIn(user);
    expect(await screen.findByLabelText('Current Password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
  });

  it('ends a session whose refresh is refused with "Session timed out" on the sign-in page', async () => {
    // The page restores a profile without an access token; the first call's 401 triggers a refresh.
    const server = fakeFetch({
      'GET /api/Authentication/Account/Admin/GetAdminByUserId': () => fail(401, 'Unauthorized'),
      'POST /api/Authentication/Account/RefreshToken': () => fail(401, 'Session timed out'),
    });
    const { router } = renderAdmin({ path: '/profile-admin', session: staffSession('SUPER ADMIN', { accessToken: '' }), fetch: server.fetch });
    expect(await screen.findByText('Session timed out')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome to the admin app' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
