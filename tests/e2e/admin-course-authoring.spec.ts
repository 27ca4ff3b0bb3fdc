// Issue 15's whole story (spec 001 §2.1–§2.7, §4, §5, §8, §9; decisions 029–032, 036): a new
// institution admin — made by this story through Manage Users, signing in with the e-mailed
// one-time password — builds a paid course: Basic Setup; Additional Information with a thumbnail,
// a banner and a promotional video (uploaded in chunks); a curriculum with a real ffmpeg-made video
// whose upload loses its connection halfway and resumes from the first missing chunk (the server
// ends up with the file whole), a lesson package zip, an article, an image and a quiz; waits for
// media processing to make them 'ready'; previews the course in the learner's player; then
// Pricing, Calculate Price and Submit for Review. The course waits for review and no learner can find it.
// Every step is photographed at 1366 and 1024 px.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { fillAdditionalInformation, fillBasicSetup, picture } from './course-wizard-helpers';
import { newUnilagAdmin, snapDesktop } from './staff-helpers';

/** The e2e server's data directory (playwright.config.ts), where uploaded files land. */
const DATA_DIR = join('.tmp', `e2e-data-${process.env.E2E_PORT ?? 8181}`);
const stamp = Date.now().toString(36);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Both console widths, from the top of the page (a full-page shot taken scrolled down draws the fixed header mid-page). */
async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapDesktop(page, name);
}

let dir: string;
let lessonVideo: string;
let promoVideo: string;
let lessonPackage: string;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rivet-e2e-authoring-'));
  // About 2.5 MB of real H.264 (noise compresses badly): three 1 MiB chunks, so one can be cut.
  lessonVideo = join(dir, `ledger-walkthrough-${stamp}.mp4`);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'nullsrc=size=640x360:rate=25', '-filter_complex', '[0][1]blend=all_mode=addition,noise=alls=60:allf=t', '-t', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-b:v', '7M', '-movflags', '+faststart', lessonVideo]);
  // A short promo with sound, small enough for one chunk.
  promoVideo = join(dir, `promo-${stamp}.mp4`);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', promoVideo]);
  // A lesson package: a zip with index.html at its root and the files it names (decision 012).
  lessonPackage = join(dir, `ledger-practice-${stamp}.zip`);
  writeFileSync(
    lessonPackage,
    zipSync({
      'index.html': strToU8('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ledger practice</title><link rel="stylesheet" href="style.css"></head><body><h1>Ledger practice</h1><p>Fill in the week’s sales.</p><img src="images/ledger.svg" alt="A ledger page"></body></html>'),
      'style.css': strToU8('body { font-family: sans-serif; margin: 1rem; } h1 { color: #0b2e6f; }'),
      'images/ledger.svg': strToU8('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120"><rect width="200" height="120" fill="#a3d40f"/><text x="20" y="65">Ledger</text></svg>'),
    }),
  );
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function addContent(page: Page, where: string, type: 'Video' | 'Compressed Video' | 'Article' | 'Quiz' | 'Image') {
  await page.getByRole('button', { name: `Add content to ${where}` }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
}

/** Browses for `path` in the open uploader modal, waits for it to finish and uses it. */
async function uploadAndUse(page: Page, dialogName: string, path: string) {
  const uploader = page.getByRole('dialog', { name: dialogName });
  const chooser = page.waitForEvent('filechooser');
  await uploader.getByRole('button', { name: 'Browse' }).click();
  await (await chooser).setFiles(path);
  const name = path.split('/').pop()!;
  await uploader.getByRole('list', { name: 'Uploads' }).getByRole('button', { name: `Use ${name}` }).click({ timeout: 30_000 });
  await expect(uploader).toBeHidden();
}

test('a new institution admin builds a paid course with every kind of content, submits it, and learners cannot see it', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const title = `E2E Authored Course ${stamp}`;
  await newUnilagAdmin(page, browser, baseURL, { userName: `e2e.author.${stamp}`, firstName: 'Tolu', lastName: 'Author', password: 'Author#Unilag2026' });

  // Basic Setup.
  await page.goto('/admin/create-course');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Course' })).toBeVisible();
  await fillBasicSetup(page, { title, paid: true, survey: false });
  await snap(page, 'admin-authoring-1-basic-setup');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Course created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Additional Information/ })).toBeVisible();
  const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
  expect(courseId).toBeGreaterThan(0);

  // Additional Information, with the promotional video uploaded in chunks.
  await fillAdditionalInformation(page);
  const promoChooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose video' }).click();
  await (await promoChooser).setFiles(promoVideo);
  await expect(page.getByText(/uploaded\. It becomes the promotional video when you press Save Draft or Continue\./)).toBeVisible({ timeout: 20_000 });
  await snap(page, 'admin-authoring-2-additional-information');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Course additional information added successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Build Curriculum/ })).toBeVisible();

  // Module 1 “Keeping records”, section 1 “Watch and read”: a video, an article and an image.
  await page.getByRole('button', { name: 'Add Course Module' }).click();
  await page.keyboard.type('Keeping records');
  await page.getByRole('button', { name: 'Add Course Section' }).click();
  await page.keyboard.type('Watch and read');

  // The video's connection is cut after its first chunk, for longer than the client's own retries.
  const videoName = lessonVideo.split('/').pop()!;
  let offline = true;
  const chunkIds: number[] = [];
  await page.route(/\/api\/Course\/Course\/UploadChunks\?/, (route) => {
    const id = Number(new URL(route.request().url()).searchParams.get('id'));
    chunkIds.push(id);
    return offline && id >= 1 ? route.abort('internetdisconnected') : route.continue();
  });
  await addContent(page, 'section 1 of module 1', 'Video');
  const videoUploader = page.getByRole('dialog', { name: 'Upload Video' });
  const videoChooser = page.waitForEvent('filechooser');
  await videoUploader.getByRole('button', { name: 'Browse' }).click();
  await (await videoChooser).setFiles(lessonVideo);
  const uploads = videoUploader.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText('upload failed')).toBeVisible({ timeout: 20_000 });
  await snap(page, 'admin-authoring-3-video-cut');
  // Back online: Retry asks the server what it holds and sends only what is missing.
  offline = false;
  const sentBefore = chunkIds.length;
  const completed = page.waitForResponse(/\/UploadComplete\?/);
  await uploads.getByRole('button', { name: `Retry ${videoName}` }).click();
  const complete = (await (await completed).json()) as { data: { url: string; file: { size: number } } };
  const chunks = Math.ceil(statSync(lessonVideo).size / 1_048_576);
  expect(chunks).toBeGreaterThan(2);
  expect(chunkIds.slice(sentBefore)).toEqual(Array.from({ length: chunks - 1 }, (_, i) => i + 1));
  // The server holds the file whole: same length, same bytes.
  const local = readFileSync(lessonVideo);
  expect(complete.data.file.size).toBe(statSync(lessonVideo).size);
  expect(sha256(readFileSync(join(DATA_DIR, 'content', complete.data.url.slice('content:'.length))))).toBe(sha256(local));
  await uploads.getByRole('button', { name: `Use ${videoName}` }).click();
  await expect(videoUploader).toBeHidden();
  await page.unroute(/\/api\/Course\/Course\/UploadChunks\?/);
  await expect(page.getByRole('row', { name: `Video: ${videoName}` })).toBeVisible();

  await addContent(page, 'section 1 of module 1', 'Article');
  const article = page.getByRole('dialog', { name: 'Add Article' });
  await article.getByLabel('Article Title').fill('Reading a ledger');
  await article.getByRole('textbox', { name: 'Article', exact: true }).click();
  await page.keyboard.type('Write down every sale on the day it happens, and add up the week on Friday.');
  await article.getByRole('button', { name: 'Add Article' }).click();
  await expect(page.getByRole('row', { name: 'Article: Reading a ledger' })).toBeVisible();

  const imageName = `ledger-key-points-${stamp}`;
  await addContent(page, 'section 1 of module 1', 'Image');
  await uploadAndUse(page, 'Upload Image', await picture(imageName, 640, 360, { r: 240, g: 200, b: 40 }));
  await expect(page.getByRole('row', { name: `Image: ${imageName}.png` })).toBeVisible();
  // What the picture shows, for learners who cannot see it (decision 093).
  await page.getByRole('row', { name: `Image: ${imageName}.png` }).getByRole('textbox', { name: 'Alt text' }).fill('Four key points of keeping a ledger, numbered');

  // Section 2 “Practise”: the lesson package and a quiz.
  await page.getByRole('button', { name: 'Add Course Section' }).click();
  await page.keyboard.type('Practise');
  await addContent(page, 'section 2 of module 1', 'Compressed Video');
  await uploadAndUse(page, 'Upload Compressed Video', lessonPackage);
  const packageName = lessonPackage.split('/').pop()!;
  await expect(page.getByRole('row', { name: `Compressed Video: ${packageName}` })).toBeVisible();

  await addContent(page, 'section 2 of module 1', 'Quiz');
  const setup = page.getByRole('dialog', { name: 'Quiz Setup' });
  await setup.getByLabel('Quiz Name').fill('Check your books');
  await setup.getByLabel('Description').fill('One quick question on the week’s records.');
  await setup.locator('label', { hasText: 'Required for Certificate' }).click();
  await setup.getByLabel('Pass Mark (%)').fill('50');
  await setup.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: /Add New Question to quiz/ }).click();
  await page.getByRole('menuitem', { name: 'Single Choice' }).click();
  const question = page.getByRole('dialog', { name: 'Add Question' });
  await question.getByRole('textbox', { name: 'Question', exact: true }).click();
  await page.keyboard.type('When do you write a sale down?');
  await question.getByRole('textbox', { name: 'Option 1' }).fill('The day it happens');
  await question.getByRole('textbox', { name: 'Option 2' }).fill('At the end of the month');
  await question.getByRole('radiogroup', { name: 'Correct answer' }).locator('label', { hasText: 'The day it happens' }).click();
  await question.getByRole('button', { name: 'Add Question' }).click();
  await expect(page.getByRole('list', { name: /Questions of quiz/ })).toContainText('When do you write a sale down?');

  // Media processing (decision 033): the video gets its HLS ladder, the package is unpacked and
  // checked, the picture re-encoded; each item's badge turns 'ready' on its own.
  const videoRow = page.getByRole('row', { name: `Video: ${videoName}` });
  await expect(videoRow.getByText(/^(processing|ready)$/)).toBeVisible();
  for (const row of [videoRow, page.getByRole('row', { name: `Compressed Video: ${packageName}` }), page.getByRole('row', { name: `Image: ${imageName}.png` })]) {
    await expect(row.getByText('ready', { exact: true })).toBeVisible({ timeout: 60_000 });
  }
  await snap(page, 'admin-authoring-4-curriculum');

  // Preview Course saves the curriculum and shows it in the learner's player, read-only.
  await page.getByRole('button', { name: 'Preview Course' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/course-preview/${courseId}$`));
  const banner = page.getByRole('region', { name: 'Preview' });
  await expect(banner).toContainText('Preview — progress is not saved');
  await expect(banner).toContainText(title);
  await expect(page.locator('video').first()).toBeVisible();
  await snap(page, 'admin-authoring-5-preview');
  await banner.getByRole('button', { name: 'Back to Build Curriculum' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Build Curriculum/ })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Quiz: Check your books' })).toBeVisible();

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Course curriculum completed').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Pricing/ })).toBeVisible();

  // Pricing: Calculate Price, then Submit for Review.
  await page.getByRole('spinbutton', { name: 'Base Price' }).fill('15000');
  await page.getByRole('button', { name: 'Calculate Price' }).click();
  await expect(page.getByRole('textbox', { name: 'Total Price' })).not.toHaveValue('₦0.00');
  await snap(page, 'admin-authoring-6-pricing');
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByRole('heading', { name: 'Course submitted for review' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await snap(page, 'admin-authoring-7-submitted');

  // Pending review: opened again it stays submitted, and nowhere a learner looks shows it.
  await page.goto(`/admin/create-course?courseId=${courseId}`);
  await expect(page.getByRole('heading', { name: 'Course submitted for review' })).toBeVisible();
  const learnerContext = await browser.newContext({ baseURL });
  const learner = await learnerContext.newPage();
  const search = await learner.request.post('/api/Course/Course/Search?PageSize=200', { data: { parameter: title } });
  expect(((await search.json()).data.items as { title: string }[]).map((c) => c.title)).not.toContain(title);
  expect((await learner.request.get(`/api/Course/Course/GetCourseById/${courseId}`)).status()).toBe(404);
  await learner.goto('/course/catalogue');
  await expect(learner.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(learner.getByText(title)).toHaveCount(0);
  await learner.goto(`/course/details/${courseId}`);
  await expect(learner.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  await expect(learner.getByText(title)).toHaveCount(0);
  await snap(learner, 'admin-authoring-8-learner-course-page');
  await learnerContext.close();
});
