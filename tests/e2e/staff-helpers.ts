// What the admin-console stories share: signing in as one of their own staff accounts
// (tests/e2e/staff-accounts.ts) and screenshots at the console's desktop widths.
import { expect, type Browser, type Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { expectCleanConsole } from './console-check';
import { mailTo } from './mail';
import { E2E_STAFF, E2E_STAFF_PASSWORD } from './staff-accounts';
import { photograph } from './snap';

/** The admin console runs on desktops: its screenshots are at these widths. */
const WIDTHS = [1366, 1024] as const;

/**
 * Saves the current screen at each console width, then restores the viewport. At each width the
 * screen is checked with axe (tests/e2e/axe.ts): below 1225 px the sidebar becomes a drawer.
 */
export async function snapDesktop(page: Page, name: string): Promise<void> {
  await expectCleanConsole(page, `snapDesktop ${name}`);
  const original = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await photograph(page, `.tmp/screenshots/${name}-${width}.png`);
    await expectAxeClean(page, `${name}-${width}`);
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

/** The one-time password in a staff invitation e-mail (decision 025). */
export function oneTimePasswordIn(mail: string): string {
  const found = /One-time password: (\S+)/.exec(mail);
  if (!found) throw new Error('No one-time password in the e-mail');
  return found[1]!;
}

/**
 * A new staff member's first sign-in: the one-time password opens only Change Password, and the
 * new password the dashboard.
 */
export async function firstSignIn(page: Page, userName: string, oneTimePassword: string, newPassword: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(oneTimePassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/change-password$/);
  await page.getByLabel('Current Password').fill(oneTimePassword);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

export interface NewStaffUser {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  phoneNumber?: string;
  role: string;
}

/** Fills Manage Users' Create User dialog (already open) and saves it. */
export async function fillCreateUser(page: Page, user: NewStaffUser): Promise<void> {
  const create = page.getByRole('dialog', { name: 'Create User' });
  await create.getByLabel('First Name').fill(user.firstName);
  await create.getByLabel('Last Name').fill(user.lastName);
  await create.getByLabel('Username').fill(user.userName);
  await create.getByLabel('Email').fill(user.email);
  if (user.phoneNumber) await create.getByLabel('Phone Number (optional)').fill(user.phoneNumber);
  await create.getByRole('button', { name: /Role$/ }).click();
  await page.getByRole('option', { name: user.role, exact: true }).click();
  await create.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(create).toBeHidden();
}

/**
 * A new staff member of UNILAG of the story's own (so the story may change it freely): made
 * through Manage User by the e2e UNILAG admin in a context of its own, then signed in on `page`
 * with the e-mailed one-time password changed to `password`.
 */
export async function newUnilagStaff(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  who: { userName: string; firstName: string; lastName: string; password: string },
  role: 'INSTITUTION ADMIN' | 'INSTITUTION REPORT',
): Promise<void> {
  const email = `${who.userName}@unilag.demo.ng`;
  const makerContext = await browser.newContext({ baseURL });
  const maker = await makerContext.newPage();
  await signInStaff(maker, E2E_STAFF.institutionAdmin.userName);
  await maker.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage User' }).click();
  await maker.getByRole('button', { name: 'Add Users' }).click();
  await fillCreateUser(maker, { firstName: who.firstName, lastName: who.lastName, userName: who.userName, email, role });
  await makerContext.close();
  await firstSignIn(page, who.userName, oneTimePasswordIn(await mailTo(email, /One-time password/)), who.password);
}

/** A new INSTITUTION ADMIN of UNILAG of the story's own (see newUnilagStaff). */
export function newUnilagAdmin(page: Page, browser: Browser, baseURL: string | undefined, who: { userName: string; firstName: string; lastName: string; password: string }): Promise<void> {
  return newUnilagStaff(page, browser, baseURL, who, 'INSTITUTION ADMIN');
}

/**
 * A platform admin's advanced discount (spec 002 §2.7): `percent` off every course of `partner`,
 * with Unlimited usage, its codes uploaded as a CSV file.
 */
export async function createBulkDiscount(page: Page, discount: { name: string; description: string; partner: string; percent: number; codes: string[] }): Promise<void> {
  await page.goto('/admin/discounts?create');
  await page.getByRole('textbox', { name: /^Name/ }).fill(discount.name);
  await page.getByRole('textbox', { name: /^Description/ }).fill(discount.description);
  await page.getByRole('button', { name: / Partner$/ }).click();
  await page.getByRole('option', { name: discount.partner }).click();
  await page.getByRole('button', { name: / Discount type$/ }).click();
  await page.getByRole('option', { name: 'Advanced (bulk upload of codes)' }).click();
  await page.getByRole('button', { name: / Charge type$/ }).click();
  await page.getByRole('option', { name: 'Percentage (%)' }).click();
  await page.getByRole('textbox', { name: /^Value/ }).fill(String(discount.percent));
  await page.getByRole('button', { name: / Usage$/ }).click();
  await page.getByRole('option', { name: 'Unlimited' }).click();
  await page.getByLabel(/^Start date/).fill('2026-01-01');
  await page.getByLabel(/^End date/).fill('2030-12-31');
  await page.getByTestId('discount-file').setInputFiles({ name: 'vouchers.csv', mimeType: 'text/csv', buffer: Buffer.from(['Code', ...discount.codes].join('\n')) });
  await page.getByRole('button', { name: 'Create Discount' }).click();
  await expect(page.getByText('Discount created successfully')).toBeVisible();
}

/** A platform admin adds a course category (Settings › Course Configuration). */
export async function addCourseCategory(page: Page, name: string, code: string): Promise<void> {
  await page.goto('/admin/settings/course-configuration');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create Course Category' });
  await drawer.getByLabel('Name').fill(name);
  await drawer.getByLabel('Code').fill(code);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Course category created successfully')).toBeVisible();
}

/** A platform admin deactivates a category found by `search`, so no other story is offered it. */
export async function deactivateCourseCategory(page: Page, name: string, search: string): Promise<void> {
  await page.goto('/admin/settings/course-configuration');
  await page.getByRole('searchbox', { name: 'Search categories' }).fill(search);
  await page.getByRole('button', { name: `Deactivate ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Course Category Deactivated')).toBeVisible();
}
