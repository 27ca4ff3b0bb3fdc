import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { appReady } from './learner-helpers';
import { mailTo } from './mail';
import { snap } from './snap';

/** The reset link from the e-mail (the development mail folder: no SMTP server is configured). */
async function resetLinkFor(email: string): Promise<string> {
  const text = await mailTo(email, /change-password\?token=/);
  return /(https?:\/\/\S+change-password\?token=\S+)/.exec(text)![1]!;
}

test('a learner who forgot their password resets it with the e-mailed link, once', async ({ page }) => {
  const email = `reset.${Date.now()}@demo.ng`;
  const response = await page.request.post('/api/Authentication/Account/Student/Register', {
    data: { firstName: 'Bola', lastName: 'Ade', email, password: 'Okra#Soup2026', age: '30-34', country: 'NG' },
  });
  expect(response.ok()).toBe(true);

  await page.goto('/forgot-password');
  await appReady(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Password Reset' }).or(page.getByRole('dialog', { name: 'Password Reset' }))).toBeVisible();

  const link = await resetLinkFor(email);
  // Only the e-mail holds the link: the server's log names the mail, never its token.
  const token = new URL(link).searchParams.get('token')!;
  const log = await readFile(`.tmp/e2e-server-${process.env.E2E_PORT ?? 8181}.log`, 'utf8');
  expect(log).toContain('"template":"password-reset"');
  expect(log).not.toContain(token);
  expect(log).not.toContain(encodeURIComponent(token));
  await page.goto(link);
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await snap(page, 'learner-reset-password');
  await page.getByLabel('New Password', { exact: true }).fill('Jollof#Rice2026');
  await page.getByLabel('Confirm New Password').fill('Jollof#Rice2026');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password Changed')).toBeVisible();
  await snap(page, 'learner-password-changed');
  await page.getByRole('button', { name: 'Got it' }).or(page.getByRole('link', { name: 'Got it' })).click();
  await expect(page).toHaveURL(/\/(#sign-in)?$/);

  const panel = page.locator('form').filter({ has: page.getByRole('button', { name: 'Start learning' }) });
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password', { exact: true }).fill('Jollof#Rice2026');
  await panel.getByRole('button', { name: 'Start learning' }).click();
  await expect(page.getByText('Login successfully')).toBeVisible();

  // The link is spent.
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('Suya#Night2026');
  await page.getByLabel('Confirm New Password').fill('Suya#Night2026');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired. Please request a new one.')).toBeVisible();
});
