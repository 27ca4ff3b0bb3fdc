// The shared not-ready states (shared/ui/screen-state.tsx) as a learner on a phone meets them:
// a page that is still loading, one whose request failed (with a retry that works), and one
// opened offline that was never saved. The server is real; only the one request is held,
// failed, or cut off by going offline.
import { expect, test, type Page } from '@playwright/test';
import { appReady } from './learner-helpers';
import { PHONE } from './snap';

const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/screenshots/${name}-phone.png`, fullPage: true });

/** A demo course's page address, read from the catalogue as a learner would find it. */
async function firstCourseHref(page: Page): Promise<string> {
  await page.goto('/course/discovery');
  const link = page.getByRole('main').getByRole('article').first().getByRole('link').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!;
}

/** Client-side navigation, as a tap on a link does (an offline reload would need the service worker). */
async function openInApp(page: Page, href: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}

test.describe('screen states on a phone', () => {
  test.use({ viewport: PHONE });

  test('a course page loading, then failing with a retry that loads it', async ({ page }) => {
    const href = await firstCourseHref(page);
    let mode: 'hang' | 'fail' | 'pass' = 'hang';
    const held: Array<() => void> = [];
    await page.route('**/api/Course/Course/GetCourseById/**', async (route) => {
      if (mode === 'pass') return route.continue();
      if (mode === 'fail') return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, description: 'The course service is busy. Please try again.', data: null }) });
      await new Promise<void>((resolve) => held.push(resolve));
      return route.abort();
    });

    // A course page arrives drawn by the server (decision 070); these states are the app's own,
    // met when it asks for a course itself: opened from another page.
    await appReady(page);
    await openInApp(page, href);
    await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    await shot(page, 'state-course-loading');

    // The held request is cut off; the app's one retry is answered 503.
    mode = 'fail';
    held.forEach((release) => release());
    await expect(page.getByText('The course service is busy. Please try again.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Courses' })).toBeVisible();
    await shot(page, 'state-course-error');

    mode = 'pass';
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('complementary', { name: 'Enrolment' })).toBeVisible();
  });

  test('programs and a program opened offline, never seen before', async ({ page, context }) => {
    // The screens' code is fetched online first (without the service worker an offline app has
    // only what it loaded), their data is not: nothing is saved for them.
    await page.route('**/api/Course/Course/Search**', (route) => route.abort('internetdisconnected'));
    await page.goto('/course/program-landing?courseId=987654');
    await expect(page.getByRole('heading', { name: 'Program not found' })).toBeVisible();
    await openInApp(page, '/course/programs');
    await expect(page.getByRole('button', { name: 'Try again' }).first()).toBeVisible();
    await openInApp(page, '/');
    await expect(page.getByRole('main')).toBeVisible();
    await page.unroute('**/api/Course/Course/Search**');
    await context.setOffline(true);

    await openInApp(page, '/course/program-landing?courseId=987654');
    await expect(page.getByText("This program will show when you're back online.")).toBeVisible();
    await expect(page.getByText("You're offline.").first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'See all programs' })).toBeVisible();
    await shot(page, 'state-program-offline');

    await openInApp(page, '/course/programs');
    await expect(page.getByText("Programs will show when you're back online.")).toBeVisible();
    await shot(page, 'state-programs-offline');

    await context.setOffline(false);
    await expect(page.getByRole('region', { name: /Programs from Top Partners|Career Related Programs/ }).first()).toBeVisible();
  });
});
