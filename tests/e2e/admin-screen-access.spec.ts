// Every console screen behind its §6 rule (spec 002 §6 route guard; decision 094): each of the five
// staff roles signs in once and types every screen's address, including the ones with an id from
// the demo data. A screen the role may open shows its own heading at its own address; any other
// lands on the dashboard. The expectations are written out per role here, not derived from the
// console's own declaration, so a rule that drifts fails this story.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { allowConsole } from './console-check';
import { E2E_STAFF, E2E_STAFF_PASSWORD } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

type Role = keyof typeof E2E_STAFF;
const ALL: Role[] = ['superAdmin', 'platformAdmin', 'platformReport', 'institutionAdmin', 'institutionReport'];
const PLATFORM_ADMINS: Role[] = ['superAdmin', 'platformAdmin'];
const ADMINS: Role[] = [...PLATFORM_ADMINS, 'institutionAdmin'];
const PLATFORM_REPORTS: Role[] = [...PLATFORM_ADMINS, 'platformReport'];

interface Screen {
  address: string;
  heading: string | RegExp;
  allowed: Role[];
  /** Where an allowed user ends up when the address itself redirects (/settings opens its first page). */
  lands?: RegExp;
}

interface DemoIds {
  discountId: number;
  courseId: number;
  courseTitle: string;
  partnerId: number;
}

async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  const signIn = await request.post('/api/Authentication/Account/Admin/SignIn', { data: { userName: E2E_STAFF.superAdmin.userName, password: E2E_STAFF_PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await signIn.json()).data.accessToken}` };
  const discounts = (await (await request.get('/api/Discount/Discount/Search?page=1&pageSize=10', { headers })).json()).data.items as { id: number; name: string }[];
  const welcome = discounts.find((d) => d.name === 'Welcome offer') ?? discounts[0];
  expect(welcome, 'a demo discount').toBeTruthy();
  const catalogue = (await (await request.post('/api/Course/Course/Search?PageSize=200', { data: {} })).json()).data.items as { courseId: number; title: string; institution: string }[];
  const course = catalogue.find((c) => c.institution === 'University of Lagos');
  expect(course, 'a published UNILAG course in the demo catalogue').toBeTruthy();
  const partners = (await (await request.get('/api/Institution/Institution/Partners?Search=University%20of%20Lagos', { headers })).json()).data.items as { id: number }[];
  expect(partners[0], 'the UNILAG partner').toBeTruthy();
  return { discountId: welcome!.id, courseId: course!.courseId, courseTitle: course!.title, partnerId: partners[0]!.id };
}

function screens(ids: DemoIds): Screen[] {
  return [
    { address: '/dashboard', heading: 'Dashboard', allowed: ALL },
    { address: '/profile-admin', heading: 'Profile', allowed: ALL },
    { address: '/update-profile', heading: 'Update Profile', allowed: ALL },
    // Courses: the wizard for authors, its review mode and the lists for reviewers.
    { address: '/create-course', heading: 'Create a Course', allowed: ADMINS },
    { address: '/approve-course', heading: /Approve course/, allowed: ADMINS },
    { address: `/approve-course?courseId=${ids.courseId}&courseReview=true`, heading: 'Review Course', allowed: ADMINS },
    { address: `/create-course?courseId=${ids.courseId}&courseReview=true`, heading: 'Review Course', allowed: ADMINS },
    { address: '/manage-course', heading: 'Manage Courses', allowed: ADMINS },
    { address: `/explore-course?courseId=${ids.courseId}`, heading: ids.courseTitle, allowed: ADMINS },
    { address: '/content-library', heading: 'Content Library', allowed: ADMINS },
    // Partners, platform, users.
    { address: '/manage-partners', heading: 'Manage Partners', allowed: ADMINS },
    { address: '/create-institution', heading: 'Create Partner', allowed: PLATFORM_ADMINS },
    { address: `/Institution/Update/${ids.partnerId}`, heading: 'Update Partner', allowed: PLATFORM_ADMINS },
    { address: '/manage-platform', heading: 'Manage Platform', allowed: PLATFORM_ADMINS },
    { address: '/manage-user', heading: 'Manage Users', allowed: ADMINS },
    // Platform money: the two platform admin roles.
    { address: '/discounts', heading: 'Manage Discounts', allowed: PLATFORM_ADMINS },
    { address: `/discount/${ids.discountId}`, heading: 'View Discount', allowed: PLATFORM_ADMINS },
    { address: '/revenue', heading: 'Revenue Sharing', allowed: PLATFORM_ADMINS },
    // Settings and configuration.
    { address: '/settings', heading: 'Course Configuration', allowed: ADMINS, lands: /\/admin\/settings\/course-configuration$/ },
    { address: '/settings/course-configuration', heading: 'Course Configuration', allowed: ADMINS },
    { address: '/settings/privacy', heading: /Privacy/, allowed: ADMINS },
    { address: '/settings/instructors', heading: 'Instructors', allowed: ADMINS },
    { address: '/configuration/manage-workflow', heading: 'Approval Settings', allowed: ADMINS },
    { address: '/configuration/role-management', heading: 'Role Management', allowed: ADMINS },
    { address: '/configuration/certificate-settings', heading: 'Certificate Settings', allowed: ADMINS },
    { address: '/configuration/email-template', heading: 'Email Notification', allowed: ADMINS },
    { address: '/configuration/new-email', heading: 'Add New Template', allowed: PLATFORM_ADMINS },
    { address: '/configuration/preview-email', heading: 'Message Preview', allowed: ADMINS },
    { address: '/configuration/manage-survey', heading: 'End of course Survey', allowed: PLATFORM_ADMINS },
    { address: '/configuration/notification-manager', heading: 'Notification Manager', allowed: PLATFORM_ADMINS },
    // Reports (decision 051).
    { address: '/report/audit-trail', heading: 'Audit Trail', allowed: PLATFORM_REPORTS },
    { address: '/report/manage-registered-user', heading: 'Manage Registered Users', allowed: PLATFORM_REPORTS },
    { address: '/report/revenue-per-partner', heading: 'Revenue Per Partner', allowed: PLATFORM_REPORTS },
    { address: '/report/revenue-per-institution', heading: 'Platform Revenue', allowed: PLATFORM_REPORTS },
    { address: '/report/page-views', heading: 'Page Views', allowed: PLATFORM_REPORTS },
    { address: '/report/course-payment', heading: 'Course Payment Reports', allowed: ALL },
    { address: '/report/course-purchase', heading: 'Course Purchase', allowed: ALL },
    { address: '/report/course-insights-overview', heading: 'Course Revenue Insights', allowed: ALL },
    { address: '/report/survey', heading: 'Survey Report', allowed: ALL },
    { address: '/report/course-insight', heading: 'Course Insights', allowed: ALL },
    { address: `/report/managestudent/${ids.courseId}`, heading: ids.courseTitle, allowed: ALL },
  ];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function typeAddress(page: Page, role: Role, s: Screen): Promise<void> {
  await page.goto(`/admin${s.address}`);
  const h1 = page.getByRole('heading', { level: 1 });
  if (s.allowed.includes(role)) {
    await expect(page, `${role} opens ${s.address}`).toHaveURL(s.lands ?? new RegExp(`/admin${escape(s.address)}$`, 'i'));
    await expect(h1.filter({ hasText: s.heading }).first(), `${role} sees ${s.address}'s heading`).toBeVisible();
  } else {
    await expect(page, `${role} is sent from ${s.address} to the dashboard`).toHaveURL(/\/admin\/dashboard$/);
    await expect(h1.first()).toHaveText('Dashboard');
  }
}

test.describe('every console screen behind its route guard', () => {
  let ids: DemoIds;
  test.beforeAll(async ({ request }) => {
    ids = await demoIds(request);
  });

  for (const role of ALL) {
    test(`${E2E_STAFF[role].role}: typed addresses open the allowed screens, the rest the dashboard`, async ({ page }) => {
      test.setTimeout(420_000);
      await signInStaff(page, E2E_STAFF[role].userName);
      const failures: string[] = [];
      for (const s of screens(ids)) {
        // One failing address must not hide the others: collect, then report them together.
        await typeAddress(page, role, s).catch((e: Error) => failures.push(`${s.address}: ${e.message.split('\n')[0]}`));
      }
      expect(failures).toEqual([]);
    });
  }

  // With the guard, a screen meets a refusal only when the user's access changes mid-session; the
  // server's 403 is stood in for here. It is worded as a refusal, never as a failure to load, and
  // offers no 'Try again' (asking again gets the same answer).
  test('a refusal met on a screen is worded as one, with no Try again', async ({ page }) => {
    const refusal = { status: 403, contentType: 'application/json', body: JSON.stringify({ success: false, description: 'You do not have permission to do this.', data: null, code: 'forbidden' }) };
    allowConsole(page, /status of 403/, 'the story answers Workflow/Partners and Partner/Search with a 403 on purpose');
    await signInStaff(page, E2E_STAFF.superAdmin.userName);

    await page.route('**/api/Workflow/Workflow/Partners*', (route) => route.fulfill(refusal));
    await page.goto('/admin/configuration/manage-workflow');
    await expect(page.getByRole('heading', { level: 1, name: 'Approval Settings' })).toBeVisible();
    await expect(page.getByText('You do not have permission to do this.')).toBeVisible();
    await expect(page.getByText('The partners could not be loaded')).toHaveCount(0);
    await snapDesktop(page, 'admin-approval-settings-refused');

    await page.route('**/api/Institution/Partner/Search*', (route) => route.fulfill(refusal));
    await page.goto('/admin/manage-platform');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Platform' })).toBeVisible();
    await expect(page.getByText('You do not have permission to do this.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await snapDesktop(page, 'admin-manage-platform-refused');
  });
});
