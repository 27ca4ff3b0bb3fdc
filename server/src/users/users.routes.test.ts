import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@rivet/shared/api/users';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import * as t from '../db/schema';
import { ACCESS_CHANGED } from '../http/bind';
import { HIDDEN } from '../mail/mailer';
import { roleIdOf, signedInStaff, STAFF_PASSWORD } from '../testing/staff-fixtures';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const RPM = `${AUTH}/RolePermissionManager`;
const FRESH_PASSWORD = 'Chosen#Pass2026';

describe.each(testDrivers())('manage users on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Awaited<ReturnType<typeof signedInStaff>>;
  let unilagAdmin: Awaited<ReturnType<typeof signedInStaff>>;
  let platformAdmin: Awaited<ReturnType<typeof signedInStaff>>;
  const inst: Record<string, number> = {};
  let ip = 1;

  beforeAll(async () => {
    app = await createTestApp(driver);
    for (const row of await app.database.db.select().from(t.institutions)) inst[row.code] = row.id;
    superAdmin = await signedInStaff(app, 'users.super', 'SUPER ADMIN', 'RIVET');
    unilagAdmin = await signedInStaff(app, 'users.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    platformAdmin = await signedInStaff(app, 'users.rivet', 'RIVET ADMIN', 'RIVET');
  });
  afterAll(() => app?.close());

  const fresh = () => new Browser(app, `10.66.0.${ip++}`);
  const create = (who: Browser, json: Record<string, unknown>) => who.call(`${AUTH}/Account/Admin/Create`, { json });
  const list = (who: Browser, query: Record<string, string> = {}) => who.call(`${AUTH}/Account/User/GetUserInfoByInstitutionId?${new URLSearchParams(query)}`);
  const update = (who: Browser, query: Record<string, string | number>) =>
    who.call(`${AUTH}/Account/Admin/UpdateUserInfo?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { method: 'PUT' });
  const toggle = (who: Browser, id: string, isActive: boolean) => who.call(`${AUTH}/Account/User/ActivateDeactivateUser?id=${id}&isActive=${isActive}`, { method: 'DELETE' });
  const signIn = (b: Browser, userName: string, password: string) => b.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName, password } });
  const refresh = (b: Browser) => b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'admin' } });
  const auditRows = (action: string, record: string) =>
    app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'User'), eq(t.auditTrail.moduleAction, action), eq(t.auditTrail.record, record)));
  const person = (userName: string, extra: Record<string, unknown> = {}) => ({
    firstName: 'Ngozi',
    lastName: 'Obi',
    userName,
    email: `${userName}@staff.example.ng`,
    phoneNumber: '08031234567',
    roles: roleIdOf('INSTITUTION REPORT'),
    ...extra,
  });
  /** The one-time password from the invitation e-mail (the only place it exists). */
  async function passwordMailedTo(email: string): Promise<string> {
    await app.idle();
    const mail = [...app.mails].reverse().find((m) => m.to === email && /One-time password/.test(m.text));
    expect(mail, `an invitation to ${email}`).toBeDefined();
    return /One-time password: (\S+)/.exec(mail!.text)![1]!;
  }

  describe('the user form’s role list (GetAllRoles)', () => {
    it('gives a super admin every active staff role, of one type when asked, never the learner role', async () => {
      const all = await superAdmin.call(`${RPM}/GetAllRoles`);
      expect(all.status).toBe(200);
      expect(all.body.data.map((r: { name: string }) => r.name)).toEqual(['INSTITUTION ADMIN', 'INSTITUTION REPORT', 'RIVET ADMIN', 'RIVET REPORT', 'SUPER ADMIN']);
      const rivet = await superAdmin.call(`${RPM}/GetAllRoles?RoleType=0`);
      expect(rivet.body.data.map((r: { name: string }) => r.name)).toEqual(['RIVET ADMIN', 'RIVET REPORT', 'SUPER ADMIN']);
      expect((await superAdmin.call(`${RPM}/GetAllRoles?RoleType=7`)).status).toBe(400);
    });

    it('gives anyone else active institution roles only, and leaves deactivated roles out', async () => {
      const mine = await unilagAdmin.call(`${RPM}/GetAllRoles?RoleType=1`);
      expect(mine.body.data).toEqual([
        { id: roleIdOf('INSTITUTION ADMIN'), name: 'INSTITUTION ADMIN', roleType: 1 },
        { id: roleIdOf('INSTITUTION REPORT'), name: 'INSTITUTION REPORT', roleType: 1 },
      ]);
      expect((await platformAdmin.call(`${RPM}/GetAllRoles`)).body.data.map((r: { roleType: number }) => r.roleType)).toEqual([1, 1]);
      expect((await unilagAdmin.call(`${RPM}/GetAllRoles?RoleType=0`)).body.data).toEqual([]);
      const made = await superAdmin.call(`${RPM}/CreateRoleandPermission`, { json: { roleType: 1, name: 'Dormant Clerk', permissionId: [3] } });
      await superAdmin.call(`${RPM}/ActivateDeactivateRole?roleId=${made.body.data.id}&isActive=false`, { method: 'DELETE' });
      expect((await superAdmin.call(`${RPM}/GetAllRoles`)).body.data.map((r: { name: string }) => r.name)).not.toContain('Dormant Clerk');
      const refused = await create(superAdmin, person('dormant.clerk', { roles: made.body.data.id, institutionId: inst.UNILAG }));
      expect(refused.status).toBe(400);
      expect(refused.body.description).toBe(USER_MESSAGES.roleInactive);
      expect((await fresh().call(`${RPM}/GetAllRoles`)).status).toBe(401);
    });
  });

  describe('Create', () => {
    it('creates an institution admin’s user in their own institution, must-change-password, with a profile row and an audit row, and e-mails the one-time password only', async () => {
      const res = await create(unilagAdmin, person('  Ngozi.Obi ', { email: 'Ngozi.Obi@Staff.Example.ng', phoneNumber: '0803 123 4567', institutionCode: 'UNILAG' }));
      expect(res.status, res.body.description).toBe(200);
      expect(res.body.description).toBe(USER_MESSAGES.created);
      expect(res.body.data).toMatchObject({
        userName: 'ngozi.obi',
        email: 'ngozi.obi@staff.example.ng',
        firstName: 'Ngozi',
        lastName: 'Obi',
        phoneNumber: '08031234567',
        roleId: roleIdOf('INSTITUTION REPORT'),
        roleName: 'INSTITUTION REPORT',
        isActive: true,
        mustChangePassword: true,
        institutionId: inst.UNILAG,
        institutionName: 'UNILAG',
      });
      const id = res.body.data.id as string;
      expect(await app.database.db.select().from(t.staffProfiles).where(eq(t.staffProfiles.userId, id))).toHaveLength(1);
      expect(await auditRows('Create', id)).toHaveLength(1);

      const password = await passwordMailedTo('ngozi.obi@staff.example.ng');
      expect(JSON.stringify(res.body)).not.toContain(password);
      const outbox = await app.database.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.recipient, 'ngozi.obi@staff.example.ng'));
      expect(outbox).toHaveLength(1);
      expect(outbox[0]!.text).not.toContain(password);
      expect(outbox[0]!.text).toContain(HIDDEN);

      // The password opens only Change Password; after that the account is the user's own.
      const user = fresh();
      const first = await signIn(user, 'ngozi.obi', password);
      expect(first.status).toBe(200);
      expect(first.body.data.isFirstLogin).toBe(true);
      const changed = await user.call(`${AUTH}/Account/User/ChangePassword`, { json: { userName: 'ngozi.obi', oldPassword: password, password: FRESH_PASSWORD } });
      expect(changed.status, changed.body.description).toBe(200);
      const again = await signIn(fresh(), 'ngozi.obi', FRESH_PASSWORD);
      expect(again.body.data.isFirstLogin).toBe(false);
    });

    it('refuses an institution admin another institution, a Rivet role or the SUPER ADMIN role', async () => {
      const elsewhere = await create(unilagAdmin, person('lbs.sneak', { institutionId: inst.LBS }));
      expect(elsewhere.status).toBe(403);
      const rivet = await create(unilagAdmin, person('rivet.sneak', { roles: roleIdOf('RIVET ADMIN') }));
      expect(rivet.status).toBe(403);
      expect(rivet.body.description).toBe(USER_MESSAGES.platformStaffOnly);
      expect((await create(unilagAdmin, person('super.sneak', { roles: roleIdOf('SUPER ADMIN') }))).status).toBe(403);
      expect((await create(unilagAdmin, person('student.sneak', { roles: roleIdOf('STUDENT') }))).status).toBe(400);
      const users = await app.database.db.select().from(t.users).where(eq(t.users.email, 'lbs.sneak@staff.example.ng'));
      expect(users).toEqual([]);
    });

    it('gives Rivet roles to the platform’s own staff and institution roles to partner staff; only a super admin gives Rivet roles', async () => {
      const platformUser = await create(superAdmin, person('rivet.analyst', { roles: roleIdOf('RIVET REPORT'), institutionId: inst.RIVET }));
      expect(platformUser.status, platformUser.body.description).toBe(200);
      expect(platformUser.body.data).toMatchObject({ roleName: 'RIVET REPORT', institutionId: inst.RIVET });
      const rivetAtPartner = await create(superAdmin, person('rivet.at.partner', { roles: roleIdOf('RIVET ADMIN'), institutionId: inst.LBS }));
      expect(rivetAtPartner.status).toBe(400);
      expect(rivetAtPartner.body.description).toBe(USER_MESSAGES.platformRoleForPartner);
      const partnerAtRivet = await create(superAdmin, person('partner.at.rivet', { roles: roleIdOf('INSTITUTION ADMIN'), institutionId: inst.RIVET }));
      expect(partnerAtRivet.status).toBe(400);
      expect(partnerAtRivet.body.description).toBe(USER_MESSAGES.partnerRoleForPlatform);
      const noInstitution = await create(superAdmin, person('no.institution'));
      expect(noInstitution.status).toBe(400);
      expect(noInstitution.body.errors).toContainEqual({ field: 'institutionId', message: USER_MESSAGES.institution });
      expect((await create(superAdmin, person('nowhere.user', { institutionId: 999_999 }))).status).toBe(400);

      const superMade = await create(superAdmin, person('second.super', { roles: roleIdOf('SUPER ADMIN'), institutionId: inst.RIVET }));
      expect(superMade.status).toBe(200);
      const byRivetAdmin = await create(platformAdmin, person('rivet.made.super', { roles: roleIdOf('SUPER ADMIN'), institutionId: inst.RIVET }));
      expect(byRivetAdmin.status).toBe(403);
      expect((await create(platformAdmin, person('rivet.made.report', { roles: roleIdOf('RIVET REPORT'), institutionId: inst.RIVET }))).status).toBe(403);
      const partnerByRivetAdmin = await create(platformAdmin, person('lbs.clerk', { roles: roleIdOf('INSTITUTION REPORT'), institutionId: inst.LBS }));
      expect(partnerByRivetAdmin.status, partnerByRivetAdmin.body.description).toBe(200);
      expect(partnerByRivetAdmin.body.data.institutionName).toBe('LBS');
    });

    it('answers every §5 message for a blank or bad form, and changes nothing', async () => {
      const blank = await create(unilagAdmin, { firstName: ' ', lastName: '', userName: '', email: '', phoneNumber: '', roles: null });
      expect(blank.status).toBe(400);
      expect(blank.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'firstName', message: USER_MESSAGES.firstName },
          { field: 'lastName', message: USER_MESSAGES.lastName },
          { field: 'userName', message: USER_MESSAGES.userName },
          { field: 'email', message: USER_MESSAGES.email },
          { field: 'roles', message: USER_MESSAGES.role },
        ]),
      );
      expect((await create(unilagAdmin, {})).body.errors).toContainEqual({ field: 'roles', message: USER_MESSAGES.role });
      const bad = await create(unilagAdmin, person('bad.input', { email: 'not-an-address', phoneNumber: '0803' }));
      expect(bad.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'email', message: USER_MESSAGES.emailInvalid },
          { field: 'phoneNumber', message: USER_MESSAGES.phoneInvalid },
        ]),
      );
      const at = await create(unilagAdmin, person('someone@example.ng'));
      expect(at.body.errors).toContainEqual({ field: 'userName', message: USER_MESSAGES.userNameInvalid });
      // Phone is optional.
      expect((await create(unilagAdmin, person('no.phone', { phoneNumber: '' }))).status).toBe(200);
    });

    it('keeps user names and e-mails unique, whatever their case, with clear 409s', async () => {
      expect((await create(unilagAdmin, person('unique.one'))).status).toBe(200);
      const sameName = await create(unilagAdmin, person('UNIQUE.one', { email: 'another@staff.example.ng' }));
      expect(sameName.status).toBe(409);
      expect(sameName.body.description).toBe(USER_MESSAGES.userNameTaken);
      const sameEmail = await create(unilagAdmin, person('unique.two', { email: 'Unique.One@staff.example.ng' }));
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body.description).toBe(USER_MESSAGES.emailTaken);
      const learnersEmail = await create(unilagAdmin, person('unique.three', { email: DEMO_ACCOUNTS.learner.email }));
      expect(learnersEmail.status).toBe(409);
      expect(learnersEmail.body.description).toBe(USER_MESSAGES.emailTaken);
    });

    it('lets only manageuser holders create', async () => {
      const viewer = await signedInStaff(app, 'users.viewer', 'INSTITUTION REPORT', 'UNILAG');
      expect((await create(viewer, person('by.viewer'))).status).toBe(403);
    });
  });

  describe('GetUserInfoByInstitutionId', () => {
    it('confines an institution admin to their own institution’s staff', async () => {
      const own = await list(unilagAdmin);
      expect(own.status).toBe(200);
      expect(own.body.data.items.length).toBeGreaterThan(1);
      expect(own.body.data.items.every((u: { institutionId: number }) => u.institutionId === inst.UNILAG)).toBe(true);
      expect(own.body.data.totalRows).toBe(own.body.data.items.length);
      expect((await list(unilagAdmin, { institutionid: String(inst.UNILAG) })).status).toBe(200);
      expect((await list(unilagAdmin, { institutionid: String(inst.LBS) })).status).toBe(403);
    });

    it('lets platform staff list all institutions or one, never learners, searched and filtered by status', async () => {
      const all = await list(superAdmin);
      const institutions = new Set(all.body.data.items.map((u: { institutionName: string }) => u.institutionName));
      expect([...institutions]).toEqual(expect.arrayContaining(['Rivet', 'UNILAG', 'LBS']));
      expect(all.body.data.items.some((u: { roleName: string }) => u.roleName === 'STUDENT')).toBe(false);
      expect((await list(superAdmin, { search: DEMO_ACCOUNTS.learner.email })).body.data.totalRows).toBe(0);
      const lbs = await list(platformAdmin, { institutionid: String(inst.LBS) });
      expect(lbs.body.data.items.length).toBeGreaterThan(0);
      expect(lbs.body.data.items.every((u: { institutionId: number }) => u.institutionId === inst.LBS)).toBe(true);
      const found = await list(superAdmin, { search: 'ngozi obi' });
      expect(found.body.data.items.map((u: { userName: string }) => u.userName)).toContain('ngozi.obi');
      expect((await list(superAdmin, { search: 'NGOZI.OBI@staff' })).body.data.items.map((u: { userName: string }) => u.userName)).toEqual(['ngozi.obi']);
      const inactive = await list(superAdmin, { isActive: 'false' });
      expect(inactive.body.data.items.every((u: { isActive: boolean }) => !u.isActive)).toBe(true);
    });

    it('pages 50 at a time by default', async () => {
      // Straight into the table: 52 invitations would only hash 52 passwords.
      await app.database.db.insert(t.users).values(
        Array.from({ length: 52 }, (_, i) => {
          const userName = `bulk.${String(i).padStart(2, '0')}`;
          return { userName, email: `${userName}@staff.example.ng`, firstName: 'Bulk', lastName: 'Staff', passwordHash: 'x', roleId: roleIdOf('INSTITUTION REPORT'), institutionId: inst.UNILAG };
        }),
      );
      const first = await list(unilagAdmin, { search: 'bulk' });
      expect(first.body.data.items).toHaveLength(50);
      expect(first.body.data.totalRows).toBe(52);
      const second = await list(unilagAdmin, { search: 'bulk', Page: '2' });
      expect(second.body.data.items.map((u: { userName: string }) => u.userName)).toEqual(['bulk.50', 'bulk.51']);
    });

    it('needs viewuser or manageuser', async () => {
      const viewer = await signedInStaff(app, 'users.reader', 'INSTITUTION REPORT', 'UNILAG');
      expect((await list(viewer)).status).toBe(403);
      expect((await list(fresh())).status).toBe(401);
    });
  });

  describe('UpdateUserInfo', () => {
    it('changes names, phone and role, never the user name or e-mail, with an audit row', async () => {
      const made = await create(unilagAdmin, person('amaka.eze', { firstName: 'Amaka', lastName: 'Eze' }));
      const id = made.body.data.id as string;
      const res = await unilagAdmin.call(
        `${AUTH}/Account/Admin/UpdateUserInfo?UserId=${id}&firstName=Amarachi&lastName=Eze-Obi&phoneNumber=&roleId=${roleIdOf('INSTITUTION ADMIN')}&userName=other.name&email=other@example.ng`,
        { method: 'PUT' },
      );
      expect(res.status, res.body.description).toBe(200);
      expect(res.body.description).toBe(USER_MESSAGES.updated);
      expect(res.body.data).toMatchObject({ firstName: 'Amarachi', lastName: 'Eze-Obi', phoneNumber: null, roleName: 'INSTITUTION ADMIN', userName: 'amaka.eze', email: 'amaka.eze@staff.example.ng' });
      expect(await auditRows('UpdateUserInfo', id)).toHaveLength(1);
    });

    it('answers the form’s messages', async () => {
      const res = await update(unilagAdmin, { UserId: unilagAdmin.userId, firstName: '', lastName: ' ', phoneNumber: '12', roleId: '' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'firstName', message: USER_MESSAGES.firstName },
          { field: 'lastName', message: USER_MESSAGES.lastName },
          { field: 'phoneNumber', message: USER_MESSAGES.phoneInvalid },
          { field: 'roleId', message: USER_MESSAGES.role },
        ]),
      );
    });

    it('keeps institution admins to their institution and institution roles, and nobody changes their own role', async () => {
      const lbsUser = (await create(superAdmin, person('lbs.staffer', { institutionId: inst.LBS }))).body.data;
      const other = await update(unilagAdmin, { UserId: lbsUser.id, firstName: 'X', lastName: 'Y', phoneNumber: '', roleId: roleIdOf('INSTITUTION REPORT') });
      expect(other.status).toBe(403);
      const unilagUser = (await create(unilagAdmin, person('kunle.ade'))).body.data;
      const promote = await update(unilagAdmin, { UserId: unilagUser.id, firstName: 'Kunle', lastName: 'Ade', phoneNumber: '', roleId: roleIdOf('RIVET ADMIN') });
      expect(promote.status).toBe(403);
      const self = await update(unilagAdmin, { UserId: unilagAdmin.userId, firstName: 'Bola', lastName: 'Ade', phoneNumber: '', roleId: roleIdOf('INSTITUTION REPORT') });
      expect(self.status).toBe(400);
      expect(self.body.description).toBe(USER_MESSAGES.ownRole);
      const ownNames = await update(unilagAdmin, { UserId: unilagAdmin.userId, firstName: 'Bolanle', lastName: 'Ade', phoneNumber: '08031234567', roleId: roleIdOf('INSTITUTION ADMIN') });
      expect(ownNames.status, ownNames.body.description).toBe(200);
      const platformUser = (await list(superAdmin, { search: 'rivet.analyst' })).body.data.items[0];
      const byRivetAdmin = await update(platformAdmin, { UserId: platformUser.id, firstName: 'X', lastName: 'Y', phoneNumber: '', roleId: platformUser.roleId });
      expect(byRivetAdmin.status).toBe(403);
      expect(byRivetAdmin.body.description).toBe(USER_MESSAGES.platformStaffOnly);
      const learnerId = (await app.database.db.select().from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS.learner.email)))[0]!.id;
      expect((await update(superAdmin, { UserId: learnerId, firstName: 'X', lastName: 'Y', phoneNumber: '', roleId: roleIdOf('RIVET REPORT') })).status).toBe(404);
      expect((await toggle(superAdmin, learnerId, false)).status).toBe(404);
    });
  });

  describe('ActivateDeactivateUser', () => {
    it('deactivates a user and ends their sessions at once: no refresh, no sign-in; reactivation restores no session', async () => {
      const made = await create(unilagAdmin, person('tolu.bello'));
      const password = await passwordMailedTo('tolu.bello@staff.example.ng');
      const user = fresh();
      await signIn(user, 'tolu.bello', password);
      await user.call(`${AUTH}/Account/User/ChangePassword`, { json: { userName: 'tolu.bello', oldPassword: password, password: FRESH_PASSWORD } });
      const session = fresh();
      expect((await signIn(session, 'tolu.bello', FRESH_PASSWORD)).status).toBe(200);
      expect((await refresh(session)).status).toBe(200);

      const off = await toggle(unilagAdmin, made.body.data.id, false);
      expect(off.status).toBe(200);
      expect(off.body.description).toBe(USER_MESSAGES.deactivated);
      expect(off.body.data.isActive).toBe(false);
      const refused = await refresh(session);
      expect(refused.status).toBe(401);
      expect(refused.body.description).toBe('Session timed out');
      expect((await signIn(fresh(), 'tolu.bello', FRESH_PASSWORD)).status).toBe(403);
      const tokens = await app.database.db.select().from(t.refreshTokens).where(eq(t.refreshTokens.userId, made.body.data.id));
      expect(tokens.length).toBeGreaterThan(0);
      expect(tokens.every((r) => r.revokedAt !== null)).toBe(true);

      const on = await toggle(unilagAdmin, made.body.data.id, true);
      expect(on.body.description).toBe(USER_MESSAGES.activated);
      expect(on.body.data.isActive).toBe(true);
      expect((await refresh(session)).status).toBe(401);
      expect((await signIn(fresh(), 'tolu.bello', FRESH_PASSWORD)).status).toBe(200);
      expect(await auditRows('ActivateDeactivateUser', made.body.data.id)).toHaveLength(2);
    });

    it('refuses deactivating oneself, another institution’s user, and Rivet staff for anyone but a super admin', async () => {
      const self = await toggle(unilagAdmin, unilagAdmin.userId, false);
      expect(self.status).toBe(400);
      expect(self.body.description).toBe(USER_MESSAGES.notYourself);
      const lbsUser = (await list(superAdmin, { search: 'lbs.staffer' })).body.data.items[0];
      expect((await toggle(unilagAdmin, lbsUser.id, false)).status).toBe(403);
      expect((await toggle(platformAdmin, superAdmin.userId, false)).status).toBe(403);
      expect((await toggle(superAdmin, '00000000-0000-4000-8000-000000000000', false)).status).toBe(404);
      expect((await toggle(superAdmin, lbsUser.id, 'maybe' as unknown as boolean)).status).toBe(400);
    });

    it('never deactivates or demotes the last active SUPER ADMIN', async () => {
      // Leave two super admins active: users.super and second.super.
      const demo = (await list(superAdmin, { search: DEMO_ACCOUNTS.superAdmin.userName })).body.data.items[0];
      expect((await toggle(superAdmin, demo.id, false)).status).toBe(200);
      const second = (await list(superAdmin, { search: 'second.super' })).body.data.items[0];
      const password = await passwordMailedTo(second.email);
      const secondBrowser = fresh();
      await signIn(secondBrowser, 'second.super', password);
      await secondBrowser.call(`${AUTH}/Account/User/ChangePassword`, { json: { userName: 'second.super', oldPassword: password, password: FRESH_PASSWORD } });
      await signIn(secondBrowser, 'second.super', FRESH_PASSWORD);

      expect((await toggle(superAdmin, second.id, false)).status).toBe(200);
      // second.super's access token is refused from the deactivation on (decision 084; it outlived
      // it by up to 15 minutes before, decision 028), so it cannot take the last super admin away.
      const off = await toggle(secondBrowser, superAdmin.userId, false);
      expect(off.status).toBe(401);
      expect(off.body.description).toBe(ACCESS_CHANGED);
      const demote = await update(secondBrowser, { UserId: superAdmin.userId, firstName: 'Bola', lastName: 'Ade', phoneNumber: '', roleId: roleIdOf('RIVET ADMIN') });
      expect(demote.status).toBe(401);
      expect((await refresh(secondBrowser)).status).toBe(401);

      // The rule itself, now reachable only by two super admins deactivating each other at once:
      // one succeeds, the other is refused inside its transaction.
      expect((await toggle(superAdmin, second.id, true)).status).toBe(200);
      await signIn(secondBrowser, 'second.super', FRESH_PASSWORD);
      // Both tokens checked once, so both calls pass the gate before either change commits.
      expect((await list(secondBrowser)).status).toBe(200);
      expect((await list(superAdmin)).status).toBe(200);
      const both = await Promise.all([toggle(superAdmin, second.id, false), toggle(secondBrowser, superAdmin.userId, false)]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(both.find((r) => r.status === 400)!.body.description).toBe(USER_MESSAGES.lastSuperAdmin);
      if (both[0]!.status === 200) expect((await toggle(superAdmin, second.id, true)).status).toBe(200);
      else {
        expect((await toggle(secondBrowser, superAdmin.userId, true)).status).toBe(200);
        expect((await signIn(superAdmin, 'users.super', STAFF_PASSWORD)).status).toBe(200);
      }

      expect((await toggle(superAdmin, demo.id, true)).status).toBe(200);
      expect((await update(superAdmin, { UserId: second.id, firstName: 'Second', lastName: 'Super', phoneNumber: '', roleId: roleIdOf('RIVET ADMIN') })).status).toBe(200);
    });
  });
});
