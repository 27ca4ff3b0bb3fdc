// Manage Discounts in the admin console (spec 002 §2.7, §5 "Discount create", §7): a platform
// admin creates an advanced discount of the story's own (a unique name) from a CSV of codes the
// story generates — first a file with bad rows, which comes back row by row with nothing imported,
// then a good one —, toggles it off and on with the warning, views it read-only, and updates it.
// Then a learner buys a course with a voucher imported the same way, and the voucher is spent.
// The seeded discounts are only looked at.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_RATES, DISCOUNT_CHARGE, priceCourse } from '../../shared/domain/pricing';
import { formatKobo } from '../../shared/domain/money';
import { newLearner, register, signIn } from './learner-helpers';
import { E2E_STAFF } from './staff-accounts';
import { createBulkDiscount, signInStaff, snapDesktop } from './staff-helpers';

/** Screenshots of the screen itself: from the top, without the toasts earlier steps left. */
async function snap(page: Page, name: string) {
  const toasts = page.getByRole('alertdialog');
  while ((await toasts.count()) > 0) await toasts.first().getByRole('button').first().click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapDesktop(page, name);
}

test.describe('manage discounts', () => {
  test('a platform admin imports a bulk file of codes (bad rows first), toggles, views and updates the discount', async ({ page }) => {
    const stamp = Date.now().toString(36).toUpperCase();
    const name = `E2E Vouchers ${stamp}`;
    const codes = Array.from({ length: 5 }, (_, i) => `E2E-${stamp}-${i + 1}`);

    await signInStaff(page, E2E_STAFF.platformAdmin.userName);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discount' }).click();
    await expect(page).toHaveURL(/\/admin\/discounts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Discounts' })).toBeVisible();
    await expect(page.getByText('Discount coupons for courses')).toBeVisible();
    const table = page.getByRole('grid', { name: 'Manage Discounts' });
    await expect(table.getByRole('columnheader')).toHaveText(['NAME', 'CODE', 'VALUE', 'VALID', 'USAGE', 'STATUS', 'ACTION']);
    await expect(table.getByRole('row', { name: /Welcome offer/ })).toContainText('WELCOME10');
    await snap(page, 'admin-discounts-list');

    // Create Discount reads Back while the form is open.
    await page.getByRole('button', { name: 'Create Discount' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Create Discount' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Discount' }).click();
    await expect(page.getByText('Please enter the discount name')).toBeVisible();
    await expect(page.getByText('Please select a partner')).toBeVisible();

    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Description/ }).fill('Gift vouchers, each once');
    await page.getByRole('button', { name: / Partner$/ }).click();
    await page.getByRole('option', { name: 'University of Lagos' }).click();
    await page.getByRole('button', { name: / Discount type$/ }).click();
    await page.getByRole('option', { name: 'Advanced (bulk upload of codes)' }).click();
    await page.getByRole('button', { name: / Charge type$/ }).click();
    await page.getByRole('option', { name: 'Percentage (%)' }).click();
    const value = page.getByRole('textbox', { name: /^Value/ });
    await value.pressSequentially('e-+150');
    await expect(value).toHaveValue('150');
    await expect(page.getByText('percentage can not be greater than 100.').first()).toBeVisible();
    await value.fill('');
    await value.pressSequentially('25');
    await page.getByRole('button', { name: / Usage$/ }).click();
    await page.getByRole('option', { name: 'Unlimited' }).click();
    await page.getByLabel(/^Start date/).fill('2026-01-01');
    await page.getByLabel(/^End date/).fill('2025-12-31');

    // The template downloads from the page itself.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template' }).click();
    expect((await download).suggestedFilename()).toBe('discount-codes-template.csv');

    // A file with bad rows: a malformed code and a repeat; the end date is checked first.
    const bad = ['Code', codes[0], 'not a code!', codes[1], codes[0]].join('\n');
    await page.getByTestId('discount-file').setInputFiles({ name: 'codes-bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByRole('button', { name: 'Create Discount' }).click();
    await expect(page.getByText('Discount end date can not be less than start date.').first()).toBeVisible();
    await page.getByLabel(/^End date/).fill('2030-12-31');
    await page.getByRole('button', { name: 'Create Discount' }).click();
    await expect(page.getByText('2 rows have problems: nothing was imported')).toBeVisible();
    const problems = page.getByRole('list', { name: 'Problems' });
    await expect(problems.getByRole('listitem')).toHaveText([
      'Row 3 (not a code!): Not a valid code: use 3 to 40 letters, digits, hyphens or underscores',
      `Row 5 (${codes[0]}): The same code as row 2`,
    ]);
    await snap(page, 'admin-discounts-bad-file');

    // The good file imports.
    await page.getByTestId('discount-file').setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(['Code', ...codes].join('\r\n')) });
    await expect(page.getByText('codes.csv', { exact: true })).toBeVisible();
    await snap(page, 'admin-discounts-create');
    await page.getByRole('button', { name: 'Create Discount' }).click();
    await expect(page.getByText('Discount created successfully')).toBeVisible();
    await expect(table).toBeVisible();

    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('5 codes (0 used)');
    await expect(row).toContainText('25%');
    const toggle = row.getByRole('switch', { name: `${name} active` });
    await expect(toggle).toBeChecked();
    // By keyboard: the toasts of the create step may still sit over the table.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Record deactivated')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Record Activated')).toBeVisible();
    await expect(toggle).toBeChecked();

    // View Discounts: read-only, with Update and Close.
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/admin\/discount\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'View Discount' })).toBeVisible();
    const details = page.getByRole('region', { name: `${name} details` });
    await expect(details).toContainText('University of Lagos');
    await expect(details).toContainText('5 codes, 0 used');
    await expect(details.getByRole('textbox')).toHaveCount(0);
    await snap(page, 'admin-discounts-view');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Update Discount' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Name/ }).fill(`${name} (renewed)`);
    await snap(page, 'admin-discounts-update');
    await page.getByRole('button', { name: 'Update Discount' }).click();
    await expect(page.getByText('Discount updated successfully')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`${name} \\(renewed\\)`) })).toBeVisible();
  });

  test('a discount past its end date reads Expired with no switch, and its view says how to use it again (decision 080)', async ({ page }) => {
    await signInStaff(page, E2E_STAFF.platformAdmin.userName);
    await page.goto('/admin/discounts');
    const row = page.getByRole('grid', { name: 'Manage Discounts' }).getByRole('row', { name: /Early bird 2025/ });
    await expect(row.getByText('Expired', { exact: true })).toBeVisible();
    await expect(row.getByRole('switch')).toHaveCount(0);
    await expect(row).not.toContainText('Active');
    await snap(page, 'admin-discounts-expired');
    await row.getByRole('link', { name: 'Early bird 2025' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'View Discount' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Early bird 2025 details' });
    await expect(details).toContainText('Expired');
    await expect(details).toContainText('Ended 31 Dec 2025. Update its end date to use it again.');
    await snap(page, 'admin-discounts-view-expired');
  });

  test('a learner buys a course with a voucher from an imported file; the voucher is then spent', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36).toUpperCase();
    const codes = [`LBS-${stamp}-A`, `LBS-${stamp}-B`];

    // The admin imports two vouchers for Lagos Business School: 30 % off.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInStaff(admin, E2E_STAFF.platformAdmin.userName);
    await createBulkDiscount(admin, { name: `E2E LBS vouchers ${stamp}`, description: '30% off, each voucher once', partner: 'Lagos Business School', percent: 30, codes });
    await adminContext.close();

    // A learner pays for Negotiation Skills for Business (LBS, ₦22,000) with the first voucher.
    const learner = newLearner('Bisi', 'Adeyemi');
    await register(page, learner);
    await signIn(page, learner);
    await page.goto(`/course/discovery?search=${encodeURIComponent('Negotiation Skills for Business')}`);
    await page.getByRole('link', { name: 'Negotiation Skills for Business', exact: true }).first().click();
    await page.getByRole('button', { name: 'Enrol' }).first().click();
    await expect(page).toHaveURL(/\/course\/checkout\?courseId=\d+/);
    await page.getByRole('button', { name: 'Got a voucher? Click here to enter your code' }).click();
    await page.getByRole('textbox', { name: /code/i }).fill(codes[0]!.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Discount code applied').first()).toBeVisible();
    const discounted = priceCourse(2_200_000, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: 30 });
    const pay = page.getByRole('button', { name: /^Pay ₦/ });
    await expect(pay).toHaveText(`Pay ${formatKobo(discounted.amount)}`);
    await pay.click();
    const sandbox = page.getByRole('dialog', { name: 'Test payment' });
    await sandbox.getByRole('button', { name: /^Pay .*\(test\)$/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 });

    // The voucher is spent: a second learner is told so; the other voucher still works.
    const second = newLearner('Chidi', 'Okafor');
    const secondContext = await browser.newContext({ baseURL });
    const other = await secondContext.newPage();
    await register(other, second);
    await signIn(other, second);
    await other.goto(`/course/discovery?search=${encodeURIComponent('Negotiation Skills for Business')}`);
    await other.getByRole('link', { name: 'Negotiation Skills for Business', exact: true }).first().click();
    await other.getByRole('button', { name: 'Enrol' }).first().click();
    await other.getByRole('button', { name: 'Got a voucher? Click here to enter your code' }).click();
    await other.getByRole('textbox', { name: /code/i }).fill(codes[0]!);
    await other.getByRole('button', { name: 'Apply' }).click();
    await expect(other.getByText('This discount code has been used up.')).toBeVisible();
    await other.getByRole('textbox', { name: /code/i }).fill(codes[1]!);
    await other.getByRole('button', { name: 'Apply' }).click();
    await expect(other.getByText('Discount code applied').first()).toBeVisible();
    await secondContext.close();
  });
});
