// Manage Survey in the admin console (spec 001 §2.9, §5, §8; issue 16; decision 047): the super
// admin writes a survey of the story's own (a unique title) with the three kinds of question, saves
// it as a draft, confirms it, assigns it to a demo course without a survey and removes it again (so
// the demo data ends as it began), deactivates and reactivates it, and opens the responses of the
// demo 'Course feedback' survey, which show no learner's identity. An institution admin has no
// Manage Survey item.
import { expect, test, type Page } from '@playwright/test';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

/** Toasts that would cover the screen in a screenshot are closed first (their text was checked). */
async function snap(page: Page, name: string) {
  const close = page.locator('.rv-toast__close');
  while ((await close.count()) > 0) await close.first().click();
  await snapDesktop(page, name);
}

/** A published demo course that finishes without a survey and that no other story uses. */
const COURSE = 'Public Speaking with Confidence';

test.describe('manage survey', () => {
  test('a super admin writes, drafts, confirms, assigns, toggles a survey and reads responses', async ({ page }) => {
    const title = `E2E Pulse ${Date.now().toString(36)}`;
    await signInStaff(page, E2E_STAFF.superAdmin.userName);
    await page.goto('/admin/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Manage Survey' }).click();
    await expect(page).toHaveURL(/\/admin\/configuration\/manage-survey$/);
    await expect(page.getByRole('heading', { level: 1, name: 'End of course Survey' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Surveys' });
    await expect(table.getByRole('columnheader')).toHaveText(['S/N', 'Title', 'Date Created', 'Created by', 'Responses', 'Action']);
    await expect(table.getByRole('row', { name: /Course feedback/ })).toBeVisible();
    await snap(page, 'admin-manage-survey-list');

    // Title and description first.
    await page.getByRole('button', { name: 'Add a survey' }).click();
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('Please add a survey title')).toBeVisible();
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill('Three quick questions on the course.');
    await page.getByRole('button', { name: 'Proceed' }).click();

    // One Free Text question to start; an empty question is refused in the spec's words.
    const first = page.getByRole('group', { name: 'Question 1' });
    await expect(first.getByText('Learners answer in their own words.')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Please type in questions where necessary')).toBeVisible();
    await first.getByRole('textbox', { name: 'Question' }).fill('What would you add to this course?');

    await page.getByRole('button', { name: 'Add question' }).click();
    const second = page.getByRole('group', { name: 'Question 2' });
    await second.getByRole('textbox', { name: 'Question' }).fill('Was the pace right?');
    await second.getByRole('button', { name: /Type/ }).click();
    await page.getByRole('option', { name: 'Multiple Choice' }).click();
    await second.getByRole('textbox', { name: 'Option 1' }).fill('Too slow');
    await second.getByRole('textbox', { name: 'Option 2' }).fill('Just right');
    await second.getByRole('button', { name: 'Add option' }).click();
    await second.getByRole('textbox', { name: 'Option 3' }).fill('Too fast');

    await page.getByRole('button', { name: 'Add question' }).click();
    const third = page.getByRole('group', { name: 'Question 3' });
    await third.getByRole('textbox', { name: 'Question' }).fill('How clear were the lessons?');
    await third.getByRole('button', { name: /Type/ }).click();
    await page.getByRole('option', { name: 'Rating' }).click();
    const scale = third.getByRole('group', { name: 'Rating scale of question 3' });
    await expect(scale).toHaveText('12345');
    await third.getByRole('button', { name: 'Add box' }).click();
    await expect(scale).toHaveText('123456');
    await snap(page, 'admin-manage-survey-builder');

    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByText('Saved as draft')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Draft', selected: true })).toBeVisible();
    const drafts = page.getByRole('table', { name: 'Draft surveys' });
    const draftRow = drafts.getByRole('row', { name: new RegExp(title) });
    await expect(draftRow).toContainText(E2E_STAFF.superAdmin.firstName);
    await expect(draftRow.getByRole('button', { name: `Assign ${title}` })).toHaveCount(0);
    await snap(page, 'admin-manage-survey-drafts');

    // Confirm finishes the draft: it moves to Active Survey.
    await draftRow.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByRole('group', { name: 'Question 3' }).getByRole('group', { name: 'Rating scale of question 3' })).toHaveText('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Survey created successfully')).toBeVisible();
    const row = table.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();

    // Assign a course without a survey, then take it back off (the demo course ends as it began).
    await row.getByRole('button', { name: `Assign ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Assign survey' })).toBeVisible();
    await expect(page.getByText('No course has this survey yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Course' });
    await expect(dialog.getByRole('button', { name: 'Assign' })).toBeDisabled();
    await dialog.getByPlaceholder('Search courses').fill('Public Speaking');
    await dialog.getByText(COURSE, { exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: new RegExp(COURSE) })).toBeChecked();
    await snap(page, 'admin-manage-survey-add-course');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByText('Courses Assigned Successfully')).toBeVisible();
    const assigned = page.getByRole('table', { name: 'Assigned courses' }).getByRole('row', { name: new RegExp(COURSE) });
    await expect(assigned).toContainText('Published');
    await snap(page, 'admin-manage-survey-assign');
    await assigned.getByRole('button', { name: `Remove ${COURSE} from this survey` }).click();
    await expect(page.getByText('Course unAssigned Successfully')).toBeVisible();
    await expect(page.getByText('No course has this survey yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Deactivate, then activate again.
    await row.getByRole('button', { name: `Deactivate ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Survey Activated/Deactivated successfully')).toBeVisible();
    await expect(row).toContainText('Inactive');
    await expect(row.getByRole('button', { name: `Assign ${title}` })).toHaveCount(0);
    await row.getByRole('button', { name: `Activate ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Activate' }).click();
    await expect(row.getByRole('button', { name: `Assign ${title}` })).toBeVisible();

    // The demo survey's responses, without names.
    await table.getByRole('row', { name: /Course feedback/ }).getByRole('button', { name: /View \d+ responses? to Course feedback/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Responses: Course feedback' })).toBeVisible();
    await expect(page.getByText(/Answers are shown without learners’ names/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '1. How useful was this course for your work?' })).toBeVisible();
    // The demo learners' answers (server/src/db/seed/survey-responses.ts): the view is not empty.
    await expect(page.getByText('More examples from Nigerian businesses.').first()).toBeVisible();
    await snap(page, 'admin-manage-survey-responses');
    await page.getByRole('button', { name: 'Back to surveys' }).click();
    await expect(table).toBeVisible();
  });

  test('an institution admin has no Manage Survey', async ({ page }) => {
    await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
    await page.goto('/admin/configuration/manage-survey');
    await expect(page.getByRole('heading', { level: 1, name: 'End of course Survey' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Manage Survey' })).toHaveCount(0);
  });
});
