import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_AUTHORING_MESSAGES } from '@rivet/shared/api/course-authoring';
import { PRICING_MESSAGES as P } from '@rivet/shared/api/course-pricing';
import { CURRICULUM_MESSAGES as M } from '@rivet/shared/domain/curriculum';
import { DEFAULT_RATES, priceCourse } from '@rivet/shared/domain/pricing';
import * as t from '../db/schema';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course';
type Json = Record<string, any>;

const article = { assetType: 3, title: 'Reading a ledger', body: '<p>A ledger lists every sale.</p>' };
const curriculum = [{ title: 'Getting started', items: [{ title: 'First steps', courseModuleItemAssets: [article] }] }];

describe.each(testDrivers())('course pricing and Submit for Review on %s', (driver) => {
  let app: TestApp;
  let unilagAdmin: Browser;
  let lbsAdmin: Browser;
  let category: number;
  let language: number;

  beforeAll(async () => {
    app = await createTestApp(driver);
    unilagAdmin = await signedInStaff(app, 'pricing.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'pricing.lbs', 'INSTITUTION ADMIN', 'LBS');
    const [row] = await app.database.db.select().from(t.courseCategories).where(eq(t.courseCategories.isActive, true)).limit(1);
    category = row!.id;
    const [lang] = await app.database.db.select().from(t.languages).limit(1);
    language = lang!.id;
  });
  afterAll(() => app?.close());

  async function draft(who: Browser, title: string, patch: Json = {}) {
    const res = await who.call(`${COURSE}/Course/CreateUpdate`, {
      json: { title, description: 'Books that balance.', courseCategoryId: category, courseType: 1, startDate: '2026-12-01', isPaid: true, hasSurvey: false, ...patch },
    });
    expect(res.status, res.body.description).toBe(200);
    return res.body.data as number;
  }
  // Additional Information's own tests cover its multipart call; here its columns are filled in directly.
  const completeAdditional = (courseId: number) =>
    app.database.db
      .update(t.courses)
      .set({ headline: 'Books in a week', overview: '<p>Ledgers.</p>', objectives: '<p>Balance.</p>', courseLevel: 1, languageId: language, effort: '2 to 4 hours per week', instructorName: 'Ada Obi', thumbnailUrl: '/t.webp', bannerUrl: '/b.webp', stepNo: 3 })
      .where(eq(t.courses.id, courseId));
  const build = (who: Browser, courseId: number, saveDraft: boolean) => who.call(`${COURSE}/Course/Builder?SaveDraft=${saveDraft}`, { json: { courseId, courseModules: curriculum } });
  const compute = (who: Browser, basePrice: unknown) => who.call(`${COURSE}/Course/Compute/Pricing`, { json: { basePrice } });
  const submit = (who: Browser, body: Json) => who.call(`${COURSE}/Course/Pricing`, { json: { currencyId: 1, vat: 0, gatewayCharge: 0, ...body } });
  const catalogueTitles = async (word: string) => {
    const res = await app.fetch(`${COURSE}/Course/Search`, { method: 'POST', json: { parameter: word } });
    return ((await res.json()).data.items as Json[]).map((i) => i.title);
  };

  it('Calculate Price is checkout’s Course/Compute/Pricing: the one rule, in naira with kobo', async () => {
    for (const naira of [1, 2000, 10_000, 123_456.78]) {
      const res = await compute(unilagAdmin, naira);
      const kobo = priceCourse(Math.round(naira * 100), DEFAULT_RATES);
      expect([res.status, res.body.data]).toMatchObject([200, { vat: kobo.vat / 100, gatewayCharge: kobo.gatewayCharge / 100, amount: kobo.amount / 100 }]);
    }
    expect((await compute(unilagAdmin, 10_000)).body.data).toMatchObject({ vat: 750, gatewayCharge: 265.23, amount: 11_015.23 });
  });

  it('submits a complete paid course for review: recomputed price, pending review, who and when, audited, not in the catalogue', async () => {
    const title = 'Zebrawood Ledger Pricing';
    const courseId = await draft(unilagAdmin, title);
    // Nothing is submitted before every step is complete.
    const early = await submit(unilagAdmin, { courseId, basePrice: 10_000 });
    expect([early.status, early.body.description]).toEqual([400, P.incomplete]);
    await completeAdditional(courseId);
    const noCurriculum = await submit(unilagAdmin, { courseId, basePrice: 10_000 });
    expect([noCurriculum.status, noCurriculum.body.description]).toEqual([400, P.incomplete]);
    expect(noCurriculum.body.errors).toContainEqual({ field: 'courseModules', message: M.noModule });
    expect((await build(unilagAdmin, courseId, false)).body.data.stepNo).toBe(4);
    expect((await submit(unilagAdmin, { courseId, currencyId: 7, basePrice: 10_000 })).body.description).toBe(P.unknownCurrency);
    for (const [bad, message] of [[0, P.basePriceMin], [-5, P.basePriceMin], [1.234, P.basePriceKobo], ['12', P.basePrice], [null, P.basePrice]] as const) {
      const refused = await submit(unilagAdmin, { courseId, basePrice: bad });
      expect([refused.status, refused.body.description]).toEqual([400, message]);
    }

    // The client's figures are ignored: the server prices the base price itself.
    const res = await submit(unilagAdmin, { courseId, basePrice: 10_000, vat: 1, gatewayCharge: 1 });
    expect([res.status, res.body.description]).toEqual([200, P.submitted]);
    expect(res.body.data).toMatchObject({ courseId, approvalStatus: 1, draft: false, basePrice: 10_000, vat: 750, gatewayCharge: 265.23, amount: 11_015.23 });
    const [row] = await app.database.db.select().from(t.courses).where(eq(t.courses.id, courseId));
    const [admin] = await app.database.db.select().from(t.users).where(eq(t.users.userName, 'pricing.unilag'));
    expect(row).toMatchObject({ draft: false, approvalStatus: 1, basePriceKobo: 1_000_000, vatKobo: 75_000, gatewayChargeKobo: 26_523, priceKobo: 1_101_523, submittedByUserId: admin!.id, stepNo: 4 });
    expect(row!.submittedAt?.toISOString()).toBe(res.body.data.submittedAt);
    const audit = await app.database.db.select().from(t.auditTrail).where(and(eq(t.auditTrail.moduleName, 'Course'), eq(t.auditTrail.moduleAction, 'Pricing'), eq(t.auditTrail.record, String(courseId))));
    expect(audit.map((a) => a.description)).toEqual([`Submitted course ${courseId} “${title}” for review (NGN 11015.23)`]);

    // Submitted is final here: no second submission, no more edits; learners see it only once approved.
    const again = await submit(unilagAdmin, { courseId, basePrice: 5 });
    expect([again.status, again.body.description]).toEqual([409, COURSE_AUTHORING_MESSAGES.notDraft]);
    expect((await build(unilagAdmin, courseId, true)).status).toBe(409);
    expect(await catalogueTitles('Zebrawood')).toEqual([]);
  });

  it('keeps free courses out of pricing and submits a free course without a survey from Build Curriculum', async () => {
    const free = await draft(unilagAdmin, 'Quokka Free Bookkeeping', { isPaid: false, hasSurvey: false });
    const priced = await submit(unilagAdmin, { courseId: free, basePrice: 100 });
    expect([priced.status, priced.body.description]).toEqual([400, P.notPaid]);
    // Continue refuses before saving anything while Additional Information is incomplete.
    const early = await build(unilagAdmin, free, false);
    expect([early.status, early.body.description]).toEqual([400, P.incomplete]);
    expect((await unilagAdmin.call(`${COURSE}/Course/Builder/${free}`)).body.data.courseModules).toEqual([]);
    await completeAdditional(free);
    const res = await build(unilagAdmin, free, false);
    expect([res.status, res.body.description]).toEqual([200, P.curriculumSubmitted]);
    expect(res.body.data).toMatchObject({ courseId: free, draft: false, stepNo: 3 });
    const [row] = await app.database.db.select().from(t.courses).where(eq(t.courses.id, free));
    expect(row).toMatchObject({ draft: false, approvalStatus: 1, priceKobo: 0 });
    expect(row!.submittedAt).not.toBeNull();
    expect(await catalogueTitles('Quokka')).toEqual([]);
  });

  it('never lets one institution price or submit another’s course', async () => {
    const lbsCourse = await draft(lbsAdmin, 'LBS Priced Course');
    await completeAdditional(lbsCourse);
    await build(lbsAdmin, lbsCourse, false);
    const res = await submit(unilagAdmin, { courseId: lbsCourse, basePrice: 100 });
    expect([res.status, res.body.description]).toEqual([404, COURSE_AUTHORING_MESSAGES.notFound]);
    const [row] = await app.database.db.select().from(t.courses).where(eq(t.courses.id, lbsCourse));
    expect(row).toMatchObject({ draft: true, submittedAt: null });
  });
});
