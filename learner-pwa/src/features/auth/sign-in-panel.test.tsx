import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { toast } from '@rivet/shared/ui/toast';
import { envelope, makeSession, renderApp } from '../../test/render-app';
import { SignInPanel } from './sign-in-panel';

afterEach(() => {
  act(() => toast.clear());
  sessionStorage.clear();
});

async function fillAndSubmit(email = 'ada@example.ng', password = 'Passw0rd!') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Start learning' }));
  return user;
}

describe('sign-in panel', () => {
  it('shows the spec’s messages for missing fields without calling the server', async () => {
    const { calls } = renderApp(<SignInPanel />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start learning' }));
    expect(await screen.findByText('email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s description when the credentials are refused', async () => {
    renderApp(<SignInPanel />, {
      fetch: () => envelope(null, { status: 401, description: 'Invalid email or password' }),
    });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('shows the two-line network message when the server cannot be reached', async () => {
    renderApp(<SignInPanel />, {
      fetch: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't connect to the server.");
    expect(alert).toHaveTextContent('Check your network or contact your admin');
  });

  it('signs in, says so, stores the session and goes to the carried route', async () => {
    const session = makeSession();
    const { manager, router, calls } = renderApp(<SignInPanel />, {
      fetch: () => envelope(session),
      routes: [{ path: '/course/discovery', element: <p>Catalogue</p> }],
    });
    await fillAndSubmit('Ada@Example.ng');
    expect(await screen.findByText('Catalogue')).toBeInTheDocument();
    expect(screen.getByText('Login successfully')).toBeInTheDocument();
    expect(manager.store.get(manager.sessionAtom).profile?.firstName).toBe('Ada');
    expect(router.state.location.pathname).toBe('/course/discovery');
    expect(await calls[0]?.json()).toEqual({ userName: 'ada@example.ng', password: 'Passw0rd!' });
  });

  it('ignores repeat submits while one is in flight', async () => {
    let release: (r: Response) => void = () => {};
    const { calls } = renderApp(<SignInPanel />, {
      fetch: () => new Promise<Response>((resolve) => (release = resolve)),
      routes: [{ path: '/course/discovery', element: <p>Catalogue</p> }],
    });
    const user = await fillAndSubmit();
    await user.click(screen.getByRole('button', { name: 'Start learning' }));
    await user.keyboard('{Enter}');
    expect(calls).toHaveLength(1);
    release(envelope(makeSession()));
    expect(await screen.findByText('Catalogue')).toBeInTheDocument();
  });

  it('says the session timed out after a refused refresh', async () => {
    const { manager } = renderApp(<SignInPanel />);
    act(() => manager.store.set(manager.sessionAtom, { profile: null, accessToken: null, timedOut: true }));
    expect(await screen.findByText('Session timed out')).toBeInTheDocument();
  });

  it('after Enroll while signed out, says why it appeared and carries the course to sign-up', async () => {
    const { router } = renderApp(<SignInPanel />, { routes: [{ path: '/register', element: <p>Sign-up form</p> }] });
    expect(screen.queryByText(/Sign in to enroll/)).not.toBeInTheDocument();
    await act(() => router.navigate('/', { state: { from: '/course/details/7/excel', reason: 'enrol', courseTitle: 'Excel Basics' } }));
    expect(screen.getByRole('status')).toHaveTextContent('Sign in to enroll in Excel Basics. New to Rivet? Create an account');
    await userEvent.setup().click(screen.getByRole('link', { name: 'create an account' }));
    expect(await screen.findByText('Sign-up form')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: '/course/details/7/excel', reason: 'enrol' });
  });
});
