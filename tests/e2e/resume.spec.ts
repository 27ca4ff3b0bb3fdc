// Resume opens where the learner was, not the last lesson they finished: a learner finishes lesson
// 1, opens lesson 3, leaves without doing anything there, and the course page's Proceed, the
// dashboard's Resume and 'Keep making progress' all open lesson 3. Then the same with lesson 3
// opened offline: the app started again without a network opens it from the phone's copy, and
// back online the server has the place too.
import { expect, test, type Page } from '@playwright/test';
import type { PlayerContent, PlayerSection } from '../../shared/api/learning';
import { accessToken, enrolAndOpen, newLearner, readOutbox, register, serverContent, signIn, userIdOf } from './learner-helpers';
import { snap } from './snap';

// Module 1: a video, an article, a picture.
const COURSE = 'Google Workspace for Teams';

const title = (page: Page) => page.locator('h1.player__title');

/** Lesson 1 (the video) watched to its end; the player goes on to lesson 2 by itself. */
async function finishLessonOne(page: Page, content: PlayerContent): Promise<PlayerSection[]> {
  const lessons = content.videos[0]!.items;
  await expect(title(page)).toHaveText(lessons[0]!.title);
  await page.locator('video').evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    if (v.readyState < 1) await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
    v.currentTime = Math.max(0, v.duration - 1);
  });
  await expect(title(page)).toHaveText(lessons[1]!.title);
  return lessons;
}

async function openInOutline(page: Page, lesson: PlayerSection) {
  await page.getByRole('complementary', { name: 'Course content' }).getByRole('button', { name: new RegExp(lesson.title) }).first().click();
  await expect(title(page)).toHaveText(lesson.title);
}

const resume = (page: Page) => page.getByRole('button', { name: `Resume: ${COURSE}` }).first();

test.describe('resuming a course', () => {
  test.setTimeout(180_000);

  test('Resume opens the lesson the learner opened and left, not the last one finished', async ({ page }) => {
    const learner = newLearner('Kelechi', 'Uba');
    await register(page, learner);
    await signIn(page, learner);
    const content = await enrolAndOpen(page, COURSE);
    const lessons = await finishLessonOne(page, content);
    await openInOutline(page, lessons[2]!);

    // Left for the course page: Proceed to Course opens lesson 3.
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.getByRole('button', { name: 'Proceed to Course' }).first().click();
    await expect(title(page)).toHaveText(lessons[2]!.title);

    // The app opened again: the dashboard's Resume and its banner open lesson 3.
    await page.goto('/dashboard');
    await expect(resume(page)).toBeVisible();
    await snap(page, 'resume-dashboard');
    await resume(page).click();
    await expect(title(page)).toHaveText(lessons[2]!.title);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Keep making progress' }).click();
    await expect(title(page)).toHaveText(lessons[2]!.title);

    const held = await serverContent(page.request, await accessToken(page.request), await userIdOf(page), content.courseId);
    expect({ module: held.currentModule, section: held.currentSection }).toEqual({ module: content.videos[0]!.courseModuleId, section: lessons[2]!.courseModuleItemId });
  });

  test('offline too: the lesson opened without a network is where Resume opens, and the server learns it later', async ({ page, context }) => {
    const learner = newLearner('Zainab', 'Bello');
    await register(page, learner);
    await signIn(page, learner);
    const content = await enrolAndOpen(page, COURSE);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const lessons = await finishLessonOne(page, content);
    // The finished lesson and the opening of lesson 2 have reached the server.
    await expect.poll(async () => (await readOutbox(page)).length).toBe(0);

    await context.setOffline(true);
    await openInOutline(page, lessons[2]!);
    await expect.poll(async () => (await readOutbox(page)).map((e) => e.event)).toEqual([expect.objectContaining({ type: 'progress', currentSection: lessons[2]!.courseModuleItemId })]);

    // The app is started again without a network.
    await page.goto('/dashboard');
    await expect(page.getByText(/You're offline/).first()).toBeVisible();
    await expect(resume(page)).toBeVisible();
    await snap(page, 'resume-dashboard-offline');
    await resume(page).click();
    await expect(title(page)).toHaveText(lessons[2]!.title);

    await context.setOffline(false);
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: 45_000 }).toBe(0);
    const held = await serverContent(page.request, await accessToken(page.request), await userIdOf(page), content.courseId);
    expect(held.currentSection).toBe(lessons[2]!.courseModuleItemId);
  });
});
