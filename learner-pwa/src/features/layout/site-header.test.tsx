import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSession, renderApp } from '../../test/render-app';
import { SiteHeader } from './site-header';

describe('site header', () => {
  it('offers Sign In and Register Now when signed out, but not Sign In on the home page', () => {
    const { unmount } = renderApp(<SiteHeader />, { path: '/terms' });
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register Now' })).toBeInTheDocument();
    unmount();
    renderApp(<SiteHeader />, { path: '/' });
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('shows the first name and initials when signed in, with the account menu', async () => {
    const user = userEvent.setup();
    renderApp(<SiteHeader />, { path: '/terms', session: makeSession({ firstName: 'Ada', lastName: 'Obi' }) });
    const trigger = await screen.findByRole('button', { name: 'Account menu for Ada' });
    expect(within(trigger).getByText('Ada')).toBeInTheDocument();
    expect(within(trigger).getByTestId('avatar-initials')).toHaveAttribute('data-initials', 'AO');
    expect(screen.queryByRole('link', { name: 'Register Now' })).not.toBeInTheDocument();

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('is a menu button by keyboard: the arrows open it on the first or last item, Escape gives focus back', async () => {
    const user = userEvent.setup();
    renderApp(<SiteHeader />, { path: '/terms', session: makeSession({ firstName: 'Ada', lastName: 'Obi' }) });
    const trigger = await screen.findByRole('button', { name: 'Account menu for Ada' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // The list is not loaded until it is first opened.
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'My Dashboard' })).toHaveFocus());
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Logout' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'My Dashboard' })).toHaveFocus());
  });

  it('signs out from the menu and goes home', async () => {
    const user = userEvent.setup();
    const { manager, router } = renderApp(<SiteHeader />, {
      path: '/terms',
      session: makeSession(),
      routes: [{ path: '/', element: <p>Home page</p> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(manager.store.get(manager.sessionAtom).profile).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });
});
