// Reviewing a paid course and then an update of it (issue 28 §3, decision 078). The story makes its
// own author (an INSTITUTION ADMIN of UNILAG); the partner's approver is the e2e UNILAG admin and QA
// the e2e super admin. The approver's Approve course list, read a moment before the author submits,
// shows the course after a click in the sidebar (no reload). Every reviewer finds Approve and Reject
// on the last step, Pricing, and nowhere before it. The author's update opens Pricing with the
// stored price, changes the title, a section and the price; the reviewers read "What changed in
// this update" and approve it on Pricing; the published course then has the new title and price.
import { expect, test, type Page } from '@playwright/test';
import { addArticleSection } from './approval-helpers';
import { addOneArticle } from './course-review-helpers';
import { draftToCurriculum } from './course-wizard-helpers';
import { E2E_STAFF } from './staff-accounts';
import { newUnilagAdmin, signInStaff, snapDesktop } from './staff-helpers';

const stamp = Date.now().toString(36);
const step = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step/ });
const approveCourseLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approve Course' });
const pendingCard = (page: Page, title: string) => page.getByRole('list', { name: 'Pending Courses' }).getByRole('article').filter({ hasText: title });

/**
 * From the Pending card, through every step with Continue: no Approve before the last step (4 of
 * 4, Pricing), where Approve and Reject are and Continue is not.
 */
async function reviewToPricing(page: Page, title: string, snapName?: string): Promise<void> {
  await pendingCard(page, title).getByRole('link', { name: `Review Course: ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review Course' })).toBeVisible();
  await expect(step(page)).toHaveText(/Step 1 of 4/);
  await expect(page.getByText('Approve and Reject are on the last step, Pricing (step 4), once you have read the course.')).toBeVisible();
  if (snapName) await snapDesktop(page, `${snapName}-step1`);
  for (const next of [2, 3, 4]) {
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(step(page)).toHaveText(new RegExp(`Step ${next} of 4`));
  }
  await expect(step(page)).toHaveText(/Pricing/);
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  if (snapName) await snapDesktop(page, `${snapName}-pricing`);
}

/** QA's Approve on Pricing: the first formula the dialog offers for this course's partner. */
async function qaApproveHere(qa: Page): Promise<void> {
  await qa.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = qa.getByRole('dialog', { name: 'Approve course' });
  // The formula list may still be on its way when the dialog opens (decision 068).
  await expect(async () => {
    if (!(await qa.getByRole('listbox').isVisible())) await approve.getByRole('button', { name: /Revenue/ }).click();
    await expect(qa.getByRole('option').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await qa.getByRole('option').first().click();
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(qa.getByText('Course Approved').first()).toBeVisible();
}

test('a paid course and its update are approved on Pricing, the update after reading what it changed', async ({ page, browser, baseURL }) => {
  // A hang guard, not a speed target: the machine is shared by several stories at once.
  test.setTimeout(600_000);
  const title = `E2E Priced Ledger ${stamp}`;
  const newTitle = `E2E Priced Ledger ${stamp} 2027`;

  // The story's own author builds a paid course up to Submit for Review.
  const authorContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const author = await authorContext.newPage();
  await newUnilagAdmin(author, browser, baseURL, { userName: `e2e.pricedauthor.${stamp}`, firstName: 'Dayo', lastName: 'Akin', password: 'Priced#Author2026' });
  const courseId = await draftToCurriculum(author, { title, paid: true, survey: false });
  await addOneArticle(author);
  await author.getByRole('button', { name: 'Continue' }).click();
  await expect(author.getByText('Course curriculum completed').first()).toBeVisible();
  await author.getByRole('spinbutton', { name: 'Base Price' }).fill('10000');
  await author.getByRole('button', { name: 'Calculate Price' }).click();
  await expect(author.getByRole('textbox', { name: 'VAT' })).not.toHaveValue('₦0.00');

  // The partner's approver has the Pending list open, then goes elsewhere while the author submits.
  await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
  await approveCourseLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approve course' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending Courses' }).or(page.getByText('No course is waiting for your review.'))).toBeVisible();
  await expect(pendingCard(page, title)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await author.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(author.getByRole('heading', { name: 'Course submitted for review' })).toBeVisible();
  // Back to the list by the sidebar, no reload: the course submitted a moment ago is there.
  await approveCourseLink(page).click();
  await expect(pendingCard(page, title)).toHaveCount(1);
  await reviewToPricing(page, title, 'admin-review-paid-approver');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Course Approved').first()).toBeVisible();

  // QA approves it on Pricing too, with a formula.
  const qaContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const qa = await qaContext.newPage();
  await signInStaff(qa, E2E_STAFF.superAdmin.userName);
  await approveCourseLink(qa).click();
  await expect(qa.getByRole('heading', { level: 1, name: 'QA Approve course' })).toBeVisible();
  await reviewToPricing(qa, title);
  await qaApproveHere(qa);

  // The author updates the published course: the revision opens Pricing with the stored price.
  await author.goto(`/admin/explore-course?courseId=${courseId}`);
  await author.getByRole('button', { name: 'Update' }).click();
  await expect(author).toHaveURL(/\/admin\/create-course\?courseId=\d+/);
  const revisionId = Number(new URL(author.url()).searchParams.get('courseId'));
  expect(revisionId).not.toBe(courseId);
  await author.goto(`/admin/create-course?courseId=${revisionId}&step=1`);
  await author.getByLabel('Title', { exact: true }).fill(newTitle);
  await author.getByRole('button', { name: 'Continue' }).click();
  await expect(author.getByText('Course updated successfully').first()).toBeVisible();
  await author.getByRole('button', { name: 'Continue' }).click();
  await expect(author.getByRole('heading', { name: /Build Curriculum/ })).toBeVisible();
  await addArticleSection(author, 2, { title: 'The cash book', article: 'Counting cash', text: 'Count the till every evening.' });
  await author.getByRole('button', { name: 'Continue' }).click();
  await expect(author.getByText('Course curriculum completed').first()).toBeVisible();
  await expect(step(author)).toHaveText(/Pricing/);
  const basePrice = author.getByRole('spinbutton', { name: 'Base Price' });
  await expect(basePrice).toHaveValue('10000');
  await expect(author.getByRole('textbox', { name: 'Total Price' })).not.toHaveValue('₦0.00');
  await expect(author.getByRole('button', { name: 'Submit for Review' })).toBeEnabled();
  await snapDesktop(author, 'admin-revision-pricing-prefilled');
  // A new price zeroes the figures until it is calculated (§4).
  await basePrice.fill('12500');
  await expect(author.getByRole('textbox', { name: 'Total Price' })).toHaveValue('₦0.00');
  await expect(author.getByRole('button', { name: 'Submit for Review' })).toBeDisabled();
  await author.getByRole('button', { name: 'Calculate Price' }).click();
  await expect(author.getByRole('textbox', { name: 'Total Price' })).not.toHaveValue('₦0.00');
  const newTotal = await author.getByRole('textbox', { name: 'Total Price' }).inputValue();
  await author.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(author.getByRole('heading', { name: 'Update submitted for review' })).toBeVisible();
  await expect(author.getByText(/Learners keep the published version until it is approved/)).toBeVisible();
  await snapDesktop(author, 'admin-revision-submitted');

  // The approver: the update is on the list at once, marked, with what it changed.
  await approveCourseLink(page).click();
  const card = pendingCard(page, newTitle);
  await expect(card.getByText(`Update of #${courseId}`)).toBeVisible();
  await card.getByRole('link', { name: `Review Course: ${newTitle}` }).click();
  const changes = page.getByRole('region', { name: 'What changed in this update' });
  await expect(changes.getByText(`Compared with published course #${courseId}`, { exact: false })).toBeVisible();
  await expect(changes.getByRole('listitem').filter({ hasText: /^Edited Title:/ })).toContainText(`${title} → ${newTitle}`);
  await expect(changes.getByRole('listitem').filter({ hasText: /^Edited Price:/ })).toContainText(`→ ${newTotal} (base ₦12,500.00)`);
  await expect(changes.getByRole('listitem').filter({ hasText: /^Added Section The cash book/ })).toContainText('in module Keeping records');
  await expect(changes.getByText('3 changes')).toBeVisible();
  await snapDesktop(page, 'admin-revision-review-changes');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await approveCourseLink(page).click();
  await reviewToPricing(page, newTitle);
  // The panel stays above every step, Pricing included.
  await expect(changes).toBeVisible();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Course Approved').first()).toBeVisible();

  // QA reads the same changes and approves on Pricing; the published course takes them.
  await approveCourseLink(qa).click();
  await expect(pendingCard(qa, newTitle)).toHaveCount(1);
  await reviewToPricing(qa, newTitle, 'admin-revision-qa');
  await expect(qa.getByRole('region', { name: 'What changed in this update' }).getByText('3 changes')).toBeVisible();
  await qaApproveHere(qa);
  const published = await (await page.request.get(`/api/Course/Course/GetCourseById/${courseId}`)).json();
  expect(published.data).toMatchObject({ title: newTitle, coursePrice: { basePrice: 12500 } });

  await authorContext.close();
  await qaContext.close();
});
