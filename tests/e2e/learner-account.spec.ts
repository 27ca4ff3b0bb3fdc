import { expect, test, type Page } from '@playwright/test';
import { allowConsole } from './console-check';
import { appReady } from './learner-helpers';
import { DESKTOP, PHONE, snap } from './snap';

const email = `ada.${Date.now()}@demo.ng`;
const password = 'Okra#Soup2026';

async function signIn(page: Page, userName: string, secret: string) {
  const panel = page.getByRole('region', { name: 'Sign In' }).or(page.locator('form').filter({ has: page.getByRole('button', { name: 'Start learning' }) }));
  await panel.getByLabel('Email').fill(userName);
  await panel.getByLabel('Password', { exact: true }).fill(secret);
  await panel.getByRole('button', { name: 'Start learning' }).click();
}

test.describe('a learner', () => {
  test('registers, signs in, sees their name in the header and signs out', async ({ page }) => {
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto('/');
    // The external logins come from the server-injected config (EXTERNAL_LOGIN_URL is set for e2e).
    await expect(page.getByText('Or sign in with')).toBeVisible();
    await expect(page.getByRole('link', { name: /Google/ })).toHaveAttribute('href', /^https:\/\/accounts\.example\.ng\/login/);
    await expect(page.getByRole('heading', { name: 'Localized, quality and on-demand courses' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Digital Skills/ })).toBeVisible();
    await snap(page, 'learner-home');

    await page.getByRole('link', { name: 'Register Now' }).first().click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    const getStarted = page.getByRole('button', { name: 'Get Started' });
    await expect(getStarted).toBeDisabled();

    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Obi');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByLabel('Password', { exact: true }).blur();
    await expect(page.getByText('Password must contain at least 8 characters')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill('Different#2026');
    await page.getByLabel('Confirm Password').blur();
    await expect(page.getByText('New password and Confirm password must be the same')).toBeVisible();
    await snap(page, 'learner-register-errors');

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: /Age/ }).click();
    await page.getByRole('option', { name: '25-29' }).click();
    await page.getByRole('button', { name: /Country/ }).click();
    await page.getByRole('option', { name: 'Nigeria' }).click();
    // The input is visually hidden behind react-aria's styled box; a click on its label ticks it.
    await page.getByText('I am 18 or over and agree to the').click();
    await expect(getStarted).toBeEnabled();
    await getStarted.click();
    // Registering signs the learner in and goes on to the catalogue: no second sign-in (decision 019).
    await expect(page.getByText('Student created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/course\/discovery$/);
    const header = page.getByRole('banner');
    await expect(header.getByText('Ada', { exact: true })).toBeVisible();
    // The initials are drawn by CSS from data-initials (decision 093), not written as text.
    await expect(header.getByTestId('avatar-initials')).toHaveAttribute('data-initials', 'AO');
    await expect(header.getByTestId('avatar-initials')).toBeVisible();
    await snap(page, 'learner-signed-in');

    // A reload keeps the session (the refresh cookie brings a new access token).
    await page.reload();
    await expect(page.getByRole('banner').getByText('Ada', { exact: true })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: /Ada/ }).click();
    await expect(page.getByRole('menuitem', { name: 'My Dashboard' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Register Now' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Ada', { exact: true })).toHaveCount(0);
    expect(cspViolations).toEqual([]);
  });

  test('sees the server’s description for a wrong password', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'learner@demo.ng', 'Wrong#Pass2026');
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await snap(page, 'learner-sign-in-error');
  });

  test('is told plainly when the server cannot be reached', async ({ page }) => {
    await page.goto('/');
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    allowConsole(page, /^error: Failed to load resource: net::ERR_CONNECTION_REFUSED \(https?:\/\/[^/]+\/api\//, 'the story cuts the API off on purpose to show the network message');
    await signIn(page, 'learner@demo.ng', 'Learn#Naija2026');
    await expect(page.getByText("We couldn't connect to the server.")).toBeVisible();
    await expect(page.getByText('Check your network or contact your admin')).toBeVisible();
    await snap(page, 'learner-network-error');
  });

  test('uses the hamburger menu on a phone and reaches every public screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    // The server drew this page: a press before the app takes it over does nothing (decision 070).
    await appReady(page);
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Become an Instructor' })).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/learner-menu-phone.png' });
    await page.setViewportSize(DESKTOP);

    await page.goto('/terms');
    for (const section of ['Accounts', 'Content Enrolment and Annual Course Access', 'Payments Credits and Refunds', 'Pricing', 'Payments', 'Gift and Promotional Codes', 'Content and Behavior Rules']) {
      await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    await snap(page, 'learner-terms');

    await page.goto('/forgot-password');
    await appReady(page);
    await expect(page.getByText('Put in your email to reset your password')).toBeVisible();
    await page.getByLabel('Email').fill('learner@demo.ng');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Password Reset' }).or(page.getByRole('dialog', { name: 'Password Reset' }))).toBeVisible();
    await snap(page, 'learner-password-reset-dialog');
    await page.getByRole('button', { name: 'Got it' }).click();
    // 'Got it' replaces the route with /login, which is the sign-in panel on the home page.
    await expect(page).toHaveURL(/\/(#sign-in)?$/);

    await page.goto('/no-such-page');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await snap(page, 'learner-not-found');
  });
});
