// A new partner, from an empty platform to its first sale (issue 28, §5), on a server started with
// SEED_DEMO=false whose only account is the super admin `npm run create-admin` made
// (playwright.empty.config.ts). Nothing else exists: no partner, instructor, signatory, workflow,
// formula, discount or learner. The story makes each through the product, as its users would:
// - the super admin signs in (the password the operator set must be changed), creates a partner and
//   its admin (Create Partner wizard), a revenue formula naming the partner and a discount code;
// - the partner admin (one-time password by e-mail over SMTP) adds an approver, an instructor, a
//   certificate signatory and an approval workflow, then builds a paid course with a real video, an
//   article, an image and a quiz, and submits it;
// - the approver (not the author) approves for the partner; QA approves with the partner's formula;
// - a learner registers, buys the course with the discount code, studies it to the end and downloads
//   a certificate signed by the partner's signatory;
// - the reports show the sale with the formula's split, to the kobo.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import type { PlayerContent } from '../../shared/api/learning';
import { formatFigureKobo, formatKobo } from '../../shared/domain/money';
import { DEFAULT_RATES, DISCOUNT_CHARGE, priceCourse } from '../../shared/domain/pricing';
import { REVENUE_PARTY_TYPE, revenueOf, splitRevenue } from '../../shared/domain/revenue-split';
import { EMPTY_DATA_DIR, FIRST_ADMIN } from '../../playwright.empty.config';
import { fillAdditionalInformation, fillBasicSetup, picture } from '../e2e/course-wizard-helpers';
import { isContent, newLearner, register, signIn, studyWholeCourse } from '../e2e/learner-helpers';
import { mailIn } from '../e2e/mail';
import { fillCreateUser, firstSignIn, oneTimePasswordIn, snapDesktop } from '../e2e/staff-helpers';

const MAIL_DIR = `${EMPTY_DATA_DIR}-mail`;
const mailTo = (email: string, matching: RegExp) => mailIn(MAIL_DIR, email, matching, 300);

const PARTNER = { fullName: 'Jos Crafts Institute', name: 'JCI', email: 'hello@joscrafts.example.ng' };
const ADMIN = { firstName: 'Hauwa', lastName: 'Bello', email: 'hauwa.bello@joscrafts.example.ng', password: 'Jos#Crafts2026' };
const APPROVER = { firstName: 'Dauda', lastName: 'Pam', userName: 'jci.dauda', email: 'dauda.pam@joscrafts.example.ng', password: 'Jos#Approve2026' };
const INSTRUCTOR = 'Mrs Rifkatu Gyang';
const SIGNATORY = { name: 'Dr Nanret Dung', jobTitle: 'Rector' };
const FORMULA = { name: 'JCI 20/80', platform: 2_000, partner: 8_000 };
const CODE = { name: 'JCI launch', code: 'JOSLAUNCH', percent: 10 };
const COURSE = { title: 'Beadwork for a Market Stall', category: 'Productivity', basePrice: 8_000 };
const SUPER_PASSWORD = 'Second#Admin2026';
const SETTLEMENT_PARTY = 'Rivet Settlements';

const percent = (share: number) => (share / 100).toFixed(2);

async function pngFile(name: string, width: number, height: number, colour: { r: number; g: number; b: number }) {
  return picture(`empty-${name}`, width, height, colour);
}

async function newPage(browser: Browser, baseURL: string | undefined, width = 1366, height = 900): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height } });
  return context.newPage();
}

/** A real lesson video (ffmpeg), so the course's media processing runs as it would in production. */
function lessonVideo(): string {
  const dir = join('.tmp', 'e2e-files');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'empty-beadwork-lesson.mp4');
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330', '-t', '4', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', path]);
  return path;
}

async function choose(page: Page, field: RegExp, option: string) {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The Create Partner wizard (spec 002 §2.4): Basic Info with its four pictures, the admin, Finish. Answers the admin's user name. */
async function createPartner(page: Page): Promise<string> {
  await page.goto('/admin/create-institution');
  const basic = page.getByRole('form', { name: 'Basic Info' });
  await basic.getByLabel(/^Partner Full Name/).fill(PARTNER.fullName);
  await basic.getByLabel(/^Partner Name/).fill(PARTNER.name);
  await choose(page, /Partner Type/, 'Others');
  await basic.getByLabel(/^Email/).fill(PARTNER.email);
  await basic.getByLabel(/^Phone Number/).fill('08031234567');
  await basic.getByLabel(/^Website/).fill('https://joscrafts.example.ng');
  await basic.getByLabel(/^Address/).fill('4 Rwang Pam Street, Jos');
  await basic.getByLabel(/^Account Number/).fill('0123456789');
  await choose(page, /Bank/, 'Access Bank');
  await basic.getByLabel(/^Overview/).fill('Crafts and trades for Plateau State.');
  const files = page.locator('input[type="file"]');
  // Each picture at its own size (decision 095): logo square, thumbnail 1125 x 796, banner 1024 x 498, certificate logo 600 x 248.
  const pictures = [
    { width: 240, height: 240, background: { r: 120, g: 40, b: 20 } },
    { width: 1125, height: 796, background: { r: 200, g: 150, b: 30 } },
    { width: 1024, height: 498, background: { r: 30, g: 90, b: 60 } },
    { width: 600, height: 248, background: { r: 90, g: 30, b: 120 } },
  ];
  for (const [i, { width, height, background }] of pictures.entries()) {
    const buffer = await sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
    await files.nth(i).setInputFiles({ name: `jci-${i}.png`, mimeType: 'image/png', buffer });
  }
  await basic.getByRole('button', { name: 'Next' }).click();
  const users = page.getByRole('form', { name: 'Manage Users' });
  await users.getByLabel(/^First Name/).fill(ADMIN.firstName);
  await users.getByLabel(/^Last Name/).fill(ADMIN.lastName);
  await users.getByLabel(/^Email/).fill(ADMIN.email);
  await users.getByLabel(/^Phone Number/).fill('08069876543');
  const userName = await users.getByLabel(/^User Name/).inputValue();
  await users.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('form', { name: 'Finish' }).getByRole('button', { name: 'Submit' }).click();
  const done = page.getByRole('alertdialog', { name: 'Partner created' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Complete' }).click();
  return userName;
}

/** Manage Platform › Create Platform: the account the platform's own share is settled into (spec 002 §2.4). */
async function createSettlementParty(page: Page) {
  await page.goto('/admin/manage-platform');
  await page.getByRole('button', { name: 'Create Platform' }).click();
  const create = page.getByRole('dialog', { name: 'Create Platform' });
  await create.getByLabel('Name').fill(SETTLEMENT_PARTY);
  await create.getByRole('button', { name: /Bank/ }).click();
  await page.getByRole('option', { name: 'Zenith Bank' }).click();
  await create.getByLabel('Account number').fill('1234567890');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Platform created successfully')).toBeVisible();
}

/** Revenue › Create Revenue: Platform Owner first, then the new partner (spec 002 §2.8). */
async function createFormula(page: Page) {
  await page.goto('/admin/revenue');
  await page.getByRole('button', { name: 'Create Revenue' }).click();
  await page.getByLabel('Name').fill(FORMULA.name);
  await page.getByLabel('Platform Owner percentage').fill(percent(FORMULA.platform));
  await page.getByRole('button', { name: '+ Add partner' }).click();
  await page.getByRole('button', { name: /Partner 1/ }).click();
  await page.getByRole('option', { name: PARTNER.fullName }).click();
  await page.getByLabel('Partner 1 percentage').fill(percent(FORMULA.partner));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Revenue created successfully')).toBeVisible();
}

/** Discount › Create Discount: a default discount, one code, a percentage off the partner's courses (spec 002 §2.7). */
async function createDiscount(page: Page) {
  await page.goto('/admin/discounts?create');
  await page.getByRole('textbox', { name: /^Name/ }).fill(CODE.name);
  await page.getByRole('textbox', { name: /^Description/ }).fill('Launch offer for the first JCI course');
  await page.getByRole('button', { name: / Partner$/ }).click();
  await page.getByRole('option', { name: PARTNER.fullName }).click();
  await page.getByRole('button', { name: / Discount type$/ }).click();
  await page.getByRole('option', { name: /^Default/ }).click();
  await page.getByRole('textbox', { name: /^Code/ }).fill(CODE.code);
  await page.getByRole('button', { name: / Charge type$/ }).click();
  await page.getByRole('option', { name: 'Percentage (%)' }).click();
  await page.getByRole('textbox', { name: /^Value/ }).fill(String(CODE.percent));
  await page.getByRole('button', { name: / Usage$/ }).click();
  await page.getByRole('option', { name: 'Unlimited' }).click();
  await page.getByLabel(/^Start date/).fill('2026-01-01');
  await page.getByLabel(/^End date/).fill('2030-12-31');
  await page.getByRole('button', { name: 'Create Discount' }).click();
  await expect(page.getByText('Discount created successfully')).toBeVisible();
}

/** Settings › Instructors: the partner's first instructor (issue 28 §1). */
async function addInstructor(page: Page) {
  await page.goto('/admin/settings/instructors');
  await page.getByRole('button', { name: 'Add Instructor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Instructor' });
  await dialog.getByLabel('Instructor Name').fill(INSTRUCTOR);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(INSTRUCTOR) })).toBeVisible();
}

/** Settings › Certificate Settings: the partner's signatory (spec 001 §2.9). */
async function addSignatory(page: Page) {
  await page.goto('/admin/configuration/certificate-settings');
  await page.getByRole('button', { name: `View signatures of ${PARTNER.fullName}` }).click();
  await page.getByRole('button', { name: 'Add Signature' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create or Update Certificate Signature' });
  await dialog.getByLabel('Name').fill(SIGNATORY.name);
  await dialog.getByLabel('Job Title').fill(SIGNATORY.jobTitle);
  const signature = await sharp({ create: { width: 400, height: 120, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
    .composite([{ input: Buffer.from('<svg width="400" height="120"><path d="M10 90 C 80 10, 140 110, 200 50 S 320 20, 390 80" stroke="#123" stroke-width="6" fill="none"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: signature });
  await expect(dialog.getByRole('img', { name: 'Signature preview' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Certificate Signature Created successfully')).toBeVisible();
}

/** Settings › Approval Settings: one level, one approval, by the approver only (spec 001 §2.9). */
async function addWorkflow(page: Page) {
  await page.goto('/admin/configuration/manage-workflow');
  await page.getByRole('button', { name: 'Add WorkFlow' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Authorization' });
  await dialog.getByLabel('Workflow Name').fill('JCI course review');
  await dialog.getByRole('button', { name: /Course Category/ }).click();
  await page.getByRole('option', { name: COURSE.category, exact: true }).click();
  await dialog.getByRole('button', { name: /Check For/ }).click();
  await page.getByRole('option', { name: '1 approval', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'User' }).fill(APPROVER.lastName);
  await page.getByRole('option', { name: new RegExp(APPROVER.email.replace(/\./g, '\\.')) }).click();
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await dialog.getByRole('button', { name: 'Create Workflow' }).click();
  await expect(page.getByText('Workflow created successfully')).toBeVisible();
}

async function addContent(page: Page, where: string, type: 'Video' | 'Article' | 'Quiz' | 'Image') {
  await page.getByRole('button', { name: `Add content to ${where}` }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
}

async function uploadAndUse(page: Page, dialogName: string, path: string) {
  const uploader = page.getByRole('dialog', { name: dialogName });
  const chooser = page.waitForEvent('filechooser');
  await uploader.getByRole('button', { name: 'Browse' }).click();
  await (await chooser).setFiles(path);
  await uploader.getByRole('button', { name: `Use ${path.split('/').pop()}` }).first().click({ timeout: 60_000 });
  await expect(uploader).toBeHidden();
}

/** The author's paid course: Basic Setup, Additional Information, a video, an article, an image and a quiz, Pricing, Submit. */
async function buildAndSubmitCourse(page: Page): Promise<number> {
  await page.goto('/admin/create-course');
  await fillBasicSetup(page, { title: COURSE.title, paid: true, survey: false, category: COURSE.category });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Course created successfully')).toBeVisible();
  const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
  await fillAdditionalInformation(page);
  await expect(page.getByRole('combobox', { name: 'Instructor Name' })).toHaveValue(INSTRUCTOR);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Course additional information added successfully')).toBeVisible();

  const video = lessonVideo();
  await page.getByRole('button', { name: 'Add Course Module' }).click();
  await page.keyboard.type('Getting started');
  await page.getByRole('button', { name: 'Add Course Section' }).click();
  await page.keyboard.type('Watch: stringing a necklace');
  await addContent(page, 'section 1 of module 1', 'Video');
  await uploadAndUse(page, 'Upload Video', video);
  await page.getByRole('button', { name: 'Add Course Section' }).click();
  await page.keyboard.type('Read: pricing your beads');
  await addContent(page, 'section 2 of module 1', 'Article');
  const article = page.getByRole('dialog', { name: 'Add Article' });
  await article.getByLabel('Article Title').fill('Pricing your beads');
  await article.getByRole('textbox', { name: 'Article', exact: true }).click();
  await page.keyboard.type('Add the cost of beads, thread and your time, then a margin for the stall.');
  await article.getByRole('button', { name: 'Add Article' }).click();
  await page.getByRole('button', { name: 'Add Course Section' }).click();
  await page.keyboard.type('Look: a stall that sells');
  await addContent(page, 'section 3 of module 1', 'Image');
  await uploadAndUse(page, 'Upload Image', await pngFile('stall', 640, 360, { r: 200, g: 90, b: 40 }));
  // What the picture shows, for learners who cannot see it (decision 093); the learner's viewer is named by it.
  await page.getByRole('textbox', { name: 'Alt text' }).fill('A market stall with bead necklaces laid out on a red cloth');

  await page.getByRole('button', { name: 'Add Course Module' }).click();
  await page.keyboard.type('Check yourself');
  await page.getByRole('button', { name: 'Add Course Section' }).nth(1).click();
  await page.keyboard.type('Quick check');
  await addContent(page, 'section 1 of module 2', 'Quiz');
  const setup = page.getByRole('dialog', { name: 'Quiz Setup' });
  await setup.getByLabel('Quiz Name').fill('Stall basics');
  await setup.getByLabel('Description').fill('One question on pricing.');
  await setup.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: /Add New Question to quiz/ }).click();
  await page.getByRole('menuitem', { name: 'Single Choice' }).click();
  const question = page.getByRole('dialog', { name: 'Add Question' });
  await question.getByRole('textbox', { name: 'Question', exact: true }).click();
  await page.keyboard.type('What goes into a price?');
  await question.getByRole('textbox', { name: 'Option 1' }).fill('Materials, time and a margin');
  await question.getByRole('textbox', { name: 'Option 2' }).fill('Whatever the next stall charges');
  await question.getByRole('radiogroup', { name: 'Correct answer' }).locator('label', { hasText: 'Materials, time and a margin' }).click();
  await question.getByRole('button', { name: 'Add Question' }).click();

  // The video is processed (HLS ladder, poster, length) before the course goes for review.
  await expect(page.getByRole('row', { name: /^Video: / }).getByText('ready', { exact: true })).toBeVisible({ timeout: 120_000 });
  await snapDesktop(page, 'empty-platform-curriculum');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Course curriculum completed').first()).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Base Price' }).fill(String(COURSE.basePrice));
  await page.getByRole('button', { name: 'Calculate Price' }).click();
  await expect(page.getByRole('textbox', { name: 'Total Price' })).not.toHaveValue('₦0.00');
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByRole('heading', { name: 'Course submitted for review' })).toBeVisible();
  return courseId;
}

/** Opens the pending course in review mode and goes on to the step that holds the decision. */
async function reviewToDecision(page: Page) {
  await page.goto('/admin/approve-course');
  await page.getByRole('textbox', { name: 'Search' }).fill(COURSE.title);
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('list', { name: 'Pending Courses' }).getByRole('article').filter({ hasText: COURSE.title });
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: `Review Course: ${COURSE.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review Course' })).toBeVisible();
  // The decision is on the last step (decision 078): go there one step at a time, each drawn first.
  const step = page.getByRole('heading', { level: 2, name: /^Step \d+ of \d+/ });
  await expect(step).toHaveText(/^Step 1 of \d+/);
  const steps = Number(/of (\d+)/.exec(await step.innerText())![1]);
  for (let next = 2; next <= steps; next++) {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(step).toHaveText(new RegExp(`^Step ${next} of ${steps}`));
  }
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
}

test('a partner made on an empty platform publishes a paid course, a learner buys it with a code and earns a signed certificate, and the money lands where it belongs', async ({ page, browser, baseURL }) => {
  // The first super admin, as the operator made it: the password must be changed first.
  await firstSignIn(page, FIRST_ADMIN.userName, FIRST_ADMIN.password, SUPER_PASSWORD);
  await createSettlementParty(page);
  const adminUserName = await createPartner(page);
  await createFormula(page);
  await createDiscount(page);

  // The partner admin signs in with the e-mailed one-time password and sets the partner up.
  const partnerAdmin = await newPage(browser, baseURL);
  await firstSignIn(partnerAdmin, adminUserName, oneTimePasswordIn(await mailTo(ADMIN.email, /One-time password/)), ADMIN.password);
  await snapDesktop(partnerAdmin, 'empty-platform-partner-dashboard-new');
  await partnerAdmin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage User' }).click();
  await partnerAdmin.getByRole('button', { name: 'Add Users' }).click();
  await fillCreateUser(partnerAdmin, { ...APPROVER, role: 'INSTITUTION ADMIN' });
  const approver = await newPage(browser, baseURL);
  await firstSignIn(approver, APPROVER.userName, oneTimePasswordIn(await mailTo(APPROVER.email, /One-time password/)), APPROVER.password);
  await addInstructor(partnerAdmin);
  await addSignatory(partnerAdmin);
  await addWorkflow(partnerAdmin);
  await partnerAdmin.goto('/admin/dashboard');
  await snapDesktop(partnerAdmin, 'empty-platform-partner-dashboard-ready');

  // The partner admin authors the course; the approver approves it for the partner; QA publishes it.
  const courseId = await buildAndSubmitCourse(partnerAdmin);
  await reviewToDecision(approver);
  await approver.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByText('Course Approved').first()).toBeVisible();
  await reviewToDecision(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve course' });
  await approve.getByRole('button', { name: /Revenue/ }).click();
  // Only the formula that names the course's partner is offered.
  await expect(page.getByRole('option')).toHaveText([FORMULA.name]);
  await page.getByRole('option', { name: FORMULA.name }).click();
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Course Approved').first()).toBeVisible();

  // A learner registers, buys it with the code, studies it to the end.
  const learner = newLearner('Yakubu', 'Dalyop');
  const phone = await newPage(browser, baseURL, 360, 740);
  await register(phone, learner);
  await signIn(phone, learner);
  await phone.goto(`/course/discovery?search=${encodeURIComponent(COURSE.title)}`);
  await phone.getByRole('link', { name: COURSE.title, exact: true }).first().click();
  await expect(phone.getByText(INSTRUCTOR).first()).toBeVisible();
  await phone.getByRole('button', { name: 'Enrol' }).first().click();
  await expect(phone).toHaveURL(new RegExp(`/course/checkout\\?courseId=${courseId}`));
  await phone.getByRole('button', { name: 'Got a voucher? Click here to enter your code' }).click();
  await phone.getByRole('textbox', { name: /code/i }).fill(CODE.code.toLowerCase());
  await phone.getByRole('button', { name: 'Apply' }).click();
  await expect(phone.getByText('Discount code applied').first()).toBeVisible();
  const price = priceCourse(COURSE.basePrice * 100, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: CODE.percent });
  const pay = phone.getByRole('button', { name: /^Pay ₦/ });
  await expect(pay).toHaveText(`Pay ${formatKobo(price.amount)}`);
  await pay.click();
  await phone.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: /^Pay .*\(test\)$/ }).click();
  await expect(phone.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 20_000 });
  const contentAnswer = phone.waitForResponse(isContent);
  await phone.goto(`/course/delivery?courseId=${courseId}`);
  const content = (await (await contentAnswer).json()).data as PlayerContent;
  await studyWholeCourse(phone, content);
  await expect(phone.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  const downloading = phone.waitForEvent('download');
  await phone.getByRole('button', { name: 'Download Certificate' }).click();
  const pdf = new Uint8Array(readFileSync(await (await downloading).path()));
  const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
  expect(text).toContain(`${learner.firstName} ${learner.lastName}`);
  expect(text).toContain(COURSE.title);
  expect(text).toContain(SIGNATORY.name);

  // The money: the formula's split of what the learner paid, less VAT and the card fee, to the kobo.
  const [platformPart, partnerPart] = splitRevenue(revenueOf({ amountKobo: price.amount, vatKobo: price.vat, gatewayChargeKobo: price.gatewayCharge }), [
    { partyType: REVENUE_PARTY_TYPE.platformOwner, partnerId: 0, share: FORMULA.platform },
    { partyType: REVENUE_PARTY_TYPE.partner, partnerId: 1, share: FORMULA.partner },
  ]);
  expect(platformPart!.kobo + partnerPart!.kobo + price.vat + price.gatewayCharge).toBe(price.amount);

  await partnerAdmin.goto('/admin/dashboard');
  const stats = partnerAdmin.getByRole('region', { name: 'Stats' });
  await expect(stats.getByText(formatFigureKobo(partnerPart!.kobo))).toBeVisible();
  await snapDesktop(partnerAdmin, 'empty-platform-partner-dashboard-sold');

  // Revenue Per Partner: the partner's share; Platform Revenue: the platform's, against its settlement party.
  await page.goto('/admin/report/revenue-per-partner');
  await expect(page.getByRole('row', { name: PARTNER.name, exact: true })).toContainText(formatFigureKobo(partnerPart!.kobo));
  await snapDesktop(page, 'empty-platform-revenue-per-partner');
  await page.goto('/admin/report/revenue-per-institution');
  await expect(page.getByRole('row', { name: SETTLEMENT_PARTY })).toContainText(formatFigureKobo(platformPart!.kobo));
  await snapDesktop(page, 'empty-platform-platform-revenue');
  // Course Payment: the course's price before the discount, the discount, and what was paid.
  await page.goto('/admin/report/course-payment');
  const sale = page.getByRole('row', { name: `${learner.firstName} ${learner.lastName}` });
  await expect(sale).toContainText(COURSE.title);
  await expect(sale).toContainText(formatFigureKobo(COURSE.basePrice * 100));
  await expect(sale).toContainText(formatFigureKobo(price.amount));
  await snapDesktop(page, 'empty-platform-course-payment');
  // The partner's own staff see the same sale in their Course Insights, with their part.
  await partnerAdmin.goto('/admin/report/course-insight');
  await expect(partnerAdmin.getByRole('row', { name: new RegExp(COURSE.title) })).toContainText(formatFigureKobo(partnerPart!.kobo));
  await snapDesktop(partnerAdmin, 'empty-platform-course-insight');
});
