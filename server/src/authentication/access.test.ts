import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTITUTION_ADMIN_ROLE_ID } from '@rivet/shared/domain/permissions';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import * as t from '../db/schema';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { hashPassword } from './passwords';

const { learner, institutionAdmin, superAdmin } = DEMO_ACCOUNTS;
const STAFF_PASSWORD = 'Staff#Member2026';

describe.each(testDrivers())('who may read what, on %s', (driver) => {
  let app: TestApp;
  const ids: Record<string, string> = {};

  async function addStaff(userName: string, institutionCode: string, roleId: number) {
    const db = app.database.db;
    const [inst] = await db.select().from(t.institutions).where(eq(t.institutions.code, institutionCode));
    const [user] = await db
      .insert(t.users)
      .values({ userName, email: `${userName}@demo.ng`, firstName: userName, lastName: 'Staff', passwordHash: await hashPassword(STAFF_PASSWORD), roleId, institutionId: inst!.id })
      .returning();
    await db.insert(t.staffProfiles).values({ userId: user!.id });
    return user!.id;
  }

  async function staff(userName: string, password = STAFF_PASSWORD) {
    const b = new Browser(app);
    const res = await b.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName, password } });
    expect(res.status).toBe(200);
    return b;
  }

  beforeAll(async () => {
    app = await createTestApp(driver);
    ids.unilagColleague = await addStaff('unilag.colleague', 'UNILAG', 15);
    ids.lbsAdmin = await addStaff('lbs.admin', 'LBS', INSTITUTION_ADMIN_ROLE_ID);
    const find = async (userName: string) => (await app.database.db.select().from(t.users).where(eq(t.users.userName, userName)))[0]!.id;
    ids.superAdmin = await find(superAdmin.userName);
    ids.institutionAdmin = await find(institutionAdmin.userName);
    ids.learner = await find(learner.userName);
    // The demo institution admin must change the password first; here it already has.
    await app.database.db.update(t.users).set({ mustChangePassword: false }).where(eq(t.users.id, ids.institutionAdmin));
  });
  afterAll(() => app?.close());

  const admin = (b: Browser, userId: string) => b.call(`${AUTH}/Account/Admin/GetAdminByUserId?userId=${userId}`);
  const student = (b: Browser, userId: string) => b.call(`${AUTH}/Account/Student/GetStudentByUserId?userId=${userId}`);

  it('lists all 27 permissions to staff only', async () => {
    const sa = await staff(superAdmin.userName, superAdmin.password);
    const res = await sa.call(`${AUTH}/RolePermissionManager/GetAllPermissions`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(27);
    expect(res.body.data[0]).toEqual({ id: 1, name: 'createCourse', permissionGroupingName: 'Course', userTypeName: 'Rivet,Institution' });

    const l = new Browser(app);
    await l.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: learner.email, password: learner.password } });
    expect((await l.call(`${AUTH}/RolePermissionManager/GetAllPermissions`)).status).toBe(403);
    expect((await new Browser(app).call(`${AUTH}/RolePermissionManager/GetAllPermissions`)).status).toBe(401);
  });

  it('confines an institution admin to staff of their own institution', async () => {
    const inst = await staff(institutionAdmin.userName, institutionAdmin.password);
    const own = await admin(inst, ids.institutionAdmin!);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ userName: institutionAdmin.userName, role: 'INSTITUTION ADMIN', institutionCode: 'UNILAG' });
    expect((await admin(inst, ids.unilagColleague!)).status).toBe(200);
    const otherInstitution = await admin(inst, ids.lbsAdmin!);
    expect(otherInstitution.status).toBe(403);
    expect(otherInstitution.body.description).toBe('You do not have permission to do this.');
    expect((await admin(inst, ids.superAdmin!)).status).toBe(403);
  });

  it('lets platform staff with viewuser read any staff member', async () => {
    const sa = await staff(superAdmin.userName, superAdmin.password);
    expect((await admin(sa, ids.lbsAdmin!)).status).toBe(200);
    expect((await admin(sa, ids.institutionAdmin!)).status).toBe(200);
    expect((await admin(sa, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    const malformed = await admin(sa, 'not-a-uuid');
    expect([malformed.status, malformed.body.description]).toEqual([400, 'userId must be a UUID']);
  });

  it('lets a report-only role read itself but not colleagues', async () => {
    const report = await staff('unilag.colleague');
    expect((await admin(report, ids.unilagColleague!)).status).toBe(200);
    expect((await admin(report, ids.institutionAdmin!)).status).toBe(403);
  });

  it('lets learners read only their own profile', async () => {
    const l = new Browser(app);
    await l.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: learner.email, password: learner.password } });
    const own = await student(l, ids.learner!);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ email: learner.email, firstName: 'Chioma', country: 'NG', countryName: 'Nigeria', age: '25-29' });
    expect((await student(l, ids.superAdmin!)).status).toBe(403);
    expect((await admin(l, ids.superAdmin!)).status).toBe(403);
  });

  it('lets platform staff read a learner, but not institution staff', async () => {
    const sa = await staff(superAdmin.userName, superAdmin.password);
    expect((await student(sa, ids.learner!)).status).toBe(200);
    const lbs = await staff('lbs.admin');
    expect((await student(lbs, ids.learner!)).status).toBe(403);
  });

  it('refuses a missing userId with a clear message', async () => {
    const sa = await staff(superAdmin.userName, superAdmin.password);
    const res = await sa.call(`${AUTH}/Account/Admin/GetAdminByUserId`);
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('userId is required');
  });

  it('refuses sign-in to a deactivated account after the password is checked', async () => {
    await app.database.db.update(t.users).set({ isActive: false }).where(eq(t.users.id, ids.lbsAdmin!));
    const res = await new Browser(app).call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: 'lbs.admin', password: STAFF_PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body.description).toBe('Your account has been deactivated. Please contact your admin.');
    const wrong = await new Browser(app).call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: 'lbs.admin', password: 'Wrong#Pass2026' } });
    expect(wrong.status).toBe(401);
  });
});
