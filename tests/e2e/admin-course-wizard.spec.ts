// Create a Course, first slice (spec 001 §2.1–§2.3, §5, §8; decision 029): an institution admin
// fills Basic Setup and Additional Information (rich text and both images), saves a draft,
// reloads and comes back to the stored step, continues, and the draft stays out of the learner
// catalogue. The story's course has a title of its own; no demo record is changed.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

async function picture(name: string, width: number, height: number, colour: { r: number; g: number; b: number }) {
  mkdirSync('.tmp/e2e-files', { recursive: true });
  const path = `.tmp/e2e-files/${name}.png`;
  await sharp({ create: { width, height, channels: 3, background: colour } }).png().toFile(path);
  return path;
}

async function choose(page: Page, field: RegExp, option: string | RegExp) {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function upload(page: Page, button: string, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(path);
}

test.describe('create a course', () => {
  test('an institution admin fills Basic Setup and Additional Information, saves a draft, resumes it, and learners never see it', async ({ page }) => {
    const title = `E2E Ledger Course ${Date.now().toString(36)}`;
    await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
    await page.goto('/admin/create-course');
    await expect(page.getByRole('heading', { level: 1, name: 'Create a Course' })).toBeVisible();
    const steps = page.getByRole('navigation', { name: 'Create a Course steps' });
    await expect(steps.getByRole('listitem')).toHaveText([/Basic Setup/, /Additional Information/, /Build Curriculum/]);

    // Every Basic Setup message, word for word.
    await page.getByRole('button', { name: 'Continue' }).click();
    for (const message of ['Title is required', 'Description is required', 'Course Category is required', 'Course Type is required', 'Start Date is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await snapDesktop(page, 'admin-course-basic-errors');

    await page.getByLabel('Title').fill(title);
    await expect(page.getByText('Title is required')).toBeHidden();
    await page.getByLabel('Description').fill('Keep a small shop’s books in a spreadsheet, week by week.');
    await choose(page, /Course Category/, /.+/);
    const start = page.getByLabel('Start Date');
    await start.pressSequentially('20261201');
    await expect(start).toHaveValue('2026-12-01');
    await page.locator('label', { hasText: 'Self Paced' }).click();
    await expect(page.getByRole('radio', { name: 'Self Paced' })).toBeChecked();
    // Paid and a survey add their steps to the indicator, numbered as §2.1 says.
    await page.locator('label', { hasText: /^Paid$/ }).click();
    await page.locator('label', { hasText: 'EOC survey' }).click();
    await expect(page.getByText('EOC survey (activated)')).toBeVisible();
    await expect(steps.getByRole('listitem')).toHaveText([/Basic Setup/, /Additional Information/, /Build Curriculum/, /End of course Survey/, /Pricing/]);
    // Later steps cannot be opened yet.
    await expect(steps.getByRole('button')).toHaveCount(0);
    await snapDesktop(page, 'admin-course-basic');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Course created successfully')).toBeVisible();
    await expect(page).toHaveURL(/courseId=\d+/);
    const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
    await expect(page.getByRole('heading', { name: /Additional Information/ })).toBeVisible();

    // Every Additional Information message on Save Draft (all are checked on save).
    await page.getByRole('button', { name: 'Save Draft' }).click();
    for (const message of [
      'Headline is required',
      'Overview is required',
      'Course level is required',
      'Language is required',
      'Objectives is required',
      'Effort is required',
      'Instructor name is required',
      'Course thumbnail is required',
      'Course banner is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await snapDesktop(page, 'admin-course-additional-errors');

    await page.getByLabel('Course Headline').fill('Books that balance, every week');
    const overview = page.getByRole('textbox', { name: 'Course Overview' });
    await overview.click();
    await page.keyboard.type('For shop owners who want ');
    await page.getByRole('toolbar', { name: 'Course Overview formatting' }).getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('clear books');
    await page.getByRole('toolbar', { name: 'Course Overview formatting' }).getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' without an accountant.');
    await expect(overview.locator('strong')).toHaveText('clear books');
    await choose(page, /Course Level/, 'Beginner');
    await choose(page, /Language/, 'English');
    const objectives = page.getByRole('textbox', { name: 'Course Objectives' });
    await objectives.click();
    await page.getByRole('toolbar', { name: 'Course Objectives formatting' }).getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Record every sale');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Balance the week');
    await expect(objectives.locator('li')).toHaveCount(2);
    // The effort mask shapes typed digits; Backspace removes one.
    const effort = page.getByLabel('Course Effort');
    await effort.pressSequentially('245');
    await expect(effort).toHaveValue('2 to 45 hours per week');
    await effort.press('End');
    await effort.press('Backspace');
    await expect(effort).toHaveValue('2 to 4 hours per week');
    const instructor = page.getByRole('combobox', { name: 'Instructor Name' });
    await instructor.click();
    await page.getByRole('option').first().click();
    await expect(instructor).not.toHaveValue('');
    await upload(page, 'Upload Course thumbnail', await picture('course-thumb', 1125, 796, { r: 11, g: 46, b: 111 }));
    await upload(page, 'Upload Course banner', await picture('course-banner', 1024, 498, { r: 163, g: 212, b: 15 }));
    await expect(page.getByRole('img', { name: 'Course thumbnail preview' })).toBeVisible();
    await expect(page.getByText('Course thumbnail is required')).toBeHidden();
    await snapDesktop(page, 'admin-course-additional');

    // Save Draft keeps the step; a reload opens it again with everything filled in.
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Saved as draft')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: /Additional Information/ })).toBeVisible();
    await expect(page.getByLabel('Course Headline')).toHaveValue('Books that balance, every week');
    await expect(page.getByRole('textbox', { name: 'Course Overview' }).locator('strong')).toHaveText('clear books');
    await expect(page.getByLabel('Course Effort')).toHaveValue('2 to 4 hours per week');
    // Opened from its address alone, the course resumes at its stored step.
    await page.goto(`/admin/create-course?courseId=${courseId}`);
    await expect(page.getByRole('heading', { name: /Additional Information/ })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Course banner preview' })).toHaveAttribute('src', /\/media\/courses\/.+\.webp$/);

    // Basic Setup can be opened from the indicator and keeps the saved values.
    await steps.getByRole('button', { name: /Basic Setup/ }).click();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Course updated successfully')).toBeVisible();

    // Continue records step 3 and says plainly the course is kept as a draft.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Course additional information added successfully')).toBeVisible();
    await expect(page.getByText('This course is saved as a draft')).toBeVisible();
    await snapDesktop(page, 'admin-course-saved-draft');
    await page.goto(`/admin/create-course?courseId=${courseId}`);
    await expect(page.getByText('This course is saved as a draft')).toBeVisible();

    // The draft is nowhere a learner looks.
    const search = await page.request.post('/api/Course/Course/Search?PageSize=200', { data: { parameter: title } });
    expect(((await search.json()).data.items as { title: string }[]).map((c) => c.title)).not.toContain(title);
    expect((await page.request.get(`/api/Course/Course/GetCourseById/${courseId}`)).status()).toBe(404);
    await page.goto('/course/catalogue');
    await expect(page.getByText(title)).toHaveCount(0);
  });
});
