// Create a Course, first slice (spec 001 §2.1–§2.3, §5, §8; decision 029): an institution admin
// fills Basic Setup and Additional Information (rich text and both images), saves a draft,
// reloads and comes back to the stored step, continues to Build Curriculum, and the draft stays
// out of the learner catalogue. The story's course has a title of its own; no demo record is changed.
import { expect, test } from '@playwright/test';
import { fillAdditionalInformation, fillBasicSetup } from './course-wizard-helpers';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

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

    // Paid and a survey add their steps to the indicator, numbered as §2.1 says.
    await fillBasicSetup(page, { title, paid: true, survey: true });
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

    await fillAdditionalInformation(page);
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

    // Continue records step 3 and opens Build Curriculum, where the course now resumes.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Course additional information added successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Build Curriculum/ })).toBeVisible();
    await page.goto(`/admin/create-course?courseId=${courseId}`);
    await expect(page.getByRole('heading', { name: /Build Curriculum/ })).toBeVisible();

    // The draft is nowhere a learner looks.
    const search = await page.request.post('/api/Course/Course/Search?PageSize=200', { data: { parameter: title } });
    expect(((await search.json()).data.items as { title: string }[]).map((c) => c.title)).not.toContain(title);
    expect((await page.request.get(`/api/Course/Course/GetCourseById/${courseId}`)).status()).toBe(404);
    await page.goto('/course/catalogue');
    await expect(page.getByText(title)).toHaveCount(0);
  });
});
