// The dearest course the product lets a partner price must also be one a learner can buy: the
// base-price limit is one constant (shared/domain/pricing.ts) and checkout's limits are derived
// from it. Issue 29: a ₦10,000,000 course totalled ₦10,752,000 and Payment/Log refused that amount.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING_MESSAGES as P } from '@rivet/shared/api/course-pricing';
import { PAYMENT_MESSAGES } from '@rivet/shared/api/payment';
import { DEFAULT_RATES, MAX_BASE_PRICE_KOBO, maxPrice } from '@rivet/shared/domain/pricing';
import * as t from '../db/schema';
import { createStudyFixtures } from '../learning/study-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course';
const WORKFLOW = '/api/Workflow';
const MAX_NAIRA = MAX_BASE_PRICE_KOBO / 100;

describe.each(testDrivers())('the highest base price, priced to paid on %s', (driver) => {
  let app: TestApp;
  let author: Browser;
  let approver: Browser;
  let qa: Browser;
  let unilag: number;
  let category: number;
  let language: number;

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    author = await signedInStaff(app, 'dearest.author', 'INSTITUTION ADMIN', 'UNILAG');
    approver = await signedInStaff(app, 'dearest.approver', 'INSTITUTION ADMIN', 'UNILAG');
    qa = await signedInStaff(app, 'dearest.qa', 'SUPER ADMIN', null);
    unilag = (await db.select().from(t.institutions).where(eq(t.institutions.code, 'UNILAG')))[0]!.id;
    category = (await db.select().from(t.courseCategories).where(eq(t.courseCategories.isActive, true)).orderBy(asc(t.courseCategories.id)).limit(1))[0]!.id;
    language = (await db.select().from(t.languages).limit(1))[0]!.id;
  });
  afterAll(() => app?.close());

  /** A paid draft with every step before Pricing complete (Additional Information's columns set directly, as its own tests cover the form). */
  async function readyToPrice(title: string) {
    const made = await author.call(`${COURSE}/Course/CreateUpdate`, {
      json: { title, description: 'A course at the top of the price range.', courseCategoryId: category, courseType: 1, startDate: '2026-12-01', isPaid: true, hasSurvey: false },
    });
    expect(made.status, made.body.description).toBe(200);
    const courseId = made.body.data as number;
    await app.database.db
      .update(t.courses)
      .set({ headline: 'Board governance', overview: '<p>Boards.</p>', objectives: '<p>Govern.</p>', courseLevel: 3, languageId: language, effort: '2 to 4 hours per week', instructorName: 'Ada Obi', thumbnailUrl: '/t.webp', bannerUrl: '/b.webp', stepNo: 3 })
      .where(eq(t.courses.id, courseId));
    const curriculum = [{ title: 'Getting started', items: [{ title: 'First steps', courseModuleItemAssets: [{ assetType: 3, title: 'The board', body: '<p>Who sits on it.</p>' }] }] }];
    const built = await author.call(`${COURSE}/Course/Builder?SaveDraft=false`, { json: { courseId, courseModules: curriculum } });
    expect(built.status, built.body.description).toBe(200);
    return courseId;
  }

  it('prices, approves, logs and pays (sandbox) a course at ₦10,000,000: ₦10,752,000 with VAT and fee', async () => {
    const expected = maxPrice(DEFAULT_RATES);
    expect(expected.amount).toBe(1_075_200_000);

    const calculated = await author.call(`${COURSE}/Course/Compute/Pricing`, { json: { basePrice: MAX_NAIRA } });
    expect([calculated.status, calculated.body.data?.amount]).toEqual([200, 10_752_000]);

    const courseId = await readyToPrice('Dearest Boardroom Governance');
    const submitted = await author.call(`${COURSE}/Course/Pricing`, { json: { courseId, currencyId: 1, basePrice: MAX_NAIRA, vat: 0, gatewayCharge: 0 } });
    expect([submitted.status, submitted.body.description]).toEqual([200, P.submitted]);
    expect(submitted.body.data).toMatchObject({ basePrice: 10_000_000, vat: 750_000, gatewayCharge: 2_000, amount: 10_752_000 });

    // Reviewed and published through the workflow endpoints (someone other than the author at each level).
    const [formula] = await app.database.db.insert(t.revenueFormulas).values({ name: 'Dearest 70/30', isActive: true }).returning();
    await app.database.db.insert(t.revenueFormulaParties).values([
      { formulaId: formula!.id, position: 1, partyType: 0, institutionId: null, share: 3_000 },
      { formulaId: formula!.id, position: 2, partyType: 1, institutionId: unilag, share: 7_000 },
    ]);
    const partnerReview = await approver.call(`${WORKFLOW}/CourseApproval/Course/Approval`, { json: { comment: '', courseId, status: 2, courseCategoryId: category, institutiondId: unilag } });
    expect(partnerReview.status, partnerReview.body.description).toBe(200);
    const published = await qa.call(`${WORKFLOW}/CourseApproval/QA/QACourseApproval`, { json: { comment: '', courseId, approvalStatus: 2, revenueId: formula!.id, institutiondId: unilag } });
    expect([published.status, published.body.data?.stage], published.body.description).toEqual([200, 'published']);

    // The learner prices it, starts paying with the amount shown, approves the test payment and is enrolled.
    const learner = await createStudyFixtures(app).learner();
    const shown = await learner.b.call(`${COURSE}/Course/Compute/Pricing`, { json: { courseId } });
    expect([shown.status, shown.body.data?.amount]).toEqual([200, 10_752_000]);
    const logged = await learner.b.call(`${COURSE}/Payment/Log`, { json: { courseId, userId: learner.userId, amount: shown.body.data.amount, paymentChannel: 1 } });
    expect(logged.status, logged.body.description).toBe(200);
    expect(logged.body.data).toMatchObject({ provider: 'sandbox', amountKobo: expected.amount, enrolled: false });
    const reference = logged.body.data.reference as string;
    expect((await learner.b.call(`${COURSE}/Payment/Sandbox/${reference}`, { json: { outcome: 'success' } })).status).toBe(200);
    const paid = await learner.b.call(`${COURSE}/Payment/Process`, { json: { referenceNo: reference, courseId, userId: learner.userId } });
    expect(paid.body).toMatchObject({ description: PAYMENT_MESSAGES.successful, data: { status: 1, enrolled: true, amount: 10_752_000 } });
    const [row] = await app.database.db.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.reference, reference));
    expect(row).toMatchObject({ status: 1, amountKobo: expected.amount, basePriceKobo: MAX_BASE_PRICE_KOBO });
    const enrolled = await app.database.db.select().from(t.enrollments).where(and(eq(t.enrollments.userId, learner.userId), eq(t.enrollments.courseId, courseId)));
    expect(enrolled).toHaveLength(1);
  });

  it('refuses a base price above ₦10,000,000 at pricing, with the limit in the message', async () => {
    const courseId = await readyToPrice('Dearer Than Allowed');
    for (const basePrice of [MAX_NAIRA + 0.01, MAX_NAIRA + 1]) {
      const submitted = await author.call(`${COURSE}/Course/Pricing`, { json: { courseId, currencyId: 1, basePrice, vat: 0, gatewayCharge: 0 } });
      expect([submitted.status, submitted.body.description]).toEqual([400, 'Base Price must be at most ₦10,000,000']);
      const calculated = await author.call(`${COURSE}/Course/Compute/Pricing`, { json: { basePrice } });
      expect([calculated.status, calculated.body.description]).toEqual([400, 'Base Price must be from ₦0 to ₦10,000,000']);
    }
    const [row] = await app.database.db.select().from(t.courses).where(eq(t.courses.id, courseId));
    expect(row).toMatchObject({ draft: true, basePriceKobo: 0 });
  });
});
