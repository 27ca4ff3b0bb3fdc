// The End of course Survey step and review mode (spec 001 §2.1, §2.4, §5, §7; decision 034). An
// institution admin the story creates (newUnilagAdmin: through Manage User, the e-mailed password)
// builds a paid course with a survey: at step 4 Continue without a choice says “Please select a
// Survey”, they look at a survey's questions, choose it, reach Pricing numbered 5 and submit. The
// course is then opened in review mode (?courseReview=true) and stepped through read-only, with no
// write request; a platform reviewer reads the same partner's course.
import { expect, test, type Page } from '@playwright/test';
import { draftToCurriculum } from './course-wizard-helpers';
import { E2E_STAFF } from './staff-accounts';
import { newUnilagAdmin, signInStaff, snapDesktop } from './staff-helpers';

const stamp = Date.now().toString(36);
const step = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step/ });

/** Every request to the API that is not a read (token refreshes and page-view counts aside). */
function writesOf(page: Page) {
  const writes: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() !== 'GET' && !url.pathname.endsWith('/Account/RefreshToken') && !url.pathname.endsWith('/Report/PageView')) writes.push(`${request.method()} ${url.pathname}`);
  });
  return writes;
}

test.describe('End of course Survey and review mode', () => {
  test('an institution admin chooses a survey at step 4, prices at step 5, submits, and reviews the course read-only', async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    // The author: a new INSTITUTION ADMIN of UNILAG of the story's own.
    const authorContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
    const author = await authorContext.newPage();
    await newUnilagAdmin(author, browser, baseURL, { userName: `e2e.surveyauthor.${stamp}`, firstName: 'Tobi', lastName: 'Adeyemi', password: 'Survey#Author2026' });

    const title = `E2E Survey Course ${stamp}`;
    const courseId = await draftToCurriculum(author, { title, paid: true, survey: true });
    const nav = author.getByRole('navigation', { name: 'Create a Course steps' });
    await expect(nav.getByRole('listitem')).toHaveText([/Basic Setup/, /Additional Information/, /Build Curriculum/, /End of course Survey/, /Pricing/]);
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
    await author.getByRole('button', { name: 'Continue' }).click();
    await expect(author.getByText('Course curriculum completed').first()).toBeVisible();

    // Step 4: the survey is required (§5), and its questions can be read before choosing.
    await expect(step(author)).toHaveText(/Step 4 of 5\s*End of course Survey/);
    const surveys = author.getByRole('radiogroup', { name: 'End of course Survey' });
    await expect(surveys.getByRole('radio', { name: 'Course feedback' })).toBeVisible();
    await author.getByRole('button', { name: 'Continue' }).click();
    await expect(author.getByText('Please select a Survey')).toBeVisible();
    await snapDesktop(author, 'admin-course-survey-required');
    await author.getByRole('button', { name: 'View questions of Course feedback' }).click();
    const questions = author.getByRole('dialog', { name: 'Course feedback' });
    await expect(questions.getByText('How useful was this course for your work?')).toBeVisible();
    await expect(questions.getByText('A scale from 0 to 10')).toBeVisible();
    await snapDesktop(author, 'admin-course-survey-questions');
    await questions.getByRole('button', { name: 'Choose this survey' }).click();
    await expect(questions).toBeHidden();
    await expect(surveys.getByRole('radio', { name: 'Course feedback' })).toBeChecked();
    await expect(author.getByText('Please select a Survey')).toBeHidden();
    await snapDesktop(author, 'admin-course-survey-chosen');
    await author.getByRole('button', { name: 'Continue' }).click();
    await expect(author.getByText('End of course survey saved').first()).toBeVisible();

    // Step 5: Pricing, numbered 5 with the survey step before it.
    await expect(step(author)).toHaveText(/Step 5 of 5\s*Pricing/);
    // Opened again, the course resumes at its stored step (5), with the survey still chosen.
    await author.goto(`/admin/create-course?courseId=${courseId}`);
    await expect(step(author)).toHaveText(/Step 5 of 5\s*Pricing/);
    await nav.getByRole('button', { name: /End of course Survey/ }).click();
    await expect(surveys.getByRole('radio', { name: 'Course feedback' })).toBeChecked();
    await nav.getByRole('button', { name: /Pricing/ }).click();
    await author.getByRole('spinbutton', { name: 'Base Price' }).fill('15000');
    await author.getByRole('button', { name: 'Calculate Price' }).click();
    await expect(author.getByRole('textbox', { name: 'Total Price' })).not.toHaveValue('₦0.00');
    await author.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(author.getByRole('heading', { name: 'Course submitted for review' })).toBeVisible();

    // Review mode: the author's role holds approvecourse; every field read-only, nothing written.
    const writes = writesOf(author);
    await author.goto(`/admin/create-course?courseId=${courseId}&courseReview=true`);
    await expect(author.getByRole('heading', { level: 1, name: 'Review Course' })).toBeVisible();
    await expect(author.getByRole('link', { name: 'Back to the course list' })).toBeVisible();
    await expect(step(author)).toHaveText(/Step 1 of 5 · Review\s*Basic Setup/);
    await expect(author.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(author.getByRole('textbox', { name: 'Title' })).not.toBeEditable();
    await expect(author.getByRole('button', { name: 'Save Draft' })).toHaveCount(0);
    await snapDesktop(author, 'admin-course-review-basic');
    await author.getByRole('button', { name: 'Continue' }).click();
    await expect(step(author)).toHaveText(/Additional Information/);
    await expect(author.getByRole('textbox', { name: 'Course Headline' })).not.toBeEditable();
    await expect(author.getByRole('button', { name: 'Save Draft' })).toHaveCount(0);
    await author.getByRole('button', { name: 'Continue' }).click();
    await expect(step(author)).toHaveText(/Build Curriculum/);
    await expect(author.getByRole('heading', { name: 'Module 1: Keeping records' })).toBeVisible();
    for (const hidden of ['Add Course Module', 'Bulk Upload', 'Save Draft']) await expect(author.getByRole('button', { name: hidden })).toHaveCount(0);
    await snapDesktop(author, 'admin-course-review-curriculum');
    // Back from the curriculum goes to step 2 without “You will lose your progress”.
    await author.getByRole('button', { name: 'Back' }).click();
    await expect(step(author)).toHaveText(/Additional Information/);
    await expect(author.getByRole('alertdialog')).toHaveCount(0);
    await author.getByRole('button', { name: 'Continue' }).click();
    await author.getByRole('button', { name: 'Continue' }).click();
    await expect(step(author)).toHaveText(/Step 4 of 5 · Review\s*End of course Survey/);
    await expect(author.getByText('What should the educators improve?')).toBeVisible();
    await expect(author.getByRole('radio')).toHaveCount(0);
    await snapDesktop(author, 'admin-course-review-survey');
    // A paid course goes on to step 5; it is the last, so Continue ends there.
    await author.getByRole('button', { name: 'Continue' }).click();
    await expect(step(author)).toHaveText(/Step 5 of 5 · Review\s*Pricing/);
    await expect(author.getByRole('textbox', { name: 'Base Price' })).toHaveValue('₦15,000.00');
    await expect(author.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await snapDesktop(author, 'admin-course-review-pricing');
    expect(writes).toEqual([]);

    // A platform reviewer reads this partner's submitted course too.
    const platformContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
    const platform = await platformContext.newPage();
    await signInStaff(platform, E2E_STAFF.superAdmin.userName);
    await platform.goto(`/admin/create-course?courseId=${courseId}&courseReview=true`);
    await expect(platform.getByText(title)).toBeVisible();
    await expect(step(platform)).toHaveText(/Step 1 of 5 · Review\s*Basic Setup/);
    await platformContext.close();
    await authorContext.close();
  });
});
