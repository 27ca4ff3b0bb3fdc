import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_INSIGHT_MESSAGES as M } from '@rivet/shared/api/course-insights';
import { dashboardWorld } from '../testing/dashboard-fixtures';
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
});
