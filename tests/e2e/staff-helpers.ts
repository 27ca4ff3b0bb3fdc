// What the admin-console stories share: signing in as one of their own staff accounts
// (tests/e2e/staff-accounts.ts) and screenshots at the console's desktop widths.
import { expect, type Page } from '@playwright/test';
import { E2E_STAFF_PASSWORD } from './staff-accounts';

/** The admin console runs on desktops: its screenshots are at these widths. */
const WIDTHS = [1366, 1024] as const;

/** Saves the current screen at each console width, then restores the viewport. */
export async function snapDesktop(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `.tmp/screenshots/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

export async function signInStaff(page: Page, userName: string, password = E2E_STAFF_PASSWORD): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
