// Steps the review stories share (admin-course-approval, admin-review-to-ledger): the smallest
// complete curriculum, submitting a course, and opening a course from Approve course in review mode.
import { expect, type Page } from '@playwright/test';
import { draftToCurriculum } from './course-wizard-helpers';
import { snapDesktop } from './staff-helpers';

const step = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step/ });

/** On Build Curriculum: one module, one section, one article. */
export async function addOneArticle(author: Page): Promise<void> {
  await author.getByRole('button', { name: 'Add Course Module' }).click();
  await author.keyboard.type('Keeping records');
  await author.getByRole('button', { name: 'Add Course Section' }).click();
  await author.keyboard.type('The sales book');
  await author.getByRole('button', { name: 'Add content to section 1 of module 1' }).click();
  await author.getByRole('menuitem', { name: 'Article' }).click();
  const article = author.getByRole('dialog', { name: 'Add Article' });
  await article.getByLabel('Article Title').fill('Reading a ledger');
  await article.getByRole('textbox', { name: 'Article', exact: true }).click();
  await author.keyboard.type('Write down every sale on the day it happens.');
  await article.getByRole('button', { name: 'Add Article' }).click();
}

/** A free course without a survey, built and submitted from Build Curriculum; answers its id. */
export async function submitFreeCourse(author: Page, title: string, category?: string): Promise<number> {
  const courseId = await draftToCurriculum(author, { title, paid: false, survey: false, category });
  await addOneArticle(author);
  await author.getByRole('button', { name: 'Submit for Review' }).click({ timeout: 10_000 });
  await expect(author.getByText('Course curriculum submitted for review').first()).toBeVisible();
  return courseId;
}

/** A paid course without a survey at `basePrice` naira, built, priced and submitted; answers its id. */
export async function submitPaidCourse(author: Page, course: { title: string; category?: string; basePrice: number }): Promise<number> {
  const courseId = await draftToCurriculum(author, { title: course.title, paid: true, survey: false, category: course.category });
  await addOneArticle(author);
  await author.getByRole('button', { name: 'Continue' }).click();
  await expect(author.getByText('Course curriculum completed').first()).toBeVisible();
  await author.getByRole('spinbutton', { name: 'Base Price' }).fill(String(course.basePrice));
  await author.getByRole('button', { name: 'Calculate Price' }).click();
  await author.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(author.getByRole('heading', { name: 'Course submitted for review' })).toBeVisible();
  return courseId;
}

/**
 * Finds the course's card on the Pending tab by its unique title, opens it in review mode and goes
 * on to the step where this reviewer's Approve and Reject are (`at` of `of` steps).
 */
export async function openForReview(page: Page, title: string, where: { at: number; of: number; snapName?: string }): Promise<void> {
  await page.goto('/admin/approve-course');
  await page.getByRole('textbox', { name: 'Search' }).fill(title);
  await page.getByRole('button', { name: 'Search' }).click();
  const pending = page.getByRole('list', { name: 'Pending Courses' });
  const card = pending.getByRole('article').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  if (where.snapName) await snapDesktop(page, where.snapName);
  await card.getByRole('link', { name: `Review Course: ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review Course' })).toBeVisible();
  await expect(step(page)).toHaveText(new RegExp(`Step 1 of ${where.of}`));
  for (let next = 2; next <= where.at; next++) {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(step(page)).toHaveText(new RegExp(`Step ${next} of ${where.of}`));
  }
}

/** Rejects the course open in review mode with `comment`, checking that a comment is required (§5). */
export async function rejectWithComment(page: Page, comment: string, snapName?: string): Promise<void> {
  await page.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject course' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Kindly provide a comment')).toBeVisible();
  await reject.getByRole('textbox', { name: 'Comment' }).fill(comment);
  if (snapName) await snapDesktop(page, snapName);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Course Rejected').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Approve course$/ })).toBeVisible();
}

/** QA's approval of the course open in review mode, with the revenue formula named `formula` ('Select a revenue' first). */
export async function qaApproveWith(page: Page, formula: string | RegExp, snapName?: string): Promise<void> {
  await page.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve course' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve.getByText('Select a revenue')).toBeVisible();
  await approve.getByRole('button', { name: /Revenue/ }).click();
  await page.getByRole('option', { name: formula }).first().click();
  if (snapName) await snapDesktop(page, snapName);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Course Approved').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'QA Approve course' })).toBeVisible();
}
