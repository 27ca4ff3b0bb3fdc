// Staff in the admin console: every sidebar item each role sees opens a real screen (never Not
// Found), the sidebar folds into a drawer at 1224 px, and an admin walks the Update Profile wizard
// (picture, the spec's messages, save, password) with the keyboard and mouse. The staff accounts
// are the story's own (tests/e2e/staff-accounts.ts, made before the server starts).
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_PROFILE_EDITOR, E2E_STAFF, E2E_STAFF_PASSWORD } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

const NOT_FOUND = 'Sorry, the page you visited does not exist.';
/** Every link the sidebar offers, with its groups opened. */
async function sidebarLinks(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  for (const group of await nav.getByRole('button').all()) {
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
  }
  const links = await nav.getByRole('link').all();
  return Promise.all(links.map(async (link) => ({ label: (await link.innerText()).trim(), href: (await link.getAttribute('href'))! })));
}

test.describe('admin profile and layout', () => {
  for (const [key, staff] of Object.entries(E2E_STAFF)) {
    test(`${staff.role}: every sidebar item and the header's Profile open a screen, never Not Found`, async ({ page }) => {
      await signInStaff(page, staff.userName);
      const links = await sidebarLinks(page);
      expect(links.length, `${key} sees at least the dashboard`).toBeGreaterThan(0);
      for (const { label, href } of links) {
        await page.goto(href);
        await expect(page.getByRole('heading', { level: 1 }), `${label} (${href})`).toBeVisible();
        await expect(page.getByText(NOT_FOUND), `${label} (${href})`).toHaveCount(0);
      }
      await page.getByRole('button', { name: `Account menu for ${staff.firstName}` }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await expect(page).toHaveURL(/\/admin\/profile-admin$/);
      await expect(page.getByRole('heading', { name: 'About Partner' })).toBeVisible();
      await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
    });
  }

  test('the sidebar shows beside the page above 1224 px and folds into a drawer at 1224 px', async ({ page }) => {
    await signInStaff(page, E2E_STAFF.platformAdmin.userName);
    await page.setViewportSize({ width: 1225, height: 900 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
    await page.setViewportSize({ width: 1224, height: 900 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/admin-drawer-1224.png' });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('an institution admin updates their profile in the 3-step wizard and changes the password', async ({ page }) => {
    const staff = E2E_PROFILE_EDITOR;
    await signInStaff(page, staff.userName);
    await page.goto('/admin/profile-admin');
    await expect(page.getByRole('heading', { name: `${staff.firstName} Tester` })).toBeVisible();
    // The figures are the server's counts, not the spec's hard-coded 4s: UNILAG's live courses, and
    // the in-app notifications current or upcoming (decision 088; no link for a partner's staff).
    const figure = page.locator('.profile__figure-value').filter({ hasText: 'Active Course' });
    await expect(figure).toHaveText(/^\d+ Active Courses?$/);
    await expect(page.getByText('Live in the catalogue for')).toBeVisible();
    await expect(page.locator('.profile__figure-value').filter({ hasText: 'Notification' })).toHaveText(/^\d+ Notifications?$/);
    await expect(page.getByText('Current and upcoming in-app notifications')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Current and upcoming in-app notifications' })).toHaveCount(0);
    await snapDesktop(page, 'admin-profile');
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.screenshot({ path: '.tmp/screenshots/admin-profile-1024.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    // The dashboard's Active Courses is the same figure for the same user (decision 088).
    const activeCourses = (await figure.textContent())!.match(/^\d+/)![0];
    await page.goto('/admin/dashboard');
    await expect(page.getByText('Active Courses', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(Number(activeCourses).toLocaleString('en-NG'));
    await page.goto('/admin/profile-admin');
    await expect(figure).toBeVisible();

    await page.getByRole('link', { name: 'Update profile' }).click();
    await expect(page).toHaveURL(/\/admin\/update-profile$/);
    await expect(page.getByRole('heading', { name: /Step 1 of 3\s*Basic Info/ })).toBeVisible();

    // Step 1 by keyboard: the spec's messages, and no picture yet.
    await page.getByLabel('Phone Number').fill('0803');
    await page.getByLabel('Email').fill('kemi-at-unilag');
    await page.getByLabel('Address 1').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Not a valid email address')).toBeVisible();
    await expect(page.getByText('Not a valid phone number')).toBeVisible();
    await expect(page.getByText('Address 1 is required')).toBeVisible();
    await expect(page.getByText('Upload a profile image')).toBeVisible();
    await snapDesktop(page, 'admin-update-profile-basic-errors');

    await page.getByLabel('First Name').fill('Kemisola');
    await page.getByLabel('Email').fill('kemisola@unilag.e2e.ng');
    await page.getByLabel('Phone Number').fill('08031234567');
    await page.getByLabel('Address 1').fill('University Road, Akoka, Lagos');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload picture' }).click();
    const png = await sharp({ create: { width: 750, height: 422, channels: 3, background: '#0b2e6f' } }).png().toBuffer();
    await (await chooser).setFiles({ name: 'kemi.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Upload a profile image')).toHaveCount(0);
    await snapDesktop(page, 'admin-update-profile-basic');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: a link that is not a URL keeps Save disabled.
    await expect(page.getByRole('heading', { name: /Step 2 of 3\s*Public Profile/ })).toBeVisible();
    await expect(page).toHaveURL(/step=2$/);
    await page.getByLabel('Headline').fill('E-learning lead, UNILAG');
    await page.getByLabel('Biography').fill('Looks after UNILAG’s courses on Rivet.');
    await page.getByLabel('Website').fill('unilag dot edu');
    await page.getByLabel('Twitter').focus();
    await expect(page.getByText('Not a valid Url')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await snapDesktop(page, 'admin-update-profile-public-errors');
    await page.getByLabel('Website').fill('https://unilag.edu.ng');
    await page.getByLabel('LinkedIn').fill('https://linkedin.com/in/kemisola');

    // Prev keeps what was typed; a reload resumes at the step in the address.
    await page.getByRole('button', { name: 'Prev' }).click();
    await expect(page.getByLabel('First Name')).toHaveValue('Kemisola');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Headline')).toHaveValue('E-learning lead, UNILAG');

    await page.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('alertdialog', { name: 'Basic Info and Public Profile Updated Successfully' });
    await expect(saved).toBeVisible();
    await snapDesktop(page, 'admin-update-profile-saved');
    await saved.getByRole('button', { name: 'Complete' }).click();

    await expect(page).toHaveURL(/\/admin\/profile-admin$/);
    await expect(page.getByRole('heading', { name: 'Kemisola Tester' })).toBeVisible();
    await expect(page.getByText('E-learning lead, UNILAG')).toBeVisible();
    await expect(page.getByText('kemisola@unilag.e2e.ng')).toBeVisible();
    await expect(page.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://linkedin.com/in/kemisola');
    await expect(page.getByRole('button', { name: 'Account menu for Kemisola' })).toBeVisible();
    await expect(page.locator('.admin-header img')).toHaveAttribute('src', /\/media\/profiles\/[0-9a-f-]{36}\.webp$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Kemisola Tester' })).toBeVisible();
    await snapDesktop(page, 'admin-profile-updated');

    // Step 3: the password, with the spec's rules; the popup leads back to the password settings.
    await page.goto('/admin/update-profile?step=3');
    await expect(page.getByRole('heading', { name: /Step 3 of 3\s*Password and Settings/ })).toBeVisible();
    await page.getByLabel('Current Password').fill(E2E_STAFF_PASSWORD);
    await page.getByLabel('New Password', { exact: true }).fill(E2E_STAFF_PASSWORD);
    await page.getByLabel('Confirm New Password').fill('Different#2026');
    await page.getByLabel('Current Password').focus();
    await expect(page.getByText('Current password and New password can not be the same')).toBeVisible();
    await expect(page.getByText('New password and Confirm password must be the same')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change Password' })).toBeDisabled();
    await snapDesktop(page, 'admin-update-profile-password-errors');
    await page.getByLabel('New Password', { exact: true }).fill('Jollof#Rice2026');
    await page.getByLabel('Confirm New Password').fill('Jollof#Rice2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const changed = page.getByRole('alertdialog', { name: 'Password changed successfully' });
    await expect(changed).toBeVisible();
    await changed.getByRole('button', { name: 'Go to Password Settings' }).click();
    await expect(page.getByRole('heading', { name: /Password and Settings/ })).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveValue('');

    // The new password is the one that works now.
    await page.getByRole('button', { name: 'Account menu for Kemisola' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signInStaff(page, staff.userName, 'Jollof#Rice2026');
  });
});
