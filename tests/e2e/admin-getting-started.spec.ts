// Getting started (issue 28; decision 079). A partner created a moment ago through Create Partner's
// API has its admin sign in for the first time: the dashboard says what is still missing before the
// first course can be published — an instructor and a certificate signatory to add, the default
// single approval and the settlement account already there, the revenue formula waiting for the
// platform. The admin follows the signatory's link and adds one in Certificate Settings; an
// instructor is added; the platform creates a formula naming the partner; the panel goes.
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { mailTo } from './mail';
import { E2E_STAFF, E2E_STAFF_PASSWORD } from './staff-accounts';
import { firstSignIn, oneTimePasswordIn, signInStaff, snapDesktop } from './staff-helpers';

const run = Date.now().toString(36).slice(-5);
const PARTNER = { fullName: `Owerri Skills Centre ${run.toUpperCase()}`, name: `OSC${run.toUpperCase()}`, email: `hello.${run}@osc.example.ng` };
const ADMIN = { firstName: 'Ngozi', lastName: 'Eke', userName: `osc${run}.ngozi`, email: `ngozi.${run}@osc.example.ng`, password: 'Owerri#Start2026' };

const png = (r: number, g: number, b: number, width = 375, height = 211) => sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer();

async function staffToken(request: APIRequestContext, userName: string, password: string): Promise<string> {
  const answer = await request.post('/api/Authentication/Account/Admin/SignIn', { data: { userName, password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data.accessToken as string;
}

/** Create Partner as the wizard sends it (multipart: the partner, its admin, four pictures). Answers the partner's id. */
async function createPartner(request: APIRequestContext, token: string): Promise<number> {
  const picture = async (name: string, colour: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: await png(...colour) });
  const answer = await request.post('/api/Institution/Institution/Create', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      FullName: PARTNER.fullName,
      Name: PARTNER.name,
      Email: PARTNER.email,
      PhoneNumber: '08031234567',
      Website: 'https://osc.example.ng',
      Address: '12 Wetheral Road, Owerri',
      Country: 'NG',
      AccountNumber: '0123456789',
      BankId: '5',
      overView: 'Practical trades for Imo State.',
      InstitutionType: '3',
      Code: '',
      'UserModel.FirstName': ADMIN.firstName,
      'UserModel.LastName': ADMIN.lastName,
      'UserModel.Email': ADMIN.email,
      'UserModel.PhoneNumber': '08039876543',
      'UserModel.userName': ADMIN.userName,
      'UserModel.Roles': '14',
      Logo: await picture('logo.png', [11, 61, 145]),
      Thumbnail: await picture('thumbnail.png', [212, 160, 23]),
      Banner: await picture('banner.png', [15, 118, 110]),
      CertificateLogo: await picture('certificate-logo.png', [124, 58, 237]),
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const partners = await request.get(`/api/Institution/Institution/Partners?Search=${encodeURIComponent(PARTNER.name)}`, { headers: { authorization: `Bearer ${token}` } });
  const found = (await partners.json()).data.items.find((p: { fullName: string }) => p.fullName === PARTNER.fullName);
  expect(found).toBeTruthy();
  return found.id as number;
}

/** The checklist item whose title starts with `title` (the title is followed by its state). */
const item = (panel: Locator, title: string) => panel.getByRole('listitem').filter({ has: panel.page().locator('.getting-started__item-title', { hasText: new RegExp(`^${title} `) }) });

test('a new partner’s admin sees what is missing before the first course, fixes it from the links, and the panel goes', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(240_000);
  const superToken = await staffToken(request, E2E_STAFF.superAdmin.userName, E2E_STAFF_PASSWORD);
  const partnerId = await createPartner(request, superToken);

  // Platform staff see the same checklist in the partner's detail modal, with the screens they fix it on.
  const platform = await (await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } })).newPage();
  await signInStaff(platform, E2E_STAFF.superAdmin.userName);
  await platform.goto('/admin/manage-partners');
  await platform.getByRole('searchbox', { name: 'Search partners' }).fill(PARTNER.name);
  await platform.getByRole('button', { name: new RegExp(`${PARTNER.fullName}, Active`) }).click();
  const detail = platform.getByRole('dialog', { name: PARTNER.fullName });
  const checklist = detail.getByRole('region', { name: 'Getting started' });
  // The partner's admin, made with it, holds Approve Course; Create Partner required the bank details.
  await expect(checklist.getByText('2 of 5 done')).toBeVisible();
  await expect(item(checklist, 'Approval')).toContainText('Default: one approval by any of the partner’s approvers');
  await expect(item(checklist, 'Create a revenue formula').getByRole('link', { name: 'Open Revenue' })).toBeVisible();
  await snapDesktop(platform, 'admin-getting-started-partner-detail');
  await platform.context().close();

  // The admin's first sign-in: the one-time password came by e-mail.
  const mail = await mailTo(ADMIN.email, /One-time password/);
  await firstSignIn(page, ADMIN.userName, oneTimePasswordIn(mail), ADMIN.password);

  const panel = page.getByRole('region', { name: 'Getting started' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('What is still missing before your first course can be published.')).toBeVisible();
  await expect(panel.getByText('2 of 5 done')).toBeVisible();
  await expect(item(panel, 'Add an instructor')).toContainText('To do');
  const signatory = item(panel, 'Add a certificate signatory');
  await expect(signatory).toContainText(/No active signatory\. Until one is added, learners’ certificates (carry only Rivet Learning Platform’s typed name|are signed by Rivet Learning Platform)/);
  // The partner admin holds Approve Course: with no workflow, the default single approval.
  await expect(item(panel, 'Approval')).toContainText('Default: one approval by any of your approvers (1 staff member can approve).');
  // Create Partner required the bank and account number.
  await expect(item(panel, 'Settlement account')).toContainText('Sales are paid into the account at');
  const formula = item(panel, 'Revenue formula');
  await expect(formula).toContainText('Waiting for the platform');
  await expect(formula.getByRole('link')).toHaveCount(0);
  await snapDesktop(page, 'admin-getting-started-new-partner');

  // The signatory's link opens Certificate Settings on the partner; a signatory added there counts.
  await signatory.getByRole('link', { name: 'Open Certificate Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/configuration/certificate-settings\\?partner=${partnerId}$`));
  await page.getByRole('button', { name: 'Add Signature' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Dr. Chidinma Okoro');
  await dialog.getByLabel('Job Title').fill('Director');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: await png(20, 40, 120, 300, 90) });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Certificate Signature Created successfully')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(panel.getByText('3 of 5 done')).toBeVisible();
  await expect(item(panel, 'Certificate signatory')).toContainText('1 active signatory.');

  // An instructor (Settings › Instructors, decision 075) and the platform's formula naming the partner.
  const adminToken = await staffToken(request, ADMIN.userName, ADMIN.password);
  const instructor = await request.post('/api/Course/Instructor/Create', { headers: { authorization: `Bearer ${adminToken}` }, data: { institutionId: partnerId, name: 'Mr. Emeka Nwosu' } });
  expect(instructor.ok(), await instructor.text()).toBe(true);
  await page.reload();
  await expect(panel.getByText('4 of 5 done')).toBeVisible();
  await snapDesktop(page, 'admin-getting-started-waiting-for-platform');

  const created = await request.post('/api/Course/Revenue/Create', {
    headers: { authorization: `Bearer ${superToken}` },
    data: { name: `OSC ${run} 25/75`, revenuePartnerModel: [{ sNo: 1, revenuePatnerType: 0, partnerId: 0, percentage: 25 }, { sNo: 2, revenuePatnerType: 1, partnerId, percentage: 75 }] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  // Judged once the answer is in: before it, the panel is not drawn either.
  const answered = page.waitForResponse((r) => r.url().includes('/GettingStarted') && r.ok());
  await page.reload();
  expect((await (await answered).json()).data.complete).toBe(true);
  await expect(page.getByRole('region', { name: 'Stats' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back, Ngozi' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Getting started|needs attention/ })).toHaveCount(0);
  await snapDesktop(page, 'admin-getting-started-done');
});
