import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPwaForTests } from '../../offline/pwa';
import { makeSession, renderApp } from '../../test/render-app';
import { SiteHeader } from './site-header';
import { SiteLayout } from './site-layout';

/** A fresh page load on the device the test pretends to be. */
function load(userAgent?: string) {
  if (userAgent) Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => userAgent });
  resetPwaForTests();
}

function installOffer() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
  event.prompt = vi.fn(async () => undefined);
  event.userChoice = Promise.resolve({ outcome: 'accepted' });
  return event;
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('Install app', () => {
  const realAgent = window.navigator.userAgent;
  afterEach(() => {
    Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => realAgent });
  });

  it('is offered in the account menu once the browser offers installing, and opens the browser’s prompt', async () => {
    const user = userEvent.setup();
    load();
    renderApp(<SiteHeader />, { path: '/terms', session: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada' }));
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Install app' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    const offer = installOffer();
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Account menu for Ada' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Install app' }));
    expect(offer.prompt).toHaveBeenCalledOnce();

    // An offer is used once: the action goes until the browser makes another.
    await user.click(screen.getByRole('button', { name: 'Account menu for Ada' }));
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('is gone once the app is installed', async () => {
    const user = userEvent.setup();
    load();
    renderApp(<SiteHeader />, { path: '/terms' });
    window.dispatchEvent(installOffer());
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('button', { name: 'Install app' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    window.dispatchEvent(new Event('appinstalled'));
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('on an iPhone, explains Share › Add to Home Screen', async () => {
    const user = userEvent.setup();
    load(IPHONE);
    renderApp(<SiteLayout />, { path: '/terms' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Install app' }));
    const guide = await screen.findByRole('dialog', { name: 'Install Rivet' });
    expect(within(guide).getByText(/Tap the Share button/)).toBeInTheDocument();
    expect(within(guide).getByText('Add to Home Screen')).toBeInTheDocument();
    await user.click(within(guide).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog', { name: 'Install Rivet' })).not.toBeInTheDocument();
  });
});
