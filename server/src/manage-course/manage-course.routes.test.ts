import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_COURSE_MESSAGES as M } from '@rivet/shared/api/manage-course';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import * as t from '../db/schema';
import { insertCourse } from '../testing/catalogue-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { lagosDays } from './manage-course.service';

const COURSE = '/api/Course';
type Json = Record<string, any>;

describe('lagosDays', () => {
  it('counts Lagos calendar days (UTC+1), oldest first, named in English', () => {
    // 23:30 UTC on Saturday is already Sunday in Lagos.
    const { days, from } = lagosDays(new Date('2026-11-21T23:30:00Z'), 7);
    expect(days.map((d) => d.key)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(days[0]!.date).toBe('2026-11-16');
    expect(days[6]!.date).toBe('2026-11-22');
    expect(from.toISOString()).toBe('2026-11-15T23:00:00.000Z');
  });
});

describe.each(testDrivers())('Manage Courses on %s', (driver) => {
  let app: TestApp;
  let unilagAdmin: Browser;
  let lbsAdmin: Browser;
  let platform: Browser;
  let report: Browser;
  let unilag: number;
  let lbs: number;
  let seq = 0;

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    unilagAdmin = await signedInStaff(app, 'manage.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'manage.lbs', 'INSTITUTION ADMIN', 'LBS');
    platform = await signedInStaff(app, 'manage.platform', 'RIVET ADMIN', null);
    report = await signedInStaff(app, 'manage.report', 'INSTITUTION REPORT', 'UNILAG');
    const code = async (c: string) => (await db.select().from(t.institutions).where(eq(t.institutions.code, c)))[0]!.id;
    unilag = await code('UNILAG');
    lbs = await code('LBS');
  });
  afterAll(() => app?.close());

  const get = (who: Browser, path: string) => who.call(`${COURSE}/${path}`);
  const toggle = (who: Browser, id: number) => who.call(`${COURSE}/Course/Toggle/${id}`, { method: 'POST' });

  async function learner() {
    const n = ++seq;
    const [user] = await app.database.db
      .insert(t.users)
      .values({ userName: `mc.learner${n}@example.com`, email: `mc.learner${n}@example.com`, firstName: 'Ada', passwordHash: 'x', roleId: STUDENT_ROLE_ID })
      .returning();
    return user!.id;
  }
  async function enrol(userId: string, courseId: number) {
    await app.database.db.insert(t.enrollments).values({ userId, courseId, source: 'payment' });
  }
  async function event(userId: string, courseId: number, clientTime: string, kind = 'progress') {
    await app.database.db.insert(t.learnerEvents).values({ id: randomUUID(), userId, courseId, kind, clientTime: new Date(clientTime) });
  }

  it('lists drafts and the rest apart, each partner’s staff their own only, platform staff all', async () => {
    const own = await insertCourse(app.database.db, { institutionId: unilag, title: 'Manage Draft Unilag', draft: true, approvalStatus: 1, publishDate: null, modules: 3 });
    const ownPublished = await insertCourse(app.database.db, { institutionId: unilag, title: 'Manage Published Unilag', isPaid: true, priceKobo: 1_250_000 });
    const other = await insertCourse(app.database.db, { institutionId: lbs, title: 'Manage Draft Lbs', draft: true, approvalStatus: 1, publishDate: null });

    const drafts = await get(unilagAdmin, 'Course/ManageCourses?draft=true&search=Manage%20Draft');
    expect(drafts.status).toBe(200);
    expect(drafts.body.data.items.map((c: Json) => c.title)).toEqual(['Manage Draft Unilag']);
    expect(drafts.body.data.items[0]).toMatchObject({ courseId: own.id, modules: 3, draft: true, institution: expect.any(String), courseLevelName: 'Beginner', isActive: true });

    const published = await get(unilagAdmin, 'Course/ManageCourses?draft=false&search=Manage%20Published');
    expect(published.body.data.items).toEqual([expect.objectContaining({ courseId: ownPublished.id, draft: false, isPaid: true, coursePrice: 12_500, approvalStatus: 2 })]);
    // Without draft the published grid is meant.
    expect((await get(unilagAdmin, 'Course/ManageCourses?search=Manage%20Published')).body.data.items).toHaveLength(1);
    // Every card of a partner's staff is their partner's.
    const all = await get(unilagAdmin, 'Course/ManageCourses?draft=false&pageSize=200');
    expect(all.body.data.items.length).toBeGreaterThan(0);
    expect(all.body.data.items.every((c: Json) => c.institutionId === unilag)).toBe(true);

    expect((await get(unilagAdmin, `Course/ManageCourses?draft=true&institutionId=${lbs}`)).status).toBe(403);
    const platformDrafts = await get(platform, 'Course/ManageCourses?draft=true&search=Manage%20Draft');
    expect(platformDrafts.body.data.items.map((c: Json) => c.title).sort()).toEqual(['Manage Draft Lbs', 'Manage Draft Unilag']);
    const narrowed = await get(platform, `Course/ManageCourses?draft=true&search=Manage%20Draft&institutionId=${lbs}`);
    expect(narrowed.body.data.items.map((c: Json) => c.courseId)).toEqual([other.id]);
    // A search is text, never a pattern.
    expect((await get(platform, 'Course/ManageCourses?draft=true&search=%25')).body.data.items).toEqual([]);
    expect((await get(platform, 'Course/ManageCourses?draft=maybe')).status).toBe(400);
  });

  it('Course/List: a partner’s courses by title, confined to the caller’s partner, paged on request', async () => {
    const db = app.database.db;
    const zulu = await insertCourse(db, { institutionId: unilag, title: 'CL Zulu Unilag', modules: 0 });
    const alpha = await insertCourse(db, { institutionId: unilag, title: 'CL Alpha Unilag', draft: true, approvalStatus: 1, publishDate: null, modules: 0 });
    const off = await insertCourse(db, { institutionId: unilag, title: 'CL Mike Unilag', isActive: false, modules: 0 });
    const revision = await insertCourse(db, { institutionId: unilag, title: 'CL Zulu Unilag revision', draft: true, approvalStatus: 1, publishDate: null, revisionOfCourseId: zulu.id, modules: 0 });
    const lbsCourse = await insertCourse(db, { institutionId: lbs, title: 'CL Lbs Only', modules: 0 });

    const own = await get(unilagAdmin, 'Course/List');
    expect(own.status).toBe(200);
    const ids = own.body.data.items.map((c: Json) => c.id);
    // UNILAG's staff never see an LBS course, and a revision is not a second course.
    expect(own.body.data.items.every((c: Json) => c.institutionId === unilag)).toBe(true);
    expect(ids).not.toContain(lbsCourse.id);
    expect(ids).not.toContain(revision.id);
    expect(ids).toEqual(expect.arrayContaining([zulu.id, alpha.id, off.id]));
    expect(own.body.data.totalRows).toBe(ids.length);
    expect(own.body.data.items.map((c: Json) => c.title).filter((x: string) => x.startsWith('CL '))).toEqual(['CL Alpha Unilag', 'CL Mike Unilag', 'CL Zulu Unilag']);
    expect(own.body.data.items.find((c: Json) => c.id === alpha.id)).toEqual({ id: alpha.id, title: 'CL Alpha Unilag', institutionId: unilag, isActive: true, draft: true, approvalStatus: 1 });
    // Naming their own partner is the same list; naming another is 403 (as Manage Courses).
    expect((await get(unilagAdmin, `Course/List?institutionId=${unilag}`)).body.data.totalRows).toBe(ids.length);
    expect((await get(unilagAdmin, `Course/List?institutionId=${lbs}`)).status).toBe(403);
    const lbsOwn = await get(lbsAdmin, 'Course/List');
    expect(lbsOwn.body.data.items.map((c: Json) => c.id)).toContain(lbsCourse.id);
    expect(lbsOwn.body.data.items.every((c: Json) => c.institutionId === lbs)).toBe(true);
    // Reporting staff hold none of the course permissions.
    expect((await get(report, 'Course/List')).status).toBe(403);

    // isActive keeps one kind.
    const inactive = await get(unilagAdmin, 'Course/List?isActive=false');
    expect(inactive.body.data.items.map((c: Json) => c.id)).toContain(off.id);
    expect(inactive.body.data.items.every((c: Json) => c.isActive === false)).toBe(true);
    expect((await get(unilagAdmin, 'Course/List?isActive=true')).body.data.items.map((c: Json) => c.id)).not.toContain(off.id);

    // Paging: pages of pageSize in the same order, totalRows the whole count.
    const page1 = await get(unilagAdmin, 'Course/List?usePaging=true&page=1&pageSize=2');
    const page2 = await get(unilagAdmin, 'Course/List?usePaging=true&page=2&pageSize=2');
    expect(page1.body.data.items).toHaveLength(2);
    expect([...page1.body.data.items, ...page2.body.data.items].map((c: Json) => c.id)).toEqual(ids.slice(0, 4));
    expect(page2.body.data.totalRows).toBe(ids.length);
    // Without usePaging, page and pageSize change nothing.
    expect((await get(unilagAdmin, 'Course/List?usePaging=false&pageSize=1')).body.data.items).toHaveLength(ids.length);
    expect((await get(unilagAdmin, 'Course/List?usePaging=true&pageSize=0')).status).toBe(400);
    expect((await get(unilagAdmin, 'Course/List?isActive=maybe')).status).toBe(400);

    // Platform staff: every partner's, or the one they name.
    const everyone = await get(platform, 'Course/List');
    expect(everyone.body.data.items.map((c: Json) => c.id)).toEqual(expect.arrayContaining([zulu.id, lbsCourse.id]));
    const narrowed = await get(platform, `Course/List?institutionId=${lbs}`);
    expect(narrowed.body.data.items.every((c: Json) => c.institutionId === lbs)).toBe(true);
    expect(narrowed.body.data.items.map((c: Json) => c.id)).toContain(lbsCourse.id);
  });

  it('lists only programs (featured courses) for See All Programs, each partner’s staff their own', async () => {
    const db = app.database.db;
    const program = await insertCourse(db, { institutionId: unilag, title: 'Manage Program Unilag' });
    const plain = await insertCourse(db, { institutionId: unilag, title: 'Manage Program Not Featured' });
    const lbsProgram = await insertCourse(db, { institutionId: lbs, title: 'Manage Program Lbs' });
    await db.update(t.courses).set({ promote: true }).where(inArray(t.courses.id, [program.id, lbsProgram.id]));

    const own = await get(unilagAdmin, 'Course/ManageCourses?draft=false&programs=true&search=Manage%20Program');
    expect(own.status).toBe(200);
    expect(own.body.data.items.map((c: Json) => c.courseId)).toEqual([program.id]);
    // Every program a partner's staff see is their partner's; the list without programs still has the others.
    const ownAll = await get(unilagAdmin, 'Course/ManageCourses?draft=false&programs=true&pageSize=200');
    expect(ownAll.body.data.items.every((c: Json) => c.institutionId === unilag)).toBe(true);
    expect((await get(unilagAdmin, 'Course/ManageCourses?draft=false&search=Manage%20Program')).body.data.items.map((c: Json) => c.courseId).sort()).toEqual([program.id, plain.id].sort());
    const everyone = await get(platform, 'Course/ManageCourses?draft=false&programs=true&search=Manage%20Program');
    expect(everyone.body.data.items.map((c: Json) => c.courseId).sort()).toEqual([program.id, lbsProgram.id].sort());
    expect((await get(platform, 'Course/ManageCourses?programs=perhaps')).status).toBe(400);
  });

  it('marks a published course whose update waits for review, and lists the update itself nowhere', async () => {
    const db = app.database.db;
    const course = await insertCourse(db, { institutionId: unilag, title: 'Manage Revised Course' });
    const untouched = await insertCourse(db, { institutionId: unilag, title: 'Manage Revised Not Touched' });
    const search = 'Course/ManageCourses?draft=false&search=Manage%20Revised';
    const cardOf = async (id: number) => ((await get(unilagAdmin, search)).body.data.items as Json[]).find((c) => c.courseId === id);
    expect((await cardOf(course.id))?.revision).toBeNull();

    // The author opens an update (decision 048): the card says it is being written.
    const opened = await unilagAdmin.call(`${COURSE}/Course/Revision/${course.id}`, { method: 'POST' });
    expect(opened.status).toBe(200);
    const revisionId = opened.body.data.courseId as number;
    expect((await cardOf(course.id))?.revision).toEqual({ courseId: revisionId, status: 'draft' });
    // Submitted, at the partner's level and at QA: awaiting approval.
    for (const approvalStatus of [1, 4]) {
      await db.update(t.courses).set({ draft: false, approvalStatus }).where(eq(t.courses.id, revisionId));
      expect((await cardOf(course.id))?.revision).toEqual({ courseId: revisionId, status: 'awaitingApproval' });
      expect((await get(unilagAdmin, `Course/Manage/${course.id}`)).body.data.revision).toEqual({ courseId: revisionId, status: 'awaitingApproval' });
    }
    await db.update(t.courses).set({ draft: false, approvalStatus: 3 }).where(eq(t.courses.id, revisionId));
    expect((await cardOf(course.id))?.revision).toEqual({ courseId: revisionId, status: 'rejected' });
    // The revision is no card of its own, and other courses carry no revision.
    const items = (await get(unilagAdmin, search)).body.data.items as Json[];
    expect(items.map((c) => c.courseId).sort()).toEqual([course.id, untouched.id].sort());
    expect(items.find((c) => c.courseId === untouched.id)?.revision).toBeNull();
    expect(((await get(unilagAdmin, 'Course/ManageCourses?draft=true&search=Manage%20Revised')).body.data.items as Json[]).map((c) => c.courseId)).toEqual([]);
  });

  it('opens the admin course detail for its own partner and 404 for another’s', async () => {
    const course = await insertCourse(app.database.db, { institutionId: unilag, title: 'Manage Detail Course', durationMinutes: 150, modules: 1 });
    const detail = await get(unilagAdmin, `Course/Manage/${course.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ courseId: course.id, title: 'Manage Detail Course', modules: 1, duration: 150, publishDate: '2026-01-01T00:00:00.000Z', courseCategoryName: expect.any(String) });
    expect((await get(lbsAdmin, `Course/Manage/${course.id}`)).status).toBe(404);
    expect((await get(lbsAdmin, `Course/Statistics/${course.id}`)).status).toBe(404);
    expect((await get(platform, `Course/Manage/${course.id}`)).status).toBe(200);
    expect((await get(platform, 'Course/Manage/999999')).body.description).toBe(M.notFound);
  });

  it('counts revenue, students, active students and views (one per learner and Lagos day)', async () => {
    const db = app.database.db;
    const course = await insertCourse(db, { institutionId: unilag, title: 'Manage Stats Course', isPaid: true, priceKobo: 1_000_000 });
    const [ada, bayo, chi, dayo] = [await learner(), await learner(), await learner(), await learner()];
    for (const u of [ada, bayo, chi, dayo]) await enrol(u, course.id);
    // The test clock stands at Sunday 2026-11-22 10:00 in Lagos.
    await event(ada, course.id, '2026-11-22T08:00:00Z'); // Sunday
    await event(ada, course.id, '2026-11-22T08:30:00Z', 'quiz'); // the same learner the same day: one view
    await event(bayo, course.id, '2026-11-22T07:00:00Z'); // Sunday
    await event(ada, course.id, '2026-11-20T23:30:00Z'); // 00:30 Saturday in Lagos
    await event(chi, course.id, '2026-11-16T00:00:00Z'); // Monday, the first day of the week window
    await event(chi, course.id, '2026-11-15T22:00:00Z'); // 23:00 Sunday the 15th: outside the week, inside the month
    await event(bayo, course.id, '2026-10-25T12:00:00Z'); // 29 days back: inside the month
    await event(dayo, course.id, '2026-10-20T12:00:00Z'); // outside the month: not active either
    // A learner no longer enrolled is not an active student.
    const gone = await learner();
    await event(gone, course.id, '2026-11-21T12:00:00Z');

    // Two successful payments and one failed; the ledger gives UNILAG 70 % of the first only.
    const pay = async (amountKobo: number, status: number) =>
      (
        await db
          .insert(t.paymentTransactions)
          .values({ reference: `mc-${randomUUID()}`, courseId: course.id, institutionId: unilag, status, provider: 'sandbox', email: 'x@example.com', basePriceKobo: amountKobo, vatKobo: 0, gatewayChargeKobo: 0, amountKobo })
          .returning()
      )[0]!.id;
    const first = await pay(1_000_000, 1);
    await pay(500_000, 1);
    await pay(1_000_000, 2);
    await db.insert(t.paymentSplits).values([
      { paymentId: first, position: 1, partyType: 1, institutionId: null, amountKobo: 300_000 },
      { paymentId: first, position: 2, partyType: 2, institutionId: unilag, amountKobo: 700_000 },
    ]);

    const own = await get(unilagAdmin, `Course/Statistics/${course.id}`);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({
      totalRevenue: 7_000,
      totalStudent: 4,
      activeStudent: 3,
      // Sun 22: ada, bayo; Sat 21: ada (00:30 Lagos) and gone; Mon 16: chi; Sun 15: chi; Oct 25: bayo.
      monthlyView: 7,
      weeklyView: 5,
      weeklyViewStat: [
        { key: 'Monday', value: 1, date: '2026-11-16' },
        { key: 'Tuesday', value: 0, date: '2026-11-17' },
        { key: 'Wednesday', value: 0, date: '2026-11-18' },
        { key: 'Thursday', value: 0, date: '2026-11-19' },
        { key: 'Friday', value: 0, date: '2026-11-20' },
        { key: 'Saturday', value: 2, date: '2026-11-21' },
        { key: 'Sunday', value: 2, date: '2026-11-22' },
      ],
    });
    // Platform staff see what learners paid in all.
    expect((await get(platform, `Course/Statistics/${course.id}`)).body.data.totalRevenue).toBe(15_000);
    // A course nobody studies has zeros, not gaps.
    const quiet = await insertCourse(db, { institutionId: unilag, title: 'Manage Quiet Course' });
    const zero = await get(unilagAdmin, `Course/Statistics/${quiet.id}`);
    expect(zero.body.data).toMatchObject({ totalRevenue: 0, totalStudent: 0, activeStudent: 0, monthlyView: 0, weeklyView: 0 });
    expect(zero.body.data.weeklyViewStat).toHaveLength(7);
  });

  it('reads one course’s events in a time window through the (course, time) index, not a scan of every course’s', async () => {
    // With sequential scans priced out, the planner shows which index serves the statistics' filter.
    const plan = await app.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const answer = await tx.execute(sql`EXPLAIN SELECT count(DISTINCT user_id) FROM learner_events WHERE course_id = 1 AND client_time >= now() - interval '30 days' AND client_time <= now()`);
      return (answer as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('learner_events_course_time_idx');
  });

  it('deactivates a course out of the learner catalogue and back, audited, with the spec’s words', async () => {
    const course = await insertCourse(app.database.db, { institutionId: unilag, title: 'Quokka Toggle Bookkeeping' });
    const catalogue = async () => {
      const res = await app.fetch(`${COURSE}/Course/Search`, { method: 'POST', json: { parameter: 'Quokka' } });
      return ((await res.json()).data.items as Json[]).map((i) => i.title);
    };
    expect(await catalogue()).toEqual(['Quokka Toggle Bookkeeping']);
    expect((await app.fetch(`${COURSE}/Course/GetCourseById/${course.id}`)).status).toBe(200);

    const off = await toggle(unilagAdmin, course.id);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ success: true, code: '00', description: M.deactivated, data: { courseId: course.id, isActive: false } });
    expect(await catalogue()).toEqual([]);
    expect((await app.fetch(`${COURSE}/Course/GetCourseById/${course.id}`)).status).toBe(404);
    expect((await get(unilagAdmin, `Course/Manage/${course.id}`)).body.data.isActive).toBe(false);

    const on = await toggle(unilagAdmin, course.id);
    expect(on.body).toMatchObject({ code: '00', description: M.activated, data: { isActive: true } });
    expect(await catalogue()).toEqual(['Quokka Toggle Bookkeeping']);
    expect((await app.fetch(`${COURSE}/Course/GetCourseById/${course.id}`)).status).toBe(200);

    const audits = await app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'Course'), eq(t.auditTrail.moduleAction, 'Toggle'), eq(t.auditTrail.record, String(course.id))));
    expect(audits.map((a) => a.description)).toEqual([`Deactivated course ${course.id}`, `Activated course ${course.id}`]);
  });

  it('refuses another institution’s toggle and those without the permission, changing nothing', async () => {
    const course = await insertCourse(app.database.db, { institutionId: unilag, title: 'Manage Guarded Course' });
    const refused = await toggle(lbsAdmin, course.id);
    expect(refused.status).toBe(404);
    expect(refused.body.success).toBe(false);
    expect((await toggle(report, course.id)).status).toBe(403);
    expect((await get(report, 'Course/ManageCourses')).status).toBe(403);
    const [row] = await app.database.db.select().from(t.courses).where(eq(t.courses.id, course.id));
    expect(row!.isActive).toBe(true);
    // Platform staff may toggle any partner's course.
    expect((await toggle(platform, course.id)).body.data.isActive).toBe(false);
    expect((await toggle(platform, course.id)).body.data.isActive).toBe(true);
    expect((await toggle(platform, 999_999)).status).toBe(404);
  });
});
