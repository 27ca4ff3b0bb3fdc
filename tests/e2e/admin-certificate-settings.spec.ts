// Certificate Settings (spec 001 §2.9, §5, §8, §9): an institution admin opens its partner's
// signatures, adds a signatory of the story's own with a real picture (Save waits for all three
// fields), sees the link's last 16 characters and the picture in a popover, renames it, and
// deactivates it again, so the partner's certificates end as they began.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

/** A dark-blue scribble on a transparent ground, as a scanned signature is. */
async function signaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="110"><path d="M10 80 C 60 10, 90 100, 140 40 S 230 90, 340 30" stroke="#14286e" stroke-width="5" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test.describe('certificate settings', () => {
  test('an institution admin adds, shows, edits and deactivates a certificate signatory of its partner', async ({ page }) => {
    const name = `Dr. E2E Signer ${Date.now().toString(36)}`;
    await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Settings' }).click();
    await main.getByRole('link', { name: 'Certificate Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/configuration\/certificate-settings$/);
    const partners = page.getByRole('grid', { name: 'Certificate Settings' });
    // A partner's staff see their own partner only.
    await expect(partners.getByRole('row')).toHaveCount(2);
    await expect(partners.getByRole('row', { name: /University of Lagos/ })).toBeVisible();
    await snapDesktop(page, 'admin-certificate-partners');

    await partners.getByRole('button', { name: 'View signatures of University of Lagos' }).click();
    await expect(page).toHaveURL(/\?partner=\d+$/);
    const table = page.getByRole('grid', { name: 'University of Lagos' });
    await expect(table.getByRole('row', { name: /Prof. Adebola Ogunleye/ })).toBeVisible();

    await page.getByRole('button', { name: 'Add Signature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create or Update Certificate Signature' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Job Title').fill('Registrar');
    await expect(save).toBeDisabled();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: await signaturePng() });
    await expect(dialog.getByRole('img', { name: 'Signature preview' })).toBeVisible();
    await expect(save).toBeEnabled();
    await snapDesktop(page, 'admin-certificate-signature-dialog');
    await save.click();
    await expect(page.getByText('Certificate Signature Created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = table.getByRole('row', { name: new RegExp(name) });
    const link = row.getByRole('button', { name: new RegExp(`show the signature of ${name}`) });
    await expect(link).toHaveText(/^….{16}$/);
    await expect(link).toHaveText(/\.webp$/);
    await link.click();
    const picture = page.getByRole('img', { name: `Signature of ${name}` });
    await expect(picture).toBeVisible();
    // The picture really loads (re-encoded and served from /media).
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await snapDesktop(page, 'admin-certificate-signature-popover');
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(dialog.getByRole('button', { name: 'Update' })).toBeEnabled();
    await dialog.getByLabel('Job Title').fill('University Registrar');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Certificate Signature Updated successfully')).toBeVisible();
    await expect(row).toContainText('University Registrar');

    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Deactivate signature?' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Record deactivated')).toBeVisible();
    await expect(row).toContainText('Inactive');
    await snapDesktop(page, 'admin-certificate-signatures');

    await page.getByRole('button', { name: '← Back' }).click();
    await expect(partners).toBeVisible();
  });
});
