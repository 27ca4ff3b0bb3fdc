// From review to ledger, in one story (issue 16; spec 001 §2.8, §2.9, §4, §5; spec 002 §2.7, §2.8;
// decisions 037, 038, 041–044). Everything it needs it makes itself, with names of its own, so it
// runs alone and can be retried:
// - a platform admin adds a course category, a revenue formula with uneven percentages (33.33 % /
//   66.67 %, so the split has kobo to round) and an advanced discount whose codes come in a file;
// - UNILAG gets two new institution admins: an approver, who sets up the partner's workflow for
//   that category naming only themself, and an author;
// - the author submits a paid course; the approver (the workflow's level) approves it; QA approves
//   it choosing the formula; a learner finds it in the catalogue and buys it with a bulk code in
//   the sandbox; the ledger then holds the split: UNILAG's part, read on the admin course detail's
//   Total Revenue (a partner's staff see their partner's payment_splits there, decision 045), is
//   the formula's 66.67 % of the revenue by decision 038's rounding, and the platform's Total
//   Revenue is the amount the learner paid;
// - a second course is rejected with a comment, which reaches the author by e-mail and on the course.
// No screen shows the platform owner's own ledger row; the API tests prove each payment's parts add
// up to its revenue (revenue.routes.test.ts, discounts.routes.test.ts) and the property test the rule.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_RATES, DISCOUNT_CHARGE, priceCourse } from '../../shared/domain/pricing';
import { formatFigureKobo, formatKobo } from '../../shared/domain/money';
import { LIFECYCLE_MESSAGES } from '../../shared/domain/course-lifecycle';
import { REVENUE_PARTY_TYPE, revenueOf, splitRevenue } from '../../shared/domain/revenue-split';
import { openForReview, qaApproveWith, rejectWithComment, submitFreeCourse, submitPaidCourse } from './course-review-helpers';
import { newLearner, register, signIn } from './learner-helpers';
import { mailTo } from './mail';
import { E2E_STAFF } from './staff-accounts';
import { addCourseCategory, createBulkDiscount, deactivateCourseCategory, newUnilagAdmin, signInStaff, snapDesktop } from './staff-helpers';

const BASE_PRICE = 12_345; // naira
const DISCOUNT_PERCENT = 15;
/** Hundredths of a percent (decision 038): 33.33 % and 66.67 %. */
const PLATFORM_SHARE = 3_333;
const UNILAG_SHARE = 6_667;
const percent = (share: number) => (share / 100).toFixed(2);

/** The figure on one of the admin course detail's statistics cards. */
const statistic = (page: Page, label: string) => page.locator('.mc-stat').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

/** A platform admin's formula: Platform Owner first, then one partner (spec 002 §2.8). */
async function createFormula(page: Page, name: string) {
  await page.goto('/admin/revenue');
  await page.getByRole('button', { name: 'Create Revenue' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Platform Owner percentage').fill(percent(PLATFORM_SHARE));
  await page.getByRole('button', { name: '+ Add partner' }).click();
  await page.getByRole('button', { name: /Partner 1/ }).click();
  await page.getByRole('option', { name: 'University of Lagos' }).click();
  await page.getByLabel('Partner 1 percentage').fill(percent(UNILAG_SHARE));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Revenue created successfully')).toBeVisible();
}

/** The approver's workflow for the story's category: one level, one approval, only themself (spec 001 §2.9). */
async function createWorkflow(page: Page, workflow: { name: string; category: string; approverEmail: string; typed: string }) {
  await page.goto('/admin/configuration/manage-workflow');
  await page.getByRole('button', { name: 'Add WorkFlow' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Authorization' });
  await dialog.getByLabel('Workflow Name').fill(workflow.name);
  await dialog.getByRole('button', { name: /Course Category/ }).click();
  await page.getByRole('option', { name: workflow.category, exact: true }).click();
  await dialog.getByRole('button', { name: /Check For/ }).click();
  await page.getByRole('option', { name: '1 approval', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'User' }).fill(workflow.typed);
  await page.getByRole('option', { name: new RegExp(workflow.approverEmail.replace(/\./g, '\\.')) }).click();
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await dialog.getByRole('button', { name: 'Create Workflow' }).click();
  await expect(page.getByText('Workflow created successfully')).toBeVisible();
  await expect(page.getByRole('article', { name: workflow.name })).toContainText('Active');
}

test.describe('from review to ledger', () => {
  test('an author’s paid course passes the partner’s workflow and QA, sells with a bulk code and is split in the ledger; a rejected one goes back with its comment', async ({ page, browser, baseURL }) => {
    // A hang guard, not a speed target: at load 34 on the 2-core machine this story took 3.4 to over 5 minutes.
    test.setTimeout(600_000);
    const stamp = Date.now().toString(36).toUpperCase();
    // Names take letters only: the stamp's digits become letters, so the approver is found by name.
    const tag = stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
    const category = `E2E Ledger ${stamp}`;
    const formula = `E2E Ledger ${stamp} 33.33/66.67`;
    const codes = [`LEDGER-${stamp}-1`, `LEDGER-${stamp}-2`, `LEDGER-${stamp}-3`];
    const paidTitle = `E2E Ledger Paid ${stamp}`;
    const rejectedTitle = `E2E Ledger Rejected ${stamp}`;
    const comment = 'Add a worked example to every section.';
    const opened = (size = { width: 1366, height: 900 }) => browser.newContext({ baseURL, viewport: size }).then((c) => c.newPage());

    // The platform's part: category, formula, bulk discount. `page` is the platform admin (and QA).
    await signInStaff(page, E2E_STAFF.superAdmin.userName);
    await addCourseCategory(page, category, `E2E-LEDGER-${stamp}`);
    try {
      await createFormula(page, formula);
      await createBulkDiscount(page, { name: `E2E Ledger vouchers ${stamp}`, description: `${DISCOUNT_PERCENT}% off UNILAG courses`, partner: 'University of Lagos', percent: DISCOUNT_PERCENT, codes });

      // UNILAG's approver sets up the workflow naming only themself.
      const approverName = `e2e.ledgerapprover.${stamp.toLowerCase()}`;
      const approverEmail = `${approverName}@unilag.demo.ng`;
      const approver = await opened();
      await newUnilagAdmin(approver, browser, baseURL, { userName: approverName, firstName: 'Ngozi', lastName: `Approver${tag}`, password: 'Ledger#Approver2026' });
      await createWorkflow(approver, { name: `Ledger review ${stamp}`, category, approverEmail, typed: `Approver${tag}` });

      // The author submits a paid course and a free one in that category.
      const authorName = `e2e.ledgerauthor.${stamp.toLowerCase()}`;
      const authorEmail = `${authorName}@unilag.demo.ng`;
      const author = await opened();
      await newUnilagAdmin(author, browser, baseURL, { userName: authorName, firstName: 'Femi', lastName: `Author${tag}`, password: 'Ledger#Author2026' });
      const paidId = await submitPaidCourse(author, { title: paidTitle, category, basePrice: BASE_PRICE });
      const rejectedId = await submitFreeCourse(author, rejectedTitle, category);

      // The author holds approvecourse too, but never reviews a course they wrote (separation of
      // duties, decision 076): their card and the review say so, and offer no Approve or Reject.
      await author.goto('/admin/approve-course');
      await author.getByRole('textbox', { name: 'Search' }).fill(paidTitle);
      await author.getByRole('button', { name: 'Search' }).click();
      await expect(author.getByRole('list', { name: 'Pending Courses' }).getByRole('article').filter({ hasText: paidTitle })).toContainText(LIFECYCLE_MESSAGES.ownCourse);
      await openForReview(author, paidTitle, { at: 4, of: 4 });
      await expect(author.getByText(LIFECYCLE_MESSAGES.ownCourse).first()).toBeVisible();
      await expect(author.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await snapDesktop(author, 'admin-review-to-ledger-own-course');

      // The approver approves the paid course on its last step, Pricing (decision 078).
      await openForReview(approver, paidTitle, { at: 4, of: 4 });
      await approver.getByRole('button', { name: 'Approve' }).click();
      await expect(approver.getByText('Course Approved').first()).toBeVisible();
      expect(await mailTo(authorEmail, new RegExp(`Course Approved: ${paidTitle}`))).toContain('waits for the platform’s quality review');

      // …and rejects the free one with a comment.
      await openForReview(approver, rejectedTitle, { at: 3, of: 3 });
      await rejectWithComment(approver, comment);

      // QA approves, choosing the story's formula.
      await openForReview(page, paidTitle, { at: 4, of: 4 });
      await qaApproveWith(page, formula, 'admin-review-to-ledger-qa');
      expect(await mailTo(authorEmail, /is now published/)).toContain(paidTitle);

      // A learner finds it in the catalogue and buys it with one of the bulk codes.
      const learner = newLearner('Zainab', 'Yusuf');
      const shop = await opened({ width: 360, height: 740 });
      await register(shop, learner);
      await signIn(shop, learner);
      await shop.goto(`/course/discovery?search=${encodeURIComponent(paidTitle)}`);
      await shop.getByRole('link', { name: paidTitle, exact: true }).first().click();
      await shop.getByRole('button', { name: 'Enrol' }).first().click();
      await expect(shop).toHaveURL(new RegExp(`/course/checkout\\?courseId=${paidId}`));
      await shop.getByRole('button', { name: 'Got a voucher? Click here to enter your code' }).click();
      await shop.getByRole('textbox', { name: /code/i }).fill(codes[1]!.toLowerCase());
      await shop.getByRole('button', { name: 'Apply' }).click();
      await expect(shop.getByText('Discount code applied').first()).toBeVisible();
      const price = priceCourse(BASE_PRICE * 100, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: DISCOUNT_PERCENT });
      const pay = shop.getByRole('button', { name: /^Pay ₦/ });
      await expect(pay).toHaveText(`Pay ${formatKobo(price.amount)}`);
      await pay.click();
      await shop.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: /^Pay .*\(test\)$/ }).click();
      await expect(shop.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 });
      await shop.context().close();

      // The ledger: the formula's split of the revenue (amount paid less VAT and gateway charge), in kobo.
      const parts = splitRevenue(revenueOf({ amountKobo: price.amount, vatKobo: price.vat, gatewayChargeKobo: price.gatewayCharge }), [
        { partyType: REVENUE_PARTY_TYPE.platformOwner, partnerId: 0, share: PLATFORM_SHARE },
        { partyType: REVENUE_PARTY_TYPE.partner, partnerId: 1, share: UNILAG_SHARE },
      ]);
      expect(parts[0]!.kobo + parts[1]!.kobo + price.vat + price.gatewayCharge).toBe(price.amount);
      await approver.goto(`/admin/explore-course?courseId=${paidId}`);
      await expect(approver.getByRole('heading', { level: 1, name: paidTitle })).toBeVisible();
      await expect(statistic(approver, 'Total Students')).toHaveText('1');
      await expect(statistic(approver, 'Total Revenue')).toHaveText(formatFigureKobo(parts[1]!.kobo));
      await snapDesktop(approver, 'admin-review-to-ledger-partner-revenue');
      await page.goto(`/admin/explore-course?courseId=${paidId}`);
      await expect(statistic(page, 'Total Revenue')).toHaveText(formatFigureKobo(price.amount));

      // The rejected course goes back to its author with the comment: by e-mail and on the course.
      expect(await mailTo(authorEmail, new RegExp(`Course Rejected: ${rejectedTitle}`))).toContain(comment);
      await author.goto(`/admin/create-course?courseId=${rejectedId}`);
      await expect(author.getByText('This course has been rejected')).toBeVisible();
      await expect(author.getByText(comment)).toBeVisible();
      await snapDesktop(author, 'admin-review-to-ledger-rejected');
      await approver.context().close();
      await author.context().close();
    } finally {
      // The category goes again (with its workflow), so no other story's course is offered it.
      await deactivateCourseCategory(page, category, stamp);
    }
  });
});
