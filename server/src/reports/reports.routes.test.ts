// Reports through HTTP (spec 002 §2.11, §4 export, §6 report visibility, §7 "Reports"): every
// call, filter and confinement rule, and every export opened with the spreadsheet library.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@rivet/shared/api/reports';
import * as t from '../db/schema';
import { insertCourse } from '../testing/catalogue-fixtures';
import { insertLearner, insertPayment, readXlsx } from '../testing/report-fixtures';
import { platformRevenueRecords } from './reports.service';
import { signedInStaff } from '../testing/staff-fixtures';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { DEMO_ACCOUNTS } from '../db/seed/seed';

const REPORT = '/api/Report/Report';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe.each(testDrivers())('reports on %s', (driver) => {
  let app: TestApp;
  let platform: Browser;
  let unilagReporter: Browser;
  let lbsAdmin: Browser;
  let learner: Browser;
  let ids: { UNILAG: number; LBS: number };
  let hyperlink: { id: string; email: string };
  let courses: { unilag: { id: number; institutionId: number }; lbs: { id: number; institutionId: number } };

  const get = (who: Browser, report: string, query: Record<string, string> = {}) => who.call(`${REPORT}/${report}?${new URLSearchParams(query)}`);

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    platform = await signedInStaff(app, 'reports.rivet', 'RIVET REPORT', null);
    unilagReporter = await signedInStaff(app, 'reports.unilag', 'INSTITUTION REPORT', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'reports.lbs', 'INSTITUTION ADMIN', 'LBS');
    learner = new Browser(app);
    await learner.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: DEMO_ACCOUNTS.learner.email, password: DEMO_ACCOUNTS.learner.password } });
    const rows = await db.select({ id: t.institutions.id, code: t.institutions.code }).from(t.institutions);
    ids = { UNILAG: rows.find((r) => r.code === 'UNILAG')!.id, LBS: rows.find((r) => r.code === 'LBS')!.id };
    const unilag = await insertCourse(db, { institutionId: ids.UNILAG, title: 'Report Data Science', isPaid: true });
    const lbs = await insertCourse(db, { institutionId: ids.LBS, title: 'Report Leadership', isPaid: true });
    courses = { unilag, lbs };

    const evil = await insertLearner(db, { firstName: '=HYPERLINK("x")', lastName: 'Obi', createdAt: new Date('2026-03-02T10:00:00Z') });
    hyperlink = { id: evil.id, email: evil.email };
    const ada = await insertLearner(db, { firstName: 'Adaeze', lastName: 'Okafor', countryCode: 'GH', createdAt: new Date('2026-03-05T10:00:00Z') });
    const bayo = await insertLearner(db, { firstName: 'Bayo', lastName: 'Lawal', isActive: false, createdAt: new Date('2026-04-01T10:00:00Z') });
    const pay = (u: { id: string; email: string }, course: { id: number; institutionId: number }, extra: { status?: number; amount?: number; discount?: number; at: string }) =>
      insertPayment(db, { userId: u.id, email: u.email, course, ...extra, at: new Date(extra.at) });
    await pay(hyperlink, unilag, { amount: 20_000, discount: 2_000, at: '2026-03-10T09:00:00Z' });
    await pay(ada, unilag, { amount: 20_000, at: '2026-03-20T09:00:00Z' });
    await pay(bayo, unilag, { amount: 15_000, at: '2026-04-02T09:00:00Z' });
    await pay(ada, unilag, { status: 0, amount: 20_000, at: '2026-04-03T09:00:00Z' });
    await pay(bayo, unilag, { status: 2, amount: 20_000, at: '2026-04-04T09:00:00Z' });
    await pay(ada, lbs, { amount: 30_000, at: '2026-03-15T09:00:00Z' });
    await pay(bayo, lbs, { amount: 30_000, at: '2026-04-15T09:00:00Z' });

    await db.insert(t.auditTrail).values([
      { userName: 'reports.auditor', institutionId: ids.UNILAG, moduleName: 'Partner', moduleAction: 'Update', record: '77', description: 'Updated partner UNILAG report-audit', ipAddress: '10.1.2.3', browser: CHROME, createdAt: new Date('2026-05-01T10:00:00Z') },
      { userName: 'reports.auditor', institutionId: ids.LBS, moduleName: 'Discount', moduleAction: 'Create', record: '78', description: 'Created discount report-audit', ipAddress: '10.1.2.4', browser: null, createdAt: new Date('2026-05-03T10:00:00Z') },
    ]);
  }, 60_000);
  afterAll(() => app?.close());

  describe('Course Payment', () => {
    it('lists successful payments by default, newest first, with the §2.11 columns in naira', async () => {
      const res = await get(platform, 'GetCoursePayment', { Search: 'Report ' });
      expect(res.status).toBe(200);
      expect(res.body.data.totalRows).toBe(5);
      const first = res.body.data.items[0];
      expect(Object.keys(first).sort()).toEqual(['courseAmount', 'courseName', 'discount', 'enrolledDate', 'id', 'institution', 'name', 'pricePaid', 'sno', 'transactionStatusName'].sort());
      expect(first).toMatchObject({ sno: 1, name: 'Bayo Lawal', courseName: 'Report Leadership', institution: 'LBS', pricePaid: 30_000, transactionStatusName: 'Successful' });
      const discounted = res.body.data.items.find((r: { name: string }) => r.name.startsWith('=HYPERLINK'));
      // Course Amount is the price before the discount as the payment priced it (decision 077):
      // 20,000 paid less 5 % VAT and 1.5 % charge is 18,700 shared, plus the 2,000 discount.
      expect(discounted).toMatchObject({ courseAmount: 20_700, discount: 2_000, pricePaid: 20_000 });
    });

    it('filters by transaction status 0 pending and 2 failed, dates, search and partner', async () => {
      const of = async (q: Record<string, string>) => (await get(platform, 'GetCoursePayment', { Search: 'Report', ...q })).body.data;
      expect((await of({ TransactionStatus: '0' })).items.map((r: { transactionStatusName: string }) => r.transactionStatusName)).toEqual(['Pending']);
      expect((await of({ TransactionStatus: '2' })).items.map((r: { name: string }) => r.name)).toEqual(['Bayo Lawal']);
      expect((await of({ StartDate: '2026-03-01', EndDate: '2026-03-31' })).totalRows).toBe(3);
      expect((await of({ StartDate: '2026-04-02', EndDate: '2026-04-02' })).totalRows).toBe(1);
      expect((await of({ InstitutionId: String(ids.LBS) })).totalRows).toBe(2);
      expect((await get(platform, 'GetCoursePayment', { Search: 'adaeze' })).body.data.totalRows).toBe(2);
      expect((await get(platform, 'GetCoursePayment', { Search: '%' })).body.data.totalRows).toBe(0);
      const bad = await get(platform, 'GetCoursePayment', { StartDate: '2026-04-02', EndDate: '2026-04-01' });
      expect(bad.status).toBe(400);
      expect(bad.body.description).toBe(REPORT_MESSAGES.dateOrder);
      expect((await get(platform, 'GetCoursePayment', { TransactionStatus: '3' })).status).toBe(400);
    });

    it('pages at 10 with sno running on', async () => {
      const db = app.database.db;
      const many = await insertLearner(db, { firstName: 'Paging', lastName: 'Learner' });
      const course = await insertCourse(db, { institutionId: ids.LBS, title: 'Report Paging', modules: 0 });
      for (let i = 0; i < 12; i++) await insertPayment(db, { userId: many.id, email: many.email, course, status: 2, at: new Date(Date.UTC(2026, 5, 1, i)) });
      const page2 = (await get(platform, 'GetCoursePayment', { Search: 'Report Paging', TransactionStatus: '2', Page: '2' })).body.data;
      expect(page2.totalRows).toBe(12);
      expect(page2.items.map((r: { sno: number }) => r.sno)).toEqual([11, 12]);
    });

    it('confines institution report staff to their own institution; another is 403', async () => {
      const own = await get(unilagReporter, 'GetCoursePayment', { Search: 'Report' });
      expect(own.status).toBe(200);
      expect(own.body.data.totalRows).toBe(3);
      expect(new Set(own.body.data.items.map((r: { institution: string }) => r.institution))).toEqual(new Set(['UNILAG']));
      expect((await get(unilagReporter, 'GetCoursePayment', { InstitutionId: String(ids.LBS) })).status).toBe(403);
      expect((await get(unilagReporter, 'GetCoursePayment', { InstitutionId: String(ids.UNILAG) })).status).toBe(200);
      expect((await get(learner, 'GetCoursePayment')).status).toBe(403);
    });

    it('exports every row for the filter as CoursePayment.xlsx; a formula-looking name stays text', async () => {
      const res = await get(unilagReporter, 'GetCoursePayment', { Search: 'Report', Export: 'true', Page: '1', PageSize: '1000000' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ items: [], totalRows: 3, fileName: 'CoursePayment.xlsx' });
      const { sheet, rows } = readXlsx(res.body.data.file);
      expect(rows[0]).toEqual(['S/NO', 'ID', 'NAME', 'ENROLLED DATE', 'COURSE NAME', 'COURSE AMOUNT (₦)', 'DISCOUNT (₦)', 'INSTITUTION', 'PRICE PAID (₦)', 'TRANSACTION STATUS']);
      expect(rows).toHaveLength(4);
      expect(rows.slice(1).map((r) => r[7])).toEqual(['UNILAG', 'UNILAG', 'UNILAG']);
      const evil = rows.findIndex((r) => r[2] === '=HYPERLINK("x") Obi');
      expect(evil).toBeGreaterThan(0);
      expect(sheet[`C${evil + 1}`]!.t).toBe('s');
      expect(sheet[`C${evil + 1}`]!.f).toBeUndefined();
      expect(rows[evil]!.slice(5, 7)).toEqual([20_700, 2_000]);
    });

    it('streams the same file as a download with Download=true', async () => {
      const res = await app.fetch(`${REPORT}/GetCoursePayment?Search=Report&Export=true&Download=true`, { headers: { authorization: `Bearer ${unilagReporter.accessToken}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="CoursePayment.xlsx"');
      const { rows } = readXlsx(new Uint8Array(await res.arrayBuffer()));
      expect(rows).toHaveLength(4);
    });
  });

  describe('Course Purchase', () => {
    it('lists successful payments with reference, channel and date paid, confined to the institution', async () => {
      const all = (await get(platform, 'GetCoursePurchase', { Search: 'Report' })).body.data;
      expect(all.totalRows).toBe(5);
      expect(all.items[0]).toMatchObject({ learner: 'Bayo Lawal', channel: 'card', amountPaid: 30_000, courseName: 'Report Leadership' });
      expect((await get(platform, 'GetCoursePurchase', { CourseId: String(courses.lbs.id) })).body.data.totalRows).toBe(2);
      expect((await get(platform, 'GetCoursePurchase', { Search: 'Report', StartDate: '2026-04-01' })).body.data.totalRows).toBe(2);
      const own = (await get(unilagReporter, 'GetCoursePurchase', { Search: 'Report' })).body.data;
      expect(own.totalRows).toBe(3);
      expect((await get(unilagReporter, 'GetCoursePurchase', { InstitutionId: String(ids.LBS) })).status).toBe(403);
      const file = (await get(unilagReporter, 'GetCoursePurchase', { Search: 'Report', Export: 'true' })).body.data;
      expect(file.fileName).toBe('CoursePurchase.xlsx');
      const { rows } = readXlsx(file.file);
      expect(rows[0]).toEqual(['S/NO', 'REFERENCE', 'LEARNER', 'EMAIL', 'COURSE NAME', 'INSTITUTION', 'CHANNEL', 'AMOUNT PAID (₦)', 'DATE PAID']);
      expect(rows).toHaveLength(4);
    });
  });

  describe('Audit Trail', () => {
    it('lists entries with the browser read from the user agent, searches and bounds dates', async () => {
      const res = await get(platform, 'AuditTrail', { Search: 'report-audit' });
      expect(res.status).toBe(200);
      expect(res.body.data.totalRows).toBe(2);
      expect(res.body.data.items[0]).toMatchObject({ userName: 'reports.auditor', moduleName: 'Discount', moduleAction: 'Create', record: '78', ipAdress: '10.1.2.4', apiKey: '' });
      expect(res.body.data.items[1]).toMatchObject({ moduleName: 'Partner', apiKey: 'Chrome 120 on Windows', description: 'Updated partner UNILAG report-audit' });
      expect((await get(platform, 'AuditTrail', { Search: 'report-audit', StartDate: '2026-05-02', EndDate: '2026-05-03' })).body.data.totalRows).toBe(1);
      expect((await get(platform, 'AuditTrail', { Search: 'report-audit', InstitutionId: String(ids.UNILAG) })).body.data.totalRows).toBe(1);
      expect((await get(platform, 'AuditTrail', { Search: 'DISCOUNT' })).body.data.items.some((r: { record: string }) => r.record === '78')).toBe(true);
    });

    it('is for the audit or platform report permission only', async () => {
      expect((await get(unilagReporter, 'AuditTrail')).status).toBe(403);
      expect((await get(lbsAdmin, 'AuditTrail')).status).toBe(403);
      expect((await get(learner, 'AuditTrail')).status).toBe(403);
      expect((await app.fetch(`${REPORT}/AuditTrail`)).status).toBe(401);
    });

    it('exports AuditTrail.xlsx with the screen’s columns', async () => {
      const file = (await get(platform, 'AuditTrail', { Search: 'report-audit', Export: 'true' })).body.data;
      expect(file.fileName).toBe('AuditTrail.xlsx');
      const { rows } = readXlsx(file.file);
      expect(rows[0]).toEqual(['S/NO', 'USER NAME', 'IP ADDRESS', 'DESCRIPTION', 'RECORD', 'MODULE', 'ACTION', 'DATE', 'BROWSER']);
      expect(rows).toHaveLength(3);
      expect(rows[2]![8]).toBe('Chrome 120 on Windows');
      expect(rows[2]![7]).toBe('01 May 2026 - 11:00');
    });
  });

  describe('Manage Registered Users', () => {
    it('lists learners with country, enrolled courses and status; searches names and course titles', async () => {
      const res = await get(platform, 'GetRegisteredUsers', { Search: 'Report Leadership' });
      expect(res.status).toBe(200);
      expect(res.body.data.items.map((r: { firstName: string }) => r.firstName)).toEqual(['Bayo', 'Adaeze']);
      expect(res.body.data.items[0]).toMatchObject({ lastName: 'Lawal', isActive: false, noOfEnrolledCourses: 2 });
      expect(res.body.data.items[1]).toMatchObject({ countryName: 'Ghana', noOfEnrolledCourses: 2 });
      expect((await get(platform, 'GetRegisteredUsers', { Search: 'okafor' })).body.data.totalRows).toBe(1);
      expect((await get(platform, 'GetRegisteredUsers', { Search: 'Report Leadership', StartDate: '2026-03-04', EndDate: '2026-03-31' })).body.data.totalRows).toBe(1);
      // Staff are not learners.
      expect((await get(platform, 'GetRegisteredUsers', { Search: 'reports.rivet' })).body.data.totalRows).toBe(0);
    });

    it('is for platform report staff only', async () => {
      expect((await get(unilagReporter, 'GetRegisteredUsers')).status).toBe(403);
      expect((await get(learner, 'GetRegisteredUsers')).status).toBe(403);
    });

    it('exports ManageRegisterUser.xlsx, every page of it, the formula-looking name as text', async () => {
      const db = app.database.db;
      // More than one export batch (1,000 rows) so the keyset carries on between batches.
      const base = Date.UTC(2025, 0, 1);
      await db.insert(t.users).values(
        Array.from({ length: 1105 }, (_, i) => ({ userName: `bulk${i}.report@demo.ng`, email: `bulk${i}.report@demo.ng`, firstName: 'Bulk', lastName: `Learner${i}`, passwordHash: 'x', roleId: 12, createdAt: new Date(base + Math.floor(i / 3) * 1000) })),
      );
      const page = (await get(platform, 'GetRegisteredUsers')).body.data;
      const file = (await get(platform, 'GetRegisteredUsers', { Export: 'true' })).body.data;
      expect(file.fileName).toBe('ManageRegisterUser.xlsx');
      const { sheet, rows } = readXlsx(file.file);
      expect(rows[0]).toEqual(['S/NO', 'FIRSTNAME', 'LASTNAME', 'EMAIL', 'COUNTRY', 'ENROLLED COURSES', 'TIME STAMP', 'STATUS']);
      expect(rows).toHaveLength(page.totalRows + 1);
      expect(file.totalRows).toBe(page.totalRows);
      expect(new Set(rows.slice(1).map((r) => r[3])).size).toBe(page.totalRows);
      const evil = rows.findIndex((r) => r[1] === '=HYPERLINK("x")');
      expect(sheet[`B${evil + 1}`]!.f).toBeUndefined();
      expect(sheet[`B${evil + 1}`]!.t).toBe('s');
    });
  });

  describe('revenue from the ledger', () => {
    // 20,000 + 20,000 + 15,000 naira at UNILAG and 2 × 30,000 at LBS, less 5 % VAT and 1.5 % gateway
    // charge, split 30 % platform / 70 % partner (the default formula, decision 042), in kobo.
    const unilag = { partner: 3_599_750, platform: 1_542_750 };
    const lbs = { partner: 2 * 1_963_500, platform: 2 * 841_500 };

    it('Revenue Per Partner: each partner’s share, all partners or one (PartnerId 0 is all)', async () => {
      const all = (await get(platform, 'GetRevenuePerPartner')).body.data;
      const row = (code: string) => all.items.find((r: { partner: string }) => r.partner === code);
      expect(row('UNILAG')).toMatchObject({ partnerRevenue: unilag.partner / 100 });
      expect(row('UNILAG').noOfEnrolledUser).toBeGreaterThanOrEqual(3);
      expect(row('UNILAG').noOfCourses).toBeGreaterThanOrEqual(1);
      expect(row('LBS')).toMatchObject({ partnerRevenue: lbs.partner / 100 });
      expect(all.items.some((r: { partner: string }) => r.partner === 'RIVET')).toBe(false);
      const one = (await get(platform, 'GetRevenuePerPartner', { PartnerId: String(ids.LBS) })).body.data;
      expect(one.totalRows).toBe(1);
      expect(one.items[0]).toMatchObject({ sno: 1, id: ids.LBS, partner: 'LBS' });
      const april = (await get(platform, 'GetRevenuePerPartner', { PartnerId: String(ids.UNILAG), StartDate: '2026-04-01', EndDate: '2026-04-30' })).body.data;
      expect(april.items[0].partnerRevenue).toBe(9_817.5);
    });

    it('Platform Revenue: the platform owner’s share against the platform’s own settlement parties, not partners (decision 077)', async () => {
      const all = (await get(platform, 'GetRevenuePerInstitution', { InstitutionId: '0' })).body.data;
      // The demo's one active settlement party (Rivet Content Fund is inactive) holds the whole share.
      expect(all.items.map((r: { institution: string }) => r.institution)).toEqual(['Rivet Operations']);
      expect(all.items[0].institutionRevenue).toBe((unilag.platform + lbs.platform) / 100);
      expect(all.items.some((r: { institution: string }) => r.institution === 'UNILAG' || r.institution === '')).toBe(false);
      // One partner's courses: the platform's share of their sales.
      const own = (await get(platform, 'GetRevenuePerInstitution', { InstitutionId: String(ids.UNILAG) })).body.data;
      expect(own.items[0]).toMatchObject({ institution: 'Rivet Operations', institutionRevenue: unilag.platform / 100 });
      expect(own.items[0].noOfEnrolledUser).toBeGreaterThanOrEqual(3);
      // Partner + platform shares + VAT + gateway charge = what the learners paid.
      const paid = 20_000 + 20_000 + 15_000;
      expect((unilag.partner + unilag.platform) / 100 + paid * 0.065).toBe(paid);
      expect((await get(platform, 'GetRevenuePerInstitution', { Search: 'operations' })).body.data.totalRows).toBe(1);
      expect((await get(platform, 'GetRevenuePerInstitution', { Search: 'Lagos Business' })).body.data.totalRows).toBe(0);
    });

    it('Platform Revenue: several active settlement parties share it equally to the kobo; none active, the platform keeps it in a row that says so', () => {
      const share = { revenueKobo: 1_000_001, courses: 4, enrolled: 9 };
      const two = platformRevenueRecords([{ id: 3, name: 'Ops' }, { id: 7, name: 'Fund' }], 'Rivet', share);
      expect(two.map((r) => [r.name, r.revenueKobo])).toEqual([['Ops', 500_001], ['Fund', 500_000]]);
      expect(two.reduce((sum, r) => sum + Number(r.revenueKobo), 0)).toBe(share.revenueKobo);
      expect(platformRevenueRecords([], 'Rivet', share)).toEqual([{ id: 0, name: 'Rivet (no active settlement party)', courses: 4, enrolled: 9, revenueKobo: 1_000_001 }]);
    });

    it('keeps both revenue reports to platform report staff', async () => {
      for (const report of ['GetRevenuePerPartner', 'GetRevenuePerInstitution']) {
        expect((await get(unilagReporter, report)).status).toBe(403);
        expect((await get(lbsAdmin, report)).status).toBe(403);
      }
    });

    it('exports RevenuePerPartner.xlsx and RevenuePerInstitution.xlsx', async () => {
      const partners = (await get(platform, 'GetRevenuePerPartner', { Export: 'true' })).body.data;
      expect(partners.fileName).toBe('RevenuePerPartner.xlsx');
      const read = readXlsx(partners.file);
      expect(read.rows[0]).toEqual(['S/NO', 'PARTNER NAME', 'NO OF COURSE', 'ENROLLED USERS', 'PARTNER REV. (₦)']);
      expect(read.rows).toHaveLength(partners.totalRows + 1);
      expect(read.rows.find((r) => r[1] === 'UNILAG')![4]).toBe(unilag.partner / 100);
      const platformFile = (await get(platform, 'GetRevenuePerInstitution', { Export: 'true' })).body.data;
      expect(platformFile.fileName).toBe('RevenuePerInstitution.xlsx');
      const platformRows = readXlsx(platformFile.file).rows;
      expect(platformRows[0]).toEqual(['S/NO', 'PLATFORM NAME', 'NO OF COURSE', 'ENROLLED USERS', 'PLATFORM REV. (₦)']);
      expect(platformRows.slice(1).map((r) => [r[1], r[4]])).toEqual([['Rivet Operations', (unilag.platform + lbs.platform) / 100]]);
    });

    it('Course Revenue Insights: month by month with totals, confined to the institution', async () => {
      const all = (await get(platform, 'GetCourseInsightsOverview', { Search: 'Report' })).body.data;
      expect(all.items.map((r: { id: string }) => r.id)).toEqual(['2026-04', '2026-03']);
      expect(all.items[1]).toMatchObject({ month: 'March 2026', noOfPayments: 3, noOfEnrolledUser: 2, totalRevenue: 70_000, totalDiscount: 2_000 });
      expect(all.totals).toMatchObject({ noOfCourses: 2, noOfPayments: 5, totalRevenue: 115_000, platformRevenue: (unilag.platform + lbs.platform) / 100, partnerRevenue: (unilag.partner + lbs.partner) / 100, totalVat: 5_750, totalGatewayCharge: 1_725 });
      const t = all.totals;
      expect(Math.round((t.platformRevenue + t.partnerRevenue + t.totalVat + t.totalGatewayCharge) * 100)).toBe(t.totalRevenue * 100);
      const own = (await get(unilagReporter, 'GetCourseInsightsOverview', { Search: 'Report' })).body.data;
      expect(own.totals).toMatchObject({ noOfPayments: 3, totalRevenue: 55_000, partnerRevenue: unilag.partner / 100 });
      expect((await get(unilagReporter, 'GetCourseInsightsOverview', { InstitutionId: String(ids.LBS) })).status).toBe(403);
      const file = (await get(unilagReporter, 'GetCourseInsightsOverview', { Search: 'Report', Export: 'true' })).body.data;
      expect(file.fileName).toBe('CourseInsights.xlsx');
      const { rows } = readXlsx(file.file);
      expect(rows[0]).toEqual(['S/NO', 'MONTH', 'PAYMENTS', 'ENROLLED USERS', 'TOTAL REVENUE (₦)', 'TOTAL DISCOUNT (₦)', 'PLATFORM REV. (₦)', 'PARTNER REV. (₦)', 'VAT (₦)', 'GATEWAY CHARGE (₦)']);
      expect(rows).toHaveLength(3);
    });
  });

  describe('Survey Report', () => {
    let surveyId: number;
    let rating: number;
    beforeAll(async () => {
      const db = app.database.db;
      const [survey] = await db.insert(t.surveys).values({ title: 'Report Survey' }).returning();
      surveyId = survey!.id;
      const [choice] = await db.insert(t.surveyQuestions).values({ surveyId, position: 0, question: 'How was it?', questionType: 1 }).returning();
      const [text] = await db.insert(t.surveyQuestions).values({ surveyId, position: 1, question: 'What would you change?', questionType: 2 }).returning();
      const [rate] = await db.insert(t.surveyQuestions).values({ surveyId, position: 2, question: 'Rate it', questionType: 3 }).returning();
      rating = rate!.id;
      const [good] = await db.insert(t.surveyQuestionOptions).values({ questionId: choice!.id, position: 0, option: 'Good' }).returning();
      const respond = async (course: { id: number }, at: string, change: string, score: string) => {
        const [learnerRow] = await db.insert(t.users).values({ userName: `survey.${at}@demo.ng`, email: `survey.${at}@demo.ng`, firstName: 'Survey', passwordHash: 'x', roleId: 12 }).returning();
        const [response] = await db.insert(t.surveyResponses).values({ id: randomUUID(), surveyId, courseId: course.id, userId: learnerRow!.id, submittedAt: new Date(at) }).returning();
        await db.insert(t.surveyResponseAnswers).values([
          { responseId: response!.id, questionId: choice!.id, optionId: good!.id },
          { responseId: response!.id, questionId: text!.id, answer: change },
          { responseId: response!.id, questionId: rate!.id, answer: score },
        ]);
      };
      await respond(courses.unilag, '2026-03-01T10:00:00Z', 'More examples', '8');
      await respond(courses.lbs, '2026-03-05T10:00:00Z', 'Shorter videos', '9');
    });

    it('lists answers one a row, without learner or course, newest or oldest first, by question and search', async () => {
      const res = await get(platform, 'GetSurveyReport', { SurveyId: String(surveyId) });
      expect(res.status).toBe(200);
      expect(res.body.data.survey).toEqual({ id: surveyId, title: 'Report Survey' });
      expect(res.body.data.totalRows).toBe(6);
      expect(res.body.data.questions.map((q: { answered: number }) => q.answered)).toEqual([2, 2, 2]);
      expect(Object.keys(res.body.data.items[0]).sort()).toEqual(['answer', 'dateSubmitted', 'id', 'question', 'sno']);
      expect(res.body.data.items[0].dateSubmitted).toBe('2026-03-05');
      const oldest = (await get(platform, 'GetSurveyReport', { SurveyId: String(surveyId), Sort: 'Oldest' })).body.data.items;
      expect(oldest[0].dateSubmitted).toBe('2026-03-01');
      expect(oldest.map((r: { answer: string }) => r.answer)).toContain('Good');
      const rated = (await get(platform, 'GetSurveyReport', { SurveyId: String(surveyId), QuestionId: String(rating) })).body.data.items;
      expect(rated.map((r: { answer: string }) => r.answer)).toEqual(['9', '8']);
      expect((await get(platform, 'GetSurveyReport', { SurveyId: String(surveyId), Search: 'videos' })).body.data.items.map((r: { answer: string }) => r.answer)).toEqual(['Shorter videos']);
      expect((await get(platform, 'GetSurveyReport', { SurveyId: '999999' })).status).toBe(404);
      expect((await get(platform, 'GetSurveyReport', { SurveyId: String(surveyId), Sort: 'Sideways' })).status).toBe(400);
    });

    it('gives institution staff the answers about their own courses only', async () => {
      const own = (await get(unilagReporter, 'GetSurveyReport', { SurveyId: String(surveyId) })).body.data;
      expect(own.totalRows).toBe(3);
      expect(own.items.map((r: { answer: string }) => r.answer)).toContain('More examples');
      expect((await get(unilagReporter, 'GetSurveyReport', { SurveyId: String(surveyId), InstitutionId: String(ids.LBS) })).status).toBe(403);
      const list = (await get(unilagReporter, 'GetSurveys')).body.data;
      expect(list.find((s: { id: number }) => s.id === surveyId).responses).toBe(1);
      expect((await get(learner, 'GetSurveyReport', { SurveyId: String(surveyId) })).status).toBe(403);
    });

    it('exports SurveyReport.xlsx', async () => {
      const file = (await get(platform, 'GetSurveyReport', { SurveyId: String(surveyId), Export: 'true' })).body.data;
      expect(file.fileName).toBe('SurveyReport.xlsx');
      const { rows } = readXlsx(file.file);
      expect(rows[0]).toEqual(['S/NO', 'QUESTION', 'ANSWER', 'DATE SUBMITTED']);
      expect(rows).toHaveLength(7);
    });
  });
});
