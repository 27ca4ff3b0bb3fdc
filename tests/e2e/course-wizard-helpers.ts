// Shared steps of the Create a Course stories (admin-course-wizard, admin-curriculum): Basic Setup
// and Additional Information filled as an author does, with the masks and rich text checked on the
// way. Each story passes its own unique course title.
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

export async function picture(name: string, width: number, height: number, colour: { r: number; g: number; b: number }) {
  mkdirSync('.tmp/e2e-files', { recursive: true });
  const path = `.tmp/e2e-files/${name}.png`;
  await sharp({ create: { width, height, channels: 3, background: colour } }).png().toFile(path);
  return path;
}

export async function choose(page: Page, field: RegExp, option: string | RegExp) {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

export async function upload(page: Page, button: string, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(path);
}

export interface DraftCourse {
  title: string;
  paid: boolean;
  survey: boolean;
  /** The category's name; the first one offered when left out. */
  category?: string;
}

/** Fills Basic Setup (not submitted): title, description, a category, start date, Self Paced, Paid or Free, the survey switch. */
export async function fillBasicSetup(page: Page, course: DraftCourse) {
  await page.getByLabel('Title').fill(course.title);
  await expect(page.getByText('Title is required')).toBeHidden();
  await page.getByLabel('Description').fill('Keep a small shop’s books in a spreadsheet, week by week.');
  await choose(page, /Course Category/, course.category ?? /.+/);
  const start = page.getByLabel('Start Date');
  await start.pressSequentially('20261201');
  await expect(start).toHaveValue('2026-12-01');
  await page.locator('label', { hasText: 'Self Paced' }).click();
  await expect(page.getByRole('radio', { name: 'Self Paced' })).toBeChecked();
  await page.locator('label', { hasText: course.paid ? /^Paid$/ : /^Free$/ }).click();
  if (course.survey) {
    await page.locator('label', { hasText: 'EOC survey' }).click();
    await expect(page.getByText('EOC survey (activated)')).toBeVisible();
  }
}

/** Fills Additional Information (not submitted): headline, rich-text overview and objectives, level, language, masked effort, instructor, both images. */
export async function fillAdditionalInformation(page: Page) {
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
}

/** A new draft course through Basic Setup and Additional Information, ending on Build Curriculum; answers its id. */
export async function draftToCurriculum(page: Page, course: DraftCourse): Promise<number> {
  await page.goto('/admin/create-course');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Course' })).toBeVisible();
  await fillBasicSetup(page, course);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Course created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Additional Information/ })).toBeVisible();
  const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
  await fillAdditionalInformation(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Course additional information added successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Build Curriculum/ })).toBeVisible();
  return courseId;
}
