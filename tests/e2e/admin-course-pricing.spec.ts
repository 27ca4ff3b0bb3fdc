// Pricing and Submit for Review (spec 001 §2.7, §4, §5, §8; decision 032): an institution admin
// takes a new paid course through Basic Setup, Additional Information and Build Curriculum, prices
// it (Calculate Price, the figures zeroed when the base price changes) and submits it for review.
// The course then shows as submitted and is nowhere a learner looks. Its title is the story's own.
import { expect, test } from '@playwright/test';
import { draftToCurriculum } from './course-wizard-helpers';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

test.describe('price a course and submit it for review', () => {
  test('an institution admin builds a paid course, prices it and submits it; learners do not see it', async ({ page }) => {
    const title = `E2E Priced Course ${Date.now().toString(36)}`;
    await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
    const courseId = await draftToCurriculum(page, { title, paid: true, survey: false });

    // The smallest complete curriculum: one module, one section, one article.
    await page.getByRole('button', { name: 'Add Course Module' }).click();
    await page.keyboard.type('Keeping records');
    await page.getByRole('button', { name: 'Add Course Section' }).click();
    await page.keyboard.type('The sales book');
    await page.getByRole('button', { name: 'Add content to section 1 of module 1' }).click();
    await page.getByRole('menuitem', { name: 'Article' }).click();
    const article = page.getByRole('dialog', { name: 'Add Article' });
    await article.getByLabel('Article Title').fill('Reading a ledger');
    await article.getByRole('textbox', { name: 'Article', exact: true }).click();
    await page.keyboard.type('Write down every sale on the day it happens.');
    await article.getByRole('button', { name: 'Add Article' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Course curriculum completed').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /Pricing/ })).toBeVisible();

    const currency = page.getByRole('button', { name: /Currency/ });
    await expect(currency).toContainText('NGN');
    const base = page.getByRole('spinbutton', { name: 'Base Price' });
    const calculate = page.getByRole('button', { name: 'Calculate Price' });
    const submit = page.getByRole('button', { name: 'Submit for Review' });
    await expect(calculate).toBeDisabled();
    await expect(submit).toBeDisabled();
    // §5: e, E, + and - never reach the field.
    await base.pressSequentially('1e0E+0-00');
    await expect(base).toHaveValue('10000');
    await calculate.click();
    await expect(page.getByRole('textbox', { name: 'VAT' })).toHaveValue('₦750.00');
    await expect(page.getByRole('textbox', { name: 'Gateway Charge' })).toHaveValue('₦265.23');
    await expect(page.getByRole('textbox', { name: 'Total Price' })).toHaveValue('₦11,015.23');
    await expect(submit).toBeEnabled();
    await snapDesktop(page, 'admin-course-pricing-calculated');

    // A changed base price zeroes the figures until calculated again.
    await base.press('Backspace');
    await expect(page.getByRole('textbox', { name: 'Total Price' })).toHaveValue('₦0.00');
    await expect(submit).toBeDisabled();
    await base.pressSequentially('0');
    await calculate.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Total Price' })).toHaveValue('₦11,015.23');
    await submit.click();
    await expect(page.getByText('Course submitted for review').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Course submitted for review' })).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();
    await snapDesktop(page, 'admin-course-pricing-submitted');

    // Opened again it stays submitted; the confirmation leads on.
    await page.goto(`/admin/create-course?courseId=${courseId}`);
    await expect(page.getByRole('heading', { name: 'Course submitted for review' })).toBeVisible();
    await page.getByRole('link', { name: 'Create another course' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Basic Setup/ })).toBeVisible();

    // Pending review (approval 1): nowhere a learner looks.
    const search = await page.request.post('/api/Course/Course/Search?PageSize=200', { data: { parameter: title } });
    expect(((await search.json()).data.items as { title: string }[]).map((c) => c.title)).not.toContain(title);
    expect((await page.request.get(`/api/Course/Course/GetCourseById/${courseId}`)).status()).toBe(404);
    await page.goto('/course/catalogue');
    await expect(page.getByText(title)).toHaveCount(0);
  });
});
