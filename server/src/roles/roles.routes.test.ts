import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '@rivet/shared/api/roles';
import { PERMISSIONS, ROLES } from '@rivet/shared/domain/permissions';
import * as t from '../db/schema';
import { hashPassword } from '../authentication/passwords';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const RPM = `${AUTH}/RolePermissionManager`;
const PASSWORD = 'Staff#Member2026';
const idOf = (name: string) => PERMISSIONS.find((p) => p.name === name)!.id;
const roleId = (name: string) => ROLES.find((r) => r.name === name)!.id;
const ALL_IDS = PERMISSIONS.map((p) => p.id);

describe.each(testDrivers())('role management on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  let ip = 1;
  beforeAll(async () => {
    app = await createTestApp(driver);
    superAdmin = await signedIn('roles.super', roleId('SUPER ADMIN'), null);
  });
  afterAll(() => app?.close());

  /** A staff account of its own, signed in (the demo ones must change their password first). */
  async function signedIn(userName: string, role: number, institutionCode: string | null) {
    const db = app.database.db;
    const inst = institutionCode ? (await db.select().from(t.institutions).where(eq(t.institutions.code, institutionCode)))[0]! : null;
    await db.insert(t.users).values({
      userName,
      email: `${userName}@staff.demo.ng`,
      firstName: 'Bola',
      lastName: 'Ade',
      passwordHash: await hashPassword(PASSWORD),
      roleId: role,
      institutionId: inst?.id ?? null,
    });
    const browser = new Browser(app, `10.8.0.${ip++}`);
    const res = await browser.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName, password: PASSWORD } });
    expect(res.status, res.body.description).toBe(200);
    return browser;
  }

  const search = (who: Browser, q = '') => who.call(`${RPM}/SearchRoleDetails?pageNumber=1&pageSize=1000&search=${encodeURIComponent(q)}`);
  const save = (who: Browser, json: unknown) => who.call(`${RPM}/CreateRoleandPermission`, { json });
  const toggle = (who: Browser, id: number, isActive: boolean) => who.call(`${RPM}/ActivateDeactivateRole?roleId=${id}&isActive=${isActive}`, { method: 'DELETE' });
  const auditRows = (action: string, record: number) =>
    app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'RolePermissionManager'), eq(t.auditTrail.moduleAction, action), eq(t.auditTrail.record, String(record))));

  it('shows a super admin every staff role by name with its type and permissions, never the learner role, and searches by name', async () => {
    const all = await search(superAdmin);
    expect(all.status).toBe(200);
    const names = all.body.data.items.map((r: { name: string }) => r.name);
    expect(names).toEqual(['INSTITUTION ADMIN', 'INSTITUTION REPORT', 'RIVET ADMIN', 'RIVET REPORT', 'SUPER ADMIN']);
    const sa = all.body.data.items.find((r: { name: string }) => r.name === 'SUPER ADMIN');
    expect(sa).toMatchObject({ roleName: 'SUPER ADMIN', roleType: 0, isActive: true, builtIn: true, permissionId: ALL_IDS, permission: ALL_IDS.join(',') });
    const reports = await search(superAdmin, 'report');
    expect(reports.body.data.items.map((r: { name: string }) => r.name)).toEqual(['INSTITUTION REPORT', 'RIVET REPORT']);
    expect(reports.body.data.totalRows).toBe(2);
    expect((await superAdmin.call(`${RPM}/GetRoleDetails?roleId=${roleId('STUDENT')}`)).status).toBe(404);
  });

  it('shows anyone else institution roles only, and lets only manageRole holders change roles', async () => {
    const institutionAdmin = await signedIn('roles.inst', roleId('INSTITUTION ADMIN'), 'UNILAG');
    const list = await search(institutionAdmin);
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((r: { name: string }) => r.name)).toEqual(['INSTITUTION ADMIN', 'INSTITUTION REPORT']);
    const hidden = await institutionAdmin.call(`${RPM}/GetRoleDetails?roleId=${roleId('RIVET ADMIN')}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.description).toBe(ROLE_MESSAGES.notFound);
    expect((await save(institutionAdmin, { roleType: 1, name: 'Clerk', permissionId: [idOf('viewuser')] })).status).toBe(403);
    expect((await toggle(institutionAdmin, roleId('INSTITUTION REPORT'), false)).status).toBe(403);

    const platformAdmin = await signedIn('roles.rivet', roleId('RIVET ADMIN'), null);
    expect((await search(platformAdmin)).body.data.items.map((r: { roleType: number }) => r.roleType)).toEqual([1, 1]);
    expect((await save(platformAdmin, { roleType: 1, name: 'Clerk', permissionId: [idOf('viewuser')] })).status).toBe(403);
  });

  it('creates a role with its permissions and an audit row, and finds it', async () => {
    const res = await save(superAdmin, { roleType: 1, name: '  Course Clerk ', permissionId: [idOf('viewuser'), idOf('createCourse'), idOf('viewuser')] });
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.description).toBe(ROLE_MESSAGES.created);
    expect(res.body.data).toMatchObject({ name: 'Course Clerk', roleType: 1, isActive: true, builtIn: false, permissionId: [idOf('createCourse'), idOf('viewuser')] });
    const id = res.body.data.id as number;
    expect(await auditRows('CreateRoleandPermission', id)).toHaveLength(1);
    const got = await superAdmin.call(`${RPM}/GetRoleDetails?roleId=${id}`);
    expect(got.body.data).toEqual(res.body.data);
    expect((await search(superAdmin, 'clerk')).body.data.items.map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it('asks for a name and at least one permission with the form’s messages', async () => {
    const blank = await save(superAdmin, { roleType: 1, name: '   ', permissionId: [idOf('viewuser')] });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toContainEqual({ field: 'name', message: ROLE_MESSAGES.name });
    const none = await save(superAdmin, { roleType: 1, name: 'Nobody', permissionId: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors).toContainEqual({ field: 'permissionId', message: ROLE_MESSAGES.permission });
  });

  it('accepts only permissions whose user type includes the role type', async () => {
    const rivetOnly = await save(superAdmin, { roleType: 1, name: 'Overreach', permissionId: [idOf('viewuser'), idOf('manageRole')] });
    expect(rivetOnly.status).toBe(400);
    expect(rivetOnly.body.description).toBe(ROLE_MESSAGES.permissionType);
    const unknown = await save(superAdmin, { roleType: 1, name: 'Overreach', permissionId: [999] });
    expect(unknown.status).toBe(400);
    const platform = await save(superAdmin, { roleType: 0, name: 'Platform Roles', permissionId: [idOf('manageRole'), idOf('viewRole')] });
    expect(platform.status, platform.body.description).toBe(200);
  });

  it('keeps names unique whatever their case, on create and on rename', async () => {
    const dup = await save(superAdmin, { roleType: 1, name: 'institution admin', permissionId: [idOf('viewuser')] });
    expect(dup.status).toBe(409);
    expect(dup.body.description).toBe('A role named “institution admin” already exists');
    const mine = await save(superAdmin, { roleType: 1, name: 'Quiz Marker', permissionId: [idOf('viewuser')] });
    const rename = await save(superAdmin, { roleId: mine.body.data.id, roleType: 1, name: 'INSTITUTION REPORT', permissionId: [idOf('viewuser')] });
    expect(rename.status).toBe(409);
  });

  it('updates a role’s name and permissions but never its type', async () => {
    const made = await save(superAdmin, { roleType: 1, name: 'Grader', permissionId: [idOf('viewuser')] });
    const id = made.body.data.id as number;
    const retype = await save(superAdmin, { roleId: id, roleType: 0, name: 'Grader', permissionId: [idOf('viewuser')] });
    expect(retype.status).toBe(400);
    expect(retype.body.description).toBe(ROLE_MESSAGES.typeFixed);
    const res = await save(superAdmin, { roleId: id, roleType: 1, name: 'Senior Grader', permissionId: [idOf('viewworkflow'), idOf('manageworkflow')] });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe(ROLE_MESSAGES.updated);
    expect(res.body.data).toMatchObject({ id, name: 'Senior Grader', permissionId: [idOf('manageworkflow'), idOf('viewworkflow')] });
    expect(await auditRows('CreateRoleandPermission', id)).toHaveLength(2);
    const missing = await save(superAdmin, { roleId: 999_999, roleType: 1, name: 'Ghost', permissionId: [idOf('viewuser')] });
    expect(missing.status).toBe(404);
  });

  it('keeps the built-in roles’ meaning: names fixed, SUPER ADMIN keeps every permission and stays active', async () => {
    const rename = await save(superAdmin, { roleId: roleId('INSTITUTION ADMIN'), roleType: 1, name: 'Partner Admin', permissionId: [idOf('viewuser')] });
    expect(rename.status).toBe(400);
    expect(rename.body.description).toBe(ROLE_MESSAGES.builtInName);
    const strip = await save(superAdmin, { roleId: roleId('SUPER ADMIN'), roleType: 0, name: 'SUPER ADMIN', permissionId: ALL_IDS.filter((p) => p !== idOf('manageRole')) });
    expect(strip.status).toBe(400);
    expect(strip.body.description).toBe(ROLE_MESSAGES.superAdminPermissions);
    const off = await toggle(superAdmin, roleId('SUPER ADMIN'), false);
    expect(off.status).toBe(400);
    expect(off.body.description).toBe(ROLE_MESSAGES.superAdminActive);
    expect((await superAdmin.call(`${RPM}/GetRoleDetails?roleId=${roleId('SUPER ADMIN')}`)).body.data).toMatchObject({ isActive: true, permissionId: ALL_IDS });
    // A built-in role may still change its permissions (keeping its name).
    const keep = ROLES.find((r) => r.name === 'INSTITUTION REPORT')!.permissions.map(idOf);
    const same = await save(superAdmin, { roleId: roleId('INSTITUTION REPORT'), roleType: 1, name: 'INSTITUTION REPORT', permissionId: keep });
    expect(same.status, same.body.description).toBe(200);
  });

  it('deactivates and activates a role with the notices and audit rows; its holders cannot sign in while it is off', async () => {
    const made = await save(superAdmin, { roleType: 1, name: 'Temporary Staff', permissionId: [idOf('viewuser')] });
    const id = made.body.data.id as number;
    await signedIn('roles.temp', id, 'UNILAG');
    const off = await toggle(superAdmin, id, false);
    expect(off.status).toBe(200);
    expect(off.body.description).toBe(ROLE_MESSAGES.deactivated);
    expect(off.body.data.isActive).toBe(false);
    const refused = await new Browser(app, '10.8.1.1').call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: 'roles.temp', password: PASSWORD } });
    expect(refused.status).toBe(403);
    const on = await toggle(superAdmin, id, true);
    expect(on.body.description).toBe(ROLE_MESSAGES.activated);
    expect(on.body.data.isActive).toBe(true);
    expect(await auditRows('ActivateDeactivateRole', id)).toHaveLength(2);
    expect((await toggle(superAdmin, id, 'maybe' as unknown as boolean)).status).toBe(400);
  });

  it('lets a non-super admin holding manageRole manage institution roles only', async () => {
    const made = await save(superAdmin, { roleType: 0, name: 'Role Steward', permissionId: [idOf('manageRole'), idOf('viewRole')] });
    const steward = await signedIn('roles.steward', made.body.data.id, null);
    expect((await search(steward)).body.data.items.every((r: { roleType: number }) => r.roleType === 1)).toBe(true);
    const platform = await save(steward, { roleType: 0, name: 'Sneaky', permissionId: [idOf('viewRole')] });
    expect(platform.status).toBe(403);
    expect(platform.body.description).toBe(ROLE_MESSAGES.platformOnly);
    expect((await toggle(steward, roleId('RIVET ADMIN'), false)).status).toBe(404);
    expect((await save(steward, { roleType: 1, name: 'Steward Made', permissionId: [idOf('viewuser')] })).status).toBe(200);
  });
});
