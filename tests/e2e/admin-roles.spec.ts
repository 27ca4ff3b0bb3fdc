// Role Management in the admin console (spec 002 §2.6): a super admin finds roles, adds one with
// permissions from the accordion, edits it (its type fixed), and deactivates and activates it with
// the spec's notices; a platform admin (not super admin) sees institution roles only, read-only. The staff
// accounts are the story's own (tests/e2e/staff-accounts.ts, made before the server starts).
import { expect, test } from '@playwright/test';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

test.describe('role management', () => {
  test('a super admin searches, adds a role with permissions, edits it with its type fixed, and deactivates and activates it', async ({ page }) => {
    await signInStaff(page, E2E_STAFF.superAdmin.userName);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Settings' }).click();
    await nav.getByRole('link', { name: 'Role Management' }).click();
    await expect(page).toHaveURL(/\/admin\/configuration\/role-management$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
    const table = page.getByRole('grid', { name: 'Role Management' });
    await expect(table.getByRole('row', { name: /SUPER ADMIN/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /STUDENT/ })).toHaveCount(0);
    await snapDesktop(page, 'admin-roles-list');

    // Search: the list follows the box, and the URL keeps it through a reload.
    await page.getByRole('searchbox', { name: 'Search roles' }).fill('report');
    await expect(page).toHaveURL(/\?q=report$/);
    await expect(table.getByRole('row')).toHaveCount(3);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search roles' })).toHaveValue('report');
    await expect(page.getByRole('grid', { name: 'Role Management' }).getByRole('row', { name: /INSTITUTION REPORT/ })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search roles' }).fill('');
    await expect(page).toHaveURL(/role-management$/);

    // Add Role: Save waits for a name and a permission; an institution role is offered institution permissions only.
    await page.getByRole('button', { name: 'Add Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Role' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await dialog.getByRole('button', { name: /^Role\b/ }).click();
    await expect(dialog.getByRole('checkbox', { name: 'viewRole' })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'manageRole' })).toHaveCount(0);
    await dialog.getByText('viewRole').click();
    await dialog.getByRole('button', { name: /^User\b/ }).click();
    await dialog.getByText('viewuser', { exact: true }).click();
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Role name').fill('Course Clerk');
    await expect(save).toBeEnabled();
    await snapDesktop(page, 'admin-roles-add');
    await save.click();
    await expect(page.getByText('Role created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const clerk = table.getByRole('row', { name: /Course Clerk/ });
    await expect(clerk).toContainText('Institution');

    // A second role by the same name is refused with the server's description.
    await page.getByRole('button', { name: 'Add Role' }).click();
    await dialog.getByLabel('Role name').fill('course clerk');
    await dialog.getByRole('button', { name: /^User\b/ }).click();
    await dialog.getByText('viewuser', { exact: true }).click();
    await save.click();
    await expect(dialog.getByText('Failed to create role')).toBeVisible();
    await expect(dialog.getByText('A role named “course clerk” already exists')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Edit: the type is fixed; the name and permissions change.
    await page.getByRole('button', { name: 'Edit Course Clerk' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit role: Course Clerk' });
    await expect(edit.getByRole('button', { name: /Role type/ })).toBeDisabled();
    await expect(edit.getByText('A role’s type is fixed once it is created.')).toBeVisible();
    await edit.getByLabel('Role name').fill('Senior Course Clerk');
    await edit.getByRole('button', { name: /^Workflow\b/ }).click();
    await edit.getByText('viewworkflow').click();
    await snapDesktop(page, 'admin-roles-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Role updated successfully')).toBeVisible();
    const senior = table.getByRole('row', { name: /Senior Course Clerk/ });
    await expect(senior).toBeVisible();

    // Deactivate and activate, each after a confirmation, with the spec's notices.
    await page.getByRole('button', { name: 'Deactivate Senior Course Clerk' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate role?' });
    await expect(confirm).toContainText('will not be able to sign in');
    await snapDesktop(page, 'admin-roles-deactivate');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Record deactivated')).toBeVisible();
    await expect(senior).toContainText('Inactive');
    await page.getByRole('button', { name: 'Activate Senior Course Clerk' }).click();
    await page.getByRole('alertdialog', { name: 'Activate role?' }).getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('Record Activated')).toBeVisible();
    await expect(senior).not.toContainText('Inactive');

    // SUPER ADMIN cannot be deactivated: no button for it.
    await expect(page.getByRole('button', { name: 'Deactivate SUPER ADMIN' })).toHaveCount(0);
  });

  // The platform admin holds viewRole but not manageRole, and is not the super admin. (The
  // institution admin's password is changed by admin-profile.spec.ts, so it is not used here.)
  test('a platform admin sees institution roles only, read-only', async ({ page }) => {
    await signInStaff(page, E2E_STAFF.platformAdmin.userName);
    await page.goto('/admin/configuration/role-management');
    const table = page.getByRole('grid', { name: 'Role Management' });
    await expect(table.getByRole('row', { name: /INSTITUTION ADMIN/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /RIVET ADMIN/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /SUPER ADMIN/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Role' })).toHaveCount(0);
    await expect(page.getByText('View only').first()).toBeVisible();
    await snapDesktop(page, 'admin-roles-view-only');
  });
});
