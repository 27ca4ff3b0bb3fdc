import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderAdmin, staffSession } from '../../test/render-admin';

describe('not found page', () => {
  it('shows inside the admin layout and its button goes back to the dashboard', async () => {
    const { router, user } = renderAdmin({ path: '/no-such-page/at-all', session: staffSession('SUPER ADMIN') });
    expect(await screen.findByRole('heading', { name: 'Sorry, the page you visited does not exist.' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });
});
