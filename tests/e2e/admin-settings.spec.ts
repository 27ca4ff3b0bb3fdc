// The settings area and Course Configuration (spec 001 §2.9, §5; spec 002 §2.12): a platform admin
// opens Settings from the sidebar, adds a category of the story's own in the side drawer, finds
// it, changes only its code, and deactivates it (so no other story is offered it); an institution
// admin sees the list read-only and the Privacy page's "Coming soon...".
import { expect, test } from '@playwright/test';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

test.describe('settings: course configuration', () => {
  test('a platform admin adds, edits and deactivates a course category; an institution admin only reads the list', async ({ page, browser }) => {
    const stamp = Date.now().toString(36).toUpperCase();
    const name = `E2E Crafts ${stamp}`;
    await signInStaff(page, E2E_STAFF.platformAdmin.userName);
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Settings' }).click();
    await main.getByRole('link', { name: 'Course Configuration' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/course-configuration$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Course Configuration' })).toBeVisible();
    const settingsNav = page.getByRole('navigation', { name: 'Settings' });
    await expect(settingsNav.getByRole('link', { name: 'Course Configuration' })).toHaveAttribute('aria-current', 'page');
    const table = page.getByRole('grid', { name: 'Course Configuration' });
    await expect(table.getByRole('row', { name: /Productivity/ })).toBeVisible();
    await snapDesktop(page, 'admin-settings-categories');

    // The drawer: Save waits for both fields; the code shows as it will be stored.
    await page.getByRole('button', { name: 'Add Category' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create Course Category' });
    const save = drawer.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await drawer.getByLabel('Name').fill(name);
    await expect(save).toBeDisabled();
    await drawer.getByLabel('Code').pressSequentially(`crafts ${stamp}`);
    await expect(drawer.getByLabel('Code')).toHaveValue(`CRAFTS-${stamp}`);
    await snapDesktop(page, 'admin-settings-category-drawer');
    await save.click();
    await expect(page.getByText('Course category created successfully')).toBeVisible();
    await expect(drawer).toBeHidden();

    // A second category with the same name is refused with the server's message, nothing saved.
    await page.getByRole('button', { name: 'Add Category' }).click();
    await drawer.getByLabel('Name').fill(name.toLowerCase());
    await drawer.getByLabel('Code').fill(`OTHER-${stamp}`);
    await save.click();
    await expect(drawer.getByText(`A category named “${name.toLowerCase()}” already exists`)).toBeVisible();
    await drawer.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('searchbox', { name: 'Search categories' }).fill(stamp);
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`CRAFTS-${stamp}`);
    await expect(table.getByRole('row')).toHaveCount(2);

    // Edit: only the changed code goes to the server.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Course Category' });
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await edit.getByLabel('Code').fill(`HANDICRAFT-${stamp}`);
    const update = page.waitForRequest((r) => r.url().includes('/CourseCategory/Update'));
    await edit.getByRole('button', { name: 'Save' }).click();
    const sent = new URL((await update).url()).searchParams;
    expect(sent.has('name')).toBe(false);
    expect(sent.get('code')).toBe(`HANDICRAFT-${stamp}`);
    await expect(page.getByText('Course category updated successfully')).toBeVisible();
    await expect(row).toContainText(`HANDICRAFT-${stamp}`);

    // Deactivate, with confirmation; the row says Inactive.
    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate course category?' });
    await snapDesktop(page, 'admin-settings-category-deactivate');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Course Category Deactivated')).toBeVisible();
    await expect(row).toContainText('Inactive');
    await expect(row.getByRole('button', { name: `Activate ${name}` })).toBeVisible();

    // An institution admin: the same list, read-only; Privacy & Settings read-only too (decision 090).
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1366, height: 900 } });
    const partner = await context.newPage();
    await signInStaff(partner, E2E_STAFF.institutionAdmin.userName);
    await partner.goto(`/admin/settings/course-configuration?q=${stamp}`);
    const readOnly = partner.getByRole('grid', { name: 'Course Configuration' });
    await expect(readOnly.getByRole('row', { name: new RegExp(name) })).toContainText('Inactive');
    await expect(partner.getByRole('button', { name: 'Add Category' })).toHaveCount(0);
    await expect(readOnly.getByRole('button')).toHaveCount(0);
    await snapDesktop(partner, 'admin-settings-categories-read-only');
    await partner.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Privacy & Settings' }).click();
    await expect(partner.getByRole('heading', { level: 1, name: 'Privacy & Settings' })).toBeVisible();
    await expect(partner.getByRole('textbox', { name: 'Sign-in records' })).toHaveAttribute('readonly', '');
    await expect(partner.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
    await expect(partner.getByText('Learners’ data requests are seen by platform staff only.')).toBeVisible();
    await snapDesktop(partner, 'admin-settings-privacy');
    await context.close();
  });
});
