// A learner edits their profile (details with a picture, social links), then deletes their
// account, confirmed by password; afterwards the old credentials no longer sign in.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { snap } from './snap';

const learner = { firstName: 'Bola', lastName: 'Adewale', email: `bola.${Date.now()}@demo.ng`, password: 'Moi#Moi2026x' };

async function signIn(page: Page, password = learner.password) {
  await page.goto('/#sign-in');
  const panel = page.locator('form').filter({ has: page.getByRole('button', { name: 'Start learning' }) });
  await panel.getByLabel('Email').fill(learner.email);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Start learning' }).click();
}

test('a learner edits their profile, then deletes their account', async ({ page }) => {
  const registered = await page.request.post('/api/Authentication/Account/Student/Register', { data: { ...learner, age: '25-29', country: 'NG' } });
  expect(registered.ok()).toBe(true);
  await signIn(page);
  await expect(page.getByText('Login successfully')).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByText('No completed course yet')).toBeVisible();
  await page.getByRole('button', { name: 'Update profile' }).click();

  // General: a job title with digits is refused with the spec's kind of message; the picture previews.
  const general = page.getByRole('form', { name: 'General' }).or(page.locator('form').filter({ has: page.getByLabel('Job Title') }));
  await general.getByLabel('Job Title').fill('Analyst 2');
  await general.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Only alphabets and spaces please')).toBeVisible();
  await general.getByLabel('Job Title').fill('Data Analyst');
  await general.getByLabel('Organization').fill('Kano Cooperative');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Upload picture|Change picture/ }).click();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0b6e4f' } }).png().toBuffer();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await snap(page, 'profile-edit-general');
  await general.getByRole('button', { name: 'Save changes' }).click();
  const result = page.getByRole('alertdialog', { name: 'Success' });
  await expect(result).toBeVisible();
  await result.getByRole('button', { name: 'close' }).click();

  // Social Integration: a link that is not a URL.
  await page.getByRole('tab', { name: 'Social Integration' }).click();
  await page.getByLabel('LinkedIn').fill('not a link');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Invalid url')).toBeVisible();
  await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/bola-adewale');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Success' })).toBeVisible();
  await snap(page, 'profile-edit-social');
  await page.getByRole('alertdialog').getByRole('button', { name: 'close' }).click();

  // The view shows what was saved, with the new picture.
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Data Analyst')).toBeVisible();
  await expect(page.getByText('Kano Cooperative')).toBeVisible();
  await expect(page.locator('img[src^="/media/profiles/"]').first()).toBeVisible();
  await snap(page, 'profile-view');

  // Delete the account: a wrong password is refused, the right one ends the account.
  await page.getByRole('button', { name: 'Update profile' }).click();
  const deletion = page.getByRole('form', { name: 'Delete account' });
  await deletion.getByLabel('Your password').fill('Wrong#Pass2026');
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('alertdialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByText('The password is not correct')).toBeVisible();
  await deletion.getByLabel('Your password').fill(learner.password);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await snap(page, 'profile-delete-confirm');
  await page.getByRole('alertdialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page);
  await expect(page.getByText('Login successfully')).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: /incorrect|not correct|invalid/i }).first()).toBeVisible();
});
