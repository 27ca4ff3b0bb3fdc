import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_INSIGHT_MESSAGES as M } from '@rivet/shared/api/course-insights';
import * as t from '../db/schema';
import { dashboardWorld } from '../testing/dashboard-fixtures';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import { insertCourse } from '../testing/catalogue-fixtures';
import { insertLearner, readXlsx } from '../testing/report-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const REPORT = '/api/Report/Report';
type Json = Record<string, any>;

describe.each(testDrivers())('Course Insights on %s', (driver) => {
  let app: TestApp;
  let aReport: Browser;
  let bAdmin: Browser;
  let platform: Browser;
  let world: Awaited<ReturnType<typeof dashboardWorld>>;

  beforeAll(async () => {
    app = await createTestApp(driver);
    world = await dashboardWorld(app, 'CIN');
    aReport = await signedInStaff(app, 'insight.a.report', 'INSTITUTION REPORT', 'CINA');
    bAdmin = await signedInStaff(app, 'insight.b.admin', 'INSTITUTION ADMIN', 'CINB');
    platform = await signedInStaff(app, 'insight.platform', 'RIVET REPORT', null);
  });
  afterAll(() => app?.close());

  const get = (who: Browser, path: string) => who.call(`${REPORT}/${path}`);

  it('lists the institution’s submitted courses with payments and the ledger’s shares, by name', async () => {
    const res = await get(aReport, 'GetCourseInsights');
    expect(res.status).toBe(200);
    expect(res.body.data.totalRows).toBe(4);
    expect(res.body.data.items.map((r: Json) => r.courseName)).toEqual(['CIN Deactivated', 'CIN Pending QA', 'CIN Pending Review', 'CIN Zebra Accounting']);
    expect(res.body.data.items[3]).toEqual({
      sno: 4,
      courseId: world.a1.id,
      institution: 'CINA',
      courseName: 'CIN Zebra Accounting',
      noOfEnrolledUser: 2,
      // The failed payment counts for nothing.
      totalRevenue: 10_750,
      totalDiscount: 1_000,
      partnerRevenue: 3_000,
      institutionRevenue: 7_000,
      totalVat: 500,
      totalGatewayCharge: 250,
    });
    // The shares, VAT and gateway charge add up to what was paid.
    const r = res.body.data.items[3];
    expect(r.partnerRevenue + r.institutionRevenue + r.totalVat + r.totalGatewayCharge).toBe(r.totalRevenue);
    expect(res.body.data.items[0]).toMatchObject({ sno: 1, noOfEnrolledUser: 0, totalRevenue: 0, partnerRevenue: 0 });
  });

  it('pages at 10 by default, searches the course name, and bounds by Lagos dates', async () => {
    const page2 = await get(aReport, 'GetCourseInsights?PageSize=3&Page=2');
    expect(page2.body.data).toMatchObject({ totalRows: 4, items: [{ sno: 4, courseName: 'CIN Zebra Accounting' }] });
    expect((await get(aReport, 'GetCourseInsights?Search=zebra')).body.data.items.map((i: Json) => i.courseId)).toEqual([world.a1.id]);
    expect((await get(aReport, 'GetCourseInsights?Search=%25')).body.data).toEqual({ items: [], totalRows: 0 });
    // November only: one enrolment and the November payment; June's enrolment is left out.
    const nov = await get(aReport, 'GetCourseInsights?Search=zebra&StartDate=2026-11-01&EndDate=2026-11-30');
    expect(nov.body.data.items[0]).toMatchObject({ noOfEnrolledUser: 1, totalRevenue: 10_750 });
    const june = await get(aReport, 'GetCourseInsights?Search=zebra&StartDate=2026-06-01&EndDate=2026-06-30');
    expect(june.body.data.items[0]).toMatchObject({ noOfEnrolledUser: 1, totalRevenue: 0, institutionRevenue: 0 });
    const backwards = await get(aReport, 'GetCourseInsights?StartDate=2026-11-30&EndDate=2026-11-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.description).toBe(M.dateOrder);
    expect((await get(aReport, 'GetCourseInsights?StartDate=2026-02-30')).status).toBe(400);
  });

  it('keeps an institution to its own courses; platform staff see all or one partner', async () => {
    expect((await get(aReport, `GetCourseInsights?InstitutionId=${world.b.id}`)).status).toBe(403);
    const b = await get(bAdmin, 'GetCourseInsights?PageSize=100');
    expect(b.body.data.items.map((i: Json) => i.courseName)).toEqual(['CIN Lagos Markets']);
    expect(b.body.data.items[0]).toMatchObject({ totalRevenue: 5_000, partnerRevenue: 1_395, institutionRevenue: 3_255 });
    const one = await get(platform, `GetCourseInsights?InstitutionId=${world.b.id}`);
    expect(one.body.data.items.map((i: Json) => i.courseId)).toEqual([world.b1.id]);
    const ours = (items: Json[]) => items.filter((i) => ['CINA', 'CINB'].includes(i.institution)).length;
    expect(ours((await get(platform, 'GetCourseInsights?Search=CIN&PageSize=100')).body.data.items)).toBe(5);
    expect(ours((await get(platform, 'GetCourseInsights?InstitutionId=0&Search=CIN&PageSize=100')).body.data.items)).toBe(5);
  });

  it('lists a course’s enrolled students with what each paid, last visit and activity', async () => {
    const res = await get(aReport, `GetStudentEnrolled?CourseId=${world.a1.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.course).toEqual({ courseId: world.a1.id, courseName: 'CIN Zebra Accounting', institution: 'CINA' });
    expect(res.body.data.totalRows).toBe(2);
    expect(res.body.data.items).toEqual([
      {
        sno: 1,
        firstName: 'Chinedu',
        lastName: 'Okafor',
        enrolledDate: '2026-11-10T09:00:00.000Z',
        lastDateVisted: '2026-11-20T12:00:00.000Z',
        amountPaid: 10_750,
        discountAmount: 1_000,
        courseBasePrice: 10_000,
        vat: 500,
        gatewayFee: 250,
        studentActive: true,
      },
      // No visit: the enrolled date stands in; the failed payment is not an amount paid.
      { sno: 2, firstName: 'Amaka', lastName: 'Eze', enrolledDate: '2026-06-15T09:00:00.000Z', lastDateVisted: '2026-06-15T09:00:00.000Z', amountPaid: 0, discountAmount: 0, courseBasePrice: 0, vat: 0, gatewayFee: 0, studentActive: false },
    ]);
    expect((await get(aReport, `GetStudentEnrolled?CourseId=${world.a1.id}&Search=amaka`)).body.data.items.map((i: Json) => i.firstName)).toEqual(['Amaka']);
    expect((await get(aReport, `GetStudentEnrolled?CourseId=${world.a1.id}&StartDate=2026-11-01`)).body.data.totalRows).toBe(1);
    // Another institution's course does not exist for them; platform staff reach it.
    const refused = await get(bAdmin, `GetStudentEnrolled?CourseId=${world.a1.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.description).toBe(M.notFound);
    expect((await get(platform, `GetStudentEnrolled?CourseId=${world.a1.id}`)).body.data.totalRows).toBe(2);
    expect((await get(aReport, 'GetStudentEnrolled')).status).toBe(400);
  });

  describe('Export (decision 060)', () => {
    const exportOf = (who: Browser, path: string) => get(who, `${path}${path.includes('?') ? '&' : '?'}Export=true&Page=1&PageSize=1000000`);

    it('exports Course Insights as CourseInsight.xlsx with the screen’s columns, the filter’s rows, and only the caller’s institution', async () => {
      const res = await exportOf(aReport, 'GetCourseInsights');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ items: [], totalRows: 4, fileName: 'CourseInsight.xlsx' });
      const { rows } = readXlsx(res.body.data.file);
      expect(rows[0]).toEqual(['S/NO', 'PARTNER', 'COURSE NAME', 'ENROLLED USERS', 'TOTAL REVENUE (₦)', 'DISCOUNT (₦)', 'PLATFORM REV. (₦)', 'PARTNER REV. (₦)', 'VAT (₦)', 'GATEWAY FEE (₦)']);
      expect(rows).toHaveLength(5);
      expect(rows.slice(1).map((r) => r[1])).toEqual(['CINA', 'CINA', 'CINA', 'CINA']);
      expect(rows[4]).toEqual([4, 'CINA', 'CIN Zebra Accounting', 2, 10_750, 1_000, 3_000, 7_000, 500, 250]);
      // The same search and dates as the screen.
      const zebra = readXlsx((await exportOf(aReport, 'GetCourseInsights?Search=zebra&StartDate=2026-06-01&EndDate=2026-06-30')).body.data.file).rows;
      expect(zebra).toEqual([expect.any(Array), [1, 'CINA', 'CIN Zebra Accounting', 1, 0, 0, 0, 0, 0, 0]]);
      // Another institution's export is refused; platform staff export one partner's.
      expect((await exportOf(aReport, `GetCourseInsights?InstitutionId=${world.b.id}`)).status).toBe(403);
      expect(readXlsx((await exportOf(bAdmin, 'GetCourseInsights')).body.data.file).rows.slice(1).map((r) => r[2])).toEqual(['CIN Lagos Markets']);
      const one = await exportOf(platform, `GetCourseInsights?InstitutionId=${world.b.id}`);
      expect(readXlsx(one.body.data.file).rows.slice(1).map((r) => r[1])).toEqual(['CINB']);
    });

    it('exports past one batch of 1,000 with ties on the enrolment time, and streams the same file with Download', async () => {
      const db = app.database.db;
      const course = await insertCourse(db, { institutionId: world.a.id, title: 'CIN Big Class', modules: 1 });
      const at = new Date('2026-10-01T09:00:00Z');
      const learners = await db
        .insert(t.users)
        .values(Array.from({ length: 1_005 }, (_, i) => ({ userName: `big${i}.cin@demo.ng`, email: `big${i}.cin@demo.ng`, firstName: 'Big', lastName: `No${i}`, passwordHash: 'x', roleId: STUDENT_ROLE_ID })))
        .returning({ id: t.users.id });
      await db.insert(t.enrollments).values(learners.map((l) => ({ userId: l.id, courseId: course.id, source: 'free', enrolledAt: at })));
      const res = await app.fetch(`${REPORT}/GetStudentEnrolled?CourseId=${course.id}&Export=true&Download=true`, { headers: { authorization: `Bearer ${aReport.accessToken}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="ManageEnrolledStudent.xlsx"');
      const { rows } = readXlsx(new Uint8Array(await res.arrayBuffer()));
      expect(rows).toHaveLength(1_006);
      // Every learner once: no batch re-reads or skips a row that ties on the time.
      expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(1_005);
      const insights = await app.fetch(`${REPORT}/GetCourseInsights?Search=Big%20Class&Export=true&Download=true`, { headers: { authorization: `Bearer ${aReport.accessToken}` } });
      expect(insights.headers.get('content-disposition')).toBe('attachment; filename="CourseInsight.xlsx"');
      expect(readXlsx(new Uint8Array(await insights.arrayBuffer())).rows[1]).toEqual([1, 'CINA', 'CIN Big Class', 1_005, 0, 0, 0, 0, 0, 0]);
    }, 60_000);

    it('exports a course’s enrolled students as ManageEnrolledStudent.xlsx; a formula-looking name stays text', async () => {
      const db = app.database.db;
      const evil = await insertLearner(db, { firstName: '=HYPERLINK("x")', lastName: '+Obi' });
      await db.insert(t.enrollments).values({ userId: evil.id, courseId: world.a1.id, source: 'free', enrolledAt: new Date('2026-11-12T09:00:00Z') });
      const res = await exportOf(aReport, `GetStudentEnrolled?CourseId=${world.a1.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ items: [], totalRows: 3, fileName: 'ManageEnrolledStudent.xlsx' });
      const { sheet, rows } = readXlsx(res.body.data.file);
      expect(rows[0]).toEqual(['FIRSTNAME', 'LASTNAME', 'ENROLLED DATE', 'LAST VISITED', 'AMOUNT PAID (₦)', 'DISCOUNT (₦)', 'COURSE BASE PRICE (₦)', 'VAT (₦)', 'GATEWAY FEE (₦)', 'STATUS']);
      expect(rows.slice(1)).toEqual([
        ['=HYPERLINK("x")', '+Obi', '12 Nov 2026 - 10:00', '12 Nov 2026 - 10:00', 0, 0, 0, 0, 0, 'Inactive'],
        ['Chinedu', 'Okafor', '10 Nov 2026 - 10:00', '20 Nov 2026 - 13:00', 10_750, 1_000, 10_000, 500, 250, 'Active'],
        ['Amaka', 'Eze', '15 Jun 2026 - 10:00', '15 Jun 2026 - 10:00', 0, 0, 0, 0, 0, 'Inactive'],
      ]);
      // Text, never a formula.
      expect(sheet.A2).toMatchObject({ t: 's', v: '=HYPERLINK("x")' });
      expect(sheet.A2.f).toBeUndefined();
      expect(sheet.B2.f).toBeUndefined();
      // The screen's search and dates narrow the file too.
      expect(readXlsx((await exportOf(aReport, `GetStudentEnrolled?CourseId=${world.a1.id}&Search=amaka`)).body.data.file).rows).toHaveLength(2);
      expect(readXlsx((await exportOf(aReport, `GetStudentEnrolled?CourseId=${world.a1.id}&StartDate=2026-11-01`)).body.data.file).rows).toHaveLength(3);
      // Another institution's course is not found, export or not.
      expect((await exportOf(bAdmin, `GetStudentEnrolled?CourseId=${world.a1.id}`)).status).toBe(404);
    });
  });
});
