// E-mail templates (spec 001 §2.9, §5; spec 002 §2.10; decision 046): the super admin opens Email
// Templates in the settings area, appends to the "Course Approved" template's subject and saves it
// ("Email Updated Successfully", Complete), inserts a placeholder into the message with the real
// editor, previews it on Message Preview's own screen with sample values, is refused an outside
// address (decision 083), sends a test e-mail to a colleague's address typed there and reads it,
// comes back to the form as it was, then puts the subject back.
import { expect, test, type Page } from '@playwright/test';
import { mailTo } from './mail';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

const ORIGINAL = 'Course Approved: {{courseTitle}}';
const SUFFIX = ` (e2e ${Date.now().toString(36)})`;

async function openTemplate(page: Page, name: string) {
  const table = page.getByRole('grid', { name: 'Email Notification' });
  await table.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/configuration\/manageemail\/edit\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Email Notification' })).toBeVisible();
}

async function saveSubject(page: Page, from: string, to: string) {
  await openTemplate(page, from);
  await page.getByLabel('Subject').fill(to);
  await page.getByRole('button', { name: 'Update' }).click();
  const done = page.getByRole('alertdialog', { name: 'Email Updated Successfully' });
  await expect(done).toBeVisible();
  return done;
}

test.describe('e-mail templates', () => {
  test('the super admin edits a template, inserts a placeholder, previews it and sends a test e-mail to a colleague, never outside', async ({ page }) => {
    await signInStaff(page, E2E_STAFF.superAdmin.userName);
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Settings' }).click();
    await main.getByRole('link', { name: 'Email Templates' }).click();
    await expect(page).toHaveURL(/\/admin\/configuration\/email-template$/);
    const table = page.getByRole('grid', { name: 'Email Notification' });
    await expect(table.getByRole('row')).toHaveCount(6);
    await snapDesktop(page, 'admin-email-templates');

    try {
      const done = await saveSubject(page, ORIGINAL, `${ORIGINAL}${SUFFIX}`);
      await snapDesktop(page, 'admin-email-template-updated');
      await done.getByRole('button', { name: 'Complete' }).click();
      await expect(table.getByRole('row', { name: new RegExp(SUFFIX.replace(/[()]/g, '\\$&')) })).toBeVisible();

      await openTemplate(page, `${ORIGINAL}${SUFFIX}`);
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type(' Reviewed course: ');
      await page.getByRole('button', { name: 'Insert Placeholder' }).click();
      const placeholders = page.getByRole('dialog', { name: 'Insert Placeholder' });
      await expect(placeholders.getByRole('button', { name: /\{\{outcome\}\}/ })).toBeVisible();
      await snapDesktop(page, 'admin-email-template-placeholders');
      await placeholders.getByRole('button', { name: /\{\{courseTitle\}\}/ }).click();
      await expect(message).toContainText('Reviewed course: {{courseTitle}}');
      await snapDesktop(page, 'admin-email-template-edit');

      // Message Preview is a screen of its own (/configuration/preview-email); the test goes to a staff address typed there.
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page).toHaveURL(/\/admin\/configuration\/preview-email$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Message Preview' })).toBeVisible();
      const preview = page.locator('.emails-preview');
      await expect(preview).toContainText(`Course Approved: Introduction to Data Analysis${SUFFIX}`);
      await expect(preview).toContainText('Reviewed course: Introduction to Data Analysis');
      const email = page.getByRole('textbox', { name: 'Email' });
      await expect(email).toHaveValue(`${E2E_STAFF.superAdmin.userName}@staff.e2e.ng`);
      await email.fill('');
      await page.getByRole('button', { name: 'Send Test Email' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      // An address outside the platform's staff is refused, named under the field (decision 083).
      const outsider = `template.reader.${Date.now().toString(36)}@outside.example`;
      await email.fill(outsider);
      await page.getByRole('button', { name: 'Send Test Email' }).click();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(`${outsider} is not a staff address`)).toBeVisible();
      await snapDesktop(page, 'admin-email-template-outside-refused');
      const reader = `${E2E_STAFF.platformReport.userName}@staff.e2e.ng`;
      await email.fill(reader);
      await snapDesktop(page, 'admin-email-template-preview');
      await page.getByRole('button', { name: 'Send Test Email' }).click();
      const sent = page.getByRole('alertdialog', { name: 'Email Sent Successfully' });
      await expect(sent).toContainText(reader);
      const mail = await mailTo(reader, new RegExp(`\\[Test\\] Course Approved: Introduction to Data Analysis ${SUFFIX.trim().replace(/[()]/g, '\\$&')}`));
      expect(mail).toContain('Reviewed course: Introduction to Data Analysis');
      expect(mail).toContain('Hello Adaeze,');
      await sent.getByRole('button', { name: 'Complete' }).click();
      // Back on the form, which still holds the unsaved placeholder.
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Email Notification' })).toBeVisible();
      await expect(message).toContainText('Reviewed course: {{courseTitle}}');
      // The placeholder was for the preview only: Cancel leaves the saved message as it was.
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/admin\/configuration\/email-template$/);
    } finally {
      await page.goto('/admin/configuration/email-template');
      await expect(page.getByRole('grid', { name: 'Email Notification' }).getByRole('row')).toHaveCount(6);
      const changed = page.getByRole('grid', { name: 'Email Notification' }).getByRole('button', { name: `Edit ${ORIGINAL}${SUFFIX}` });
      if (await changed.isVisible().catch(() => false)) {
        const done = await saveSubject(page, `${ORIGINAL}${SUFFIX}`, ORIGINAL);
        await done.getByRole('button', { name: 'Complete' }).click();
      }
    }
    await expect(table.getByRole('row', { name: /Course Approved/ })).toBeVisible();
    await expect(table).not.toContainText(SUFFIX);
  });
});
