// Steps the learner stories share: registering, enrolling, studying each kind of section as a
// learner would, and looking into what the phone keeps (the outbox) and what the server holds.
import { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';
import type { LearnerEvent, PlayerContent, PlayerModule, PlayerSection, Quiz } from '../../shared/api/learning';
import { DIGITAL_SKILLS } from '../../server/src/db/seed/catalogue/courses-digital';
import { LEADERSHIP } from '../../server/src/db/seed/catalogue/courses-leadership';
import { PRODUCTIVITY } from '../../server/src/db/seed/catalogue/courses-productivity';
import { buildCurriculum } from '../../server/src/db/seed/catalogue/curriculum';

export interface Learner {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export const newLearner = (firstName: string, lastName: string): Learner => ({
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@demo.ng`,
  password: 'Garri#Soup2026',
});

/** Waits until the app has taken over the page (a page the server drew ignores presses before that; decision 070). */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

export const plain = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

export async function register(page: Page, learner: Learner): Promise<void> {
  const registered = await page.request.post('/api/Authentication/Account/Student/Register', { data: { ...learner, age: '25-29', country: 'NG' } });
  expect(registered.ok()).toBe(true);
}

export async function signIn(page: Page, learner: Pick<Learner, 'email' | 'password'>): Promise<void> {
  await page.goto('/#sign-in');
  const panel = page.locator('form').filter({ has: page.getByRole('button', { name: 'Start learning' }) });
  await panel.getByLabel('Email').fill(learner.email);
  await panel.getByLabel('Password', { exact: true }).fill(learner.password);
  await panel.getByRole('button', { name: 'Start learning' }).click();
  await expect(page.getByText('Login successfully')).toBeVisible({ timeout: 30_000 });
}

export const isContent = (r: Response) => /\/api\/Course\/Course\/Enrolled\/Details\//.test(r.url()) && r.request().method() === 'GET';

/** Enrols in a free course from its page and opens the player; resolves with the course's content. */
export async function enrolAndOpen(page: Page, course: string): Promise<PlayerContent> {
  await page.goto(`/course/discovery?search=${encodeURIComponent(course)}`);
  await page.getByRole('link', { name: course, exact: true }).first().click();
  await page.getByRole('button', { name: 'Enrol' }).first().click();
  const proceed = page.getByRole('button', { name: 'Proceed to Course' }).first();
  await expect(proceed).toBeVisible();
  const contentAnswer = page.waitForResponse(isContent);
  await proceed.click();
  await expect(page).toHaveURL(/\/course\/delivery\?courseId=\d+/);
  return (await (await contentAnswer).json()).data as PlayerContent;
}

let authored: Map<string, string[]> | null = null;

/**
 * The right answers to a demo quiz question, as its author wrote them (the seed). A quiz Required
 * for Certificate reaches the phone without its key, so the learner in these stories knows the
 * answers the way a learner who studied would: not from the app.
 */
function rightAnswers(question: Quiz['data'][number]): string[] {
  if (question.options.every((o) => o.isAnswer !== null)) return question.options.filter((o) => o.isAnswer).map((o) => o.title);
  authored ??= new Map(
    [PRODUCTIVITY, DIGITAL_SKILLS, LEADERSHIP].flatMap((category) =>
      category.courses.flatMap((course) =>
        buildCurriculum(course, category.code).flatMap((m) =>
          m.sections.flatMap(({ asset }) => (asset.quiz?.data ?? []).map((q) => [plain(q.question), q.options.filter((o) => o.isAnswer).map((o) => o.title)] as const)),
        ),
      ),
    ),
  );
  const titles = authored.get(plain(question.question));
  expect(titles, `authored answers to ${question.question}`).toBeDefined();
  return titles!;
}

/** The quiz on screen, as a region named after it (its buttons apart from the player's own). */
export const quizRegion = (page: Page, quiz: Quiz): Locator => page.getByRole('region', { name: quiz.name });

/**
 * Answers the quiz on screen: every question right, or (wrong) every question wrong. A practice
 * quiz checks each answer (Check Answer, then Proceed); a quiz Required for Certificate has no
 * Check Answer: choose, Proceed, and Submit answers at the last. `afterCheck` runs once each
 * answer is checked or chosen (e.g. to photograph it).
 */
export async function answerQuiz(page: Page, section: PlayerSection, mode: 'right' | 'wrong', start = true, afterCheck?: (n: number) => Promise<void>): Promise<void> {
  const quiz = section.courseModuleItemAssets[0]!.quiz!;
  const region = quizRegion(page, quiz);
  const keyed = !quiz.requiredNextModule;
  // Retry Quiz goes straight back to the first question; the intro is for the first visit.
  if (start) await region.getByRole('button', { name: 'Start Quiz' }).click();
  for (let n = 0; n < quiz.data.length; n++) {
    await expect(region.getByRole('heading', { name: `Question ${n + 1} of ${quiz.data.length}` })).toBeVisible();
    const shown = plain((await region.locator('.quiz__question').innerText()) ?? '');
    const question = quiz.data.find((q) => plain(q.question) === shown);
    expect(question, `question on screen: ${shown}`).toBeDefined();
    const role = question!.type === 0 ? 'radio' : 'checkbox';
    const right = rightAnswers(question!);
    const picks = mode === 'right' ? right : [question!.options.find((o) => !right.includes(o.title))!.title];
    for (const title of picks) await region.getByRole(role, { name: title, exact: true }).check({ force: true });
    if (keyed) {
      await region.getByRole('button', { name: 'Check Answer' }).click();
      await expect(region.getByText(mode === 'right' ? 'Correct Answer' : 'Wrong Answer')).toBeVisible();
      await afterCheck?.(n);
      await region.getByRole('button', { name: 'Proceed' }).click();
    } else {
      await afterCheck?.(n);
      await region.getByRole('button', { name: n + 1 === quiz.data.length ? 'Submit answers' : 'Proceed' }).click();
    }
  }
  await expect(region.getByRole('heading', { name: 'Complete!' })).toBeVisible();
}

/** On the Complete! screen: the server's marks (View Result is offered), or answers kept on the phone to be marked online. */
export async function quizOutcome(page: Page, quiz: Quiz): Promise<'marked' | 'awaiting-marks'> {
  const region = quizRegion(page, quiz);
  const awaiting = region.getByText('Your answers are saved and will be marked when you are back online.');
  await expect(region.getByRole('button', { name: 'View Result' }).or(awaiting)).toBeVisible();
  return (await awaiting.isVisible()) ? 'awaiting-marks' : 'marked';
}

export interface Step {
  index: number;
  section: PlayerSection;
  module: PlayerModule;
}

/**
 * Studies every section in order the way a learner does (videos played to their end, the
 * package, articles and pictures marked completed, quizzes answered right), through the module
 * ends, until the player leaves for the survey or the completion page. `between` runs before
 * each section (e.g. to flip the network). Offline, the last section's certificate quiz cannot be
 * marked: the study stops on its screen ('awaiting-marks') until the network is back.
 */
export async function studyWholeCourse(page: Page, content: PlayerContent, between?: (step: Step) => Promise<void>): Promise<'left' | 'awaiting-marks'> {
  const steps = content.videos.flatMap((module) => module.items.map((section) => ({ section, module })));
  const title = page.locator('h1.player__title');
  for (const [index, { section, module }] of steps.entries()) {
    await between?.({ index, section, module });
    await expect(title).toHaveText(section.title);
    const asset = section.courseModuleItemAssets[0]!;
    const lastOfModule = module.items.at(-1)!.courseModuleItemId === section.courseModuleItemId;
    const next = steps[index + 1];
    switch (asset.assetType) {
      case 'video': {
        const video = page.locator('video');
        await expect(video).toBeVisible();
        await video.evaluate(async (v: HTMLVideoElement) => {
          v.muted = true;
          // The player fetches nothing before play (data costs money): play, then seek near the end
          // (offline the service worker answers from the cache) and let it play out.
          await v.play();
          if (v.readyState < 1) await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
          v.currentTime = Math.max(0, v.duration - 1);
        });
        break;
      }
      case 'compressVideo':
      case 'article':
      case 'image':
        // Named by its author's alt text, never by the file name (decision 093).
        if (asset.assetType === 'image') {
          expect(asset.altText, `alt text of ${asset.title}`).toBeTruthy();
          await expect(page.getByRole('img', { name: asset.altText!, exact: true })).toBeVisible();
        }
        await page.getByRole('button', { name: 'Mark as Completed' }).click();
        break;
      case 'quiz': {
        await answerQuiz(page, section, 'right');
        const region = quizRegion(page, asset.quiz!);
        if ((await quizOutcome(page, asset.quiz!)) === 'awaiting-marks') {
          if (!next) return 'awaiting-marks';
          await region.getByRole('button', { name: 'Next' }).click();
          break;
        }
        await region.getByRole('button', { name: 'View Result' }).click();
        await region.getByRole('button', { name: 'Continue' }).click();
        break;
      }
      default:
        throw new Error(`unexpected section type ${asset.assetType}`);
    }
    if (lastOfModule && next && next.section.courseModuleItemAssets[0]?.assetType !== 'quiz') {
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Complete and Continue' }).click();
    }
  }
  return 'left';
}

/** Answers the demo 'Course feedback' survey (three questions) and submits it. */
export async function answerSurvey(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start Survey' }).click();
  await page.getByRole('radio', { name: 'Very useful', exact: true }).check({ force: true });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox').fill('Studied on the bus, offline.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: '9', exact: true }).check({ force: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Survey Submitted' })).toBeVisible();
}

export interface QueuedEntry {
  eventId: string;
  state: 'pending' | 'parked';
  attempts: number;
  status: number | null;
  reason: string | null;
  event: LearnerEvent;
}

/** What waits in the phone's outbox (IndexedDB 'rivet-learner', store 'outbox'). */
export function readOutbox(page: Page): Promise<QueuedEntry[]> {
  return page.evaluate(
    () =>
      new Promise<QueuedEntry[]>((resolve, reject) => {
        const open = indexedDB.open('rivet-learner');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) return resolve([]);
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => resolve(all.result as QueuedEntry[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/**
 * Waits until the page has delivered what its outbox held: nothing pending. The page sends a
 * learner's event itself, at once; reloading or leaving before that send has left cuts it off, and
 * the event then waits for the next page's start-up replay (1.5 s after it starts), which a story
 * that reloads every second can keep cutting off too (decision 068). Call it once the screen shows
 * the act was taken (the player went on, the tick shows): before that the event may not be queued yet.
 */
export async function outboxDelivered(page: Page, timeout = 10_000): Promise<void> {
  await expect
    .poll(async () => (await readOutbox(page)).filter((e) => e.state === 'pending').map((e) => e.event.type), { timeout, message: 'events still waiting in the outbox' })
    .toEqual([]);
}

/** An access token from the learner's refresh cookie, for checking the server's side directly. */
export async function accessToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/Authentication/Account/RefreshToken', { data: { app: 'learner' } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data.accessToken as string;
}

/** The course as the server holds it for this learner. */
export async function serverContent(request: APIRequestContext, token: string, userId: string, courseId: number): Promise<PlayerContent> {
  const answer = await request.get(`/api/Course/Course/Enrolled/Details/${userId}/${courseId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data as PlayerContent;
}

/**
 * Sends the events again, as they were queued: a server that applied each one already answers
 * every one 'duplicate' (each was applied, and only once: the server applies an event id at most once).
 */
export async function resendOutcomes(request: APIRequestContext, token: string, userId: string, events: LearnerEvent[]): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < events.length; i += 100) {
    const answer = await request.post(`/api/Course/Course/Events/${userId}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { events: events.slice(i, i + 100) },
    });
    expect(answer.ok()).toBe(true);
    outcomes.push(...((await answer.json()).data.results as { outcome: string }[]).map((r) => r.outcome));
  }
  return outcomes;
}

export const userIdOf = (page: Page): Promise<string> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('rivet.learner.session') ?? '{}') as { userId: string }).userId);
