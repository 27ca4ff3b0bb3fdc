// Build Curriculum's Bulk Upload (spec 001 §2.1, §2.6; decision 089) and the question editor's
// Review Question mode (§2.5). UNILAG's admin opens Bulk Upload on a new draft, sends three real
// files at once (one of them over 1 MiB, so it goes in two chunks), sees them listed, deletes one,
// and the partner's library on the server holds exactly the other two. One of them then becomes the
// course's image through Add Content, a quiz is added, and the course is submitted. A reviewer opens
// it in review mode: no Bulk Upload there, and its question opens read-only as "Review Question".
import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { draftToCurriculum, picture } from './course-wizard-helpers';
import { E2E_STAFF, E2E_STAFF_PASSWORD } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

const stamp = Date.now().toString(36);
const step = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step/ });

test('an author bulk-uploads several files into the partner’s library and uses one; a reviewer has no Bulk Upload and reviews a question read-only', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(300_000);
  // Three files of three sizes and two kinds: noise does not compress, so the PNG is over 1 MiB.
  mkdirSync('.tmp/e2e-files', { recursive: true });
  const big = `.tmp/e2e-files/bulk-noise-${stamp}.png`;
  await sharp(randomBytes(800 * 600 * 3), { raw: { width: 800, height: 600, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toFile(big);
  expect(statSync(big).size).toBeGreaterThan(1_048_576);
  const small = await picture(`bulk-ledger-${stamp}`, 640, 360, { r: 30, g: 120, b: 200 });
  const pdf = `.tmp/e2e-files/bulk-notes-${stamp}.pdf`;
  writeFileSync(pdf, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const [bigName, smallName, pdfName] = [basename(big), basename(small), basename(pdf)];

  const title = `E2E Bulk Upload ${stamp}`;
  await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
  const courseId = await draftToCurriculum(page, { title, paid: false, survey: false });

  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk Upload' });
  await expect(bulk.getByText(/content library; add them to a section with Add Content\.$/)).toBeVisible();
  await expect(bulk.getByRole('button', { name: 'Browse' })).toBeVisible();
  // §2.6: 650 px wide on a wide screen.
  expect(Math.round((await page.locator('.rv-modal').boundingBox())!.width)).toBe(650);

  const chunks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/UploadChunks?')) chunks.push(`${decodeURIComponent(new URL(r.url()).searchParams.get('fileName')!).split('/').pop()}#${new URL(r.url()).searchParams.get('id')}`);
  });
  const chooser = page.waitForEvent('filechooser');
  await bulk.getByRole('button', { name: 'Browse' }).click();
  await (await chooser).setFiles([big, small, pdf]);
  const uploads = bulk.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('listitem')).toHaveCount(3);
  await expect(uploads.getByText('Uploaded')).toHaveCount(3, { timeout: 60_000 });
  // The big file went in two 1 MiB chunks; the others in one each.
  expect(chunks.filter((c) => c.startsWith(bigName)).sort()).toEqual([`${bigName}#0`, `${bigName}#1`]);
  const library = bulk.getByRole('list', { name: 'Uploaded files' });
  for (const name of [bigName, smallName, pdfName]) await expect(library.getByText(name, { exact: true })).toBeVisible();
  await snapDesktop(page, 'admin-bulk-upload');

  await library.getByRole('button', { name: `Delete ${pdfName}` }).click();
  await library.getByRole('button', { name: `Yes, delete ${pdfName}` }).click();
  await expect(page.getByText('File deleted successfully')).toBeVisible();
  await expect(library.getByText(pdfName, { exact: true })).toHaveCount(0);

  // The server: the partner's library holds the two pictures, as images, and not the notes.
  const signIn = await request.post('/api/Authentication/Account/Admin/SignIn', { data: { userName: E2E_STAFF.institutionAdmin.userName, password: E2E_STAFF_PASSWORD } });
  const headers = { authorization: `Bearer ${(await signIn.json()).data.accessToken}` };
  const course = (await (await request.get(`/api/Course/Course/Update/${courseId}`, { headers })).json()) as { data: { institutionId: number } };
  const listed = (await (await request.get(`/api/ContentLibrary/FileManager/GetAllFilesByOwnerId?ownerId=${course.data.institutionId}`, { headers })).json()) as { data: { fileName: string; fileType: number }[] };
  const ours = listed.data.filter((f) => f.fileName.endsWith(`-${stamp}.png`) || f.fileName.endsWith(`-${stamp}.pdf`));
  expect(ours.map((f) => [f.fileName, f.fileType]).sort()).toEqual([
    [smallName, 1],
    [bigName, 1],
  ]);
  await bulk.getByRole('button', { name: 'Close' }).click();
  await expect(bulk).toBeHidden();

  // What a bulk-uploaded file becomes: a library file Add Content offers, here the section's image.
  await page.getByRole('button', { name: 'Add Course Module' }).click();
  await page.keyboard.type('Keeping records');
  await page.getByRole('button', { name: 'Add Course Section' }).click();
  await page.keyboard.type('The sales book');
  await page.getByRole('button', { name: 'Add content to section 1 of module 1' }).click();
  await page.getByRole('menuitem', { name: 'Image' }).click();
  const picker = page.getByRole('dialog', { name: 'Upload Image' });
  await picker.getByRole('button', { name: `Use ${smallName}` }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('row', { name: `Image: ${smallName}` })).toBeVisible();
  // An image needs its alt text before the curriculum is saved (decision 093).
  await page.getByRole('row', { name: `Image: ${smallName}` }).getByRole('textbox', { name: 'Alt text' }).fill('A small test pattern of coloured squares');

  // A quiz of one question beside it.
  await page.getByRole('button', { name: 'Add content to section 1 of module 1' }).click();
  await page.getByRole('menuitem', { name: 'Quiz' }).click();
  const setup = page.getByRole('dialog', { name: 'Quiz Setup' });
  await setup.getByLabel('Quiz Name').fill('Check your books');
  await setup.getByLabel('Description').fill('One quick question.');
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
  await expect(question).toBeHidden();
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByText('Course curriculum submitted for review').first()).toBeVisible();

  // The reviewer: Build Curriculum in review mode has no Bulk Upload; the question opens read-only.
  const reviewerContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const reviewer = await reviewerContext.newPage();
  await signInStaff(reviewer, E2E_STAFF.superAdmin.userName);
  await reviewer.goto(`/admin/create-course?courseId=${courseId}&courseReview=true`);
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Review Course' })).toBeVisible();
  await expect(step(reviewer)).toHaveText(/Step 1 of 3/);
  for (const next of [2, 3]) {
    await reviewer.getByRole('button', { name: 'Continue' }).click();
    await expect(step(reviewer)).toHaveText(new RegExp(`Step ${next} of 3`));
  }
  await expect(reviewer.getByRole('heading', { name: 'Module 1: Keeping records' })).toBeVisible();
  await expect(reviewer.getByRole('button', { name: 'Preview Course' })).toBeVisible();
  await expect(reviewer.getByRole('button', { name: 'Bulk Upload' })).toHaveCount(0);
  await reviewer.getByText('1 question', { exact: false }).click();
  await reviewer.getByRole('button', { name: 'Review question 1' }).click();
  const review = reviewer.getByRole('dialog', { name: 'Review Question' });
  await expect(review.getByRole('region', { name: 'Question' })).toHaveText('When do you write a sale down?');
  const option = review.getByRole('textbox', { name: 'Option 1' });
  await expect(option).toHaveValue('The day it happens');
  await expect(option).toHaveAttribute('readonly', '');
  await expect(review.getByRole('radio', { name: 'The day it happens' })).toBeChecked();
  await expect(review.getByRole('button')).toHaveText(['Close']);
  await snapDesktop(reviewer, 'admin-review-question');
  await review.getByRole('button', { name: 'Close' }).click();
  await expect(review).toBeHidden();
  await reviewerContext.close();
});
