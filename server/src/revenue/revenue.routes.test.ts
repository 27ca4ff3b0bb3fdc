// Revenue sharing through HTTP (spec 002 §2.8, §5, §6, §7) and the ledger it feeds: a successful
// payment, through the real checkout path (the sandbox provider), records its split once.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVENUE_UI_MESSAGES as M } from '@rivet/shared/api/revenue';
import { DEFAULT_RATES, priceCourse } from '@rivet/shared/domain/pricing';
import * as t from '../db/schema';
import { activeRevenueFormulas, isActiveRevenueFormula, recordPaymentSplit } from '../db/shared-queries';
import { demoFormulaName } from '../db/seed/revenue';
import { createStudyFixtures } from '../learning/study-fixtures';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import type { Browser } from '../testing/test-app';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const REVENUE = '/api/Course/Revenue';
const COURSE = '/api/Course';

describe.each(testDrivers())('revenue sharing on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  let rivetAdmin: Browser;
  let institutionAdmin: Browser;
  let reporter: Browser;
  let ids: Record<'UNILAG' | 'LBS' | 'ABU', number>;
  let fixtures: ReturnType<typeof createStudyFixtures>;

  beforeAll(async () => {
    app = await createTestApp(driver);
    superAdmin = await signedInStaff(app, 'revenue.super', 'SUPER ADMIN', null);
    rivetAdmin = await signedInStaff(app, 'revenue.rivet', 'RIVET ADMIN', null);
    institutionAdmin = await signedInStaff(app, 'revenue.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    reporter = await signedInStaff(app, 'revenue.report', 'RIVET REPORT', null);
    const rows = await app.database.db.select({ id: t.institutions.id, code: t.institutions.code }).from(t.institutions);
    const of = (code: string) => rows.find((r) => r.code === code)!.id;
    ids = { UNILAG: of('UNILAG'), LBS: of('LBS'), ABU: of('ABU') };
    fixtures = createStudyFixtures(app);
  });
  afterAll(() => app?.close());

  const owner = (percentage: number) => ({ sNo: 1, revenuePatnerType: 0, partnerId: 0, percentage });
  const partner = (partnerId: number, percentage: number, sNo = 2) => ({ sNo, revenuePatnerType: 1, partnerId, percentage });
  const create = (who: Browser, json: unknown) => who.call(`${REVENUE}/Create`, { json });
  const search = (who: Browser, query: Record<string, string> = {}) => who.call(`${REVENUE}/Search?${new URLSearchParams(query)}`);
  const partners = (who: Browser, id: number | string) => who.call(`${REVENUE}/GetRevenuePartners?RevenueId=${id}`);
  const toggle = (who: Browser, id: number, isActive: boolean) => who.call(`${REVENUE}/ActivateDeactivateRevenue?id=${id}&isActive=${isActive}`, { method: 'DELETE' });
  const auditRows = (action: string, record: number) =>
    app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'Revenue'), eq(t.auditTrail.moduleAction, action), eq(t.auditTrail.record, String(record))));
  const formulaCount = async () => (await app.database.db.select({ id: t.revenueFormulas.id }).from(t.revenueFormulas)).length;

  it('seeds a Standard 30/70 formula per demo partner, on that partner’s approved demo courses', async () => {
    const list = (await search(superAdmin, { pageSize: '100' })).body.data;
    const names = list.items.map((r: { name: string }) => r.name);
    for (const code of ['UNILAG', 'LBS', 'ABU']) expect(names).toContain(demoFormulaName(code));
    const unilag = list.items.find((r: { name: string }) => r.name === demoFormulaName('UNILAG'));
    expect(unilag.courses).toBeGreaterThan(0);
    const parties = (await partners(superAdmin, unilag.id)).body.data;
    expect(parties).toMatchObject([
      { sNo: 1, partnerId: 0, revenuePatnerType: 0, percentage: 30 },
      { sNo: 2, partnerId: ids.UNILAG, revenuePatnerType: 1, percentage: 70, partnerName: 'University of Lagos' },
    ]);
  });

  it('creates a formula with the spec’s message and an audit row; it lists newest first and reads back its parties', async () => {
    const res = await create(rivetAdmin, { name: '  Three-way 2026 ', revenuePartnerModel: [owner(33.33), partner(ids.LBS, 33.33), partner(ids.ABU, 33.34, 3)] });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe(M.created);
    expect(res.body.data).toMatchObject({ name: 'Three-way 2026', isActive: true, courses: 0 });
    expect(new Date(res.body.data.dateCreated).toString()).not.toBe('Invalid Date');
    expect(await auditRows('Create', res.body.data.id)).toHaveLength(1);
    const first = (await search(superAdmin)).body.data.items[0];
    expect(first.id).toBe(res.body.data.id);
    expect((await search(superAdmin, { search: 'three-WAY' })).body.data.items.map((r: { id: number }) => r.id)).toEqual([res.body.data.id]);
    expect((await search(superAdmin, { id: String(res.body.data.id) })).body.data.totalRows).toBe(1);
    expect((await search(superAdmin, { search: '%' })).body.data.totalRows).toBe(0);
    const parties = (await partners(superAdmin, res.body.data.id)).body.data;
    expect(parties.map((p: { percentage: number }) => p.percentage)).toEqual([33.33, 33.33, 33.34]);
    expect(parties.map((p: { partnerName: string }) => p.partnerName)).toEqual(['Rivet Learning Platform', 'Lagos Business School', 'Ahmadu Bello University']);
  });

  it('refuses every broken formula with its message, storing nothing', async () => {
    const before = await formulaCount();
    const refused = async (json: unknown, message: string, status = 400) => {
      const res = await create(superAdmin, json);
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(res.body.description).toBe(message);
    };
    await refused({ name: ' ', revenuePartnerModel: [owner(100)] }, M.nameRequired);
    await refused({ revenuePartnerModel: [owner(100)] }, M.nameRequired);
    await refused({ name: 'No party id', revenuePartnerModel: [owner(30), { revenuePatnerType: 1, percentage: 70 }] }, M.partnerRequired);
    await refused({ name: 'No party type', revenuePartnerModel: [owner(30), { partnerId: ids.LBS, percentage: 70 }] }, M.typeRequired);
    await refused({ name: 'Partner zero', revenuePartnerModel: [owner(30), partner(0, 70)] }, M.partnerRequired);
    await refused({ name: 'Under', revenuePartnerModel: [owner(30), partner(ids.LBS, 69.99)] }, M.notHundred);
    await refused({ name: 'Over', revenuePartnerModel: [owner(30), partner(ids.LBS, 70.01)] }, M.notHundred);
    await refused({ name: 'Owner second', revenuePartnerModel: [partner(ids.LBS, 70, 1), owner(30)] }, M.ownerFirst);
    await refused({ name: 'Twice', revenuePartnerModel: [owner(20), partner(ids.LBS, 40), partner(ids.LBS, 40, 3)] }, M.partnerTwice);
    await refused({ name: 'Negative', revenuePartnerModel: [owner(110), partner(ids.LBS, -10)] }, M.percentageRange);
    await refused({ name: 'Decimals', revenuePartnerModel: [owner(30.005), partner(ids.LBS, 69.995)] }, M.percentageDecimals);
    await refused({ name: 'Nobody', revenuePartnerModel: [owner(30), partner(999_999, 70)] }, M.partnerNotFound);
    const platformId = (await app.database.db.select().from(t.institutions).where(eq(t.institutions.isPlatform, true)))[0]!.id;
    await refused({ name: 'Platform as partner', revenuePartnerModel: [owner(30), partner(platformId, 70)] }, M.partnerNotFound);
    await refused({ name: 'Empty', revenuePartnerModel: [] }, M.ownerFirst);
    const dormant = await insertInstitution(app.database.db, { name: 'DORMANT', fullName: 'Dormant College', code: 'DORMANT', isActive: false });
    await refused({ name: 'Inactive partner', revenuePartnerModel: [owner(30), partner(dormant.id, 70)] }, M.partnerInactive('Dormant College'));
    await refused({ name: demoFormulaName('lbs'), revenuePartnerModel: [owner(100)] }, M.nameTaken(demoFormulaName('lbs')), 409);
    expect(await formulaCount()).toBe(before);
  });

  it('lets only the two platform admin roles in (§6)', async () => {
    for (const who of [institutionAdmin, reporter]) {
      expect((await search(who)).status).toBe(403);
      expect((await create(who, { name: 'Sneaky', revenuePartnerModel: [owner(100)] })).status).toBe(403);
    }
    // A platform owner alone at 100 % is a valid formula.
    expect((await create(superAdmin, { name: 'Platform only', revenuePartnerModel: [owner(100)] })).status).toBe(200);
  });

  it('deactivates and activates with the warning toast’s words and an audit row each; a formula in use may be deactivated', async () => {
    const made = (await create(superAdmin, { name: 'Toggle me', revenuePartnerModel: [owner(40), partner(ids.UNILAG, 60)] })).body.data;
    const course = await insertCourse(app.database.db, { institutionId: ids.UNILAG, title: 'Toggle Formula Course', revenueFormulaId: made.id });
    expect(await isActiveRevenueFormula(app.database.db, made.id)).toBe(true);
    const off = await toggle(superAdmin, made.id, false);
    expect(off.body).toMatchObject({ success: true, description: M.deactivated, data: { isActive: false, courses: 1 } });
    expect(await isActiveRevenueFormula(app.database.db, made.id)).toBe(false);
    expect((await activeRevenueFormulas(app.database.db)).map((f) => f.id)).not.toContain(made.id);
    // The course keeps it.
    expect((await app.database.db.select().from(t.courses).where(eq(t.courses.id, course.id)))[0]!.revenueFormulaId).toBe(made.id);
    // Asking again changes nothing and writes no second row.
    expect((await toggle(superAdmin, made.id, false)).body.description).toBe(M.deactivated);
    expect(await auditRows('ActivateDeactivate', made.id)).toHaveLength(1);
    const on = await toggle(rivetAdmin, made.id, true);
    expect(on.body).toMatchObject({ description: M.activated, data: { isActive: true } });
    expect(await auditRows('ActivateDeactivate', made.id)).toHaveLength(2);
    expect((await activeRevenueFormulas(app.database.db)).map((f) => f.id)).toContain(made.id);
    expect((await toggle(superAdmin, 999_999, true)).status).toBe(404);
    expect((await partners(superAdmin, 999_999)).body.description).toBe(M.notFound);
  });

  describe('the ledger', () => {
    const naira = (kobo: number) => kobo / 100;

    async function paidCourse(title: string, baseKobo: number, patch: { institutionId?: number; revenueFormulaId?: number | null } = {}) {
      const price = priceCourse(baseKobo, DEFAULT_RATES);
      return insertCourse(app.database.db, {
        institutionId: patch.institutionId ?? ids.LBS,
        title,
        isPaid: true,
        basePriceKobo: baseKobo,
        vatKobo: price.vat,
        gatewayChargeKobo: price.gatewayCharge,
        priceKobo: price.amount,
        revenueFormulaId: patch.revenueFormulaId ?? null,
      });
    }

    /** Buys the course through Payment/Log → the sandbox page → Payment/Process, the learner's real path. */
    async function buy(course: { id: number }, amountKobo: number) {
      const learner = await fixtures.learner();
      const logged = await learner.b.call(`${COURSE}/Payment/Log`, { json: { courseId: course.id, userId: learner.userId, amount: naira(amountKobo) } });
      expect(logged.status, logged.body.description).toBe(200);
      const reference = logged.body.data.reference as string;
      expect((await learner.b.call(`${COURSE}/Payment/Sandbox/${reference}`, { json: { outcome: 'success' } })).status).toBe(200);
      const process = () => learner.b.call(`${COURSE}/Payment/Process`, { json: { referenceNo: reference, courseId: course.id, userId: learner.userId } });
      expect((await process()).body.data.status).toBe(1);
      // A second verification (the callback after the webhook) completes nothing more.
      expect((await process()).body.data.status).toBe(1);
      const [payment] = await app.database.db.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.reference, reference));
      const splits = await app.database.db.select().from(t.paymentSplits).where(eq(t.paymentSplits.paymentId, payment!.id)).orderBy(asc(t.paymentSplits.position));
      return { payment: payment!, splits };
    }

    it('splits a sale by the formula the course was approved with: parts + VAT + gateway charge = the amount paid', async () => {
      const formula = (await create(superAdmin, { name: 'Ledger three-way', revenuePartnerModel: [owner(33.33), partner(ids.LBS, 33.33), partner(ids.ABU, 33.34, 3)] })).body.data;
      const course = await paidCourse('Ledger Course', 1_234_567, { revenueFormulaId: formula.id });
      const { payment, splits } = await buy(course, payment0(1_234_567));
      expect(payment.status).toBe(1);
      expect(splits.map((s) => [s.position, s.partyType, s.institutionId, s.formulaId])).toEqual([
        [1, 0, null, formula.id],
        [2, 1, ids.LBS, formula.id],
        [3, 1, ids.ABU, formula.id],
      ]);
      const revenue = payment.amountKobo - payment.vatKobo - payment.gatewayChargeKobo;
      expect(splits.reduce((sum, s) => sum + s.amountKobo, 0) + payment.vatKobo + payment.gatewayChargeKobo).toBe(payment.amountKobo);
      for (const [i, share] of [3333, 3333, 3334].entries()) expect(Math.abs(splits[i]!.amountKobo - (revenue * share) / 10_000)).toBeLessThanOrEqual(1);
      // Writing again (a replayed completion) adds nothing: the (payment, position) key holds.
      expect(await recordPaymentSplit(app.database.db, payment)).toBe(0);
      expect(await app.database.db.select().from(t.paymentSplits).where(eq(t.paymentSplits.paymentId, payment.id))).toHaveLength(3);
    });

    it('never pays a partner by a formula that does not name the course’s partner: the default rule splits the sale instead', async () => {
      // Approvals refuse such a formula (decision 076); one stored anyway (by hand, or before 0024) must not pay LBS for UNILAG's course.
      const lbsOnly = (await create(superAdmin, { name: 'Ledger LBS only', revenuePartnerModel: [owner(30), partner(ids.LBS, 70)] })).body.data;
      const course = await paidCourse('Ledger Misfit Course', 1_000_000, { institutionId: ids.UNILAG, revenueFormulaId: lbsOnly.id });
      const { payment, splits } = await buy(course, payment0(1_000_000));
      const revenue = payment.amountKobo - payment.vatKobo - payment.gatewayChargeKobo;
      expect(splits.map((s) => [s.partyType, s.institutionId, s.formulaId, s.amountKobo])).toEqual([
        [0, null, null, Math.round(revenue * 0.3)],
        [1, ids.UNILAG, null, revenue - Math.round(revenue * 0.3)],
      ]);
    });

    it('adds up to the amount paid for any price and formula (property, through the real payment path)', async () => {
      let seed = 42;
      const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
      for (let i = 0; i < 6; i++) {
        const baseKobo = 100 + Math.floor(random() * 50_000_000);
        const a = Math.floor(random() * 10_000);
        const b = Math.floor(random() * (10_000 - a));
        const formula = (
          await create(superAdmin, { name: `Property ${i}`, revenuePartnerModel: [owner(a / 100), partner(ids.UNILAG, b / 100), partner(ids.ABU, (10_000 - a - b) / 100, 3)] })
        ).body.data;
        expect(formula?.id, `formula ${a}/${b}`).toBeDefined();
        const course = await paidCourse(`Property Course ${i}`, baseKobo, { institutionId: ids.UNILAG, revenueFormulaId: formula.id });
        const { payment, splits } = await buy(course, payment0(baseKobo));
        expect(splits).toHaveLength(3);
        expect(splits.reduce((sum, s) => sum + s.amountKobo, 0) + payment.vatKobo + payment.gatewayChargeKobo, `base ${baseKobo}, ${a}/${b}`).toBe(payment.amountKobo);
      }
    });

    it('splits a course approved before formulas by the default rule: 30 % platform, 70 % the course’s partner', async () => {
      const course = await paidCourse('No Formula Course', 2_000_000, { institutionId: ids.ABU });
      const { payment, splits } = await buy(course, payment0(2_000_000));
      expect(splits.map((s) => [s.position, s.partyType, s.institutionId, s.formulaId])).toEqual([
        [1, 0, null, null],
        [2, 1, ids.ABU, null],
      ]);
      const revenue = payment.amountKobo - payment.vatKobo - payment.gatewayChargeKobo;
      expect(splits[0]!.amountKobo + splits[1]!.amountKobo).toBe(revenue);
      expect(Math.abs(splits[0]!.amountKobo - revenue * 0.3)).toBeLessThanOrEqual(1);
    });

    it('keeps splitting by a formula deactivated after the course was approved with it', async () => {
      const formula = (await create(superAdmin, { name: 'Retired', revenuePartnerModel: [owner(50), partner(ids.LBS, 50)] })).body.data;
      const course = await paidCourse('Retired Formula Course', 1_000_000, { revenueFormulaId: formula.id });
      await toggle(superAdmin, formula.id, false);
      const { splits } = await buy(course, payment0(1_000_000));
      expect(splits.map((s) => s.formulaId)).toEqual([formula.id, formula.id]);
    });

    it('records a zero split for a course a code makes free', async () => {
      const course = await paidCourse('Free By Code Course', 1_000_000, { institutionId: ids.UNILAG });
      const [discount] = await app.database.db
        .insert(t.discounts)
        .values({ name: 'Ledger free', description: 'free', discountType: 1, chargeType: 2, amount: 100, startDate: '2026-01-01', endDate: '2030-12-31', allCourses: true })
        .returning();
      await app.database.db.insert(t.discountCodes).values({ discountId: discount!.id, code: 'LEDGERFREE' });
      const learner = await fixtures.learner();
      const res = await learner.b.call(`${COURSE}/Course/Enroll`, { json: { userId: learner.userId, courseId: course.id, discountCode: 'LEDGERFREE' } });
      expect(res.status, res.body.description).toBe(200);
      const [payment] = await app.database.db.select().from(t.paymentTransactions).where(and(eq(t.paymentTransactions.courseId, course.id), eq(t.paymentTransactions.userId, learner.userId)));
      const splits = await app.database.db.select().from(t.paymentSplits).where(eq(t.paymentSplits.paymentId, payment!.id));
      expect(payment!.amountKobo).toBe(0);
      expect(splits.map((s) => s.amountKobo)).toEqual([0, 0]);
    });
  });
});

/** What a learner pays for a course of this base price, with no discount. */
function payment0(baseKobo: number) {
  return priceCourse(baseKobo, DEFAULT_RATES).amount;
}
