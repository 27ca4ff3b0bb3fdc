import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { dashboardWorld } from '../testing/dashboard-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { lagosMonths } from './dashboard.service';

const COURSE = '/api/Course/Course';
type Json = Record<string, any>;

describe('lagosMonths', () => {
  it('counts Lagos calendar months, oldest first, starting at midnight Lagos', () => {
    // 23:30 UTC on 31 December is already January in Lagos.
    const { months, from } = lagosMonths(new Date('2026-12-31T23:30:00Z'), 12);
    expect(months[11]).toEqual({ month: '2027-01', key: 'Jan' });
    expect(months[0]).toEqual({ month: '2026-02', key: 'Feb' });
    expect(from.toISOString()).toBe('2026-01-31T23:00:00.000Z');
  });
});

describe.each(testDrivers())('the dashboard on %s', (driver) => {
  let app: TestApp;
  let aAdmin: Browser;
  let aReport: Browser;
  let bAdmin: Browser;
  let platform: Browser;
  let world: Awaited<ReturnType<typeof dashboardWorld>>;
  let platformBefore: Json;

  beforeAll(async () => {
    app = await createTestApp(driver);
    platform = await signedInStaff(app, 'dash.platform', 'RIVET ADMIN', null);
    platformBefore = (await platform.call(`${COURSE}/DashboardStats`)).body.data;
    world = await dashboardWorld(app, 'DSH');
    aAdmin = await signedInStaff(app, 'dash.a.admin', 'INSTITUTION ADMIN', 'DSHA');
    aReport = await signedInStaff(app, 'dash.a.report', 'INSTITUTION REPORT', 'DSHA');
    bAdmin = await signedInStaff(app, 'dash.b.admin', 'INSTITUTION ADMIN', 'DSHB');
  });
  afterAll(() => app?.close());

  const get = async (who: Browser, path: string) => who.call(`${COURSE}/${path}`);

  it('Stats: an institution sees its own ledger share and learners; the platform its own share and all learners', async () => {
    expect((await get(aAdmin, 'DashboardStats')).body.data).toEqual({ totalRevenue: 7_000, totalStudent: 2, activeStudent: 1 });
    // Every institution role sees the same figures; institutionId naming its own changes nothing.
    expect((await get(aReport, `DashboardStats?institutionId=${world.a.id}`)).body.data).toEqual({ totalRevenue: 7_000, totalStudent: 2, activeStudent: 1 });
    expect((await get(bAdmin, 'DashboardStats')).body.data).toEqual({ totalRevenue: 3_255, totalStudent: 2, activeStudent: 1 });
    // Another institution's figures are refused, not quietly replaced by one's own.
    expect((await get(aAdmin, `DashboardStats?institutionId=${world.b.id}`)).status).toBe(403);

    // Platform staff: the platform owner's share (3,000 + 1,395) and three more learners, one of them active.
    const after = (await get(platform, 'DashboardStats')).body.data;
    expect(after.totalRevenue - platformBefore.totalRevenue).toBeCloseTo(4_395, 2);
    expect(after.totalStudent - platformBefore.totalStudent).toBe(3);
    expect(after.activeStudent - platformBefore.activeStudent).toBe(1);
    // …or one partner's figures when they name it.
    expect((await get(platform, `DashboardStats?institutionId=${world.b.id}`)).body.data).toEqual({ totalRevenue: 3_255, totalStudent: 2, activeStudent: 1 });
  });

  it('counts enrolments per Lagos month over the last 12, confined to the institution', async () => {
    const a = await get(aAdmin, 'FetchMonthlyEnrollmentStatistics');
    expect(a.status).toBe(200);
    expect(a.body.data).toHaveLength(12);
    expect(a.body.data[0]).toEqual({ month: '2025-12', key: 'Dec', value: 0 });
    expect(a.body.data[11]).toEqual({ month: '2026-11', key: 'Nov', value: 1 });
    expect(a.body.data.find((m: Json) => m.month === '2026-06')).toEqual({ month: '2026-06', key: 'Jun', value: 1 });
    // B's 2025-10 enrolment is older than the chart.
    const b = await get(bAdmin, 'FetchMonthlyEnrollmentStatistics');
    expect(b.body.data.reduce((n: number, m: Json) => n + m.value, 0)).toBe(1);
    expect((await get(bAdmin, `FetchMonthlyEnrollmentStatistics?institutionId=${world.a.id}`)).status).toBe(403);
    expect((await get(platform, `FetchMonthlyEnrollmentStatistics?institutionId=${world.a.id}`)).body.data).toEqual(a.body.data);
    const whole = await get(platform, 'FetchMonthlyEnrollmentStatistics');
    expect(whole.body.data.find((m: Json) => m.month === '2026-11').value).toBeGreaterThanOrEqual(2);
  });

  it('Active Courses and Pending Course Approval: approved, published and active; waiting for review or QA', async () => {
    expect((await get(aAdmin, 'GetInstitutionCourseStatistic')).body.data).toEqual({ activeCourses: 1, pendingCourseApproval: 2 });
    expect((await get(bAdmin, 'GetInstitutionCourseStatistic')).body.data).toEqual({ activeCourses: 1, pendingCourseApproval: 0 });
    expect((await get(bAdmin, `GetInstitutionCourseStatistic?institutionId=${world.a.id}`)).status).toBe(403);
    expect((await get(platform, `GetInstitutionCourseStatistic?institutionId=${world.a.id}`)).body.data).toEqual({ activeCourses: 1, pendingCourseApproval: 2 });
    const whole = (await get(platform, 'GetInstitutionCourseStatistic')).body.data;
    expect(whole.activeCourses).toBeGreaterThanOrEqual(2);
    expect((await get(aAdmin, 'GetInstitutionCourseStatistic?institutionId=abc')).status).toBe(400);
  });

  it('What’s New: course changes from the audit trail, grouped by Lagos day, user and course, newest first', async () => {
    const db = app.database.db;
    const row = (courseId: number, userName: string, moduleName: string, moduleAction: string, description: string, at: string) => ({
      userName,
      moduleName,
      moduleAction,
      record: String(courseId),
      description,
      createdAt: new Date(at),
    });
    await db.insert(t.auditTrail).values([
      row(world.a1.id, 'ada.author', 'Course', 'CreateUpdate', 'Created draft course', '2026-11-20T08:00:00Z'),
      row(world.a1.id, 'ada.author', 'Course', 'Builder', 'Completed the curriculum', '2026-11-20T09:00:00Z'),
      // 23:30 UTC on the 20th is the 21st in Lagos: another day's group.
      row(world.a1.id, 'ada.author', 'Course', 'Pricing', 'Submitted course for review', '2026-11-20T23:30:00Z'),
      row(world.a2.id, 'bola.reviewer', 'CourseApproval', 'Approval', 'Approved course', '2026-11-21T10:00:00Z'),
      // Not a change to a course: an upload's record is not a course id.
      row(world.a1.id, 'ada.author', 'Course', 'Upload file', 'Uploaded a file', '2026-11-21T11:00:00Z'),
      row(world.b1.id, 'lbs.author', 'Course', 'UpdateOtherDetails', 'Saved the additional information', '2026-11-21T12:00:00Z'),
    ]);
    // A real change through the console shows up too.
    expect((await aAdmin.call(`${COURSE}/Toggle/${world.a5.id}`, { method: 'POST' })).status).toBe(200);

    const a = await get(aAdmin, 'UpdateHistory');
    expect(a.status).toBe(200);
    const groups = a.body.data as Json[];
    // The toggle's row is stamped by the database's clock, not the test's: it is the newest.
    const toggled = groups[0]!;
    expect(toggled.date).toBe(new Date(new Date(toggled.currentUpdates[0].time).getTime() + 3_600_000).toISOString().slice(0, 10));
    expect(groups.map((g) => [g.userName, g.courseTitle, g.currentUpdates.map((u: Json) => u.section)])).toEqual([
      ['dash.a.admin', 'DSH Deactivated', [5]],
      ['bola.reviewer', 'DSH Pending Review', [5]],
      ['ada.author', 'DSH Zebra Accounting', [3]],
      ['ada.author', 'DSH Zebra Accounting', [2, 0]],
    ]);
    expect(groups.slice(1).map((g) => g.date)).toEqual(['2026-11-21', '2026-11-21', '2026-11-20']);
    expect(groups[3]!.currentUpdates[0]).toEqual({ description: 'Completed the curriculum', time: '2026-11-20T09:00:00.000Z', section: 2 });
    // Nothing of B's reaches A; one course only with courseId; another's course is 404.
    expect(groups.some((g) => g.courseId === world.b1.id)).toBe(false);
    const one = await get(aAdmin, `UpdateHistory?courseId=${world.a2.id}`);
    expect(one.body.data.map((g: Json) => g.courseTitle)).toEqual(['DSH Pending Review']);
    expect((await get(aAdmin, `UpdateHistory?courseId=${world.b1.id}`)).status).toBe(404);
    expect((await get(aAdmin, `UpdateHistory?institutionId=${world.b.id}`)).status).toBe(403);
    const b = await get(platform, `UpdateHistory?courseId=${world.b1.id}`);
    expect(b.body.data).toEqual([
      { date: '2026-11-21', userName: 'lbs.author', courseId: world.b1.id, courseTitle: 'DSH Lagos Markets', currentUpdates: [{ description: 'Saved the additional information', time: '2026-11-21T12:00:00.000Z', section: 1 }] },
    ]);
    // A partner with no course changes has no updates (the panel's 'No current updates').
    expect((await get(platform, `UpdateHistory?courseId=${world.a4.id}`)).body.data).toEqual([]);
  });

  it('is for staff only', async () => {
    expect((await app.fetch(`${COURSE}/DashboardStats`)).status).toBe(401);
  });
});
