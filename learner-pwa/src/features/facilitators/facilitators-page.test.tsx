import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { FacilitatorsPage } from './facilitators-page';

afterEach(() => {
  delete window.__RIVET_CONFIG__;
});

describe('instructor recruitment page', () => {
  it('keeps one FAQ answer open at a time', async () => {
    const user = userEvent.setup();
    renderApp(<FacilitatorsPage />, { path: '/course/facilitators' });
    const first = screen.getByRole('button', { name: 'What does it take to be an instructor?' });
    const support = screen.getByRole('button', { name: 'What support is provided?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Deep, practical knowledge/)).toBeVisible();

    await user.click(support);
    expect(support).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Video editors turn your recordings/)).toBeVisible();
    expect(screen.getByText(/Deep, practical knowledge/)).not.toBeVisible();
  });

  it('opens the configured sign-up form in a popup', async () => {
    window.__RIVET_CONFIG__ = { instructorSignupUrl: 'https://forms.example.ng/instructors' };
    const user = userEvent.setup();
    renderApp(<FacilitatorsPage />, { path: '/course/facilitators' });
    await user.click(screen.getByRole('button', { name: 'Sign up as an instructor' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign up as an instructor' });
    expect(within(dialog).getByTitle('Instructor sign-up form')).toHaveAttribute('src', 'https://forms.example.ng/instructors');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start Teaching Now' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('says sign-up opens soon, with an e-mail to write to, when no form is configured', async () => {
    const user = userEvent.setup();
    renderApp(<FacilitatorsPage />, { path: '/course/facilitators' });
    await user.click(screen.getByRole('button', { name: 'Start Teaching Now' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign up as an instructor' });
    expect(within(dialog).getByText('Instructor sign-up opens soon.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'partners@rivet.ng' })).toHaveAttribute('href', 'mailto:partners@rivet.ng');
    expect(dialog.querySelector('iframe')).toBeNull();
  });
});
