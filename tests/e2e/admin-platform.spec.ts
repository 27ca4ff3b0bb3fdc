// Manage Platform in the admin console (spec 002 §2.4, §5 "Platform form"): a super admin creates a
// settlement party of the story's own (a unique name), finds it, changes its bank and account (the
// name locked), and deactivates and reactivates it; the demo parties are only looked at. An
// institution admin has no Manage Platform item and is refused by the server.
import { expect, test } from '@playwright/test';
import { E2E_STAFF, E2E_STAFF_PASSWORD } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

test.describe('manage platform', () => {
  test('a super admin creates a party, updates its bank and account with the name locked, and deactivates and reactivates it', async ({ page }) => {
    const name = `E2E Settlement ${Date.now().toString(36)}`;
    await signInStaff(page, E2E_STAFF.superAdmin.userName);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage Platform' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-platform$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Platform' })).toBeVisible();
    const table = page.getByRole('grid', { name: 'Manage Platform' });
    await expect(table.getByRole('row', { name: /Rivet Operations/ })).toContainText('Guaranty Trust Bank');
    await snapDesktop(page, 'admin-platform-list');

    // Create Platform: the form's messages first, then a party of the story's own.
    await page.getByRole('button', { name: 'Create Platform' }).click();
    const create = page.getByRole('dialog', { name: 'Create Platform' });
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText('Please enter name')).toBeVisible();
    await expect(create.getByText('Please enter your Bank Name')).toBeVisible();
    await expect(create.getByText('Please enter your account number')).toBeVisible();
    await snapDesktop(page, 'admin-platform-form-errors');
    await create.getByLabel('Name').fill(name);
    // The bank select by keyboard: open, type to find, Enter.
    await create.getByRole('button', { name: /Bank/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Zenith Bank' }).click();
    const account = create.getByLabel('Account number');
    await account.pressSequentially('12-34 5');
    await expect(account).toHaveValue('12345');
    await account.blur();
    await expect(create.getByText('Account number must be 10 digits')).toBeVisible();
    await account.pressSequentially('67890');
    await expect(create.getByText('Account number must be 10 digits')).toBeHidden();
    await snapDesktop(page, 'admin-platform-create');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Platform created successfully')).toBeVisible();
    await expect(create).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search platforms' }).fill(name);
    await expect(page).toHaveURL(/\?q=/);
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Zenith Bank');
    await expect(row).toContainText('1234567890');
    await expect(row).toContainText('Active');

    // A second party by the same name is refused with the server's description.
    await page.getByRole('button', { name: 'Create Platform' }).click();
    await create.getByLabel('Name').fill(name.toLowerCase());
    await create.getByRole('button', { name: /Bank/ }).click();
    await page.getByRole('option', { name: 'Access Bank' }).click();
    await create.getByLabel('Account number').fill('1111111111');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText('Failed to create platform')).toBeVisible();
    await expect(create.getByText(`A platform named “${name.toLowerCase()}” already exists`)).toBeVisible();
    await create.getByRole('button', { name: 'Cancel' }).click();

    // Update: the name is locked; bank and account change.
    await page.getByRole('button', { name: `Update ${name}` }).click();
    const update = page.getByRole('dialog', { name: `Update platform: ${name}` });
    await expect(update.getByLabel('Name')).toBeDisabled();
    await expect(update.getByLabel('Name')).toHaveValue(name);
    await update.getByRole('button', { name: /Bank/ }).click();
    await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
    await update.getByLabel('Account number').fill('0987654321');
    await snapDesktop(page, 'admin-platform-update');
    await update.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Platform updated successfully')).toBeVisible();
    await expect(row).toContainText('Guaranty Trust Bank');
    await expect(row).toContainText('0987654321');

    // Deactivate and activate, each after a confirmation, with the spec's notices.
    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate platform?' });
    await expect(confirm).toContainText(name);
    await snapDesktop(page, 'admin-platform-deactivate');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Record deactivated')).toBeVisible();
    await expect(row).toContainText('Inactive');
    await page.getByRole('button', { name: `Activate ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Activate platform?' }).getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('Record Activated')).toBeVisible();
    await expect(row).not.toContainText('Inactive');
  });

  test('an institution admin has no Manage Platform item, the typed address opens the dashboard, and the server refuses the call', async ({ page, request }) => {
    await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage Platform' })).toHaveCount(0);
    await page.goto('/admin/manage-platform');
    // The route guard (decision 094): no frame with a refusal in it, the dashboard instead.
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page.getByRole('grid', { name: 'Manage Platform' })).toHaveCount(0);
    const signIn = await request.post('/api/Authentication/Account/Admin/SignIn', { data: { userName: E2E_STAFF.institutionAdmin.userName, password: E2E_STAFF_PASSWORD } });
    const headers = { authorization: `Bearer ${(await signIn.json()).data.accessToken}` };
    expect((await request.get('/api/Institution/Partner/Search', { headers })).status()).toBe(403);
  });
});
