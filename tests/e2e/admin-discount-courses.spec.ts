// The discount form's course picker lists the chosen partner's courses through spec 001's
// Course/List (decision 088): University of Lagos's demo courses, by title, and no other
// partner's. Nothing is saved.
import { expect, test } from '@playwright/test';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff } from './staff-helpers';

test('a discount limited to some courses offers the chosen partner’s courses from Course/List', async ({ page }) => {
  await signInStaff(page, E2E_STAFF.platformAdmin.userName);
  await page.goto('/admin/discounts');
  await page.getByRole('button', { name: 'Create Discount' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Create Discount' })).toBeVisible();
  await page.getByRole('button', { name: / Partner$/ }).click();
  const listed = page.waitForResponse((r) => r.url().includes('/api/Course/Course/List?') && r.request().method() === 'GET');
  await page.getByRole('option', { name: 'University of Lagos' }).click();
  await page.getByText('All of the partner’s courses').click();
  await expect(page.getByRole('checkbox', { name: 'All of the partner’s courses' })).not.toBeChecked();
  const response = await listed;
  expect(response.status()).toBe(200);
  const courses = page.getByRole('group', { name: 'Courses' });
  await expect(courses.getByRole('checkbox', { name: 'Digital Marketing Fundamentals' })).toBeVisible();
  await expect(courses.getByRole('checkbox', { name: 'Data Analysis with Python' })).toBeVisible();
  // LBS's course is not University of Lagos's.
  await expect(courses.getByRole('checkbox', { name: 'Social Media Marketing for SMEs' })).toHaveCount(0);
  const body = (await response.json()) as { data: { items: { title: string }[]; totalRows: number } };
  await expect(courses.getByRole('checkbox')).toHaveCount(body.data.totalRows);
});
