// Manage Discounts through HTTP (spec 002 §2.7, §5, §6, §7): default and advanced (bulk) discounts,
// every message, nothing half-imported, and a created code then used at checkout through the
// learner's real path (Course/Compute/Pricing, Payment/Log → sandbox → Payment/Process).
import { and, eq, inArray } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_CODES_MAX, DISCOUNT_UI_MESSAGES as M, bulkTemplateCsv } from '@rivet/shared/api/discounts';
import { DISCOUNT_MESSAGES } from '@rivet/shared/domain/discount';
import { DEFAULT_RATES, priceCourse } from '@rivet/shared/domain/pricing';
import * as t from '../db/schema';
import { createStudyFixtures } from '../learning/study-fixtures';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import type { Browser } from '../testing/test-app';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const DISCOUNT = '/api/Discount/Discount';
const COURSE = '/api/Course';

describe.each(testDrivers())('discounts on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  let rivetAdmin: Browser;
  let institutionAdmin: Browser;
  let reporter: Browser;
  let ids: Record<'UNILAG' | 'LBS' | 'ABU', number>;
  let fixtures: ReturnType<typeof createStudyFixtures>;
  let lbsCourse: { id: number };
  let abuCourse: { id: number };

  beforeAll(async () => {
    app = await createTestApp(driver);
    superAdmin = await signedInStaff(app, 'discount.super', 'SUPER ADMIN', null);
    rivetAdmin = await signedInStaff(app, 'discount.rivet', 'RIVET ADMIN', null);
    institutionAdmin = await signedInStaff(app, 'discount.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    reporter = await signedInStaff(app, 'discount.report', 'RIVET REPORT', null);
    const rows = await app.database.db.select({ id: t.institutions.id, code: t.institutions.code }).from(t.institutions);
    const of = (code: string) => rows.find((r) => r.code === code)!.id;
    ids = { UNILAG: of('UNILAG'), LBS: of('LBS'), ABU: of('ABU') };
    fixtures = createStudyFixtures(app);
    lbsCourse = await paidCourse('Discounted Ledger Keeping', ids.LBS);
    abuCourse = await paidCourse('Discounted Farm Finance', ids.ABU);
  });
  afterAll(() => app?.close());

  const BASE_KOBO = 2_000_000;
  async function paidCourse(title: string, institutionId: number) {
    const price = priceCourse(BASE_KOBO, DEFAULT_RATES);
    return insertCourse(app.database.db, { institutionId, title, isPaid: true, basePriceKobo: BASE_KOBO, vatKobo: price.vat, gatewayChargeKobo: price.gatewayCharge, priceKobo: price.amount });
  }

  const fields = (patch: Record<string, string> = {}) => ({
    Name: 'Harmattan sale',
    Description: '10% off LBS courses',
    DiscountType: '1',
    DiscountChargeType: '2',
    InstitutionId: String(ids.LBS),
    StartDate: '2026-01-01',
    EndDate: '2030-12-31',
    Amount: '10',
    SetUsageLimit: 'false',
    UsageLimit: '',
    AllCoursesDiscount: 'true',
    Code: '',
    ...patch,
  });
  // A partner's discount names are unique (decision 082): each create without a name of its own gets
  // 'Harmattan sale', then 'Harmattan sale 2', 3…
  let made = 0;
  const create = (who: Browser, patch: Record<string, string> = {}, file?: { bytes: Uint8Array | string; name: string }) => {
    const form = new FormData();
    const named = 'Name' in patch ? patch : { ...patch, Name: made++ === 0 ? 'Harmattan sale' : `Harmattan sale ${made}` };
    for (const [k, v] of Object.entries(fields(named))) form.append(k, v);
    if (file) form.append('FormFile', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)]), file.name);
    return who.call(`${DISCOUNT}/Create`, { form });
  };
  const bulk = (csv: string | Uint8Array, patch: Record<string, string> = {}, name = 'codes.csv') => create(superAdmin, { DiscountType: '2', ...patch }, { bytes: csv, name });
  const search = (who: Browser, query: Record<string, string> = {}) => who.call(`${DISCOUNT}/Search?${new URLSearchParams(query)}`);
  const byId = (who: Browser, id: number | string) => who.call(`${DISCOUNT}/GetDiscountById?DiscountId=${id}`);
  const update = (who: Browser, json: unknown) => who.call(`${DISCOUNT}/Update`, { method: 'PUT', json });
  const toggle = (who: Browser, id: number, isActive: boolean) => who.call(`${DISCOUNT}/ActivateDeactivate?id=${id}&isActive=${isActive}`, { method: 'DELETE' });
  const auditRows = (action: string, record: number) =>
    app.database.db.select().from(t.auditTrail).where(and(eq(t.auditTrail.moduleName, 'Discount'), eq(t.auditTrail.moduleAction, action), eq(t.auditTrail.record, String(record))));
  const counts = async () => ({
    discounts: (await app.database.db.select({ id: t.discounts.id }).from(t.discounts)).length,
    codes: (await app.database.db.select({ id: t.discountCodes.id }).from(t.discountCodes)).length,
  });
  const price = async (courseId: number, discountCode: string) => {
    const learner = await fixtures.learner();
    return learner.b.call(`${COURSE}/Course/Compute/Pricing`, { json: { courseId, discountCode } });
  };

  it('creates a default discount with its one code: the spec’s message, an audit row, listed, read back, and usable at checkout', async () => {
    const res = await create(rivetAdmin, { Code: ' harmattan-10 ' });
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.description).toBe(M.created);
    expect(res.body.data).toMatchObject({
      name: 'Harmattan sale',
      code: 'HARMATTAN-10',
      codeCount: 1,
      discountType: 1,
      discountTypeName: 'Default',
      discountChargeType: 2,
      discountChargeTypeName: 'Percentage',
      amount: 10,
      usageLimit: null,
      usageCount: 0,
      allCoursesDiscount: true,
      institutionId: ids.LBS,
      institution: 'Lagos Business School',
      isActive: true,
      startDate: '2026-01-01',
      endDate: '2030-12-31',
    });
    const id = res.body.data.id as number;
    expect(await auditRows('Create', id)).toHaveLength(1);
    expect((await search(superAdmin)).body.data.items[0].id).toBe(id);
    expect((await search(superAdmin, { search: 'harmattan-10' })).body.data.items.map((d: { id: number }) => d.id)).toEqual([id]);
    expect((await search(superAdmin, { institutionId: String(ids.ABU), search: 'Harmattan' })).body.data.totalRows).toBe(0);
    expect((await byId(superAdmin, id)).body.data.code).toBe('HARMATTAN-10');

    const priced = await price(lbsCourse.id, 'harmattan-10');
    expect(priced.status).toBe(200);
    expect(priced.body.data).toMatchObject({ discount: 2_000, discountCode: 'HARMATTAN-10' });
    // The partner's courses only.
    expect((await price(abuCourse.id, 'HARMATTAN-10')).body.description).toBe(DISCOUNT_MESSAGES.wrongCourse);
  });

  it('a flat discount is typed in naira and stored in kobo; a limited one keeps its limit', async () => {
    const res = await create(superAdmin, { Code: 'FLAT2500', DiscountChargeType: '1', Amount: '2500.50', SetUsageLimit: 'true', UsageLimit: '3' });
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 2500.5, discountChargeTypeName: 'Flat', usageLimit: 3 });
    const [row] = await app.database.db.select().from(t.discounts).where(eq(t.discounts.id, res.body.data.id));
    expect(row!.amount).toBe(250_050);
    expect((await price(lbsCourse.id, 'FLAT2500')).body.data.discount).toBe(2500.5);
  });

  it('refuses each bad form with its message and stores nothing', async () => {
    const before = await counts();
    const cases: [Record<string, string>, string][] = [
      [{ Name: '  ' }, M.nameRequired],
      [{ Description: '' }, M.descriptionRequired],
      [{ DiscountType: '' }, M.typeRequired],
      [{ DiscountType: '3' }, M.typeRequired],
      [{ InstitutionId: '' }, M.partnerRequired],
      [{ StartDate: '' }, M.startRequired],
      [{ EndDate: '' }, M.endRequired],
      [{ StartDate: '2026-02-30' }, M.dateFormat],
      [{ DiscountChargeType: '' }, M.chargeTypeRequired],
      [{ Amount: '' }, M.valueRequired],
      [{ SetUsageLimit: '' }, M.usageRequired],
      [{ SetUsageLimit: 'true', UsageLimit: '', Code: 'OKCODE1' }, M.usageLimitRequired],
      [{ SetUsageLimit: 'true', UsageLimit: '0', Code: 'OKCODE1' }, M.usageLimitRange],
      [{ Code: '' }, M.codeRequired],
      [{ Code: 'no spaces allowed' }, M.codeFormat],
      [{ StartDate: '2026-06-02', EndDate: '2026-06-01', Code: 'OKCODE1' }, M.endBeforeStart],
      [{ Amount: '101', Code: 'OKCODE1' }, M.percentageMax],
      [{ Amount: '12.5', Code: 'OKCODE1' }, M.percentageWhole],
      [{ Amount: '-5', Code: 'OKCODE1' }, M.valueNegative],
      [{ Amount: '1e3', Code: 'OKCODE1' }, M.valueRequired],
      [{ DiscountChargeType: '1', Amount: '10000001', Code: 'OKCODE1' }, M.flatMax],
      [{ DiscountChargeType: '1', Amount: '10.555', Code: 'OKCODE1' }, M.flatKobo],
      [{ AllCoursesDiscount: 'false', CourseId: '', Code: 'OKCODE1' }, M.coursesRequired],
      [{ DiscountType: '2' }, M.fileRequired],
    ];
    for (const [patch, message] of cases) {
      const res = await create(superAdmin, patch);
      expect({ patch, status: res.status, description: res.body.description }).toEqual({ patch, status: 400, description: message });
    }
    expect(await counts()).toEqual(before);
  });

  it('offers only active partners, and a partner’s own courses', async () => {
    const closed = await insertInstitution(app.database.db, { isActive: false });
    expect((await create(superAdmin, { InstitutionId: String(closed.id), Code: 'CLOSEDP' })).body.description).toBe(M.partnerInactive);
    expect((await create(superAdmin, { InstitutionId: '999999', Code: 'NOPARTNER' })).body.description).toBe(M.partnerNotFound);
    const [platform] = await app.database.db.select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.isPlatform, true));
    expect((await create(superAdmin, { InstitutionId: String(platform!.id), Code: 'PLATFORMP' })).body.description).toBe(M.partnerNotFound);
    expect((await create(superAdmin, { AllCoursesDiscount: 'false', CourseId: String(abuCourse.id), Code: 'WRONGC' })).body.description).toBe(M.courseNotPartners);

    // The form's course picker reads Course/List (decision 088).
    const courses = await superAdmin.call(`/api/Course/Course/List?institutionId=${ids.LBS}`);
    expect(courses.body.data.items.map((c: { id: number }) => c.id)).toContain(lbsCourse.id);
    expect(courses.body.data.items.map((c: { id: number }) => c.id)).not.toContain(abuCourse.id);

    const some = await create(superAdmin, { AllCoursesDiscount: 'false', CourseId: `${lbsCourse.id},${lbsCourse.id}`, Code: 'ONECOURSE' });
    expect(some.status, some.body.description).toBe(200);
    expect(some.body.data).toMatchObject({ allCoursesDiscount: false, courseTitle: [{ id: lbsCourse.id, title: 'Discounted Ledger Keeping' }] });
  });

  it('refuses a default code already in use, whatever its case (409)', async () => {
    const res = await create(superAdmin, { Code: 'welcome10' });
    expect(res.status).toBe(409);
    expect(res.body.description).toBe(M.codeTaken('WELCOME10'));
  });

  it('two creates racing for one code: one discount gets it, the other a 409, never a 500', async () => {
    const before = await counts();
    const answers = await Promise.all([create(superAdmin, { Code: 'RACE-CODE', Name: 'Racer A' }), create(rivetAdmin, { Code: 'race-code', Name: 'Racer B' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.description).toBe(M.codeTaken('RACE-CODE'));
    expect(await counts()).toEqual({ discounts: before.discounts + 1, codes: before.codes + 1 });
  });

  it('keeps one name per partner whatever its case, another partner may use it, and racing creates store one (409)', async () => {
    const first = await create(superAdmin, { Name: 'Easter Offer', Code: 'EASTER-LBS' });
    expect(first.status, first.body.description).toBe(200);
    const again = await create(superAdmin, { Name: 'easter offer', Code: 'EASTER-LBS-2' });
    expect(again.status).toBe(409);
    expect(again.body.description).toBe(M.nameTaken('easter offer'));
    const elsewhere = await create(superAdmin, { Name: 'Easter Offer', Code: 'EASTER-UNILAG', InstitutionId: String(ids.UNILAG) });
    expect(elsewhere.status, elsewhere.body.description).toBe(200);
    expect((await create(superAdmin, { Name: 'Dry Season', Code: 'DRY-LBS' })).status).toBe(200);
    const renamed = await update(superAdmin, { id: elsewhere.body.data.id, name: 'Dry SEASON' });
    expect(renamed.status, renamed.body.description).toBe(200);
    const clash = await update(superAdmin, { id: first.body.data.id, name: 'DRY SEASON' });
    expect(clash.status).toBe(409);
    expect(clash.body.description).toBe(M.nameTaken('DRY SEASON'));
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => create(superAdmin, { Name: i % 2 ? 'Race Day' : 'RACE DAY', Code: `RACE-DAY-${i}` })));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('imports nothing from a file with bad rows, and lists every row’s number and reason', async () => {
    const before = await counts();
    const csv = ['Code', 'GOOD-0001', 'bad code!', 'GOOD-0002', 'good-0001', '', 'WELCOME10', ',extra', 'AB'].join('\n');
    const res = await bulk(csv);
    expect(res.status).toBe(400);
    expect(res.body.description).toBe(M.fileRows(5));
    expect(res.body.errors).toEqual([
      { field: 'FormFile[3]', message: `Row 3 (bad code!): ${M.rowFormat}` },
      { field: 'FormFile[5]', message: `Row 5 (GOOD-0001): ${M.rowDuplicate(2)}` },
      { field: 'FormFile[7]', message: `Row 7 (WELCOME10): ${M.rowTaken}` },
      { field: 'FormFile[8]', message: `Row 8: ${M.rowMissing}` },
      { field: 'FormFile[9]', message: `Row 9 (AB): ${M.rowFormat}` },
    ]);
    expect(await counts()).toEqual(before);
    expect(await app.database.db.select().from(t.discountCodes).where(inArray(t.discountCodes.code, ['GOOD-0001', 'GOOD-0002']))).toHaveLength(0);
  });

  it('refuses a file that is not a CSV or an .xlsx, an empty one, one too long, and a zip bomb', async () => {
    const before = await counts();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x00]);
    expect((await bulk(png, {}, 'codes.csv')).body.description).toBe(M.fileType);
    expect((await bulk(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), {}, 'codes.xls')).body.description).toBe(M.fileType);
    expect((await bulk('Code\n\n\n')).body.description).toBe(M.fileEmpty);
    // The template as downloaded holds no code to import by mistake.
    expect((await bulk(bulkTemplateCsv())).body.description).toBe(M.fileEmpty);
    const long = ['Code', ...Array.from({ length: BULK_CODES_MAX + 1 }, (_, i) => `LONG-${String(i).padStart(6, '0')}`)].join('\n');
    expect((await bulk(long)).body.description).toBe(M.tooManyCodes(BULK_CODES_MAX));
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await bulk(bomb, {}, 'codes.xlsx')).body.description).toBe(M.fileUnreadable);
    expect((await bulk(zipSync({ 'hello.txt': strToU8('not a workbook') }), {}, 'codes.xlsx')).body.description).toBe(M.fileUnreadable);
    expect(await counts()).toEqual(before);
  });

  it('imports a good CSV (header, BOM, semicolons, blank lines): each code once, then single use at checkout', async () => {
    const csv = '\uFEFFName;Code\r\nfirst;bulk-csv-01\r\n\r\nsecond;BULK-CSV-02\r\nthird;Bulk-Csv-03\r\n';
    const res = await bulk(csv, { Name: 'CSV vouchers', AllCoursesDiscount: 'true' });
    expect(res.status, JSON.stringify(res.body.errors)).toBe(200);
    expect(res.body.data).toMatchObject({ discountType: 2, discountTypeName: 'Advanced', code: null, codeCount: 3, codesRedeemed: 0 });
    expect(await auditRows('Create', res.body.data.id)).toHaveLength(1);
    const codes = await app.database.db.select({ code: t.discountCodes.code }).from(t.discountCodes).where(eq(t.discountCodes.discountId, res.body.data.id));
    expect(codes.map((c) => c.code).sort()).toEqual(['BULK-CSV-01', 'BULK-CSV-02', 'BULK-CSV-03']);

    // A learner buys with one voucher through the real path; the voucher is then spent.
    const learner = await fixtures.learner();
    const priced = await learner.b.call(`${COURSE}/Course/Compute/Pricing`, { json: { courseId: lbsCourse.id, discountCode: 'bulk-csv-02' } });
    expect(priced.body.data.discount).toBe(2_000);
    const logged = await learner.b.call(`${COURSE}/Payment/Log`, { json: { courseId: lbsCourse.id, userId: learner.userId, amount: priced.body.data.amount, discountCode: 'bulk-csv-02' } });
    expect(logged.status, logged.body.description).toBe(200);
    const reference = logged.body.data.reference as string;
    expect((await learner.b.call(`${COURSE}/Payment/Sandbox/${reference}`, { json: { outcome: 'success' } })).status).toBe(200);
    const processed = await learner.b.call(`${COURSE}/Payment/Process`, { json: { referenceNo: reference, courseId: lbsCourse.id, userId: learner.userId } });
    expect(processed.body.data.status).toBe(1);
    // The sale is in the ledger: its split plus VAT and the card fee is what the learner paid.
    const [payment] = await app.database.db.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.reference, reference));
    expect(payment).toMatchObject({ discountKobo: 200_000, discountCode: 'BULK-CSV-02' });
    const splits = await app.database.db.select().from(t.paymentSplits).where(eq(t.paymentSplits.paymentId, payment!.id));
    expect(splits.length).toBeGreaterThan(0);
    expect(splits.reduce((sum, s) => sum + s.amountKobo, 0) + payment!.vatKobo + payment!.gatewayChargeKobo).toBe(payment!.amountKobo);
    expect((await byId(superAdmin, res.body.data.id)).body.data).toMatchObject({ usageCount: 1, codesRedeemed: 1 });
    expect((await price(lbsCourse.id, 'BULK-CSV-02')).body.description).toBe(DISCOUNT_MESSAGES.usedUp);
    expect((await price(lbsCourse.id, 'BULK-CSV-03')).status).toBe(200);
  });

  it('imports a good .xlsx (codes in the first column, numbers too), judged by content whatever its name', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Code'], ['xlsx-code-1'], [123456], [null], ['XLSX-CODE-2']]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Codes');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const res = await bulk(bytes, { Name: 'Workbook vouchers', DiscountChargeType: '1', Amount: '1000' }, 'upload.bin');
    expect(res.status, JSON.stringify(res.body.errors ?? res.body.description)).toBe(200);
    expect(res.body.data.codeCount).toBe(3);
    expect((await price(lbsCourse.id, '123456')).body.data.discount).toBe(1_000);

    // Bad rows in a workbook carry the row numbers Excel shows.
    const badSheet = XLSX.utils.aoa_to_sheet([['Code'], ['XLSX-CODE-1'], ['ok-code-77'], ['ok-code-77']]);
    const badBook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(badBook, badSheet, 'Codes');
    const bad = await bulk(new Uint8Array(XLSX.write(badBook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer), {}, 'codes.xlsx');
    expect(bad.body.errors).toEqual([
      { field: 'FormFile[2]', message: `Row 2 (XLSX-CODE-1): ${M.rowTaken}` },
      { field: 'FormFile[4]', message: `Row 4 (OK-CODE-77): ${M.rowDuplicate(3)}` },
    ]);
  });

  it('updates only the fields sent, with the spec’s messages and an audit row', async () => {
    const made = (await create(superAdmin, { Code: 'UPDATE-ME', SetUsageLimit: 'true', UsageLimit: '5' })).body.data;
    const res = await update(superAdmin, { id: made.id, name: 'Renamed sale', endDate: '2031-01-31' });
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.description).toBe(M.updated);
    expect(res.body.data).toMatchObject({ name: 'Renamed sale', description: made.description, startDate: '2026-01-01', endDate: '2031-01-31', usageLimit: 5 });
    expect(await auditRows('Update', made.id)).toHaveLength(1);

    expect((await update(superAdmin, { id: made.id, startDate: '2031-02-01' })).body.description).toBe(M.endBeforeStart);
    expect((await update(superAdmin, { id: made.id, setUsage: false })).body.data.usageLimit).toBeNull();
    expect((await update(superAdmin, { id: made.id, setUsage: true })).body.description).toBe(M.usageLimitRequired);
    await app.database.db.update(t.discounts).set({ usageCount: 4 }).where(eq(t.discounts.id, made.id));
    expect((await update(superAdmin, { id: made.id, setUsage: true, usageLimit: 3 })).body.description).toBe(M.usageBelowUses(4));
    expect((await update(superAdmin, { id: made.id, setUsage: true, usageLimit: 4 })).body.data.usageLimit).toBe(4);
    expect((await update(superAdmin, { id: 999_999, name: 'x' })).status).toBe(404);
    expect((await update(superAdmin, { id: made.id, usageLimit: 1.5 })).body.description).toBe(M.usageLimitRange);
  });

  it('deactivates and activates with the toggle’s words and an audit row each; an inactive code is refused at checkout', async () => {
    const made = (await create(superAdmin, { Code: 'TOGGLE-ME' })).body.data;
    const off = await toggle(rivetAdmin, made.id, false);
    expect(off.body).toMatchObject({ success: true, description: M.deactivated, data: { isActive: false } });
    expect((await price(lbsCourse.id, 'TOGGLE-ME')).body.description).toBe(DISCOUNT_MESSAGES.inactive);
    const on = await toggle(rivetAdmin, made.id, true);
    expect(on.body).toMatchObject({ description: M.activated, data: { isActive: true } });
    expect(await auditRows('ActivateDeactivate', made.id)).toHaveLength(2);
    expect((await toggle(rivetAdmin, 999_999, true)).status).toBe(404);
  });

  it('says Expired once the end date has passed in Lagos, whatever the switch, and Scheduled before the start; an expired one cannot be switched on', async () => {
    // The test clock reads 22 November 2026, 10:00 in Lagos.
    const ended = (await create(superAdmin, { Code: 'ENDED-SALE', EndDate: '2026-11-21' })).body.data;
    const lastDay = (await create(superAdmin, { Code: 'LAST-DAY', EndDate: '2026-11-22' })).body.data;
    const later = (await create(superAdmin, { Code: 'LATER-SALE', StartDate: '2026-12-01' })).body.data;
    expect([ended.isActive, ended.status, lastDay.status, later.status]).toEqual([true, 'expired', 'active', 'scheduled']);
    expect((await byId(superAdmin, ended.id)).body.data).toMatchObject({ isActive: true, status: 'expired' });
    const listed = (await search(superAdmin, { pageSize: '1000' })).body.data.items as { id: number; status: string }[];
    expect(listed.find((d) => d.id === ended.id)?.status).toBe('expired');
    expect((await price(lbsCourse.id, 'ENDED-SALE')).body.description).toBe(DISCOUNT_MESSAGES.expired);

    // Off it stays Expired; switching it on again is refused with what to do instead.
    expect((await toggle(rivetAdmin, ended.id, false)).body.data).toMatchObject({ isActive: false, status: 'expired' });
    const refused = await toggle(rivetAdmin, ended.id, true);
    expect([refused.status, refused.body.description]).toEqual([409, M.expiredActivate]);
    expect(await auditRows('ActivateDeactivate', ended.id)).toHaveLength(1);
    // A later end date brings it back as it was left: switched off, so Inactive, and it can be switched on.
    expect((await update(superAdmin, { id: ended.id, endDate: '2027-01-31' })).body.data).toMatchObject({ isActive: false, status: 'inactive' });
    expect((await toggle(rivetAdmin, ended.id, true)).body.data).toMatchObject({ isActive: true, status: 'active' });
  });

  it('lets only the two platform admin roles in (§6)', async () => {
    for (const who of [institutionAdmin, reporter]) {
      expect((await search(who)).status).toBe(403);
      expect((await byId(who, 1)).status).toBe(403);
      expect((await create(who, { Code: 'NOPE-NOPE' })).status).toBe(403);
      expect((await update(who, { id: 1, name: 'x' })).status).toBe(403);
      expect((await toggle(who, 1, false)).status).toBe(403);
    }
    const learner = await fixtures.learner();
    expect((await search(learner.b)).status).toBe(403);
    expect((await app.fetch(`${DISCOUNT}/Search`)).status).toBe(401);
    expect(await app.database.db.select().from(t.discountCodes).where(eq(t.discountCodes.code, 'NOPE-NOPE'))).toHaveLength(0);
  });
});
