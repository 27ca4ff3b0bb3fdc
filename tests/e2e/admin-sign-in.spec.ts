import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, snap } from './snap';

// Only screens that exist are in the sidebar (admin-spa/src/screens.ts); admin-profile.spec.ts opens each.
const SIDEBAR_INSTITUTION_ADMIN = ['Dashboard', 'Manage Course', 'Approve Course', 'Manage Partner', 'Manage User', 'Reports', 'Settings'];

test.describe('staff in the admin console', () => {
  test('an institution admin is forced to change password, then lands on the dashboard with their sidebar', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome to the admin app' })).toBeVisible();
    await snap(page, 'admin-login');

    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Username').fill('unilag.admin');
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid username or password')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('Unilag#Start2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/change-password$/);
    await expect(page.getByText('You are about to change password')).toBeVisible();
    await snap(page, 'admin-change-password-forced');

    // The guard keeps a first-login user on this screen.
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/change-password$/);

    await page.getByLabel('Current Password').fill('Unilag#Start2026');
    await page.getByLabel('New Password', { exact: true }).fill('Unilag#Start2026');
    await page.getByLabel('Confirm New Password').fill('Unilag#Start2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Current password and New password can not be the same')).toBeVisible();

    await page.getByLabel('New Password', { exact: true }).fill('Akara#Morning26');
    await page.getByLabel('Confirm New Password').fill('Akara#Morning26');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    const card = page.getByRole('region', { name: /welcome/i }).or(page.locator('.welcome-card'));
    await expect(page.getByText('Welcome back, Tunde')).toBeVisible();
    await expect(card.getByText('INSTITUTION ADMIN')).toBeVisible();
    await expect(card.getByText('UNILAG').first()).toBeVisible();

    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar).toBeVisible();
    const labels = (await sidebar.getByRole('link').or(sidebar.getByRole('button')).allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(labels).toEqual(SIDEBAR_INSTITUTION_ADMIN);
    await snap(page, 'admin-dashboard-institution-admin');

    // The new password works after signing out; a reload keeps the session.
    await page.reload();
    await expect(page.getByText('Welcome back, Tunde')).toBeVisible();
    await page.getByRole('button', { name: /Tunde/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel('Username').fill('unilag.admin');
    await page.getByLabel('Password', { exact: true }).fill('Akara#Morning26');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('the super admin sees the sidebar; it collapses on a phone', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('superadmin');
    await page.getByLabel('Password', { exact: true }).fill('Rivet#Admin2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText('SUPER ADMIN')).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await snap(page, 'admin-dashboard-super-admin');

    await page.setViewportSize(PHONE);
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/admin-navigation-drawer-phone.png' });
    await page.setViewportSize(DESKTOP);

    await page.goto('/admin/no-such-page');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await snap(page, 'admin-not-found');
    await page.getByRole('link', { name: /dashboard/i }).or(page.getByRole('button', { name: /dashboard/i })).first().click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('forgot password answers with the Password Reset dialog', async ({ page }) => {
    await page.goto('/admin/forget-password');
    await snap(page, 'admin-forget-password');
    await page.getByLabel(/username/i).fill('superadmin');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Password Reset' })).toBeVisible();
    await snap(page, 'admin-password-reset-dialog');
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
