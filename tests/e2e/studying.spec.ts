// A learner's whole course, as they would do it: enrol in a free course, watch, read, look, play
// the lesson package, take the quizzes (a practice quiz answered all wrong, which does not count;
// the certificate quiz, marked by the server, failed once then passed), answer the survey, reach the
// completion page, download the certificate and check it on the public verification page, then
// find the course under Completed on the dashboard and the profile.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import type { PlayerContent } from '../../shared/api/learning';
import { answerQuiz as answerQuizOn, isContent, quizRegion, signIn } from './learner-helpers';
import { snap } from './snap';

const COURSE = 'Google Workspace for Teams';
const learner = { firstName: 'Ngozi', lastName: 'Okonkwo', email: `ngozi.${Date.now()}@demo.ng`, password: 'Garri#Soup2026' };

/** The quiz answered on screen; the first wrong answer checked is photographed. */
const answerQuiz = (page: Parameters<typeof answerQuizOn>[0], section: Parameters<typeof answerQuizOn>[1], mode: 'right' | 'wrong', start = true) =>
  answerQuizOn(page, section, mode, start, async (n) => {
    if (n === 0 && mode === 'wrong') await snap(page, 'player-quiz-checked');
  });

test.describe('studying a course', () => {
  test.setTimeout(240_000);

  test('a learner studies a free course to its certificate', async ({ page, baseURL }) => {
    const registered = await page.request.post('/api/Authentication/Account/Student/Register', {
      data: { ...learner, age: '25-29', country: 'NG' },
    });
    expect(registered.ok()).toBe(true);
    await signIn(page, learner);

    // Enrol from the course page.
    await page.goto(`/course/discovery?search=${encodeURIComponent(COURSE)}`);
    await page.getByRole('link', { name: COURSE, exact: true }).first().click();
    // What the author entered in Additional Information, and the length from the content (decision 080).
    const hero = page.locator('.course-hero');
    await expect(hero.getByText('Share, edit and meet without emailing attachments')).toBeVisible();
    await expect(hero.getByText('Instructor: Hauwa Abdullahi')).toBeVisible();
    const details = page.getByRole('region', { name: 'Course details' });
    const fact = (term: string) => details.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(fact('Instructor')).toHaveText('Hauwa Abdullahi');
    await expect(fact('Effort')).toHaveText('1 to 3 hours per week');
    await expect(fact('Duration')).toHaveText(/^(\d+ mins?|\d+ hours?|\d+ hrs? \d+ mins?)$/);
    await expect(fact('Duration')).not.toHaveText(/^(0|1) mins?$/);
    await snap(page, 'course-page-facts');
    await page.getByRole('button', { name: 'Enrol' }).first().click();
    const proceed = page.getByRole('button', { name: 'Proceed to Course' }).first();
    await expect(proceed).toBeVisible();
    const contentAnswer = page.waitForResponse(isContent);
    await proceed.click();
    await expect(page).toHaveURL(/\/course\/delivery\?courseId=\d+/);
    const content = (await (await contentAnswer).json()).data as PlayerContent;
    const sections = content.videos.flatMap((m) => m.items.map((s) => ({ section: s, module: m })));
    const title = page.getByRole('heading', { level: 1 });

    for (const [index, { section, module }] of sections.entries()) {
      await expect(title).toHaveText(section.title);
      const asset = section.courseModuleItemAssets[0]!;
      const lastOfModule = module.items.at(-1)!.courseModuleItemId === section.courseModuleItemId;
      const next = sections[index + 1];
      switch (asset.assetType) {
        case 'video': {
          const video = page.locator('video');
          await expect(video).toBeVisible();
          // Watch the end of the lesson: jump to its last second and let it play out.
          await video.evaluate(async (v: HTMLVideoElement) => {
            if (v.readyState < 1) await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
            v.muted = true;
            v.currentTime = Math.max(0, v.duration - 1);
            await v.play();
          });
          if (index === 0) {
            await expect(video).toHaveJSProperty('volume', 0.8);
            await snap(page, 'player-video');
          }
          break;
        }
        case 'compressVideo': {
          const frame = page.frameLocator('iframe[sandbox="allow-scripts"]');
          await expect(frame.locator('video')).toBeAttached();
          await snap(page, 'player-package');
          await page.getByRole('button', { name: 'Mark as Completed' }).click();
          break;
        }
        case 'article':
        case 'image': {
          // Named by its author's alt text, never the file name (decision 093).
          if (asset.assetType === 'image') await expect(page.getByRole('img', { name: asset.altText!, exact: true })).toBeVisible();
          if (index < 3) await snap(page, `player-${asset.assetType}`);
          await page.getByRole('button', { name: 'Mark as Completed' }).click();
          break;
        }
        case 'quiz': {
          const quiz = asset.quiz!;
          const region = quizRegion(page, quiz);
          if (!quiz.requiredNextModule) {
            // A practice quiz answered all wrong: the score, honestly; it does not count toward
            // the certificate, is never called passed, and the way on is Next.
            await answerQuiz(page, section, 'wrong');
            await expect(region.getByText(`0/${quiz.data.length}`)).toBeVisible();
            await expect(region.getByText('Practice quiz: this score does not count toward your certificate.')).toBeVisible();
            await expect(region.getByText(/passed|Quiz completed/i)).toHaveCount(0);
            await snap(page, 'quiz-practice-result');
            await region.getByRole('button', { name: 'Next' }).click();
            break;
          }
          // The certificate quiz says what it takes to pass before it starts.
          await expect(region.getByText('Required for your certificate')).toBeVisible();
          await expect(region.getByText(new RegExp(`^Pass mark: ${quiz.passMark}% \\(\\d+ of ${quiz.data.length} right\\)$`))).toBeVisible();
          await snap(page, 'quiz-certificate-before-start');
          // Fail once: not passed, so Try again (or Retry Quiz) is the way on, never Next.
          await answerQuiz(page, section, 'wrong');
          await expect(region.getByText(new RegExp(`^Not passed: you need ${quiz.passMark}%`))).toBeVisible();
          await expect(region.getByRole('button', { name: 'Next' })).toHaveCount(0);
          await snap(page, 'quiz-certificate-failed');
          await region.getByRole('button', { name: 'View Result' }).click();
          await expect(region.getByText(/You got 0 out of \d+ question\(s\) correct on your first attempt/)).toBeVisible();
          await expect(region.getByRole('button', { name: 'Continue' })).toHaveCount(0);
          // Which answers were wrong, never what the right ones are: the key stays on the server.
          await expect(region.getByText(/Correct answers?:/)).toHaveCount(0);
          await snap(page, 'player-quiz-failed');
          await region.getByRole('button', { name: 'Retry Quiz' }).click();
          await answerQuiz(page, section, 'right', false);
          await expect(region.getByText(new RegExp(`^You passed: 100%, the pass mark is ${quiz.passMark}%`))).toBeVisible();
          await snap(page, 'quiz-certificate-passed');
          await region.getByRole('button', { name: 'View Result' }).click();
          await expect(region.getByText(/correct on attempt 2/)).toBeVisible();
          await snap(page, 'player-quiz-passed');
          await region.getByRole('button', { name: 'Continue' }).click();
          break;
        }
        default:
          throw new Error(`unexpected section type ${asset.assetType}`);
      }
      // The end of a module asks before moving on, unless the next module opens with a quiz.
      if (lastOfModule && next && next.section.courseModuleItemAssets[0]?.assetType !== 'quiz') {
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('button', { name: 'Complete and Continue' })).toBeVisible();
        if (module.courseModuleId === content.videos[0]!.courseModuleId) await snap(page, 'player-module-end');
        await dialog.getByRole('button', { name: 'Complete and Continue' }).click();
      }
    }

    // The course has a survey: the player goes there.
    await expect(page).toHaveURL(new RegExp(`/course/${content.courseId}/survey$`));
    await expect(page.getByText('Less than 5 Minutes')).toBeVisible();
    await snap(page, 'survey-intro');
    await page.getByRole('button', { name: 'Start Survey' }).click();
    await page.getByRole('radio', { name: 'Very useful', exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox').fill('More examples with Google Sheets, please.');
    await snap(page, 'survey-question');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('radio', { name: 'Very useful', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('textbox')).toHaveValue('More examples with Google Sheets, please.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: '9', exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Survey Submitted' })).toBeVisible();
    await snap(page, 'survey-submitted');

    // Completion and the certificate.
    await page.getByRole('link', { name: 'View your Achievement' }).click();
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
    await expect(page.getByText(COURSE).first()).toBeVisible();
    await snap(page, 'course-completed');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Certificate' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('certificate.pdf');
    const pdf = new Uint8Array(readFileSync(await download.path()));
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    const certificateId = /RVT-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(text)?.[0];
    expect(certificateId, text).toBeDefined();
    expect(text).toContain(`${learner.firstName} ${learner.lastName}`);
    expect(text).toContain(COURSE);

    // The certificate view and the public verification page (signed out too).
    await page.goto(`/certificate?courseId=${content.courseId}`);
    await expect(page.getByText(certificateId!).first()).toBeVisible();
    await snap(page, 'certificate-view');
    const verify = await page.context().browser()!.newPage({ baseURL });
    await verify.goto(`/certificate/verify/${certificateId}`);
    await expect(verify.getByRole('heading', { name: 'Certificate verified' })).toBeVisible();
    await expect(verify.getByText(`${learner.firstName} ${learner.lastName}`)).toBeVisible();
    await snap(verify, 'certificate-verify');
    await verify.close();

    // The dashboard says every course is done (not '0 active courses' and Keep making progress),
    // opens on Completed Courses, and the profile lists it as completed.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: `Welcome back, ${learner.firstName} ${learner.lastName}!` })).toBeVisible();
    const done = page.getByRole('region', { name: 'You’ve completed all your courses' });
    await expect(done).toBeVisible();
    await expect(done.getByRole('link', { name: 'Explore more courses' })).toHaveAttribute('href', '/course/discovery');
    await expect(page.getByText('Your course is completed')).toBeVisible();
    await expect(page.getByText('(0 active courses)')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Keep making progress' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Completed Courses' })).toHaveAttribute('aria-selected', 'true');
    await snap(page, 'dashboard-all-complete');
    await page.getByRole('tab', { name: 'Active Courses' }).click();
    await expect(page.getByText('You have no active courses yet')).toBeVisible();
    await done.getByRole('link', { name: 'See your certificates' }).click();
    await expect(page.getByRole('tab', { name: 'Completed Courses' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByText(COURSE)).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Get certificate' })).toBeVisible();
    await snap(page, 'dashboard-completed');
    await page.goto('/profile');
    await expect(page.getByText('You have successfully completed the following courses')).toBeVisible();
    await expect(page.getByText(COURSE)).toBeVisible();
    await snap(page, 'profile-completed');
  });
});
