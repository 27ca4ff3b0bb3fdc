// Approval Settings (spec 001 §2.9, §4, §5, §8, §9): a platform admin adds a course category of the
// story's own, so the workflow below never changes who reviews another story's course; UNILAG's
// institution admin creates a workflow for it in "Manage Authorization" (Add User with nothing
// chosen warns, Check For above the users is refused, Create waits for users, category and count,
// the name is required), edits it to two levels, deactivates it, activates it again and deactivates
// it once more; the platform admin then finds it under UNILAG through the partner select and
// deactivates the category again.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_STAFF } from './staff-accounts';
import { addCourseCategory, deactivateCourseCategory, signInStaff, snapDesktop } from './staff-helpers';

async function choose(page: Page, within: Locator, label: string, option: string) {
  await within.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks a user by typing part of the name (§2.9), then the option with the e-mail (two staff may share a name). */
async function addUser(page: Page, level: Locator, label: string, typed: string, email: string) {
  const box = level.getByRole('combobox', { name: label });
  await box.fill(typed);
  await page.getByRole('option', { name: new RegExp(email.replace(/\./g, '\\.')) }).click();
  await level.getByRole('button', { name: 'Add User' }).click();
}

/** Closes the toasts so the screenshot shows the page under them. */
async function snap(page: Page, name: string) {
  const close = page.locator('.rv-toast__close');
  for (let i = 0; i < 6 && (await close.count()) > 0; i++) await close.first().click({ timeout: 1000 }).catch(() => undefined);
  await expect(close).toHaveCount(0);
  await snapDesktop(page, name);
}

test.describe('approval settings', () => {
  test('an institution admin creates, edits and deactivates its partner’s approval workflow; a platform admin finds it by partner', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36).toUpperCase();
    const category = `E2E Workflow ${stamp}`;
    const name = `Faculty review ${stamp}`;

    // A category nobody else's course is in.
    await signInStaff(page, E2E_STAFF.platformAdmin.userName);
    await addCourseCategory(page, category, `E2E-WORKFLOW-${stamp}`);

    const admin = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
    await signInStaff(admin, E2E_STAFF.institutionAdmin.userName);
    const main = admin.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Settings' }).click();
    await main.getByRole('link', { name: 'Approval Settings' }).click();
    await expect(admin).toHaveURL(/\/admin\/configuration\/manage-workflow$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Approval Settings' })).toBeVisible();
    await expect(admin.getByText('Create and manage your partners approval workflow')).toBeVisible();
    // A partner's staff see their own partner: no partner to choose.
    await expect(admin.getByRole('button', { name: /Choose a partner/ })).toHaveCount(0);

    await admin.getByRole('button', { name: 'Add WorkFlow' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Manage Authorization' });
    const create = dialog.getByRole('button', { name: 'Create Workflow' });
    await expect(create).toBeDisabled();
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(admin.getByText('Please select a user from the dropdown!')).toBeVisible();

    await addUser(admin, dialog, 'User', 'Tunde', 'admin@unilag.demo.ng');
    await choose(admin, dialog, 'Check For', '2 approvals');
    await expect(admin.getByText("Number of approvals can't be more than selected users!")).toBeVisible();
    await expect(dialog.getByText("Number of approvals can't be more than added users!")).toBeVisible();
    await choose(admin, dialog, 'Course Category', category);
    await expect(create).toBeDisabled();
    await addUser(admin, dialog, 'User', 'Kemi', 'e2e.unilagadmin@staff.e2e.ng');
    await expect(dialog.getByRole('table', { name: 'Users of the workflow' }).getByRole('row')).toHaveCount(3);
    await expect(create).toBeEnabled();
    await create.click();
    await expect(dialog.getByText('Workflow Name is required')).toBeVisible();
    await dialog.getByLabel('Workflow Name').fill(name);
    await snap(admin, 'admin-workflow-dialog');
    await create.click();
    await expect(admin.getByText('Workflow created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = admin.getByRole('article', { name });
    await expect(card).toContainText('Active');
    await expect(card).toContainText(category.toUpperCase(), { ignoreCase: true });
    await expect(card).toContainText('Tunde Bakare');
    await expect(card).toContainText('2 of 2 approvers');
    await snap(admin, 'admin-workflows');

    // A second workflow for the same category is refused: one active per partner and category.
    await admin.getByRole('button', { name: 'Add WorkFlow' }).click();
    await dialog.getByLabel('Workflow Name').fill(`${name} again`);
    await choose(admin, dialog, 'Course Category', category);
    await choose(admin, dialog, 'Check For', '1 approval');
    await addUser(admin, dialog, 'User', 'Tunde', 'admin@unilag.demo.ng');
    await create.click();
    await expect(dialog.getByText(/already has an active workflow for/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Edit: one approver moves to a second level.
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Update Manage Authorization' });
    await expect(edit.getByLabel('Workflow Name')).toHaveValue(name);
    await edit.getByRole('button', { name: 'Remove Kemi Tester' }).click();
    await choose(admin, edit, 'Check For', '1 approval');
    await edit.getByRole('button', { name: '+ Add a level' }).click();
    const level2 = edit.getByRole('group', { name: 'Level 2' });
    await choose(admin, level2, 'Check For', '1 approval');
    await addUser(admin, level2, 'User for level 2', 'Kemi', 'e2e.unilagadmin@staff.e2e.ng');
    await snap(admin, 'admin-workflow-update-dialog');
    await edit.getByRole('button', { name: 'Update Workflow' }).click();
    await expect(admin.getByText('Workflow updated successfully')).toBeVisible();
    await expect(card).toContainText('Level 2: 1 of 1 approver');

    // Deactivate, after a confirmation; a deactivated card has no actions.
    await card.getByRole('button', { name: `Deactivate ${name}` }).click();
    await admin.getByRole('alertdialog', { name: 'Deactivate workflow?' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(admin.getByText('successfully deactivated')).toBeVisible();
    await expect(card).toContainText('Deactivated');
    // A deactivated card offers only Activate (decision 049); it comes back as it was.
    await expect(card.getByRole('button')).toHaveText(['Activate']);
    await snap(admin, 'admin-workflows-deactivated');
    await card.getByRole('button', { name: `Activate ${name}` }).click();
    await admin.getByRole('alertdialog', { name: 'Activate workflow?' }).getByRole('button', { name: 'Activate' }).click();
    await expect(admin.getByText('successfully activated')).toBeVisible();
    await expect(card).toContainText('Active');
    await expect(card).toContainText('Level 2: 1 of 1 approver');
    await card.getByRole('button', { name: `Deactivate ${name}` }).click();
    await admin.getByRole('alertdialog', { name: 'Deactivate workflow?' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(card).toContainText('Deactivated');
    await admin.context().close();

    // The platform admin chooses the partner first.
    await page.goto('/admin/configuration/manage-workflow');
    await expect(page.getByText('Choose a partner to see and manage its approval workflows.')).toBeVisible();
    await choose(page, page.locator('body'), 'Choose a partner', 'University of Lagos');
    await expect(page).toHaveURL(/\?partner=\d+$/);
    await expect(page.getByRole('article', { name })).toContainText('Deactivated');
    await snap(page, 'admin-workflows-platform');

    // The story's category goes again, so no other story is offered it.
    await deactivateCourseCategory(page, category, stamp);
  });
});
