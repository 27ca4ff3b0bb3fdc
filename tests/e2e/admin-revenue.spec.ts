// Revenue sharing in the admin console (spec 002 §2.8, §5 "Revenue creation", §7): a platform
// admin creates a formula of the story's own (a unique name) — Platform Owner fixed first, two
// partners, Save only at exactly 100 — views it read-only, and deactivates and reactivates it with
// the warning toast. The seeded Standard 30/70 formulas are only looked at. An institution admin
// has no Revenue item and the server refuses the call.
import { expect, test } from '@playwright/test';
import { E2E_STAFF, E2E_STAFF_PASSWORD } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

test.describe('revenue sharing', () => {
  test('a platform admin creates a formula, views it, and deactivates and reactivates it', async ({ page }) => {
    const name = `E2E Split ${Date.now().toString(36)}`;
    await signInStaff(page, E2E_STAFF.platformAdmin.userName);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Revenue' }).click();
    await expect(page).toHaveURL(/\/admin\/revenue$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue Sharing' })).toBeVisible();
    const table = page.getByRole('grid', { name: 'Revenue Sharing' });
    await expect(table.getByRole('columnheader')).toHaveText(['NAME', 'DATE CREATED', 'STATUS', 'ACTION']);
    const seeded = table.getByRole('row', { name: /Standard 30\/70 \(UNILAG\)/ });
    await expect(seeded).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    await snapDesktop(page, 'admin-revenue-list');

    // The setup form replaces the list.
    await page.getByRole('button', { name: 'Create Revenue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue Sharing Setup' })).toBeVisible();
    await expect(table).toBeHidden();
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Name').focus();
    await page.getByLabel('Name').blur();
    await expect(page.getByText('Please enter revenue name')).toBeVisible();
    await page.getByLabel('Name').fill(name);

    const owner = page.getByLabel('Platform Owner percentage');
    await owner.pressSequentially('-2e5.5');
    await expect(owner).toHaveValue('25.5');
    await page.getByRole('button', { name: '+ Add partner' }).click();
    await page.getByRole('button', { name: /Partner 1/ }).click();
    await page.getByRole('option', { name: 'University of Lagos' }).click();
    await page.getByLabel('Partner 1 percentage').fill('50');
    await page.getByRole('button', { name: '+ Add partner' }).click();
    await page.getByRole('button', { name: /Partner 2/ }).click();
    // A partner already chosen is not offered twice.
    await expect(page.getByRole('option', { name: 'University of Lagos' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Lagos Business School' }).click();
    await page.getByLabel('Partner 2 percentage').fill('24');
    await expect(page.getByText('0.5 % left to share')).toBeVisible();
    await expect(save).toBeDisabled();
    await snapDesktop(page, 'admin-revenue-setup-partial');
    await page.getByLabel('Partner 2 percentage').fill('24.5');
    // Exactly 100: the add-party control goes and Save wakes.
    await expect(page.getByRole('button', { name: '+ Add partner' })).toBeHidden();
    await expect(save).toBeEnabled();
    await snapDesktop(page, 'admin-revenue-setup');
    await save.click();
    await expect(page.getByText('Revenue created successfully')).toBeVisible();
    await expect(table).toBeVisible();

    // Newest first, active.
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    const toggle = row.getByRole('switch', { name: `${name} active` });
    await expect(toggle).toBeChecked();

    // The read-only formula, then Close back to the list.
    await row.getByRole('button', { name: `View ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue Sharing Formula' })).toBeVisible();
    const formula = page.getByRole('table');
    await expect(formula.getByRole('row')).toHaveCount(5);
    await expect(formula.getByRole('row').nth(1)).toContainText('Platform Owner');
    await expect(formula.getByRole('row').nth(1)).toContainText('Rivet Learning Platform');
    await expect(formula.getByRole('row').nth(1)).toContainText('25.5 %');
    await expect(formula.getByRole('row').nth(2)).toContainText('University of Lagos');
    await expect(formula.getByRole('row').nth(2)).toContainText('50 %');
    await expect(formula.getByRole('row').nth(3)).toContainText('Lagos Business School');
    await expect(formula.getByRole('row').nth(3)).toContainText('24.5 %');
    await expect(formula.getByRole('row').nth(4)).toContainText('100 %');
    await snapDesktop(page, 'admin-revenue-view');
    await page.getByRole('region', { name: 'Revenue Sharing Formula' }).getByRole('button', { name: 'Close' }).click();
    await expect(table).toBeVisible();

    // Deactivate, then activate: the answer as a warning toast, the list reloaded.
    await toggle.click({ force: true });
    await expect(page.getByText('Record deactivated')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(row).toContainText('Inactive');
    await snapDesktop(page, 'admin-revenue-deactivated');
    await toggle.click({ force: true });
    await expect(page.getByText('Record Activated')).toBeVisible();
    await expect(toggle).toBeChecked();
  });

  test('an institution admin has no Revenue item, the typed address opens the dashboard, and the server refuses the call', async ({ page, request }) => {
    await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Revenue' })).toHaveCount(0);
    await page.goto('/admin/revenue');
    // The route guard (decision 094): the dashboard, not a frame with a refusal in it.
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    const signIn = await request.post('/api/Authentication/Account/Admin/SignIn', { data: { userName: E2E_STAFF.institutionAdmin.userName, password: E2E_STAFF_PASSWORD } });
    const headers = { authorization: `Bearer ${(await signIn.json()).data.accessToken}` };
    expect((await request.get('/api/Course/Revenue/Search', { headers })).status()).toBe(403);
  });
});
