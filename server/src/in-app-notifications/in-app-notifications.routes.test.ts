import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES as M } from '@rivet/shared/api/in-app-notifications';
import * as t from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { signedInStaff } from '../testing/staff-fixtures';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const N = '/api/Notification/InAppNotification';
// Windows are minutes long: moving the clock by hours would outlive the 15-minute access tokens.
const MINUTE = 60_000;

describe.each(testDrivers())('in-app notifications on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  let rivetAdmin: Browser;
  let unilagAdmin: Browser;
  let rivetReport: Browser;
  let learner: Browser;
  let anonymous: Browser;

  beforeAll(async () => {
    app = await createTestApp(driver);
    superAdmin = await signedInStaff(app, 'notif.super', 'SUPER ADMIN', 'RIVET');
    rivetAdmin = await signedInStaff(app, 'notif.rivet', 'RIVET ADMIN', 'RIVET');
    unilagAdmin = await signedInStaff(app, 'notif.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    rivetReport = await signedInStaff(app, 'notif.report', 'RIVET REPORT', 'RIVET');
    learner = new Browser(app);
    const { learner: demo } = DEMO_ACCOUNTS;
    expect((await learner.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: demo.email, password: demo.password } })).status).toBe(200);
    anonymous = new Browser(app);
  });
  afterAll(() => app?.close());

  /** An ISO date-time `minutes` from the test clock's now. */
  const inMinutes = (minutes: number) => new Date(app.clock.now().getTime() + minutes * MINUTE).toISOString();
  const form = (changes: Record<string, unknown> = {}) => ({
    title: 'Scheduled maintenance',
    startDate: inMinutes(-1),
    endDate: inMinutes(5),
    inAppNotificationCategoryId: 1,
    severity: 3,
    inAppFeaturesId: [2, 3],
    stripMessage: 'Payments pause tonight from 10 pm to midnight.',
    modalMessage: 'Checkout is unavailable while we upgrade the payment service.\nCourses keep playing.',
    showModal: true,
    showStrip: true,
    ...changes,
  });
  const create = (who: Browser, json: Record<string, unknown>) => who.call(`${N}/Create`, { json });
  const update = (who: Browser, json: Record<string, unknown>) => who.call(`${N}/Update`, { method: 'PUT', json });
  const toggle = (who: Browser, id: number, isActive: boolean) => who.call(`${N}/ToggleInAppNotification?id=${id}&isActive=${isActive}`, { method: 'DELETE' });
  const list = (who: Browser, query = '') => who.call(`${N}/ListInAppNotification${query}`);
  const learnerView = (who: Browser = learner) => who.call(`${N}/GetInAppNotification`);
  const made = async (changes: Record<string, unknown> = {}) => {
    const res = await create(superAdmin, form(changes));
    expect(res.status, res.body.description).toBe(200);
    return res.body.data as { id: number; isActive: boolean };
  };
  const auditRows = (action: string, record: number | string) =>
    app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'InAppNotification'), eq(t.auditTrail.moduleAction, action), eq(t.auditTrail.record, String(record))));
  const stored = async (id: number) => (await app.database.db.select().from(t.inAppNotifications).where(eq(t.inAppNotifications.id, id)))[0]!;

  it('lists the seeded categories (1 is Maintenance) and features, filtered by isActive', async () => {
    const categories = (await superAdmin.call(`${N}/ListCategory?isActive=true`)).body.data;
    expect(categories.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [1, 'Maintenance'],
      [2, 'Announcement'],
      [3, 'New Feature'],
    ]);
    expect((await superAdmin.call(`${N}/ListCategory?isActive=false`)).body.data).toEqual([]);
    const features = (await rivetAdmin.call(`${N}/ListFeatures`)).body.data.map((f: { name: string }) => f.name);
    expect(features).toEqual(['Sign in', 'Course player', 'Checkout and payments', 'Offline downloads', 'Certificates']);
  });

  it('creates an inactive notification with §3 fields and flags, says so in §8 words, and audits it', async () => {
    const res = await create(superAdmin, form());
    expect(res.status).toBe(200);
    expect(res.body.description).toBe('Notification created successfully');
    const n = res.body.data;
    expect(n).toMatchObject({
      title: 'Scheduled maintenance',
      inAppNotificationCategoryId: 1,
      inAppNotificationCategoryName: 'Maintenance',
      severity: 3,
      inAppFeaturesId: [3, 2],
      inAppFeatures: ['Checkout and payments', 'Course player'],
      showModal: true,
      showStrip: true,
      isActive: false,
      current: true,
      upComing: false,
      expired: false,
    });
    expect(await auditRows('Create', n.id)).toHaveLength(1);
    // Inactive: learners see nothing yet.
    expect((await learnerView()).body.data).toEqual([]);
  });

  it('gives every §5 message word for word and stores nothing', async () => {
    const before = (await list(superAdmin)).body.data.length;
    const expectField = async (changes: Record<string, unknown>, field: string, message: string) => {
      const res = await create(superAdmin, form(changes));
      expect(res.status).toBe(400);
      expect(res.body.errors?.find((e: { field: string }) => e.field === field)?.message ?? res.body.description, JSON.stringify(res.body)).toBe(message);
    };
    await expectField({ inAppNotificationCategoryId: undefined }, 'inAppNotificationCategoryId', 'Please select a category!');
    await expectField({ title: '   ' }, 'title', 'Please input your title!');
    await expectField({ startDate: '' }, 'startDate', 'Please select time!');
    await expectField({ endDate: undefined }, 'endDate', 'Please select time!');
    await expectField({ stripMessage: '' }, 'stripMessage', 'Please enter the message');
    await expectField({ showModal: true, modalMessage: ' ' }, 'modalMessage', 'Please enter the modal value');
    await expectField({ inAppNotificationCategoryId: 1, inAppFeaturesId: [] }, 'inAppFeaturesId', 'Please select your affected feature!');
    await expectField({ endDate: inMinutes(-2) }, 'endDate', M.endBeforeStart);
    await expectField({ startDate: inMinutes(-5), endDate: inMinutes(-2) }, 'endDate', M.ended);
    await expectField({ inAppNotificationCategoryId: 999 }, 'inAppNotificationCategoryId', M.unknownCategory);
    await expectField({ inAppFeaturesId: [999] }, 'inAppFeaturesId', M.unknownFeature);
    expect((await list(superAdmin)).body.data).toHaveLength(before);
  });

  it('keeps severity and affected features for category 1 only; the modal message is optional without Show Modal', async () => {
    const res = await create(superAdmin, form({ inAppNotificationCategoryId: 2, severity: 3, inAppFeaturesId: [1], showModal: false, modalMessage: '' }));
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data).toMatchObject({ inAppNotificationCategoryName: 'Announcement', severity: 1, inAppFeaturesId: [], showModal: false });
  });

  it('activates one at a time: activating one deactivates the active one, in §8 words, audited', async () => {
    const first = await made({ title: 'First' });
    const second = await made({ title: 'Second', inAppNotificationCategoryId: 2, inAppFeaturesId: [] });
    const on = await toggle(rivetAdmin, first.id, true);
    expect(on.status).toBe(200);
    expect(on.body.description).toBe('Record toggled successfully');
    expect(on.body.data.isActive).toBe(true);
    const next = await toggle(superAdmin, second.id, true);
    expect(next.body.data.isActive).toBe(true);
    expect((await stored(first.id)).isActive).toBe(false);
    const active = (await list(superAdmin, '?isActive=true')).body.data;
    expect(active.map((n: { id: number }) => n.id)).toEqual([second.id]);
    const [row] = await auditRows('Toggle', second.id);
    expect(row!.description).toContain(`notification ${first.id} deactivated`);
    // Asking for the state it already has changes nothing.
    expect((await toggle(superAdmin, second.id, true)).body.data.isActive).toBe(true);
    expect(await auditRows('Toggle', second.id)).toHaveLength(1);
    expect((await toggle(superAdmin, second.id, false)).body.data.isActive).toBe(false);
    expect((await list(superAdmin, '?isActive=true')).body.data).toEqual([]);
  });

  it('leaves exactly one active when two activations race', async () => {
    const a = await made({ title: 'Race A' });
    const b = await made({ title: 'Race B' });
    const results = await Promise.all([toggle(superAdmin, a.id, true), toggle(rivetAdmin, b.id, true)]);
    for (const r of results) expect([200, 409], r.body.description).toContain(r.status);
    const active = (await list(superAdmin, '?isActive=true')).body.data;
    expect(active).toHaveLength(1);
    await toggle(superAdmin, active[0].id, false);
  });

  it('edits only inactive notifications, in §8 words', async () => {
    const n = await made({ title: 'Editable' });
    const res = await update(superAdmin, { id: n.id, ...form({ title: 'Edited', severity: 2 }) });
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.description).toBe('Notification updated successfully');
    expect(res.body.data).toMatchObject({ title: 'Edited', severity: 2 });
    expect(await auditRows('Update', n.id)).toHaveLength(1);
    await toggle(superAdmin, n.id, true);
    const refused = await update(superAdmin, { id: n.id, ...form({ title: 'Changed while live' }) });
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe(M.editActive);
    expect((await stored(n.id)).title).toBe('Edited');
    expect((await update(superAdmin, { id: 999_999, ...form() })).status).toBe(404);
    await toggle(superAdmin, n.id, false);
  });

  it('shows learners and visitors the active notification while its window is open, and an upcoming one ahead of time', async () => {
    const upcoming = await made({ title: 'Tonight', startDate: inMinutes(2), endDate: inMinutes(4), showModal: false, modalMessage: 'kept but not sent' });
    await toggle(superAdmin, upcoming.id, true);
    const res = await learnerView();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.body.data).toEqual([
      {
        id: upcoming.id,
        title: 'Tonight',
        startDate: inMinutes(2),
        endDate: inMinutes(4),
        inAppNotificationCategoryName: 'Maintenance',
        stripMessage: 'Payments pause tonight from 10 pm to midnight.',
        modalMessage: '',
        showStrip: true,
        showModal: false,
      },
    ]);
    expect((await learnerView(anonymous)).body.data).toHaveLength(1);
    const listed = (await list(superAdmin)).body.data.find((n: { id: number }) => n.id === upcoming.id);
    expect(listed).toMatchObject({ upComing: true, current: false, expired: false });

    app.clock.advance(3 * MINUTE);
    expect((await list(superAdmin)).body.data.find((n: { id: number }) => n.id === upcoming.id)).toMatchObject({ current: true });
    app.clock.advance(2 * MINUTE);
    // Past its end: on the Past tab, and learners no longer get it.
    expect((await list(superAdmin)).body.data.find((n: { id: number }) => n.id === upcoming.id)).toMatchObject({ expired: true, current: false });
    expect((await learnerView()).body.data).toEqual([]);
    app.clock.advance(-5 * MINUTE);
    await toggle(superAdmin, upcoming.id, false);
  });

  it('refuses to activate an expired notification', async () => {
    const n = await made({ title: 'Short', startDate: inMinutes(-1), endDate: inMinutes(1) });
    app.clock.advance(2 * MINUTE);
    const res = await toggle(superAdmin, n.id, true);
    expect(res.status).toBe(409);
    expect(res.body.description).toBe(M.activateExpired);
    app.clock.advance(-2 * MINUTE);
    expect((await toggle(superAdmin, 999_999, true)).status).toBe(404);
  });

  it('adds categories and features on the fly; a name already there answers the existing one', async () => {
    const added = await superAdmin.call(`${N}/Category`, { json: { name: 'Exam season' } });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ name: 'Exam season', isActive: true });
    expect(await auditRows('AddCategory', added.body.data.id)).toHaveLength(1);
    const again = await superAdmin.call(`${N}/Category`, { json: { name: 'MAINTENANCE' } });
    expect(again.body.data).toMatchObject({ id: 1, name: 'Maintenance' });
    const feature = await rivetAdmin.call(`${N}/Features?name=${encodeURIComponent('Quizzes')}`, { method: 'POST' });
    expect(feature.status).toBe(200);
    expect(feature.body.data.name).toBe('Quizzes');
    expect((await rivetAdmin.call(`${N}/Features?name=${encodeURIComponent('sign IN')}`, { method: 'POST' })).body.data.id).toBe(1);
    const blank = await superAdmin.call(`${N}/Category`, { json: { name: '  ' } });
    expect(blank.status).toBe(400);
    expect((await superAdmin.call(`${N}/ListCategory`)).body.data.map((c: { name: string }) => c.name)).toContain('Exam season');
  });

  /** Markup of any kind in a served notification: a tag, or a scheme a link could run. */
  const MARKUP = /<[a-z!/?]|javascript:/i;

  it('stores and serves title, strip and modal as plain text: no tag, handler or script link reaches anyone (issue 29)', async () => {
    const category = await superAdmin.call(`${N}/Category`, { json: { name: '<img src=x onerror=alert(1)>Outage' } });
    expect(category.body.data.name).toBe('Outage');
    const res = await create(
      superAdmin,
      form({
        title: '<script>alert(document.cookie)</script>Maintenance <b>tonight</b>',
        stripMessage: 'Payments pause <img src=x onerror=alert(1)>at 10 pm. <a href="javascript:alert(1)">Details</a>',
        modalMessage: '<p>Checkout is unavailable.</p><p>Courses keep playing &amp; <a href="javascript:alert(1)" onclick="alert(2)">more</a>.</p>&lt;script&gt;alert(3)&lt;/script&gt;',
      }),
    );
    expect(res.status, res.body.description).toBe(200);
    const expected = {
      title: 'Maintenance tonight',
      stripMessage: 'Payments pause at 10 pm. Details',
      modalMessage: 'Checkout is unavailable.\nCourses keep playing & more.',
    };
    expect(res.body.data).toMatchObject(expected);
    expect(await stored(res.body.data.id)).toMatchObject(expected);
    expect((await toggle(superAdmin, res.body.data.id, true)).status).toBe(200);
    for (const who of [anonymous, learner]) {
      const served = await learnerView(who);
      expect(served.body.data).toEqual([expect.objectContaining(expected)]);
      expect(JSON.stringify(served.body)).not.toMatch(MARKUP);
    }
    // Markup and nothing else is as blank as an empty field: §5's words, nothing stored.
    const onlyMarkup = await create(superAdmin, form({ title: '<script>alert(1)</script>' }));
    expect([onlyMarkup.status, onlyMarkup.body.description]).toEqual([400, M.title]);
    const blankStrip = await create(superAdmin, form({ stripMessage: '<img src=x onerror=alert(1)>' }));
    expect([blankStrip.status, blankStrip.body.description]).toEqual([400, M.stripMessage]);
    await toggle(superAdmin, res.body.data.id, false);
  });

  it('cleans notifications stored with markup before the fix when it serves them, to learners and to the manager', async () => {
    const db = app.database.db;
    const [category] = await db.insert(t.inAppNotificationCategories).values({ name: 'News<script>alert(0)</script>' }).returning();
    const [old] = await db
      .insert(t.inAppNotifications)
      .values({
        title: '<b onmouseover=alert(1)>Old</b> notice',
        startDate: new Date(inMinutes(-1)),
        endDate: new Date(inMinutes(5)),
        categoryId: category!.id,
        stripMessage: 'Read <a href="javascript:alert(1)">this</a>',
        modalMessage: '<iframe src="https://evil.example"></iframe>Hello<br>there',
        showModal: true,
      })
      .returning();
    expect((await toggle(superAdmin, old!.id, true)).status).toBe(200);
    const served = await learnerView(anonymous);
    expect(served.body.data).toEqual([
      expect.objectContaining({ title: 'Old notice', inAppNotificationCategoryName: 'News', stripMessage: 'Read this', modalMessage: 'Hello\nthere' }),
    ]);
    expect(JSON.stringify(served.body)).not.toMatch(MARKUP);
    expect(JSON.stringify((await list(superAdmin)).body)).not.toMatch(MARKUP);
    expect(JSON.stringify((await superAdmin.call(`${N}/ListCategory`)).body)).not.toMatch(MARKUP);
    await toggle(superAdmin, old!.id, false);
  });

  it('keeps the Notification Manager to SUPER ADMIN and RIVET ADMIN (§6)', async () => {
    const n = await made({ title: 'Guarded' });
    for (const who of [unilagAdmin, rivetReport, learner]) {
      expect((await list(who)).status).toBe(403);
      expect((await who.call(`${N}/ListCategory`)).status).toBe(403);
      expect((await who.call(`${N}/ListFeatures`)).status).toBe(403);
      expect((await create(who, form())).status).toBe(403);
      expect((await update(who, { id: n.id, ...form({ title: 'Taken over' }) })).status).toBe(403);
      expect((await toggle(who, n.id, true)).status).toBe(403);
      expect((await who.call(`${N}/Category`, { json: { name: 'Partner news' } })).status).toBe(403);
      expect((await who.call(`${N}/Features?name=Hack`, { method: 'POST' })).status).toBe(403);
    }
    expect((await list(anonymous)).status).toBe(401);
    const row = await stored(n.id);
    expect(row).toMatchObject({ title: 'Guarded', isActive: false });
  });
});
