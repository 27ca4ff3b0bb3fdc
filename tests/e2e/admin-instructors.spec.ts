// Instructors (issue 28 §1; decision 075): a partner admin keeps the partner's instructors in
// Settings › Instructors (adds one, is told a name is taken whatever its case, renames, deactivates
// one), then on the course wizard's Additional Information finds the deactivated one no longer
// offered, adds a new instructor on the spot without leaving the step, and saves the course with
// them; the Instructors screen then counts the course. Platform staff choose the partner first.
import { expect, test, type Page } from '@playwright/test';
import { fillAdditionalInformation, fillBasicSetup } from './course-wizard-helpers';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

const run = Date.now().toString(36);
const TUTOR = `Dr. Tutor ${run}`;
const RETIRING = `Retiring Tutor ${run}`;
const SPOT = `Spot Instructor ${run}`;

async function addInstructor(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Instructor' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Instructor' });
  await drawer.getByRole('textbox', { name: 'Instructor Name' }).fill(name);
  await drawer.getByRole('button', { name: 'Save' }).click();
  // Two adds within a toast's 5 s show two toasts: the newest is this one's.
  await expect(page.getByText('Instructor added successfully').last()).toBeVisible();
  await expect(drawer).toBeHidden();
}

test.describe('instructors', () => {
  test('a partner admin keeps its instructors and adds one on the spot in the course wizard', async ({ page, browser, baseURL }) => {
    await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Settings' }).click();
    await main.getByRole('link', { name: 'Instructors' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/instructors$/);
    // A partner's staff land on their own partner's list: no partner to choose.
    await expect(page.getByRole('heading', { level: 1, name: 'Instructors' })).toBeVisible();
    await expect(page.getByText('University of Lagos’s instructors', { exact: false })).toBeVisible();
    const table = page.getByRole('grid', { name: 'Instructors' });

    await addInstructor(page, `  ${TUTOR}  `);
    await page.getByRole('searchbox', { name: 'Search instructors' }).fill(run);
    await expect(table.getByRole('row', { name: new RegExp(TUTOR) })).toBeVisible();

    // The same name in another case is refused with the reason, in the drawer, which keeps the text.
    await page.getByRole('button', { name: 'Add Instructor' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add Instructor' });
    await drawer.getByRole('textbox', { name: 'Instructor Name' }).fill(TUTOR.toUpperCase());
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText(`This partner already has an instructor named “${TUTOR}”`)).toBeVisible();
    await expect(drawer.getByRole('textbox', { name: 'Instructor Name' })).toHaveValue(TUTOR.toUpperCase());
    await snapDesktop(page, 'admin-instructors-taken');
    await drawer.getByRole('button', { name: 'Cancel' }).click();

    await addInstructor(page, RETIRING);
    const retiring = table.getByRole('row', { name: new RegExp(RETIRING) });
    await retiring.getByRole('button', { name: `Deactivate ${RETIRING}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate instructor?' });
    await expect(confirm).toContainText('Authors will no longer be offered them as Instructor Name.');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Record deactivated')).toBeVisible();
    await expect(retiring).toContainText('Inactive');

    // Rename in the same drawer; Save waits for a different name.
    await table.getByRole('row', { name: new RegExp(TUTOR) }).getByRole('button', { name: `Edit ${TUTOR}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Instructor' });
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await edit.getByRole('textbox', { name: 'Instructor Name' }).fill(`${TUTOR} PhD`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Instructor updated successfully')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`${TUTOR} PhD`) })).toBeVisible();

    // Only the inactive ones, by the status filter kept in the address.
    await page.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await expect(page).toHaveURL(/status=inactive/);
    await expect(table.getByRole('row', { name: new RegExp(RETIRING) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(TUTOR) })).toHaveCount(0);
    await snapDesktop(page, 'admin-instructors');

    // The wizard: Additional Information offers the active ones, never the deactivated one.
    await page.goto('/admin/create-course');
    await fillBasicSetup(page, { title: `Instructors ${run}`, paid: false, survey: false });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Course created successfully')).toBeVisible();
    await fillAdditionalInformation(page);
    const instructor = page.getByRole('combobox', { name: 'Instructor Name' });
    await instructor.fill(RETIRING);
    await expect(page.getByRole('option', { name: `Add “${RETIRING}” as an instructor` })).toBeVisible();
    await expect(page.getByRole('option', { name: RETIRING, exact: true })).toHaveCount(0);

    // A new name typed is kept when the field is left, and added on the spot from the list.
    await instructor.fill(SPOT);
    await page.keyboard.press('Tab');
    await expect(instructor).toHaveValue(SPOT);
    await instructor.click();
    await page.getByRole('option', { name: `Add “${SPOT}” as an instructor` }).click();
    const add = page.getByRole('dialog', { name: 'Add Instructor' });
    await expect(add.getByRole('textbox', { name: 'Instructor Name' })).toHaveValue(SPOT);
    await snapDesktop(page, 'admin-instructors-wizard-add');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Instructor added successfully').last()).toBeVisible();
    await expect(add).toBeHidden();
    await expect(page.getByRole('heading', { name: /Additional Information/ })).toBeVisible();
    await expect(instructor).toHaveValue(SPOT);
    await snapDesktop(page, 'admin-instructors-wizard-chosen');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Course additional information added successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Build Curriculum/ })).toBeVisible();

    // The screen lists the instructor added in the wizard, with the course naming them.
    await page.goto(`/admin/settings/instructors?q=${encodeURIComponent(SPOT)}`);
    await expect(table.getByRole('row', { name: new RegExp(SPOT) })).toContainText('1');

    // Platform staff choose the partner first.
    const platform = await browser.newContext({ baseURL });
    const admin = await platform.newPage();
    await signInStaff(admin, E2E_STAFF.superAdmin.userName);
    await admin.goto('/admin/settings/instructors');
    const partners = admin.getByRole('grid', { name: 'Instructors' });
    await partners.getByRole('button', { name: 'View instructors of University of Lagos' }).click();
    await expect(admin).toHaveURL(/\?partner=\d+$/);
    await admin.getByRole('searchbox', { name: 'Search instructors' }).fill(run);
    await expect(admin.getByRole('grid', { name: 'University of Lagos' }).getByRole('row', { name: new RegExp(SPOT) })).toBeVisible();
    await admin.getByRole('button', { name: '← Back' }).click();
    await expect(partners).toBeVisible();
    await snapDesktop(admin, 'admin-instructors-partners');
    await platform.close();
  });
});
