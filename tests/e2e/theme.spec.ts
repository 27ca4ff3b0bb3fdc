// The theme (spec 002 §9: light by default with a dark mode; decision 091) on a phone set to dark:
// the learner site and the console open light; Dark, chosen in the learner footer, holds after a
// reload with no light first frame on a server-drawn page; System follows the device; the console's
// profile offers the same choice. Screens are photographed in dark at 360 and 1366 px.
import { expect, test, type Page } from '@playwright/test';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff } from './staff-helpers';
import { snap } from './snap';

const theme = (page: Page) => page.locator('html').getAttribute('data-theme');
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const WHITE = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(15, 20, 28)';

test.use({ colorScheme: 'dark' });

test('a dark-set phone opens light; Dark holds after a reload without a light first frame; System follows the device', async ({ page }) => {
  // The theme the page had when its <body> first appeared: what the first paint shows.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { themeAtBody: string | null }).themeAtBody = document.documentElement.getAttribute('data-theme');
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const themeAtBody = () => page.evaluate(() => (window as unknown as { themeAtBody: string | null }).themeAtBody);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await theme(page)).toBe('light');
  expect(await themeAtBody()).toBe('light');
  expect(await background(page)).toBe(WHITE);
  const switcher = page.getByRole('contentinfo').getByRole('group', { name: 'Theme' });
  await expect(switcher.getByRole('radio', { name: 'Light' })).toBeChecked();

  await switcher.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background(page)).toBe(DARK_BG);

  // A server-drawn page (the catalogue) is dark from its first frame.
  await page.goto('/course/discovery');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await themeAtBody()).toBe('dark');
  await page.reload();
  expect(await themeAtBody()).toBe('dark');
  await expect(page.getByRole('contentinfo').getByRole('radio', { name: 'Dark' })).toBeChecked();
  await snap(page, 'theme-dark-discovery');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await snap(page, 'theme-dark-landing');

  // System: dark while the device is dark, light as soon as it turns light, and after a reload.
  await page.getByRole('contentinfo').getByRole('radio', { name: 'System' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  expect(await themeAtBody()).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('the console opens light on a dark device and offers the choice on the profile', async ({ page }) => {
  await signInStaff(page, E2E_STAFF.platformReport.userName);
  expect(await theme(page)).toBe('light');
  expect(await background(page)).not.toBe(DARK_BG);
  await page.goto('/admin/profile-admin');
  const display = page.getByRole('group', { name: 'Theme' });
  await expect(display.getByRole('radio', { name: 'Light' })).toBeChecked();
  await display.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await theme(page)).toBe('dark');
  await snap(page, 'theme-dark-admin-profile');
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await snap(page, 'theme-dark-admin-dashboard');
  // The same device choice reaches the learner site (one origin, one key).
  await page.goto('/terms');
  expect(await theme(page)).toBe('dark');
});
