// The learner walkthrough on a 360 px phone (decision 019), as stories: a visitor presses Enroll
// signed out, is told why the sign-in panel appeared, registers (Nigeria chosen, bands from 18)
// and is back on the course signed in; cards show whole thumbnails and the course's own price;
// a payment's result opens at the top with amount, reference and date; a lesson package fits its
// frame and goes full screen; a finished section is quietly Completed; offline, a course not on
// the phone says so; the privacy notice is linked and opens offline.
import { expect, test, type Page } from '@playwright/test';
import { formatKobo } from '../../shared/domain/money';
import { DEFAULT_RATES, priceCourse } from '../../shared/domain/pricing';
import { appReady, enrolAndOpen, newLearner, register, signIn } from './learner-helpers';
import { PHONE, snap } from './snap';

const FREE_COURSE = 'Time Management for Busy Professionals';
const PAID_COURSE = 'Negotiation Skills for Business';
const PACKAGE_COURSE = 'Google Workspace for Teams';

async function openCourse(page: Page, title: string) {
  await page.goto(`/course/discovery?search=${encodeURIComponent(title)}`);
  await appReady(page);
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await expect(page).toHaveURL(/\/course\/details\//);
  await appReady(page);
}

test.describe('walkthrough fixes', () => {
  test.setTimeout(180_000);

  test('Enroll signed out says why; registering signs in and returns to the course; forgot password names the e-mail', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openCourse(page, FREE_COURSE);
    const coursePath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Enrol' }).first().click();
    const panel = page.getByRole('region', { name: 'Sign In' });
    await expect(panel.getByText(`Sign in to enroll in ${FREE_COURSE}.`, { exact: false })).toBeVisible();
    await snap(page, 'walkthrough-enrol-signed-out');

    await panel.getByRole('link', { name: 'create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByText(`Sign in to enroll in ${FREE_COURSE}.`, { exact: false })).toBeVisible();
    // Nigeria is chosen already and first in the list; each country once; bands start at 18.
    const country = page.getByRole('button', { name: /Country/ });
    await expect(country).toContainText('Nigeria');
    await country.click();
    const countries = page.getByRole('listbox').getByRole('option');
    await expect(countries.first()).toHaveText('Nigeria');
    const names = await countries.allTextContents();
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => n === 'Benin' || n === 'Burkina Faso' || n === 'United Kingdom')).toHaveLength(3);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Age/ }).click();
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText('18-19');
    await page.getByRole('listbox').getByRole('option', { name: '25-29' }).click();

    const learner = newLearner('Chidinma', 'Okafor');
    await page.getByLabel('First Name').fill(learner.firstName);
    await page.getByLabel('Last Name').fill(learner.lastName);
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByLabel('Confirm Password').fill(learner.password);
    await page.getByRole('checkbox').check({ force: true });
    await expect(page.getByRole('main').getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
    await snap(page, 'walkthrough-register');
    await page.getByRole('button', { name: 'Get Started' }).click();

    // Signed in at once and back on the course, where Enroll now enrols.
    await expect(page.getByText('Student created successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${coursePath}$`));
    await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
    await page.getByRole('button', { name: 'Enrol' }).first().click();
    await expect(page.getByRole('button', { name: 'Proceed to Course' }).first()).toBeVisible();

    // A new learner is welcomed, not welcomed back.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${learner.firstName} ${learner.lastName}!`);

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/forgot-password');
    await appReady(page);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Username is required')).toHaveCount(0);
    await snap(page, 'walkthrough-forgot-password');
  });

  test('cards show the whole thumbnail and the course price; the payment result opens at the top with its details', async ({ page }) => {
    const learner = newLearner('Emeka', 'Nwosu');
    await register(page, learner);
    await signIn(page, learner);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to Rivet, ${learner.firstName} ${learner.lastName}!`);
    await snap(page, 'walkthrough-dashboard-new-learner');

    await page.setViewportSize(PHONE);
    await page.goto(`/course/discovery?search=${encodeURIComponent(PAID_COURSE)}`);
    const card = page.getByRole('article').filter({ hasText: PAID_COURSE }).first();
    await expect(card).toBeVisible();
    // The course's own price (₦22,000), not the bill with VAT and the card fee.
    await expect(card.getByText('₦22,000', { exact: true })).toBeVisible();
    const thumb = card.locator('img.course-card__thumb');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = (await thumb.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(1125 / 796, 1);
    await snap(page, 'walkthrough-catalogue');

    await card.getByRole('link', { name: PAID_COURSE, exact: true }).click();
    await expect(page.getByRole('complementary', { name: 'Enrolment' }).getByText('₦22,000')).toBeVisible();
    await page.getByRole('button', { name: 'Enrol' }).first().click();
    await expect(page.getByRole('heading', { name: 'Check Out', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Course Details' }).getByText('₦22,000')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');

    // Declined first: the result is at the top, with what was asked, the reference and the date.
    await page.getByRole('button', { name: /^Pay ₦/ }).click();
    await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Decline (test)' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible({ timeout: 20_000 });
    await expectResultAtTop(page);
    const failed = page.getByLabel('Payment details');
    await expect(failed.getByText(PAID_COURSE)).toBeVisible();
    await expect(failed.getByText(/^RVT-/)).toBeVisible();
    await snap(page, 'walkthrough-payment-failed');

    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: /^Pay ₦/ }).click();
    await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: /^Pay .*\(test\)$/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 });
    await expectResultAtTop(page);
    const paid = page.getByLabel('Payment details');
    await expect(paid.getByText('Amount paid')).toBeVisible();
    await expect(paid.getByText(formatKobo(priceCourse(2_200_000, DEFAULT_RATES).amount), { exact: true })).toBeVisible();
    await expect(paid.getByText(/^RVT-/)).toBeVisible();
    await expect(paid.getByText(/20\d\d/)).toBeVisible();
    await snap(page, 'walkthrough-payment-success');
  });

  test('a package fits its frame at 360 and 1366 px and goes full screen; a finished section is quietly Completed; offline, a course not on the phone says so', async ({ page, context }) => {
    const learner = newLearner('Halima', 'Bello');
    await register(page, learner);
    await signIn(page, learner);
    // Enrolled, never opened on this phone.
    await openCourse(page, FREE_COURSE);
    await page.getByRole('button', { name: 'Enrol' }).first().click();
    await expect(page.getByRole('button', { name: 'Proceed to Course' }).first()).toBeVisible();

    const content = await enrolAndOpen(page, PACKAGE_COURSE);
    const sections = content.videos.flatMap((m) => m.items.map((s) => ({ s, m })));
    const pkg = sections.find(({ s }) => s.courseModuleItemAssets[0]?.assetType === 'compressVideo')!;
    await page.getByRole('button', { name: new RegExp(`Module \\d+ ${pkg.m.title}`) }).first().click();
    await page.getByRole('button', { name: new RegExp(pkg.s.title) }).first().click();
    const iframe = page.locator('iframe.player-stage__media');
    await expect(iframe).toBeVisible();
    for (const size of [PHONE, { width: 1366, height: 900 }]) {
      await page.setViewportSize(size);
      const frame = page.frames().find((f) => f.url().includes('/media/c/'))!;
      await expect.poll(() => frame.evaluate(() => document.readyState)).toBe('complete');
      // The lesson's page (its video and controls included) fits the frame: nothing to scroll inside it.
      const contentHeight = await frame.evaluate(() => document.documentElement.scrollHeight);
      const frameHeight = await iframe.evaluate((f: HTMLIFrameElement) => f.clientHeight);
      expect(contentHeight, `package at ${size.width} px`).toBeLessThanOrEqual(frameHeight);
    }
    await snap(page, 'walkthrough-package');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
    await expect.poll(async () => (await iframe.boundingBox())!.height).toBeGreaterThan(PHONE.height - 80);
    await page.screenshot({ path: '.tmp/screenshots/walkthrough-package-full-screen-phone.png' });
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();

    // Marked complete, and seen again: a quiet state, no button.
    await page.getByRole('button', { name: 'Mark as Completed' }).click();
    await page.getByRole('button', { name: new RegExp(pkg.s.title) }).first().click();
    await expect(page.locator('h1.player__title')).toHaveText(pkg.s.title);
    await expect(page.locator('.player-actions__done')).toHaveText('Completed');
    await expect(page.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
    await snap(page, 'walkthrough-section-completed');

    // Offline on the dashboard: the course never opened here says so, and what cannot work waits.
    await page.goto('/dashboard');
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    const card = page.getByRole('article').filter({ hasText: FREE_COURSE });
    await expect(card.getByRole('button', { name: `Resume: ${FREE_COURSE}` })).toBeEnabled();
    await context.setOffline(true);
    await expect(card.getByText('This course is not on this phone. Download it when you’re back online to study it offline.')).toBeVisible();
    await expect(card.getByRole('button', { name: `Resume: ${FREE_COURSE}` })).toBeDisabled();
    await expect(card.getByRole('button', { name: `Download for offline: ${FREE_COURSE}` })).toBeDisabled();
    await expect(page.getByText(/contact your admin/)).toHaveCount(0);
    await snap(page, 'walkthrough-offline-dashboard');

    // The privacy notice is in the footer and opens offline (a precached route).
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your rights' })).toBeVisible();
    await expect(page.getByText(/Nigeria Data Protection Act 2023/).first()).toBeVisible();
    await context.setOffline(false);
    await page.goto('/terms');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await snap(page, 'walkthrough-privacy');
    await page.goto('/course/facilitators');
    await expect(page.getByText('Earn money for your content')).toBeVisible();
    await snap(page, 'walkthrough-facilitators');
  });
});

/** The result's icon and heading are in view under the header, at the top of the page. */
async function expectResultAtTop(page: Page) {
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const header = (await page.getByRole('banner').boundingBox())!;
  const icon = (await page.locator('.checkout-result__icon').boundingBox())!;
  expect(icon.y).toBeGreaterThanOrEqual(header.y + header.height);
}
