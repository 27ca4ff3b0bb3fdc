// Steps the course review stories share: an author submitting a small free course, and a reviewer
// opening a pending course in review mode.
import { expect, type Page } from '@playwright/test';
import { draftToCurriculum } from './course-wizard-helpers';
import { snapDesktop } from './staff-helpers';

const step = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step/ });

export interface ArticleSection {
  title: string;
  article: string;
  text: string;
}

/** On Build Curriculum, with one module: adds section `n` (1-based) holding one article. */
export async function addArticleSection(author: Page, n: number, section: ArticleSection): Promise<void> {
  await author.getByRole('button', { name: 'Add Course Section' }).click();
  await author.keyboard.type(section.title);
  await author.getByRole('button', { name: `Add content to section ${n} of module 1` }).click();
  await author.getByRole('menuitem', { name: 'Article' }).click();
  const article = author.getByRole('dialog', { name: 'Add Article' });
  await article.getByLabel('Article Title').fill(section.article);
  await article.getByRole('textbox', { name: 'Article', exact: true }).click();
  await author.keyboard.type(section.text);
  await article.getByRole('button', { name: 'Add Article' }).click();
}

/** Builds a one-module curriculum of article sections on Build Curriculum and submits the free course. */
export async function submitFreeCourse(
  author: Page,
  title: string,
  sections: ArticleSection[] = [{ title: 'The sales book', article: 'Reading a ledger', text: 'Write down every sale on the day it happens.' }],
): Promise<number> {
  const courseId = await draftToCurriculum(author, { title, paid: false, survey: false });
  await author.getByRole('button', { name: 'Add Course Module' }).click();
  await author.keyboard.type('Keeping records');
  for (const [i, section] of sections.entries()) await addArticleSection(author, i + 1, section);
  // A free course without a survey is submitted from Build Curriculum.
  await author.getByRole('button', { name: 'Submit for Review' }).click({ timeout: 10_000 });
  await expect(author.getByText('Course curriculum submitted for review').first()).toBeVisible();
  return courseId;
}

/** Finds the course's card on the Pending tab by its unique title and opens it in review mode, at its last step. */
export async function openForReview(page: Page, title: string, snapName?: string) {
  await page.goto('/admin/approve-course');
  await page.getByRole('textbox', { name: 'Search' }).fill(title);
  await page.getByRole('button', { name: 'Search' }).click();
  const pending = page.getByRole('list', { name: 'Pending Courses' });
  const card = pending.getByRole('article').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  if (snapName) await snapDesktop(page, snapName);
  await card.getByRole('link', { name: `Review Course: ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review Course' })).toBeVisible();
  await expect(step(page)).toHaveText(/Step 1 of 3/);
  for (const next of [2, 3]) {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(step(page)).toHaveText(new RegExp(`Step ${next} of 3`));
  }
}

/** QA approves the pending course with the first revenue formula offered. */
export async function qaApprove(qa: Page, title: string, snapName?: string): Promise<void> {
  await openForReview(qa, title, snapName);
  await qa.getByRole('button', { name: 'Approve' }).click();
  const approve = qa.getByRole('dialog', { name: 'Approve course' });
  // The formula list may still be on its way when the dialog opens: a click then can open nothing
  // (decision 068), so open the select until its first option shows.
  await expect(async () => {
    if (!(await qa.getByRole('listbox').isVisible())) await approve.getByRole('button', { name: /Revenue/ }).click();
    await expect(qa.getByRole('option').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await qa.getByRole('option').first().click();
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(qa.getByText('Course Approved').first()).toBeVisible();
}
