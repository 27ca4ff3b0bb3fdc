// The admin dashboard and Course Insights (spec 002 §2.3, §2.11; decision 052). A UNILAG admin made
// in the story starts a course from the Create Course banner, and the change shows in What's New;
// the dashboard's figures and Course Insights are UNILAG's only. A platform report user made in the
// story sees the platform: every partner's courses (with the PARTNER column), no Create Course
// banner, and the UNILAG admin's change too. The chart is drawn and readable as a table.
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { fillBasicSetup } from './course-wizard-helpers';
import { mailTo } from './mail';
import { E2E_STAFF } from './staff-accounts';
import { fillCreateUser, firstSignIn, newUnilagAdmin, oneTimePasswordIn, signInStaff, snapDesktop } from './staff-helpers';

const UNILAG_COURSE = 'Digital Marketing Fundamentals';
const LBS_COURSE = 'Social Media Marketing for SMEs';

async function searchInsights(page: Page, text: string) {
  const search = page.getByRole('searchbox', { name: 'Search Course' });
  await search.fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

/** Presses Export and reads the downloaded spreadsheet's rows (decision 060). */
async function exported(page: Page, scope: Page | Locator = page): Promise<{ name: string; rows: unknown[][] }> {
  const downloading: Promise<Download> = page.waitForEvent('download');
  await scope.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  const book = XLSX.read(await readFile((await download.path())!), { type: 'buffer' });
  return { name: download.suggestedFilename(), rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null }) };
}

async function expectDashboardFrame(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(stats.getByText('Total Revenue', { exact: true })).toBeVisible();
  await expect(stats.getByText('Fetching statistics...')).toBeHidden();
  for (const label of ['Total Student', 'Active Student']) await expect(stats.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByText('Active Courses', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(/^[\d,]+$/);
  await expect(page.getByText('Pending Course Approval', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(/^[\d,]+$/);
  await expect(page.locator('.dash-chart canvas')).toBeVisible();
  // Twelve months and the header row, for screen readers.
  await expect(page.getByRole('table', { name: 'Enrolments in the last twelve months' }).getByRole('row')).toHaveCount(13);
}

test('an institution admin and a platform report user each see their own dashboard and Course Insights', async ({ page, browser, baseURL }) => {
  // Two staff accounts are made and signed in for the first time, and a course is started.
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const title = `Dashboard Story Course ${stamp}`;

  // ── A UNILAG admin of the story's own ──
  await newUnilagAdmin(page, browser, baseURL, { userName: `e2e.dash.${stamp}`, firstName: 'Bisi', lastName: 'Dashboard', password: 'Dash#Unilag2026' });
  await expect(page.getByRole('heading', { name: 'Welcome back, Bisi' })).toBeVisible();
  await expectDashboardFrame(page);
  const insights = page.getByRole('grid', { name: 'Course Insights' });
  await expect(insights.getByRole('row').nth(1)).toBeVisible();
  // The partner's own staff have no PARTNER column: every row is theirs.
  await expect(insights.getByRole('columnheader', { name: 'PARTNER', exact: true })).toHaveCount(0);
  await searchInsights(page, UNILAG_COURSE);
  await expect(insights.getByRole('rowheader', { name: UNILAG_COURSE })).toBeVisible();
  await searchInsights(page, LBS_COURSE);
  await expect(page.getByText(`No course matches “${LBS_COURSE}”.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search Course' }).fill('');
  await expect(page).not.toHaveURL(/q=/);
  await expect(insights.getByRole('rowheader', { name: UNILAG_COURSE })).toBeVisible();
  // The dashboard table's Export: Course Insights for the same search, UNILAG's rows only.
  const fromDashboard = await exported(page, page.locator('.dash-insights'));
  expect(fromDashboard.name).toBe('CourseInsight.xlsx');
  expect(fromDashboard.rows[0]).toEqual(['S/NO', 'PARTNER', 'COURSE NAME', 'ENROLLED USERS', 'TOTAL REVENUE (₦)', 'DISCOUNT (₦)', 'PLATFORM REV. (₦)', 'PARTNER REV. (₦)', 'VAT (₦)', 'GATEWAY FEE (₦)']);
  expect(fromDashboard.rows.length).toBeGreaterThan(1);
  expect(new Set(fromDashboard.rows.slice(1).map((r) => r[1]))).toEqual(new Set(['UNILAG']));
  await snapDesktop(page, 'admin-dashboard-institution');

  // The Create Course banner starts a course; the draft shows in What's New from the audit trail.
  await page.getByRole('link', { name: 'Create Course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Course' })).toBeVisible();
  // The category list arrives with the page; the select opens only once it has.
  await page.waitForLoadState('networkidle');
  await fillBasicSetup(page, { title, paid: false, survey: false });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Course created successfully')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const news = page.getByRole('region', { name: "What's New" });
  const group = news.getByRole('button', { name: new RegExp(`1 update\\s*e2e\\.dash\\.${stamp} modified ${title}`) });
  await expect(group).toBeVisible();
  await group.click();
  await expect(news.getByText(new RegExp(`Created draft course \\d+ “${title}”`))).toBeVisible();
  await snapDesktop(page, 'admin-dashboard-whats-new');

  // Course Insights, the report: View opens a course's enrolled students.
  await page.goto('/admin/report/course-insight');
  await expect(page.getByRole('heading', { level: 1, name: 'Course Insights' })).toBeVisible();
  const report = page.getByRole('grid', { name: 'Course Insights' });
  await expect(report.getByRole('row').nth(1)).toBeVisible();
  const insightFile = await exported(page);
  expect(insightFile.name).toBe('CourseInsight.xlsx');
  expect(insightFile.rows.length).toBeGreaterThan(1);
  expect(new Set(insightFile.rows.slice(1).map((r) => r[1]))).toEqual(new Set(['UNILAG']));
  await snapDesktop(page, 'admin-course-insights');
  const first = report.getByRole('row').nth(1);
  const courseName = (await first.getByRole('rowheader').textContent())!;
  await first.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/admin\/report\/managestudent\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
  await expect(page.getByText(/^UNILAG · enrolled students$/)).toBeVisible();
  await expect(page.getByRole('grid', { name: courseName }).getByRole('columnheader')).toHaveText([
    'FIRSTNAME', 'LASTNAME', 'ENROLLED DATE', 'LAST VISITED', 'AMOUNT PAID', 'DISCOUNT', 'COURSE BASE PRICE', 'VAT', 'GATEWAY FEE', 'STATUS',
  ]);
  const students = await exported(page);
  expect(students.name).toBe('ManageEnrolledStudent.xlsx');
  expect(students.rows[0]).toEqual(['FIRSTNAME', 'LASTNAME', 'ENROLLED DATE', 'LAST VISITED', 'AMOUNT PAID (₦)', 'DISCOUNT (₦)', 'COURSE BASE PRICE (₦)', 'VAT (₦)', 'GATEWAY FEE (₦)', 'STATUS']);
  await snapDesktop(page, 'admin-enrolled-students');

  // ── A platform report user, made by the super admin in this story ──
  const userName = `e2e.dashplat.${stamp}`;
  const email = `${userName}@rivet.demo.ng`;
  const makerContext = await browser.newContext({ baseURL });
  const maker = await makerContext.newPage();
  await signInStaff(maker, E2E_STAFF.superAdmin.userName);
  await maker.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage User' }).click();
  await maker.getByRole('button', { name: 'Add Users' }).click();
  // A super admin first chooses whose staff member it is: the platform's own record.
  await maker.getByRole('dialog', { name: 'Create User' }).getByRole('button', { name: /Institution$/ }).click();
  await maker.getByRole('option', { name: /\(Rivet staff\)$/ }).click();
  await fillCreateUser(maker, { firstName: 'Musa', lastName: 'Platform', userName, email, role: 'RIVET REPORT' });
  await makerContext.close();

  const platformContext = await browser.newContext({ baseURL });
  const platform = await platformContext.newPage();
  await firstSignIn(platform, userName, oneTimePasswordIn(await mailTo(email, /One-time password/)), 'Plat#Report2026');
  await expect(platform.getByRole('heading', { name: 'Welcome back, Musa' })).toBeVisible();
  await expectDashboardFrame(platform);
  // RIVET REPORT does not hold createCourse.
  await expect(platform.getByRole('link', { name: 'Create Course' })).toHaveCount(0);
  const all = platform.getByRole('grid', { name: 'Course Insights' });
  await expect(all.getByRole('columnheader', { name: 'PARTNER', exact: true })).toBeVisible();
  await searchInsights(platform, LBS_COURSE);
  const lbsRow = all.getByRole('row').filter({ has: platform.getByRole('rowheader', { name: LBS_COURSE }) });
  await expect(lbsRow.getByRole('gridcell').nth(1)).toHaveText('LBS');
  await platform.getByRole('searchbox', { name: 'Search Course' }).fill('');
  await expect(platform).not.toHaveURL(/q=/);
  // The platform sees the UNILAG admin's change as well.
  await expect(platform.getByRole('region', { name: "What's New" }).getByRole('button', { name: new RegExp(`modified ${title}`) })).toBeVisible();
  await snapDesktop(platform, 'admin-dashboard-platform');
  await platformContext.close();
});
