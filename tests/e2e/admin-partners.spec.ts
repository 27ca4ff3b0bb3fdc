// Manage Partners in the admin console (spec 002 §2.4, §4, §5): a super admin creates a partner and
// its admin through the three-step wizard with real pictures; the admin's one-time password comes
// by e-mail, opens only Change Password, and then the dashboard, where the admin adds the partner's
// first user, who signs in the same way (issue 14's onboarding story). The super admin finds the partner,
// opens its details, updates it, and deactivates it with the spec's notices, after which its admin
// cannot sign in. An institution admin sees only their own institution, read-only. The partner and
// its admin are the story's own (unique names); demo partners are only looked at.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { mailTo } from './mail';
import { E2E_STAFF } from './staff-accounts';
import { fillCreateUser, firstSignIn, oneTimePasswordIn, signInStaff, snapDesktop } from './staff-helpers';

const run = Date.now().toString(36).slice(-5).toUpperCase();
const PARTNER = {
  fullName: `Kano Digital Academy ${run}`,
  name: `KDA${run}`,
  email: `info.${run.toLowerCase()}@kda.example.ng`,
};
const ADMIN = { firstName: 'Zainab', lastName: 'Garba', email: `zainab.${run.toLowerCase()}@kda.example.ng` };
const ADMIN_USER_NAME = `kda${run.toLowerCase()}.zainab`;
const NEW_PASSWORD = 'Kano#Learning26';
/** The user the new partner admin adds. */
const STAFF_MEMBER = { firstName: 'Musa', lastName: 'Danjuma', userName: `kda${run.toLowerCase()}.musa`, email: `musa.${run.toLowerCase()}@kda.example.ng` };

/** A small real PNG of a colour (the server judges content, not names). */
async function png(r: number, g: number, b: number, width = 375, height = 211) {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer();
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('manage partners', () => {
  test.describe.configure({ mode: 'serial' });
  let oneTimePassword = '';

  test('a super admin creates a partner and its admin through the wizard, then updates it', async ({ page }) => {
    await signInStaff(page, E2E_STAFF.superAdmin.userName);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage Partner' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-partners$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Partners' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Partners' });
    await expect(cards.getByText('UNIVERSITY OF LAGOS')).toBeVisible();
    await snapDesktop(page, 'admin-partners-list');

    await page.getByRole('link', { name: 'Add Partner' }).click();
    await expect(page).toHaveURL(/\/admin\/create-institution$/);
    const basic = page.getByRole('form', { name: 'Basic Info' });

    // Next on an empty form names what is missing, the pictures included.
    await basic.getByRole('button', { name: 'Next' }).click();
    await expect(basic.getByText('Partner Full Name is required')).toBeVisible();
    // Each missing picture is named as the form shows it (issue 30).
    for (const label of ['Logo', 'Thumbnail', 'Banner', 'Certificate Logo']) await expect(basic.getByText(`${label} cannot be empty`, { exact: true })).toBeVisible();

    // A name another partner holds is caught when the field is left.
    await basic.getByLabel(/^Partner Name/).fill('UNILAG');
    await basic.getByLabel(/^Partner Name/).blur();
    await expect(basic.getByText('Name already exist')).toBeVisible();

    await basic.getByLabel(/^Partner Full Name/).fill(PARTNER.fullName);
    await basic.getByLabel(/^Partner Name/).fill(PARTNER.name);
    await choose(page, /Partner Type/, 'Government');
    await basic.getByLabel(/^Email/).fill(PARTNER.email);
    await basic.getByLabel(/^Phone Number/).fill('0803123');
    await basic.getByLabel(/^Website/).fill('kda');
    await basic.getByLabel(/^Address/).fill('12 Zoo Road, Kano');
    await basic.getByLabel(/^Account Number/).fill('12345');
    await basic.getByLabel(/^Overview/).click();
    await expect(basic.getByText('minimum of 11 digits')).toBeVisible();
    await expect(basic.getByText('Not a valid Url')).toBeVisible();
    await expect(basic.getByText('Not a valid Account Number')).toBeVisible();
    await basic.getByLabel(/^Phone Number/).fill('08061234567');
    await basic.getByLabel(/^Website/).fill('https://kda.example.ng');
    await basic.getByLabel(/^Account Number/).fill('0123456789');
    await choose(page, /Bank/, 'Guaranty Trust Bank');
    await basic.getByLabel(/^Overview/).fill('Digital skills for northern Nigeria.');

    const files = page.locator('input[type="file"]');
    // Each picture has its own size: a banner in the thumbnail's place is refused with what it should be.
    await files.nth(1).setInputFiles({ name: 'banner-shaped.png', mimeType: 'image/png', buffer: await png(212, 160, 23, 1024, 498) });
    await expect(basic.getByText('The thumbnail should be 1125 x 796 pixels or larger in that shape; this picture is 1024 x 498.')).toBeVisible();
    // Logo square, thumbnail 1125 x 796, banner 1024 x 498, certificate logo 600 x 248.
    const pictures = [await png(11, 61, 145, 240, 240), await png(212, 160, 23, 1125, 796), await png(15, 118, 110, 1024, 498), await png(124, 58, 237, 600, 248)];
    for (const [i, buffer] of pictures.entries()) await files.nth(i).setInputFiles({ name: `picture-${i}.png`, mimeType: 'image/png', buffer });
    await expect(basic.getByText('Chosen: picture-3.png')).toBeVisible();
    await expect(basic.getByText(/should be .* pixels/)).toHaveCount(0);
    await snapDesktop(page, 'admin-partners-create-basic');
    await basic.getByRole('button', { name: 'Next' }).click();

    const users = page.getByRole('form', { name: 'Manage Users' });
    await expect(users).toBeVisible();
    await users.getByRole('button', { name: 'Next' }).click();
    await expect(users.getByText('First Name is required')).toBeVisible();
    await users.getByLabel(/^First Name/).fill(ADMIN.firstName);
    await users.getByLabel(/^Last Name/).fill(ADMIN.lastName);
    await users.getByLabel(/^Email/).fill(ADMIN.email);
    await users.getByLabel(/^Phone Number/).fill('08069876543');
    const userName = users.getByLabel(/^User Name/);
    await expect(userName).toBeDisabled();
    await expect(userName).toHaveValue(ADMIN_USER_NAME);
    // The derived user name answers the message Next gave while it was empty.
    await expect(users.getByText('UserName is required')).toHaveCount(0);
    await snapDesktop(page, 'admin-partners-create-users');
    await users.getByRole('button', { name: 'Next' }).click();

    const finish = page.getByRole('form', { name: 'Finish' });
    await expect(finish.getByText(PARTNER.fullName)).toBeVisible();
    await expect(finish.getByText('Guaranty Trust Bank')).toBeVisible();
    await expect(finish.getByText(ADMIN_USER_NAME)).toBeVisible();
    await snapDesktop(page, 'admin-partners-create-finish');
    // Prev goes back with everything kept.
    await finish.getByRole('button', { name: 'Prev' }).click();
    await expect(users.getByLabel(/^First Name/)).toHaveValue(ADMIN.firstName);
    await users.getByRole('button', { name: 'Next' }).click();
    await finish.getByRole('button', { name: 'Submit' }).dblclick();

    const done = page.getByRole('alertdialog', { name: 'Partner created' });
    await expect(done.getByText(/Partner created successfully\. A notification email has been sent to the registered e-mail address of the partner/)).toBeVisible();
    await snapDesktop(page, 'admin-partners-create-done');
    await done.getByRole('button', { name: 'Complete' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-partners$/);

    // The one-time password went to the admin, by e-mail only.
    const mail = await mailTo(ADMIN.email, /One-time password/);
    expect(mail).toContain(`Username: ${ADMIN_USER_NAME}`);
    oneTimePassword = oneTimePasswordIn(mail);

    // The partner's card and its details.
    await page.getByRole('searchbox', { name: 'Search partners' }).fill(PARTNER.name);
    await expect(page).toHaveURL(new RegExp(`q=${PARTNER.name}`));
    const card = page.getByRole('button', { name: new RegExp(`${PARTNER.fullName}, Active`) });
    await expect(card).toBeVisible();
    const cardItem = page.getByRole('list', { name: 'Partners' }).getByRole('listitem').filter({ has: card });
    await expect(cardItem.getByText(PARTNER.fullName.toUpperCase())).toBeVisible();
    await expect(cardItem.getByText('08061234567')).toBeVisible();
    await card.click();
    const detail = page.getByRole('dialog', { name: PARTNER.fullName });
    await expect(detail.getByText('Nigeria')).toBeVisible();
    await expect(detail.getByText(ADMIN_USER_NAME)).toBeVisible();
    await expect(detail.getByRole('link', { name: 'Certificate Logo' })).toHaveAttribute('href', /\/media\/partners\/[0-9a-f-]{36}\.webp$/);
    await snapDesktop(page, 'admin-partners-detail');

    // Update Details: two steps, the success dialog, back to the list.
    await detail.getByRole('link', { name: 'Update Details' }).click();
    await expect(page).toHaveURL(/\/admin\/Institution\/Update\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Update Partner' })).toBeVisible();
    const update = page.getByRole('form', { name: 'Basic Info' });
    await expect(update.getByLabel(/^Partner Full Name/)).toHaveValue(PARTNER.fullName);
    await update.getByLabel(/^Address/).fill('14 Zoo Road, Kano');
    await snapDesktop(page, 'admin-partners-update-basic');
    await update.getByRole('button', { name: 'Next' }).click();
    const review = page.getByRole('form', { name: 'Finish' });
    await expect(review.getByText('14 Zoo Road, Kano')).toBeVisible();
    await snapDesktop(page, 'admin-partners-update-finish');
    await review.getByRole('button', { name: 'Submit' }).click();
    const updated = page.getByRole('alertdialog', { name: 'Partner Update' });
    await expect(updated.getByText('The partner has been updated successfully.')).toBeVisible();
    await snapDesktop(page, 'admin-partners-update-done');
    await updated.getByRole('button', { name: 'Complete' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-partners$/);
  });

  test('the new admin signs in with the e-mailed password, must change it, sees only their partner and adds a user who signs in', async ({ page, browser, baseURL }) => {
    expect(oneTimePassword).not.toBe('');
    await firstSignIn(page, ADMIN_USER_NAME, oneTimePassword, NEW_PASSWORD);
    await expect(page.getByText(`Welcome back, ${ADMIN.firstName}`)).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Manage Partner' }).click();
    await expect(page.getByRole('list', { name: 'Partners' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText(PARTNER.fullName.toUpperCase())).toBeVisible();

    // The partner's first staff member, made by its own admin: theirs is the only institution offered.
    await nav.getByRole('link', { name: 'Manage User' }).click();
    await expect(page.getByText(`Staff of ${PARTNER.name}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Add Users' }).click();
    await fillCreateUser(page, { ...STAFF_MEMBER, role: 'INSTITUTION REPORT' });
    await expect(page.getByRole('button', { name: new RegExp(`${STAFF_MEMBER.firstName} ${STAFF_MEMBER.lastName}, INSTITUTION REPORT, Active`) })).toBeVisible();
    await snapDesktop(page, 'admin-partners-new-admin-users');

    const theirs = await browser.newContext({ baseURL });
    const memberPage = await theirs.newPage();
    await firstSignIn(memberPage, STAFF_MEMBER.userName, oneTimePasswordIn(await mailTo(STAFF_MEMBER.email, /One-time password/)), 'Report#Kano2026');
    await expect(memberPage.getByText(`Welcome back, ${STAFF_MEMBER.firstName}`)).toBeVisible();
    await theirs.close();
  });

  test('a super admin deactivates the partner with the spec’s notices, and its admin can no longer sign in', async ({ page, browser }) => {
    await signInStaff(page, E2E_STAFF.superAdmin.userName);
    await page.goto(`/admin/manage-partners?q=${PARTNER.name}`);
    await page.getByRole('button', { name: new RegExp(`${PARTNER.fullName}, Active`) }).click();
    const detail = page.getByRole('dialog', { name: PARTNER.fullName });
    await detail.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate partner?' });
    await expect(confirm.getByText(/staff are signed out/)).toBeVisible();
    await snapDesktop(page, 'admin-partners-deactivate-confirm');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Record deactivated')).toBeVisible();
    await expect(detail).toHaveCount(0);
    const card = page.getByRole('button', { name: new RegExp(`${PARTNER.fullName}, Inactive`) });
    await expect(card).toBeVisible();
    await card.click();
    await expect(page.getByRole('dialog', { name: PARTNER.fullName }).getByRole('link', { name: 'Update Details' })).toHaveAttribute('aria-disabled', 'true');
    await snapDesktop(page, 'admin-partners-detail-inactive');

    const other = await browser.newContext();
    const adminPage = await other.newPage();
    await adminPage.goto('/admin/login');
    await adminPage.getByLabel('Username').fill(ADMIN_USER_NAME);
    await adminPage.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await adminPage.getByRole('button', { name: 'Login' }).click();
    await expect(adminPage.getByText('Your institution’s account is not active. Please contact the platform team.')).toBeVisible();
    await expect(adminPage).toHaveURL(/\/admin\/login$/);
    await other.close();

    // Activating it again restores it (the partner is the story's own).
    await page.getByRole('dialog', { name: PARTNER.fullName }).getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('alertdialog', { name: 'Activate partner?' }).getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('Record Activated')).toBeVisible();
  });

  test('an institution admin sees only their own institution, with no Add Partner', async ({ page }) => {
    await signInStaff(page, E2E_STAFF.institutionAdmin.userName);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage Partner' }).click();
    const cards = page.getByRole('list', { name: 'Partners' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards.getByText('UNIVERSITY OF LAGOS')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Partner' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search partners' }).fill('business');
    await expect(page.getByText('No partner matches “business”.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search partners' }).fill('');
    await cards.getByRole('button').click();
    const detail = page.getByRole('dialog', { name: /University of Lagos/ });
    await expect(detail.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
    await snapDesktop(page, 'admin-partners-institution-admin');
  });
});
