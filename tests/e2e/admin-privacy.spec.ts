// Privacy & Settings end to end (docs/decisions/090): a super admin changes a retention period and
// sets the data protection contact; a learner of the story's own sees that contact and period on
// the privacy notice, downloads everything held about them from their profile (the file's content
// is read back), and staff find the export in the learners' data requests. The settings are put
// back at the end, so stories after this one meet the notice's defaults.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { appReady, newLearner, register, signIn } from './learner-helpers';
import { snap } from './snap';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

async function openPrivacySettings(page: Page) {
  await page.goto('/admin/settings/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy & Settings' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Sign-in records' })).toBeVisible();
}

test.describe('privacy & settings', () => {
  test('staff set a period and the contact; the learner sees them on the notice, downloads their data, and staff see the export', async ({ page, browser }) => {
    const stamp = Date.now().toString(36);
    const contactName = `Ngozi Adeyemi ${stamp.slice(-4).replace(/\d/g, 'x')}`;
    const contactEmail = `dpo.${stamp}@rivet.ng`;

    // Staff: the screen, a bad period refused with its bound, then a good save.
    await signInStaff(page, E2E_STAFF.superAdmin.userName);
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Settings' }).click();
    await main.getByRole('link', { name: 'Privacy & Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/privacy$/);
    await openPrivacySettings(page);
    const signIns = page.getByRole('textbox', { name: 'Sign-in records' });
    await signIns.fill('400');
    await signIns.blur();
    await expect(page.getByText('Sign-in records must be kept from 30 to 365 days')).toBeVisible();
    await signIns.fill('180');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(contactName);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(contactEmail);
    await page.getByRole('textbox', { name: 'Phone (optional)' }).fill('+234 803 555 0199');
    await page.getByRole('textbox', { name: 'Postal address (optional)' }).fill('12 Broad Street\nLagos Island, Lagos');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Privacy settings updated successfully')).toBeVisible();
    await expect(page.getByText(/Last changed .* by Segun/)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await snapDesktop(page, 'admin-privacy-settings');

    // The learner: the notice names the contact and the period.
    const learner = newLearner('Privacy', 'Learner');
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 360, height: 740 }, acceptDownloads: true });
    const phone = await context.newPage();
    await register(phone, learner);
    await signIn(phone, learner);
    await phone.goto('/privacy');
    await appReady(phone);
    const contact = phone.getByLabel('Data protection contact');
    await expect(contact).toContainText(contactName);
    await expect(contact.getByRole('link', { name: contactEmail })).toHaveAttribute('href', `mailto:${contactEmail}`);
    await expect(contact).toContainText('+234 803 555 0199');
    await expect(contact).toContainText('Lagos Island, Lagos');
    await expect(phone.getByText(/then 6 months/)).toBeVisible();
    await expect(phone.getByText(`Our data protection contact is ${contactName}`, { exact: false })).toBeVisible();
    await snap(phone, 'privacy-notice-contact');
    // The whole notice is long: the contact as the phone shows it, on its own.
    await contact.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: '.tmp/screenshots/privacy-notice-contact-phone-view.png' });
    await phone.getByRole('heading', { name: 'How long we keep it' }).scrollIntoViewIfNeeded();
    await phone.screenshot({ path: '.tmp/screenshots/privacy-notice-periods-phone-view.png' });

    // The learner downloads everything held about them from the profile.
    await phone.goto('/profile');
    await expect(phone.getByRole('heading', { name: 'Your data' })).toBeVisible();
    const downloading = phone.waitForEvent('download');
    await phone.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^rivet-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown> & { profile: Record<string, unknown> };
    expect(document.format).toBe('rivet-learner-data/1');
    expect(document.profile).toMatchObject({ email: learner.email, firstName: 'Privacy', lastName: 'Learner', ageBand: '25-29', country: 'Nigeria' });
    for (const section of ['enrolments', 'progress', 'quizAttempts', 'payments', 'certificates', 'surveyAnswers', 'signIns']) expect(Array.isArray(document[section]), section).toBe(true);
    expect((document.signIns as unknown[]).length).toBeGreaterThan(0);
    expect(JSON.stringify(document)).not.toContain('passwordHash');
    await expect(phone.getByText('Your data has been downloaded')).toBeVisible();
    await phone.evaluate(() => window.scrollTo(0, 0));
    await snap(phone, 'profile-download-data');
    await context.close();

    // Staff: the export is the newest request, masked.
    await openPrivacySettings(page);
    const table = page.getByRole('grid', { name: 'Learners’ data requests' });
    const newest = table.getByRole('row').nth(1);
    await expect(newest).toContainText('p***@demo.ng');
    await expect(newest).toContainText('Data export');
    await expect(newest).toContainText('Completed');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snapDesktop(page, 'admin-privacy-requests');

    // Put the notice's defaults back for the stories after this one.
    await page.getByRole('textbox', { name: 'Sign-in records' }).fill('365');
    for (const field of ['Name', 'E-mail', 'Phone (optional)', 'Postal address (optional)']) await page.getByRole('textbox', { name: field, exact: true }).fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Privacy settings updated successfully').last()).toBeVisible();
  });
});
