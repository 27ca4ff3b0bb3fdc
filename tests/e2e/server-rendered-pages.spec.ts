// Public learner pages arrive with their first screen (docs/decisions/070): the HTML alone shows
// the page; the app then takes it over (hydrates) without fetching what the HTML brought, and
// without errors; a signed-in learner gets their own header, not the visitor's page.
import { expect, test, type Page } from '@playwright/test';
import { appReady, newLearner, register, signIn } from './learner-helpers';

const COURSE = 'Excel for Small Business Owners';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    // Playwright's blocked service worker leaves workbox-window without a registration.
    if (!error.message.includes("reading 'waiting'")) errors.push(error.message);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('server-rendered learner pages', () => {
  test('a course page and the catalogue show without JavaScript, then work without refetching or errors', async ({ browser }) => {
    // The HTML alone (as a phone shows it while the app's code is still on its way).
    const bare = await browser.newContext({ javaScriptEnabled: false });
    const html = await bare.newPage();
    await html.goto('/course/details/1/course');
    await expect(html.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
    await expect(html.getByRole('button', { name: 'Enrol' })).toBeVisible();
    await expect(html.getByRole('link', { name: 'Register Now' })).toBeVisible();
    await html.goto('/course/discovery');
    await expect(html.getByRole('heading', { name: 'Top Popular courses' })).toBeVisible();
    await expect(html.getByRole('main').getByRole('article').first()).toBeVisible();
    await html.screenshot({ path: '.tmp/screenshots/server-rendered-discovery-no-js.png' });
    await bare.close();

    // With the app: the course's answer came in the HTML, so the page does not ask for it again.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    // The heading the server drew is marked before the app runs: hydrating keeps it (a layout
    // re-rendered too early would make React draw the page afresh, every node new).
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const heading = document.querySelector('h1');
        if (heading) heading.dataset.fromServer = '';
      }),
    );
    const errors = collectErrors(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/Course/Course/GetCourseById/') || request.url().includes('/api/Course/Course/Search')) asked.push(request.url());
    });
    await page.goto('/course/details/1/course', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
    await appReady(page);
    await expect(page.locator('h1[data-from-server]')).toHaveText(COURSE);
    // Live data, not 'as last seen' (the answers came with the page).
    await expect(page.getByText(/as last seen/)).toHaveCount(0);
    // Interactive once hydrated: Share opens its dialog (retried: a press before the app runs does nothing).
    await expect(async () => {
      await page.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByRole('dialog', { name: 'Share this Course' })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(page.getByRole('textbox', { name: 'Course link' })).toHaveValue(/\/course\/details\/1\//);
    await page.keyboard.press('Escape');

    // The catalogue: its first search came with the HTML; a new search goes to the server.
    await page.goto('/course/discovery', { waitUntil: 'networkidle' });
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    expect(asked).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('excell');
    await expect(page).toHaveURL(/search=excell/);
    await expect(page.getByRole('heading', { name: COURSE })).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('sign up is drawn before the app runs, its form inert until then, and takes input once it does', async ({ browser }) => {
    const bare = await browser.newContext({ javaScriptEnabled: false });
    const html = await bare.newPage();
    await html.goto('/register');
    await expect(html.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(html.locator('form')).toHaveAttribute('inert', '');
    // Inert: nothing in it can be focused, so nothing typed can be submitted by the browser with the password in the address.
    await html.locator('input[autocomplete="email"]').focus();
    expect(await html.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await html.goto('/forgot-password');
    await expect(html.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
    await expect(html.locator('form').locator('xpath=..')).toHaveAttribute('inert', '');
    await bare.close();

    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/Institution/Countries')) asked.push(request.url());
    });
    await page.goto('/register', { waitUntil: 'networkidle' });
    await appReady(page);
    await expect(page.locator('form')).not.toHaveAttribute('inert');
    await page.getByLabel('First Name').fill('Ada');
    await expect(page.getByLabel('First Name')).toHaveValue('Ada');
    await expect(page.getByRole('button', { name: /Country/ })).toContainText('Nigeria');
    // The external sign-up links come with the app (they are built from the browser's address).
    await expect(page.getByText('Or Sign Up With')).toBeVisible();
    // The country list came with the page.
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a signed-in learner opening a public page sees their own header, not the visitor’s', async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const learner = newLearner('Chidinma', 'Okafor');
    await register(page, learner);
    await signIn(page, learner);
    // A fresh load from the server (no service worker): the HTML is the visitor's page.
    await page.goto('/course/details/1/course');
    await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Chidinma' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
