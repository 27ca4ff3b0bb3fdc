// Every figure the console shows about money agrees with the ledger, to the kobo (issue 28,
// decision 077). Sales across three partners, two formulas each, with a flat code, a percentage
// code and a code that makes a course free, and failed and pending payments, are made through
// checkout's own pricing (shared/domain/pricing.ts) and its repository (startTransaction, then
// complete with the provider's verdict, or enrolWithFullDiscount), which writes the ledger
// (recordPaymentSplit). Then the dashboard, Course Insights, Course Payment, Course Purchase, Revenue
// Per Partner, Platform Revenue, Course Revenue Insights and each one's .xlsx are read over HTTP, for
// a super admin and for each partner's own staff, and compared with sums of payment_transactions
// and payment_splits. The demo's own sales are in the database too (the seed makes them through
// the same code), so the platform-wide figures are checked with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DISCOUNT_CHARGE, DEFAULT_RATES, priceCourse } from '@rivet/shared/domain/pricing';
import { lagosDate } from '@rivet/shared/domain/discount';
import { rowsOf } from '../db/client';
import * as t from '../db/schema';
import { createPaymentRepository } from '../payment/payment.repository';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { insertLearner, readXlsx } from '../testing/report-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const REPORT = '/api/Report/Report';
const DASHBOARD = '/api/Course/Course/DashboardStats';

/** Naira figures (as the API and the spreadsheets give them) summed back to kobo. */
const kobo = (values: unknown[]) => Math.round(values.reduce<number>((sum, x) => sum + Number(x ?? 0), 0) * 100);

interface Ledger {
  payments: Record<0 | 1 | 2, number>;
  /** Successful payments, kobo. */
  amount: number;
  discount: number;
  base: number;
  vat: number;
  gateway: number;
  /** The ledger's parts: the platform owner's, the partners', and the scope's own. */
  platform: number;
  partners: number;
  own: number;
  /** Pending and failed payments' amounts and base prices, as Course Payment lists them. */
  byStatus: Record<0 | 1 | 2, { amount: number; discount: number; base: number }>;
}

describe.each(testDrivers())('reports agree with the ledger on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  const partners: { code: string; id: number; staff: Browser }[] = [];

  const get = async (who: Browser, path: string, query: Record<string, string> = {}) => {
    const res = await who.call(`${path}?${new URLSearchParams(query)}`);
    return res;
  };
  const data = async (who: Browser, path: string, query: Record<string, string> = {}) => {
    const res = await get(who, path, query);
    expect(res.status, `${path} ${JSON.stringify(query)}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    return res.body.data;
  };
  /** Every row of a report: the export, opened as a spreadsheet (header row dropped). */
  const exported = async (who: Browser, report: string, query: Record<string, string> = {}) => {
    const d = await data(who, `${REPORT}/${report}`, { ...query, Export: 'true', Page: '1', PageSize: '1000000' });
    const { rows } = readXlsx(d.file);
    expect(rows.length).toBe(d.totalRows + 1);
    return { header: rows[0] as string[], rows: rows.slice(1) as unknown[][], totalRows: d.totalRows as number };
  };
  const column = (sheet: { header: string[]; rows: unknown[][] }, name: string) => {
    const i = sheet.header.indexOf(name);
    expect(i, `${name} in ${sheet.header.join(', ')}`).toBeGreaterThanOrEqual(0);
    return sheet.rows.map((r) => r[i]);
  };

  /** The ledger's own sums for every partner (null) or one, optionally within Lagos days [from, to]. */
  async function ledger(scope: number | null, days?: { from: string; to: string }): Promise<Ledger> {
    const db = app.database.db;
    const inScope = scope === null ? sql`true` : sql`p.institution_id = ${scope}`;
    // A successful payment by the day it was paid, the others by the day they started (as Course Payment shows them).
    const day = sql`((case when p.status = 1 then p.paid_at else p.created_at end) at time zone 'Africa/Lagos')::date`;
    const within = days ? sql`${day} between ${days.from}::date and ${days.to}::date` : sql`true`;
    const statuses = rowsOf<{ status: number; n: number; amount: string; discount: string; base: string; vat: string; gateway: string }>(
      await db.execute(sql`select p.status, count(*)::int as n, coalesce(sum(p.amount_kobo), 0)::text as amount, coalesce(sum(p.discount_kobo), 0)::text as discount,
          coalesce(sum(p.base_price_kobo), 0)::text as base, coalesce(sum(p.vat_kobo), 0)::text as vat, coalesce(sum(p.gateway_charge_kobo), 0)::text as gateway
        from payment_transactions p where ${inScope} and ${within} group by p.status`),
    );
    const [parts] = rowsOf<{ platform: string; partners: string; own: string }>(
      await db.execute(sql`select coalesce(sum(s.amount_kobo) filter (where s.party_type = 0), 0)::text as platform,
          coalesce(sum(s.amount_kobo) filter (where s.party_type = 1), 0)::text as partners,
          coalesce(sum(s.amount_kobo) filter (where ${scope === null ? sql`false` : sql`s.institution_id = ${scope}`}), 0)::text as own
        from payment_splits s join payment_transactions p on p.id = s.payment_id where p.status = 1 and ${inScope} and ${within}`),
    );
    const of = (status: number) => statuses.find((s) => s.status === status);
    const figures = (status: number) => ({ amount: Number(of(status)?.amount ?? 0), discount: Number(of(status)?.discount ?? 0), base: Number(of(status)?.base ?? 0) });
    const ok = of(1);
    return {
      payments: { 0: of(0)?.n ?? 0, 1: ok?.n ?? 0, 2: of(2)?.n ?? 0 },
      amount: Number(ok?.amount ?? 0),
      discount: Number(ok?.discount ?? 0),
      base: Number(ok?.base ?? 0),
      vat: Number(ok?.vat ?? 0),
      gateway: Number(ok?.gateway ?? 0),
      platform: Number(parts!.platform),
      partners: Number(parts!.partners),
      own: Number(parts!.own),
      byStatus: { 0: figures(0), 1: figures(1), 2: figures(2) },
    };
  }

  beforeAll(async () => {
    app = await createTestApp(driver, { demoSales: true });
    const db = app.database.db;
    const repo = createPaymentRepository(db);

    // Three partners, two formulas each (shares in hundredths of a percent), two courses each.
    const shapes = [
      { code: 'RECONA', formulas: [3000, 1750], bases: [1_234_567, 999_999] },
      { code: 'RECONB', formulas: [2500, 1234], bases: [2_500_050, 750_033] },
      { code: 'RECONC', formulas: [4000, 3333], bases: [4_999_999, 1_000_001] },
    ];
    const courses: { id: number; institutionId: number; title: string; isPaid: boolean; basePriceKobo: number; priceKobo: number }[][] = [];
    for (const shape of shapes) {
      const partner = await insertInstitution(db, { name: shape.code, code: shape.code, fullName: `${shape.code} Institute` });
      const own: (typeof courses)[number] = [];
      for (const [i, platformShare] of shape.formulas.entries()) {
        const [formula] = await db.insert(t.revenueFormulas).values({ name: `${shape.code} ${platformShare / 100}/${100 - platformShare / 100}` }).returning();
        await db.insert(t.revenueFormulaParties).values([
          { formulaId: formula!.id, position: 1, partyType: 0, institutionId: null, share: platformShare },
          { formulaId: formula!.id, position: 2, partyType: 1, institutionId: partner.id, share: 10_000 - platformShare },
        ]);
        const base = shape.bases[i]!;
        const price = priceCourse(base, DEFAULT_RATES);
        const course = await insertCourse(db, {
          institutionId: partner.id,
          title: `${shape.code} Course ${i + 1}`,
          isPaid: true,
          basePriceKobo: base,
          vatKobo: price.vat,
          gatewayChargeKobo: price.gatewayCharge,
          priceKobo: price.amount,
          revenueFormulaId: formula!.id,
        });
        own.push({ id: course.id, institutionId: partner.id, title: course.title, isPaid: true, basePriceKobo: base, priceKobo: price.amount });
      }
      courses.push(own);
      const role = partners.length === 0 ? 'INSTITUTION ADMIN' : 'INSTITUTION REPORT';
      partners.push({ code: shape.code, id: partner.id, staff: await signedInStaff(app, `recon.${shape.code.toLowerCase()}`, role, shape.code) });
    }
    superAdmin = await signedInStaff(app, 'recon.super', 'SUPER ADMIN', null);

    // Codes of both kinds, and one that makes RECONC's second course free.
    const code = async (text: string, chargeType: number, amount: number, restrict: { institutionId?: number; courseId?: number } = {}) => {
      const [discount] = await db
        .insert(t.discounts)
        .values({ name: text, description: text, chargeType, amount, startDate: '2026-01-01', endDate: '2030-12-31', institutionId: restrict.institutionId ?? null, allCourses: !restrict.courseId })
        .returning();
      await db.insert(t.discountCodes).values({ discountId: discount!.id, code: text });
      if (restrict.courseId) await db.insert(t.discountCourses).values({ discountId: discount!.id, courseId: restrict.courseId });
    };
    await code('RECONFLAT', DISCOUNT_CHARGE.flat, 150_000);
    await code('RECONPCT', DISCOUNT_CHARGE.percentage, 15, { institutionId: partners[1]!.id });
    await code('RECONFREE', DISCOUNT_CHARGE.percentage, 100, { courseId: courses[2]![1]!.id });
    const terms = { RECONFLAT: { chargeType: DISCOUNT_CHARGE.flat, amount: 150_000 }, RECONPCT: { chargeType: DISCOUNT_CHARGE.percentage, amount: 15 }, RECONFREE: { chargeType: DISCOUNT_CHARGE.percentage, amount: 100 } } as const;

    const learners = [];
    for (let i = 0; i < 6; i++) learners.push(await insertLearner(db, { firstName: 'Recon', lastName: `Learner${i}` }));

    // [learner, partner, course, code, outcome, started (UTC), minutes until settled]
    type Outcome = 'success' | 'failed' | 'pending';
    const sales: [number, number, number, keyof typeof terms | null, Outcome, string, number][] = [
      [0, 0, 0, null, 'success', '2026-07-03T09:00:00Z', 2],
      [1, 0, 0, 'RECONFLAT', 'success', '2026-07-15T14:30:00Z', 3],
      [2, 0, 1, null, 'failed', '2026-07-20T10:00:00Z', 1],
      [2, 0, 1, null, 'success', '2026-07-20T10:05:00Z', 1],
      [3, 0, 1, 'RECONFLAT', 'pending', '2026-08-02T08:00:00Z', 0],
      // Started on 31 August in Lagos, paid on 1 September: every report dates it by the day paid.
      [4, 0, 1, null, 'success', '2026-08-31T22:50:00Z', 30],
      [0, 1, 0, 'RECONPCT', 'success', '2026-08-05T11:11:00Z', 2],
      [1, 1, 0, null, 'success', '2026-08-09T16:00:00Z', 2],
      [2, 1, 0, 'RECONFLAT', 'failed', '2026-08-12T12:00:00Z', 4],
      [3, 1, 1, 'RECONPCT', 'success', '2026-09-01T07:45:00Z', 2],
      [4, 1, 1, null, 'pending', '2026-09-18T19:00:00Z', 0],
      [5, 1, 1, 'RECONFLAT', 'success', '2026-10-02T09:30:00Z', 5],
      [0, 2, 0, null, 'success', '2026-09-06T13:00:00Z', 2],
      [1, 2, 0, 'RECONFLAT', 'success', '2026-10-11T10:00:00Z', 2],
      [2, 2, 0, null, 'failed', '2026-10-12T10:00:00Z', 2],
      [3, 2, 1, 'RECONFREE', 'success', '2026-10-14T10:00:00Z', 0],
      [4, 2, 1, null, 'success', '2026-10-20T23:30:00Z', 1],
      [5, 2, 1, 'RECONFREE', 'success', '2026-11-02T08:00:00Z', 0],
      [5, 0, 0, null, 'success', '2026-11-05T12:00:00Z', 2],
    ];
    let n = 0;
    for (const [l, p, c, text, outcome, started, minutes] of sales) {
      const learner = learners[l]!;
      const course = courses[p]![c]!;
      const at = new Date(started);
      const paidAt = new Date(at.getTime() + minutes * 60_000);
      const price = priceCourse(course.basePriceKobo, DEFAULT_RATES, text ? terms[text] : null);
      const reference = `RECON-${++n}`;
      const input = { reference, userId: learner.id, email: learner.email, course, price, paymentChannel: 1, code: text, today: lagosDate(at), at };
      if (price.amount === 0) {
        const done = await repo.enrolWithFullDiscount({ ...input, code: text!, provider: 'none' });
        expect('refusal' in done, `${reference}: ${JSON.stringify(done)}`).toBe(false);
        continue;
      }
      const started_ = await repo.startTransaction({ ...input, provider: 'sandbox', status: 0, heldUntil: text ? new Date(at.getTime() + 30 * 60_000) : null });
      expect('refusal' in started_, `${reference}: ${JSON.stringify(started_)}`).toBe(false);
      if (outcome === 'pending') continue;
      const verdict = { reference, status: outcome, amountKobo: price.amount, currency: 'NGN', providerTransactionId: `T${n}`, channel: 'card', paidAt: outcome === 'success' ? paidAt : null, message: outcome === 'failed' ? 'Declined' : null };
      const completion = await repo.complete(reference, verdict, paidAt, (s) => s === 'failed');
      expect(completion.kind).toBe(outcome === 'success' ? 'completed' : 'failed');
    }
  }, 120_000);
  afterAll(() => app?.close());

  /** The checks every reader gets, in their own scope (null: the whole platform). */
  async function expectReportsAgree(who: Browser, scope: number | null, days?: { from: string; to: string }) {
    const truth = await ledger(scope, days);
    // A partner's own staff get their partner whatever they ask; a platform reader names it.
    const dates = { ...(days ? { StartDate: days.from, EndDate: days.to } : {}), ...(scope === null ? {} : { InstitutionId: String(scope) }) };

    // Course Payment: every status, on the page (its count) and in the file (every row).
    for (const status of [0, 1, 2] as const) {
      const page = await data(who, `${REPORT}/GetCoursePayment`, { TransactionStatus: String(status), ...dates });
      expect(page.totalRows, `Course Payment status ${status}`).toBe(truth.payments[status]);
      const sheet = await exported(who, 'GetCoursePayment', { TransactionStatus: String(status), ...dates });
      expect(sheet.totalRows).toBe(truth.payments[status]);
      expect(kobo(column(sheet, 'PRICE PAID (₦)')), `Course Payment ${status} price paid`).toBe(truth.byStatus[status].amount);
      expect(kobo(column(sheet, 'DISCOUNT (₦)')), `Course Payment ${status} discount`).toBe(truth.byStatus[status].discount);
      // Course Amount is the price before the discount (decision 077), not paid + discount.
      expect(kobo(column(sheet, 'COURSE AMOUNT (₦)')), `Course Payment ${status} course amount`).toBe(truth.byStatus[status].base);
    }
    // Course Amount − Discount is what the ledger shares.
    expect(truth.base - truth.discount).toBe(truth.platform + truth.partners);

    // Course Purchase: the successful payments.
    const purchases = await exported(who, 'GetCoursePurchase', dates);
    expect(purchases.totalRows).toBe(truth.payments[1]);
    expect(kobo(column(purchases, 'AMOUNT PAID (₦)'))).toBe(truth.amount);
    expect((await data(who, `${REPORT}/GetCoursePurchase`, dates)).totalRows).toBe(truth.payments[1]);

    // Course Insights: one row per course, summed; the page (up to 1,000 rows) and the file.
    const insights = await data(who, `${REPORT}/GetCourseInsights`, { PageSize: '1000', ...dates });
    const items = insights.items as { totalRevenue: number; totalDiscount: number; partnerRevenue: number; institutionRevenue: number; totalVat: number; totalGatewayCharge: number }[];
    expect(insights.totalRows).toBe(items.length);
    expect(kobo(items.map((r) => r.totalRevenue)), 'Course Insights revenue').toBe(truth.amount);
    expect(kobo(items.map((r) => r.totalDiscount))).toBe(truth.discount);
    expect(kobo(items.map((r) => r.partnerRevenue)), 'Course Insights platform share').toBe(truth.platform);
    expect(kobo(items.map((r) => r.institutionRevenue)), 'Course Insights partner shares').toBe(truth.partners);
    expect(kobo(items.map((r) => r.totalVat))).toBe(truth.vat);
    expect(kobo(items.map((r) => r.totalGatewayCharge))).toBe(truth.gateway);
    const insightSheet = await exported(who, 'GetCourseInsights', dates);
    expect(insightSheet.totalRows).toBe(insights.totalRows);
    expect(kobo(column(insightSheet, 'TOTAL REVENUE (₦)'))).toBe(truth.amount);
    expect(kobo(column(insightSheet, 'DISCOUNT (₦)'))).toBe(truth.discount);
    expect(kobo(column(insightSheet, 'PLATFORM REV. (₦)'))).toBe(truth.platform);
    expect(kobo(column(insightSheet, 'PARTNER REV. (₦)'))).toBe(truth.partners);
    expect(kobo(column(insightSheet, 'VAT (₦)'))).toBe(truth.vat);
    expect(kobo(column(insightSheet, 'GATEWAY FEE (₦)'))).toBe(truth.gateway);

    // Course Revenue Insights: totals, the months, and the file's months.
    const overview = await data(who, `${REPORT}/GetCourseInsightsOverview`, { PageSize: '1000', ...dates });
    expect(overview.totals.noOfPayments).toBe(truth.payments[1]);
    expect(Math.round(overview.totals.totalRevenue * 100), 'overview revenue').toBe(truth.amount);
    expect(Math.round(overview.totals.totalDiscount * 100)).toBe(truth.discount);
    expect(Math.round(overview.totals.platformRevenue * 100), 'overview platform').toBe(truth.platform);
    expect(Math.round(overview.totals.partnerRevenue * 100), 'overview partners').toBe(truth.partners);
    expect(Math.round(overview.totals.totalVat * 100)).toBe(truth.vat);
    expect(Math.round(overview.totals.totalGatewayCharge * 100)).toBe(truth.gateway);
    const months = overview.items as { noOfPayments: number; totalRevenue: number; platformRevenue: number; partnerRevenue: number }[];
    expect(months.reduce((s, m) => s + m.noOfPayments, 0)).toBe(truth.payments[1]);
    expect(kobo(months.map((m) => m.totalRevenue))).toBe(truth.amount);
    expect(kobo(months.map((m) => m.platformRevenue))).toBe(truth.platform);
    expect(kobo(months.map((m) => m.partnerRevenue))).toBe(truth.partners);
    const monthSheet = await exported(who, 'GetCourseInsightsOverview', dates);
    expect(monthSheet.totalRows).toBe(months.length);
    expect(column(monthSheet, 'PAYMENTS').reduce<number>((s, x) => s + Number(x), 0)).toBe(truth.payments[1]);
    for (const [header, want] of [
      ['TOTAL REVENUE (₦)', truth.amount],
      ['TOTAL DISCOUNT (₦)', truth.discount],
      ['PLATFORM REV. (₦)', truth.platform],
      ['PARTNER REV. (₦)', truth.partners],
      ['VAT (₦)', truth.vat],
      ['GATEWAY CHARGE (₦)', truth.gateway],
    ] as const) {
      expect(kobo(column(monthSheet, header)), `overview file ${header}`).toBe(want);
    }

    return truth;
  }

  it('for a super admin: every report, its file and the dashboard add up to the whole ledger', async () => {
    const truth = await expectReportsAgree(superAdmin, null);
    expect(truth.payments[1]).toBeGreaterThanOrEqual(14);
    expect(truth.payments[0]).toBeGreaterThan(0);
    expect(truth.payments[2]).toBeGreaterThan(0);

    // Dashboard: the platform's earnings are the platform owner's parts.
    const stats = await data(superAdmin, DASHBOARD);
    expect(Math.round(stats.totalRevenue * 100)).toBe(truth.platform);

    // Revenue Per Partner: every partner's parts, and each partner's own.
    const perPartner = await exported(superAdmin, 'GetRevenuePerPartner');
    expect(kobo(column(perPartner, 'PARTNER REV. (₦)'))).toBe(truth.partners);
    const page = await data(superAdmin, `${REPORT}/GetRevenuePerPartner`, { PageSize: '1000' });
    expect(kobo(page.items.map((r: { partnerRevenue: number }) => r.partnerRevenue))).toBe(truth.partners);
    for (const p of partners) {
      const own = await ledger(p.id);
      const row = page.items.find((r: { id: number }) => r.id === p.id);
      expect(Math.round(row.partnerRevenue * 100), p.code).toBe(own.own);
    }

    // Platform Revenue: the platform's settlement parties (not partners), no empty row, the platform owner's total.
    const platformPage = await data(superAdmin, `${REPORT}/GetRevenuePerInstitution`, { PageSize: '1000' });
    const names = platformPage.items.map((r: { institution: string }) => r.institution);
    expect(names).toEqual(['Rivet Operations']);
    expect(kobo(platformPage.items.map((r: { institutionRevenue: number }) => r.institutionRevenue))).toBe(truth.platform);
    const platformSheet = await exported(superAdmin, 'GetRevenuePerInstitution');
    expect(column(platformSheet, 'PLATFORM NAME')).toEqual(['Rivet Operations']);
    expect(kobo(column(platformSheet, 'PLATFORM REV. (₦)'))).toBe(truth.platform);
    for (const p of partners) {
      const own = await ledger(p.id);
      const narrowed = await data(superAdmin, `${REPORT}/GetRevenuePerInstitution`, { InstitutionId: String(p.id) });
      expect(kobo(narrowed.items.map((r: { institutionRevenue: number }) => r.institutionRevenue)), p.code).toBe(own.platform);
    }
  });

  it('for the demo partners, whose demo sales the seed made through checkout’s code', async () => {
    const demo = rowsOf<{ id: number; code: string }>(await app.database.db.execute(sql`select id, code from institutions where code in ('UNILAG', 'LBS', 'ABU') order by code`));
    expect(demo).toHaveLength(3);
    for (const p of demo) {
      const truth = await expectReportsAgree(superAdmin, p.id);
      expect(truth.payments[1], p.code).toBeGreaterThan(0);
      expect(Math.round((await data(superAdmin, DASHBOARD, { institutionId: String(p.id) })).totalRevenue * 100), p.code).toBe(truth.own);
    }
  });

  it('for a super admin within dates: a month of Lagos days, the payment paid after midnight in it', async () => {
    const days = { from: '2026-09-01', to: '2026-09-30' };
    const truth = await expectReportsAgree(superAdmin, null, days);
    expect(truth.payments[1]).toBeGreaterThanOrEqual(3);
    const perPartner = await exported(superAdmin, 'GetRevenuePerPartner', { StartDate: days.from, EndDate: days.to });
    expect(kobo(column(perPartner, 'PARTNER REV. (₦)'))).toBe(truth.partners);
    const platformSheet = await exported(superAdmin, 'GetRevenuePerInstitution', { StartDate: days.from, EndDate: days.to });
    expect(kobo(column(platformSheet, 'PLATFORM REV. (₦)'))).toBe(truth.platform);
  });

  it('for each partner’s staff: only their partner, and their dashboard, reports and files agree with its ledger', async () => {
    for (const p of partners) {
      const truth = await expectReportsAgree(p.staff, p.id);
      expect(truth.payments[1], p.code).toBeGreaterThan(0);
      // The partner earns what its formulas give it, and every report says the same.
      expect(truth.own, p.code).toBe(truth.partners);
      const stats = await data(p.staff, DASHBOARD);
      expect(Math.round(stats.totalRevenue * 100), `${p.code} dashboard`).toBe(truth.own);
      // Only their own rows: every row names their partner.
      const payments = await exported(p.staff, 'GetCoursePayment');
      expect(new Set(column(payments, 'INSTITUTION'))).toEqual(new Set([p.code]));
      const insights = await exported(p.staff, 'GetCourseInsights');
      expect(new Set(column(insights, 'PARTNER'))).toEqual(new Set([p.code]));
      // The platform-wide revenue reports are not theirs; another partner's figures are refused.
      for (const report of ['GetRevenuePerPartner', 'GetRevenuePerInstitution']) expect((await get(p.staff, `${REPORT}/${report}`)).status).toBe(403);
      const other = partners.find((o) => o.id !== p.id)!;
      expect((await get(p.staff, `${REPORT}/GetCoursePayment`, { InstitutionId: String(other.id) })).status).toBe(403);
      expect((await get(p.staff, DASHBOARD, { institutionId: String(other.id) })).status).toBe(403);
      // A platform reader who picks the partner sees the same.
      await expectReportsAgree(superAdmin, p.id);
      const narrowed = await data(superAdmin, `${REPORT}/GetCourseInsights`, { InstitutionId: String(p.id), PageSize: '1000' });
      expect(kobo(narrowed.items.map((r: { institutionRevenue: number }) => r.institutionRevenue))).toBe(truth.own);
      expect(Math.round((await data(superAdmin, DASHBOARD, { institutionId: String(p.id) })).totalRevenue * 100)).toBe(truth.own);
    }
  });

  it('for a partner’s staff within dates', async () => {
    await expectReportsAgree(partners[0]!.staff, partners[0]!.id, { from: '2026-09-01', to: '2026-09-30' });
    await expectReportsAgree(partners[2]!.staff, partners[2]!.id, { from: '2026-10-01', to: '2026-11-30' });
  });
});
