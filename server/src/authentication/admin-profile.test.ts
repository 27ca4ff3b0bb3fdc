import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PROFILE_MESSAGES } from '@rivet/shared/api/admin-profile';
import { INSTITUTION_ADMIN_ROLE_ID } from '@rivet/shared/domain/permissions';
import * as t from '../db/schema';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { insertCourse } from '../testing/catalogue-fixtures';
import { testDrivers } from '../testing/test-database';
import { hashPassword } from './passwords';

const UPDATE = `${AUTH}/Account/Admin/UpdateAdminUser`;
const PASSWORD = 'Staff#Member2026';

const png = () => sharp({ create: { width: 750, height: 422, channels: 3, background: { r: 11, g: 46, b: 111 } } }).png().toBuffer();

describe.each(testDrivers())('staff profile on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  /** A staff account of its own (the demo ones must change their password first). */
  async function addStaff(userName: string, roleId: number, institutionCode: string | null) {
    const db = app.database.db;
    const inst = institutionCode ? (await db.select().from(t.institutions).where(eq(t.institutions.code, institutionCode)))[0]! : null;
    const [user] = await db
      .insert(t.users)
      .values({ userName, email: `${userName}@staff.demo.ng`, firstName: 'Bola', lastName: 'Ade', passwordHash: await hashPassword(PASSWORD), roleId, institutionId: inst?.id ?? null })
      .returning();
    await db.insert(t.staffProfiles).values({ userId: user!.id });
    const browser = new Browser(app, `10.7.0.${Math.floor(Math.random() * 200) + 1}`);
    const res = await browser.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName, password: PASSWORD } });
    expect(res.status).toBe(200);
    return { browser, session: res.body.data, institutionId: inst?.id ?? null };
  }

  async function sendForm(token: string, fields: Record<string, string | Blob>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const res = await app.fetch(UPDATE, { method: 'PUT', body: form, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as { success: boolean; description: string; data: any; errors?: { field: string; message: string }[] } };
  }

  const basic = (session: { userId: string; staffProfileId: number; email: string }) => ({
    Id: String(session.staffProfileId),
    ProfileId: String(session.staffProfileId),
    CurrentUserId: session.userId,
    UserId: session.userId,
    FirstName: 'Adaeze',
    LastName: 'Okonkwo',
    Email: session.email,
    PhoneNumber: '08031234567',
    Address1: '12 Marina Road, Lagos',
  });

  it('asks for a picture until one is stored, then saves Basic Info and Public Profile with the picture re-encoded, and audits it', async () => {
    const { session, browser } = await addStaff('profile.owner', INSTITUTION_ADMIN_ROLE_ID, 'UNILAG');
    const first = await sendForm(session.accessToken, basic(session));
    expect(first.status).toBe(400);
    expect(first.body.description).toBe(ADMIN_PROFILE_MESSAGES.picture);
    expect(first.body.errors).toEqual([{ field: 'ProfilePix', message: ADMIN_PROFILE_MESSAGES.picture }]);

    const saved = await sendForm(session.accessToken, {
      ...basic(session),
      Address2: 'Block C',
      Headline: 'E-learning lead',
      Biography: 'Runs the UNILAG catalogue.\nLikes jollof.',
      Website: 'https://unilag.edu.ng',
      LinkedIn: 'https://linkedin.com/in/adaeze',
      ProfilePix: new File([await png()], 'me.png', { type: 'image/png' }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.description).toBe('Basic Info and Public Profile Updated Successfully');
    expect(saved.body.data).toMatchObject({
      address1: '12 Marina Road, Lagos',
      address2: 'Block C',
      headline: 'E-learning lead',
      biography: 'Runs the UNILAG catalogue.\nLikes jollof.',
      website: 'https://unilag.edu.ng',
      linkedIn: 'https://linkedin.com/in/adaeze',
      twitter: null,
      user: { firstName: 'Adaeze', lastName: 'Okonkwo', phoneNumber: '08031234567', email: session.email },
    });
    expect(saved.body.data.profilePixUrl).toMatch(/^\/media\/profiles\/[0-9a-f-]{36}\.webp$/);

    // The GET answers the same, with the figures the profile page shows.
    const read = await browser.call(`${AUTH}/Account/Admin/GetAdminByUserId?userId=${session.userId}`);
    expect(read.body.data).toMatchObject({ headline: 'E-learning lead', profilePixUrl: saved.body.data.profilePixUrl });

    const rows = await app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.userId, session.userId), eq(t.auditTrail.moduleAction, 'UpdateAdminUser')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ moduleName: 'Authentication', record: session.userId, description: 'profile.owner updated their profile and picture' });

    // Now a picture is stored, a later save needs none; a blank optional field clears, one left out stays.
    const again = await sendForm(session.accessToken, { ...basic(session), Headline: ' ' });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ headline: null, address2: 'Block C', website: 'https://unilag.edu.ng', profilePixUrl: saved.body.data.profilePixUrl });
  });

  it('refuses with the spec’s messages: bad e-mail, phone, URL, missing Address 1', async () => {
    const { session } = await addStaff('profile.checker', 13, null);
    const res = await sendForm(session.accessToken, { ...basic(session), Email: 'not-an-email', PhoneNumber: '0803', Address1: '', Twitter: 'twitter dot com' });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({
      Email: 'Not a valid email address',
      PhoneNumber: 'Not a valid phone number',
      Address1: 'Address 1 is required',
      Twitter: 'Not a valid Url',
    });
  });

  it('edits only the caller’s own profile, and an e-mail another account uses is refused', async () => {
    const a = await addStaff('profile.alpha', 11, null);
    const b = await addStaff('profile.beta', 11, null);
    const other = await sendForm(a.session.accessToken, { ...basic(b.session), ProfilePix: new File([await png()], 'x.png', { type: 'image/png' }) });
    expect(other.status).toBe(403);
    expect(other.body.description).toBe('You can only change your own profile.');
    const wrongProfile = await sendForm(a.session.accessToken, { ...basic(a.session), ProfileId: String(b.session.staffProfileId) });
    expect(wrongProfile.status).toBe(403);

    const taken = await sendForm(a.session.accessToken, { ...basic(a.session), Email: b.session.email, ProfilePix: new File([await png()], 'x.png', { type: 'image/png' }) });
    expect(taken.status).toBe(409);
    expect(taken.body.description).toBe('Email already exist');

    // A learner is not staff.
    const learner = new Browser(app, '10.7.9.9');
    await learner.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: 'chioma@demo.ng', password: 'x' } });
    const anonymous = await app.fetch(UPDATE, { method: 'PUT', body: new FormData() });
    expect(anonymous.status).toBe(401);
  });

  it('counts the live courses of the staff member’s partner, or of the whole platform for platform staff', async () => {
    const partner = await addStaff('figures.partner', 15, 'UNILAG');
    // Platform staff sit in the platform's own institution row (as the seeded super admin does).
    const platform = await addStaff('figures.platform', 13, 'RIVET');
    const figure = async (s: Awaited<ReturnType<typeof addStaff>>) =>
      (await s.browser.call(`${AUTH}/Account/Admin/GetAdminByUserId?userId=${s.session.userId}`)).body.data.activeCourses as number;
    const now = app.clock.now();
    const live = await app.database.db.select().from(t.courses).innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId));
    const isLive = (r: (typeof live)[number]) =>
      r.courses.approvalStatus === 2 && !r.courses.draft && r.courses.isActive && r.institutions.isActive && r.courses.publishDate !== null && r.courses.publishDate <= now;
    const expectedAll = live.filter(isLive).length;
    const expectedPartner = live.filter((r) => isLive(r) && r.courses.institutionId === partner.institutionId).length;
    expect(expectedPartner).toBeGreaterThan(0);
    expect(expectedAll).toBeGreaterThan(expectedPartner);
    expect(await figure(partner)).toBe(expectedPartner);
    expect(await figure(platform)).toBe(expectedAll);

    // Deactivating one of the partner's courses takes it out of the figure.
    const one = live.find((r) => isLive(r) && r.courses.institutionId === partner.institutionId)!;
    await app.database.db.update(t.courses).set({ isActive: false }).where(eq(t.courses.id, one.courses.id));
    expect(await figure(partner)).toBe(expectedPartner - 1);
    await app.database.db.update(t.courses).set({ isActive: true }).where(eq(t.courses.id, one.courses.id));
  });

  it('shows the dashboard’s Active Courses figure for the same user: one definition (decision 088)', async () => {
    const db = app.database.db;
    const partner = await addStaff('figures.agree.partner', INSTITUTION_ADMIN_ROLE_ID, 'UNILAG');
    const platform = await addStaff('figures.agree.platform', 10, 'RIVET');
    // The cases the two used to count apart: approved, active, but published only next year, and a
    // course of a deactivated partner.
    const later = await insertCourse(db, { institutionId: partner.institutionId!, title: 'Agree Later', publishDate: new Date('2099-01-01T00:00:00Z'), modules: 1 });
    const [closed] = await db.insert(t.institutions).values({ name: 'Agree Closed Partner', fullName: 'Agree Closed Partner', code: 'AGREECLOSED', email: 'closed@agree.ng', isActive: false }).returning();
    await insertCourse(db, { institutionId: closed!.id, title: 'Agree Closed', modules: 1 });
    const both = async (s: Awaited<ReturnType<typeof addStaff>>) => ({
      profile: (await s.browser.call(`${AUTH}/Account/Admin/GetAdminByUserId?userId=${s.session.userId}`)).body.data.activeCourses as number,
      dashboard: (await s.browser.call('/api/Course/Course/GetInstitutionCourseStatistic')).body.data.activeCourses as number,
    });
    const own = await both(partner);
    expect(own.profile).toBeGreaterThan(0);
    expect(own.dashboard).toBe(own.profile);
    const all = await both(platform);
    expect(all.profile).toBeGreaterThan(own.profile);
    expect(all.dashboard).toBe(all.profile);
    // Once the course is published, both count it.
    await db.update(t.courses).set({ publishDate: new Date('2026-01-01T00:00:00Z') }).where(eq(t.courses.id, later.id));
    expect(await both(partner)).toEqual({ profile: own.profile + 1, dashboard: own.profile + 1 });
    await db.update(t.courses).set({ isActive: false }).where(eq(t.courses.id, later.id));
  });

  it('counts the in-app notifications not yet past, the Notification Manager’s Current tab (decision 088)', async () => {
    const db = app.database.db;
    const staff = await addStaff('figures.notifications', INSTITUTION_ADMIN_ROLE_ID, 'UNILAG');
    const figure = async () => (await staff.browser.call(`${AUTH}/Account/Admin/GetAdminByUserId?userId=${staff.session.userId}`)).body.data.notifications as number;
    const before = await figure();
    const now = app.clock.now().getTime();
    const at = (hours: number) => new Date(now + hours * 3_600_000);
    const base = { categoryId: 1, stripMessage: 'Maintenance tonight' };
    await db.insert(t.inAppNotifications).values([
      { ...base, title: 'Figure current', startDate: at(-1), endDate: at(5) },
      { ...base, title: 'Figure upcoming', startDate: at(24), endDate: at(48) },
      { ...base, title: 'Figure past', startDate: at(-48), endDate: at(-24) },
    ]);
    expect(await figure()).toBe(before + 2);
  });
});
