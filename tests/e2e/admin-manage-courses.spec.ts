// Manage Courses (spec 002 §2.9, §3, §4, §8; decision 045). UNILAG's admin finds a published demo
// course of their partner, opens its detail with the statistics and the weekly views chart, and
// deactivates it: learners can no longer open or find it. The story activates it again at the end
// (also when a step fails) so the other stories find the demo catalogue as it was.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

// A free UNILAG demo course with enrolled learners that no other story uses.
const TITLE = 'Touch Typing and Keyboard Shortcuts';

const learnerCanOpen = async (request: APIRequestContext, courseId: number) => (await request.get(`/api/Course/Course/GetCourseById/${courseId}`)).status();
async function catalogueTitles(request: APIRequestContext, text: string): Promise<string[]> {
  const res = await request.post('/api/Course/Course/Search', { data: { parameter: text } });
  expect(res.ok()).toBe(true);
  return ((await res.json()).data.items as { title: string }[]).map((i) => i.title);
}

async function ensureActive(page: Page) {
  const activate = page.getByRole('button', { name: 'Activate course', exact: true });
  if (await activate.isVisible().catch(() => false)) {
    await activate.click();
    await expect(page.getByRole('button', { name: 'Deactivate course', exact: true })).toBeVisible();
  }
}

test('an institution admin follows a published course’s statistics and takes it out of the catalogue and back', async ({ page, request }) => {
  await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
  await page.getByRole('link', { name: 'Manage Course', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/manage-course$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Courses' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Course' })).toBeVisible();
  const published = page.getByRole('list', { name: 'Published Courses' });
  await expect(published.getByRole('article').first()).toBeVisible();

  // See All Programs (§2.9): only the partner's featured courses, in the address; See All Courses goes back.
  await page.getByRole('link', { name: 'See All Programs' }).click();
  await expect(page).toHaveURL(/\/admin\/manage-course\?programs$/);
  const programs = page.getByRole('list', { name: 'Programs' });
  await expect(programs.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Draft Courses' })).toHaveCount(0);
  await snapDesktop(page, 'admin-manage-courses-programs');
  await page.getByRole('link', { name: 'See All Courses' }).click();
  await expect(published.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Draft Courses/ })).toBeVisible();
  await snapDesktop(page, 'admin-manage-courses');

  await page.getByRole('textbox', { name: 'Search' }).fill(TITLE);
  await page.getByRole('button', { name: 'Search' }).click();
  const card = published.getByRole('article').filter({ hasText: TITLE });
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: `Explore: ${TITLE}` }).click();
  await expect(page).toHaveURL(/\/admin\/explore-course\?courseId=\d+$/);
  const courseId = Number(new URL(page.url()).searchParams.get('courseId'));

  try {
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    for (const label of ['Total Revenue', 'Total Students', 'Active Students', 'Monthly Views', 'Weekly Views']) await expect(page.getByText(label, { exact: true })).toBeVisible();
    // The chart is drawn, and its figures are there as a table for screen readers.
    await expect(page.locator('.mc-chart canvas')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Views in the last seven days' }).getByRole('row')).toHaveCount(8);
    await ensureActive(page);
    await snapDesktop(page, 'admin-course-detail');
    expect(await learnerCanOpen(request, courseId)).toBe(200);
    expect(await catalogueTitles(request, 'Touch Typing')).toContain(TITLE);

    await page.getByRole('button', { name: 'Deactivate course', exact: true }).click();
    await expect(page.getByText('Course Deactivated successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Activate course', exact: true })).toBeVisible();
    await expect(page.getByText('Deactivated', { exact: true })).toBeVisible();
    await snapDesktop(page, 'admin-course-detail-deactivated');
    // Learners can no longer open it, nor find it (a search nobody has made yet, so not a cached answer).
    expect(await learnerCanOpen(request, courseId)).toBe(404);
    expect(await catalogueTitles(request, 'Keyboard Shortcuts')).not.toContain(TITLE);

    await page.getByRole('button', { name: 'Activate course', exact: true }).click();
    await expect(page.getByText('Course Activated successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deactivate course', exact: true })).toBeVisible();
    expect(await learnerCanOpen(request, courseId)).toBe(200);
  } finally {
    await ensureActive(page);
  }
});
