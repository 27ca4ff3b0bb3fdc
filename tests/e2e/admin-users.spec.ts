// Manage Users in the admin console (spec 002 §2.5): an institution admin adds a user, who reads
// the one-time password from their e-mail, must change it, and reaches the dashboard; the admin
// sees only their own institution's staff, and deactivating the user signs them out in their own
// browser (their next token refresh is refused). A super admin sees staff of several institutions
// and adds a partner's user. The accounts used to sign in are the story's own
// (tests/e2e/staff-accounts.ts); the users it creates have unique names.
import { expect, test, type Page } from '@playwright/test';
import { mailTo } from './mail';
import { E2E_STAFF } from './staff-accounts';
import { fillCreateUser, firstSignIn, oneTimePasswordIn, signInStaff, snapDesktop } from './staff-helpers';

const stamp = Date.now().toString(36);

async function openManageUsers(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage User' }).click();
  await expect(page).toHaveURL(/\/admin\/manage-user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  return page.getByRole('list', { name: 'Manage Users' });
}

test.describe('manage users', () => {
  test('an institution admin adds a user who signs in with the e-mailed password, and deactivating them signs them out', async ({ page, browser, baseURL }) => {
    const userName = `e2e.clerk.${stamp}`;
    const email = `${userName}@unilag.demo.ng`;
    await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
    const cards = await openManageUsers(page);

    // Only UNILAG's staff: the story's UNILAG report user is there, the platform's staff are not.
    await expect(page.getByText('Staff of UNILAG.')).toBeVisible();
    await expect(cards.getByText(`@${E2E_STAFF.institutionReport.userName}`)).toBeVisible();
    await expect(cards.getByText(`@${E2E_STAFF.superAdmin.userName}`)).toHaveCount(0);
    await expect(cards.getByText(`@${E2E_STAFF.platformAdmin.userName}`)).toHaveCount(0);
    await snapDesktop(page, 'admin-users-list');

    // Create User: the spec's messages, then a user of the admin's own institution.
    await page.getByRole('button', { name: 'Add Users' }).click();
    const create = page.getByRole('dialog', { name: 'Create User' });
    await create.getByRole('button', { name: 'Create User' }).click();
    for (const message of ['Firstname is required', 'Lastname is required', 'Username is required', 'Email is required', 'Role is required']) {
      await expect(create.getByText(message)).toBeVisible();
    }
    await create.getByLabel('Email').fill('not-an-address');
    await expect(create.getByText('Not a valid email address')).toBeVisible();
    // The role list holds institution roles only.
    await create.getByRole('button', { name: /Role$/ }).click();
    await expect(page.getByRole('option', { name: 'RIVET ADMIN' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await snapDesktop(page, 'admin-users-create');
    await fillCreateUser(page, { firstName: 'Chidi', lastName: 'Okeke', userName, email, phoneNumber: '08031234567', role: 'INSTITUTION REPORT' });
    const card = cards.getByRole('button', { name: /Chidi Okeke, INSTITUTION REPORT, Active/ });
    await expect(card).toBeVisible();

    // The new user, in a browser of their own: the one-time password is only in the e-mail.
    const mail = await mailTo(email, /One-time password/);
    const theirs = await browser.newContext({ baseURL });
    const userPage = await theirs.newPage();
    await firstSignIn(userPage, userName, oneTimePasswordIn(mail), 'Clerk#Unilag2026');
    await expect(userPage.getByText('Welcome back, Chidi')).toBeVisible();

    // Details by keyboard, then Update Details: the username is locked and there is no e-mail field.
    await card.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: 'User details' });
    await expect(detail.getByText(email)).toBeVisible();
    await snapDesktop(page, 'admin-users-detail');
    await detail.getByRole('button', { name: 'Update Details' }).click();
    const update = page.getByRole('dialog', { name: 'Update User' });
    await expect(update.getByLabel('Username')).toBeDisabled();
    await expect(update.getByLabel('Username')).toHaveValue(userName);
    await expect(update.getByLabel('Email')).toHaveCount(0);
    await update.getByLabel('Last Name').fill('Okeke-Eze');
    await snapDesktop(page, 'admin-users-update');
    await update.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();
    const renamed = cards.getByRole('button', { name: /Chidi Okeke-Eze/ });
    await expect(renamed).toBeVisible();

    // Deactivate while they are signed in elsewhere.
    await renamed.click();
    await page.getByRole('dialog', { name: 'User details' }).getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate user?' });
    await expect(confirm).toContainText('signed out at once');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Record deactivated')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(cards.getByRole('button', { name: /Chidi Okeke-Eze, INSTITUTION REPORT, Inactive/ })).toBeVisible();

    // Their access token lives only in the page's memory: loading a page drops it, so the console's
    // first call (the profile page reads the profile) must refresh the session first, and the
    // refresh token was revoked with the deactivation. Without a reload the same happens once the
    // access token expires (at most 15 minutes; decision 028).
    await userPage.goto('/admin/profile-admin');
    await expect(userPage).toHaveURL(/\/admin\/login$/);
    await expect(userPage.getByText('Session timed out').first()).toBeVisible();
    await userPage.getByLabel('Username').fill(userName);
    await userPage.getByLabel('Password', { exact: true }).fill('Clerk#Unilag2026');
    await userPage.getByRole('button', { name: 'Login' }).click();
    await expect(userPage.getByText('Your account has been deactivated. Please contact your admin.')).toBeVisible();

    // An inactive user cannot be updated until activated again.
    await cards.getByRole('button', { name: /Chidi Okeke-Eze/ }).click();
    const inactive = page.getByRole('dialog', { name: 'User details' });
    await expect(inactive.getByRole('button', { name: 'Update Details' })).toBeDisabled();
    await inactive.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('alertdialog', { name: 'Activate user?' }).getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('Record Activated')).toBeVisible();
    await theirs.close();
  });

  test('a super admin sees staff of several institutions and adds a partner’s user', async ({ page }) => {
    await signInStaff(page, E2E_STAFF.superAdmin.userName);
    const cards = await openManageUsers(page);
    const cardOf = (firstName: string) => cards.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(firstName) }) }).first();
    await expect(cardOf(E2E_STAFF.superAdmin.firstName)).toContainText('Rivet');
    await expect(cardOf(E2E_STAFF.institutionReport.firstName)).toContainText('UNILAG');

    await page.getByRole('button', { name: 'Add Users' }).click();
    const create = page.getByRole('dialog', { name: 'Create User' });
    await create.getByRole('button', { name: /Institution$/ }).click();
    await page.getByRole('option', { name: /Lagos Business School/ }).click();
    await create.getByRole('button', { name: /Role$/ }).click();
    await expect(page.getByRole('option', { name: 'SUPER ADMIN' })).toHaveCount(0);
    await page.getByRole('option', { name: 'INSTITUTION ADMIN' }).click();
    await create.getByLabel('First Name').fill('Funke');
    await create.getByLabel('Last Name').fill('Adeyemi');
    await create.getByLabel('Username').fill(`e2e.lbs.${stamp}`);
    await create.getByLabel('Email').fill(`e2e.lbs.${stamp}@lbs.demo.ng`);
    await snapDesktop(page, 'admin-users-create-super-admin');
    await create.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('User created successfully')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('funke');
    await expect(cards.getByRole('listitem').filter({ has: page.getByRole('button', { name: /Funke Adeyemi, INSTITUTION ADMIN, Active/ }) })).toContainText('LBS');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await expect(cards.getByText('Rivet').first()).toBeVisible();
    await snapDesktop(page, 'admin-users-list-super-admin');

    // One institution at a time: the filter is kept in the URL.
    await page.getByRole('button', { name: /Institution$/ }).click();
    await page.getByRole('option', { name: 'UNILAG', exact: true }).click();
    await expect(page).toHaveURL(/\?institution=\d+$/);
    await expect(cards.getByRole('button', { name: new RegExp(E2E_STAFF.institutionReport.firstName) })).toBeVisible();
    await expect(cards.getByRole('button', { name: new RegExp(E2E_STAFF.superAdmin.firstName) })).toHaveCount(0);
    await expect(cards.getByRole('button', { name: /Funke Adeyemi/ })).toHaveCount(0);
    await snapDesktop(page, 'admin-users-list-filtered');
  });
});
