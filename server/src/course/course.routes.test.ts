import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { categoryId, insertCourse, insertInstitution, languageId } from '../testing/catalogue-fixtures';

const COURSE = '/api/Course';
type Summary = { courseId: number; title: string; institutionId: number; coursePrice: { amount: number }; isPaid: boolean };

describe.each(testDrivers())('the catalogue on %s', (driver) => {
  let app: TestApp;
  const ids: Record<string, number> = {};
  let partner: number;
  let other: number;

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    partner = (await insertInstitution(db, { fullName: 'Kano Institute of Skills' })).id;
    other = (await insertInstitution(db, { fullName: 'Enugu Business Academy' })).id;
    const hidden = (await insertInstitution(db, { fullName: 'Closed Polytechnic', isActive: false })).id;
    const digital = await categoryId(db, 'Digital Skills');
    const leadership = await categoryId(db, 'Leadership, Business and Management');
    const yoruba = await languageId(db, 'Yoruba');
    const english = await languageId(db, 'English');
    const add = async (key: string, fixture: Parameters<typeof insertCourse>[1]) => {
      ids[key] = (await insertCourse(db, fixture)).id;
    };
    await add('excel', {
      institutionId: partner,
      title: 'Spreadsheet Mastery with Excel for Traders',
      searchText: 'Spreadsheet Mastery with Excel for Traders formulas pivot tables Digital Skills Kano Institute of Skills',
      courseCategoryId: digital,
      courseLevel: 1,
      languageId: english,
      modules: 3,
      headline: 'Formulas and pivot tables for market traders',
      instructorName: 'Ada Obi',
      effort: '2 to 4 hours per week',
      durationMinutes: 17,
    });
    await add('leadership', {
      institutionId: other,
      title: 'Leadership Essentials for Team Leads',
      searchText: 'Leadership Essentials for Team Leads managing people Leadership, Business and Management Enugu Business Academy',
      courseCategoryId: leadership,
      courseLevel: 2,
      languageId: yoruba,
      isPaid: true,
      basePriceKobo: 1_000_000,
      vatKobo: 75_000,
      gatewayChargeKobo: 16_000,
      priceKobo: 1_091_000,
    });
    await add('advanced', { institutionId: partner, title: 'Advanced Cloud Architecture Patterns', courseLevel: 3, courseCategoryId: digital, languageId: english });
    await add('draft', { institutionId: partner, title: 'Excel Draft Course', draft: true });
    await add('pending', { institutionId: partner, title: 'Excel Pending Course', approvalStatus: 1 });
    await add('pendingQa', { institutionId: partner, title: 'Excel Pending QA Course', approvalStatus: 4 });
    await add('rejected', { institutionId: partner, title: 'Excel Rejected Course', approvalStatus: 3 });
    await add('inactive', { institutionId: partner, title: 'Excel Deactivated Course', isActive: false });
    await add('future', { institutionId: partner, title: 'Excel Future Course', publishDate: new Date('2099-01-01') });
    await add('hiddenPartner', { institutionId: hidden, title: 'Excel at the Closed Polytechnic' });
  });
  afterAll(() => app?.close());

  const search = async (body: Record<string, unknown>, query = '') => {
    const res = await app.fetch(`${COURSE}/Course/Search${query}`, { method: 'POST', json: body });
    expect(res.status).toBe(200);
    return (await res.json()).data as { items: Summary[]; totalRows: number; page: number; pageSize: number };
  };
  const titles = (items: Summary[]) => items.map((i) => i.title);

  it('finds a course by a word of its title and ranks it first', async () => {
    const { items } = await search({ parameter: 'spreadsheet' });
    expect(items[0]?.courseId).toBe(ids.excel);
  });

  it.each([['excell'], ['Excel'], ['spredsheet'], ['exc']])('tolerates typos and partial words: %s', async (text) => {
    const { items } = await search({ parameter: text, institutionIds: [partner] });
    expect(titles(items)).toContain('Spreadsheet Mastery with Excel for Traders');
  });

  it('finds a course by its whole title, stop words included', async () => {
    const { items } = await search({ parameter: 'Spreadsheet Mastery with Excel for Traders' });
    expect(items[0]?.courseId).toBe(ids.excel);
  });

  it('finds “leadrship” despite the typo', async () => {
    const { items } = await search({ parameter: 'leadrship', institutionIds: [other] });
    expect(items.map((i) => i.courseId)).toEqual([ids.leadership]);
  });

  it('never shows draft, pending, rejected, deactivated, unpublished or inactive-partner courses', async () => {
    const { items } = await search({ parameter: 'excel' }, '?Page=1&PageSize=200');
    const found = new Set(items.map((i) => i.courseId));
    for (const key of ['draft', 'pending', 'pendingQa', 'rejected', 'inactive', 'future', 'hiddenPartner']) expect(found.has(ids[key]!), key).toBe(false);
    expect(found.has(ids.excel!)).toBe(true);
    for (const key of ['draft', 'hiddenPartner', 'pending']) {
      expect((await app.fetch(`${COURSE}/Course/GetCourseById/${ids[key]}`)).status, key).toBe(404);
    }
  });

  it('filters by partner, level, category and language, combining lists with AND', async () => {
    expect(titles((await search({ institutionIds: [partner] })).items).sort()).toEqual(['Advanced Cloud Architecture Patterns', 'Spreadsheet Mastery with Excel for Traders']);
    expect(titles((await search({ institutionIds: [partner], courseLevels: [3] })).items)).toEqual(['Advanced Cloud Architecture Patterns']);
    expect(titles((await search({ institutionIds: [partner, other], courseLevels: [1, 2] })).items).sort()).toEqual([
      'Leadership Essentials for Team Leads',
      'Spreadsheet Mastery with Excel for Traders',
    ]);
    const leadership = await categoryId(app.database.db, 'Leadership, Business and Management');
    expect(titles((await search({ institutionIds: [partner, other], courseCategoryIds: [leadership] })).items)).toEqual(['Leadership Essentials for Team Leads']);
    const yoruba = await languageId(app.database.db, 'Yoruba');
    expect(titles((await search({ institutionIds: [partner, other], languageIds: [yoruba] })).items)).toEqual(['Leadership Essentials for Team Leads']);
  });

  it('pages results and reports the total', async () => {
    const first = await search({ institutionIds: [partner, other] }, '?Page=1&PageSize=2');
    const second = await search({ institutionIds: [partner, other] }, '?Page=2&PageSize=2');
    const beyond = await search({ institutionIds: [partner, other] }, '?Page=9&PageSize=2');
    expect(first).toMatchObject({ totalRows: 3, page: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(new Set([...first.items, ...second.items].map((i) => i.courseId)).size).toBe(3);
    expect(beyond).toMatchObject({ totalRows: 3, items: [] });
  });

  it('refuses an absurd page size', async () => {
    const res = await app.fetch(`${COURSE}/Course/Search?PageSize=100000`, { method: 'POST', json: {} });
    expect(res.status).toBe(400);
  });

  it('refuses a level past smallint with a 400 and a message, not a 500 from the database (issue 29)', async () => {
    const res = await app.fetch(`${COURSE}/Course/Search`, { method: 'POST', json: { courseLevels: [32768] } });
    expect(res.status).toBe(400);
    expect((await res.json()).description).toBe('Each of courseLevels must be a whole number from 1 to 32767');
    // The last value the column can hold is a level no course has: an empty page, not an error.
    expect((await search({ courseLevels: [32767] })).totalRows).toBe(0);
  });

  it('returns prices in naira with their parts', async () => {
    const { items } = await search({ institutionIds: [other] });
    expect(items[0]).toMatchObject({ isPaid: true, coursePrice: { amount: 10_910, basePrice: 10_000, vat: 750, gatewayCharge: 160, currencyId: 1 } });
  });

  it('counts visible courses per category', async () => {
    const res = await (await app.fetch(`${COURSE}/Course/SummaryByCatgory`)).json();
    const digital = res.data.find((c: { courseCategory: string }) => c.courseCategory === 'Digital Skills');
    const before = digital.count as number;
    await insertCourse(app.database.db, { institutionId: partner, title: 'Another Digital Course', courseCategoryId: digital.courseCategoryId });
    await insertCourse(app.database.db, { institutionId: partner, title: 'Hidden Digital Draft', courseCategoryId: digital.courseCategoryId, draft: true });
    const after = (await (await app.fetch(`${COURSE}/Course/SummaryByCatgory`)).json()).data.find((c: { courseCategory: string }) => c.courseCategory === 'Digital Skills');
    expect(after.count).toBe(before + 1);
  });

  it('gives a course’s detail with its curriculum outline but no content URLs', async () => {
    const res = await app.fetch(`${COURSE}/Course/GetCourseById/${ids.excel}`);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ courseId: ids.excel, institution: 'Kano Institute of Skills', modules: 3, courseLevelName: 'Beginner', coursePrice: { amount: 0 } });
    // What the author had to enter in Additional Information, and the length from the content (decision 080).
    expect(data).toMatchObject({ headLine: 'Formulas and pivot tables for market traders', instructorName: 'Ada Obi', effort: '2 to 4 hours per week', duration: 17 });
    expect(data.courseModules).toHaveLength(3);
    expect(data.courseModules[0].items[0].courseModuleItemAssets).toEqual([
      { assetType: 'video', title: 'Watch', duration: 95, durationDisplay: '1:35' },
      { assetType: 'article', title: 'Read', duration: 4, durationDisplay: '4 min read' },
    ]);
    expect(JSON.stringify(data.courseModules)).not.toContain('/media/');
    // A path that cannot name a course is a bad request, with the reason.
    const malformed = await app.fetch(`${COURSE}/Course/GetCourseById/abc`);
    expect([malformed.status, (await malformed.json()).description]).toEqual([400, 'id must be a whole number from 1 to 2147483647']);
  });

  it('lists a partner’s other courses', async () => {
    const { data } = await (await app.fetch(`${COURSE}/Course/Institution/${partner}?exclude=${ids.excel}`)).json();
    expect(data.items.map((i: Summary) => i.courseId)).not.toContain(ids.excel);
    expect(data.items.every((i: Summary) => i.institutionId === partner)).toBe(true);
    expect(data.items.length).toBeGreaterThan(0);
  });

  describe('enrolment', () => {
    async function learner() {
      const b = new Browser(app);
      const res = await b.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: DEMO_ACCOUNTS.learner.email, password: DEMO_ACCOUNTS.learner.password } });
      return { b, userId: res.body.data.userId as string };
    }

    it('enrols a learner in a free course once, and reports it', async () => {
      const { b, userId } = await learner();
      const check = () => b.call(`${COURSE}/Course/CheckEnrollment/${userId}/${ids.advanced}`);
      expect((await check()).body.data).toEqual({ enrolled: false, currentModule: null, currentSection: null });
      const first = await b.call(`${COURSE}/Course/Enroll`, { json: { userId, courseId: ids.advanced } });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, description: 'Enrolled successfully', data: { enrolled: true } });
      const again = await b.call(`${COURSE}/Course/Enroll`, { json: { userId, courseId: ids.advanced } });
      expect(again.body.description).toBe('You are already enrolled in this course');
      expect((await check()).body.data.enrolled).toBe(true);
    });

    it('refuses a paid course: it goes through checkout', async () => {
      const { b, userId } = await learner();
      const res = await b.call(`${COURSE}/Course/Enroll`, { json: { userId, courseId: ids.leadership } });
      expect(res.status).toBe(422);
      expect(res.body.description).toBe('This course is paid. Please complete the checkout to enrol.');
      expect((await b.call(`${COURSE}/Course/CheckEnrollment/${userId}/${ids.leadership}`)).body.data.enrolled).toBe(false);
    });

    it('refuses hidden courses, other people, anonymous callers and staff', async () => {
      const { b, userId } = await learner();
      expect((await b.call(`${COURSE}/Course/Enroll`, { json: { userId, courseId: ids.draft } })).status).toBe(404);
      expect((await b.call(`${COURSE}/Course/Enroll`, { json: { userId: '00000000-0000-0000-0000-000000000000', courseId: ids.excel } })).status).toBe(403);
      expect((await b.call(`${COURSE}/Course/CheckEnrollment/00000000-0000-0000-0000-000000000000/${ids.excel}`)).status).toBe(403);
      expect((await new Browser(app).call(`${COURSE}/Course/Enroll`, { json: { userId, courseId: ids.excel } })).status).toBe(401);
      const admin = new Browser(app);
      const signIn = await admin.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: DEMO_ACCOUNTS.superAdmin.userName, password: DEMO_ACCOUNTS.superAdmin.password } });
      const res = await admin.call(`${COURSE}/Course/Enroll`, { json: { userId: signIn.body.data.userId, courseId: ids.excel } });
      expect(res.status).toBe(403);
      expect(res.body.description).toBe('Only learner accounts can enrol in courses.');
    });

    it('validates the enrol body', async () => {
      const { b } = await learner();
      const res = await b.call(`${COURSE}/Course/Enroll`, { json: { courseId: ids.excel } });
      expect(res.status).toBe(400);
      expect(res.body.description).toBe('userId is required');
    });
  });
});
