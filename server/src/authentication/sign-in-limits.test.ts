// Guessing is slowed without handing anyone a way to lock the owner out (docs/decisions/014).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { signInDelayMs } from './sign-in-guard';

const { learner, superAdmin, institutionAdmin } = DEMO_ACCOUNTS;
const PER_ACCOUNT = 5;
const PER_IP = 12;
const MAX_DELAY_SECONDS = 8;
const STUDENT_SIGN_IN = `${AUTH}/Account/Student/SignIn`;
const ADMIN_SIGN_IN = `${AUTH}/Account/Admin/SignIn`;
const FORGOT = `${AUTH}/Account/User/ForgotPassword`;
const RESET = `${AUTH}/Account/User/ResetPassword`;
const PERMISSIONS = `${AUTH}/RolePermissionManager/GetAllPermissions`;

describe('signInDelayMs', () => {
  it('is nothing until the free failures are spent, then doubles from a second up to the cap', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 60].map((n) => signInDelayMs(n, 5, 8000))).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000]);
  });
});

describe.each(testDrivers())('sign-in limits on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver, {
      rateLimits: { signInPerAccount: PER_ACCOUNT, signInPerIp: PER_IP, signInMaxDelaySeconds: MAX_DELAY_SECONDS, forgotPerIp: 3, forgotMailIntervalSeconds: 300 },
    });
  });
  afterAll(() => app?.close());

  const signIn = (ip: string, userName: string, password: string, path = STUDENT_SIGN_IN) => new Browser(app, ip).call(path, { json: { userName, password } });

  /** The waits the server asked for during `run`. */
  async function waitsDuring(run: () => Promise<unknown>) {
    const before = app.waits.length;
    await run();
    return app.waits.slice(before);
  }

  async function register(email: string) {
    const res = await new Browser(app, '10.60.0.1').call(`${AUTH}/Account/Student/Register`, {
      json: { firstName: 'Ngozi', lastName: 'Eze', email, password: 'Okra#Soup2026', age: '20-24', country: 'NG' },
    });
    expect(res.status).toBe(200);
  }

  it('ten wrong passwords from one address do not stop the owner signing in from another', async () => {
    await register('owner@demo.ng');
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await signIn('10.61.0.1', 'owner@demo.ng', 'Wrong#Pass123')).status).toBe(401);
    // The guessing address is refused, even with the right password …
    const refused = await signIn('10.61.0.1', 'owner@demo.ng', 'Okra#Soup2026');
    expect(refused.status).toBe(429);
    expect(refused.body.description).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // … the owner on another address is not.
    const owner = await signIn('10.61.0.2', 'OWNER@demo.ng', 'Okra#Soup2026');
    expect(owner.status).toBe(200);
  });

  it('slows an account attacked from many addresses (doubling, capped) but lets the right password in', async () => {
    await register('target@demo.ng');
    const guesses = await waitsDuring(async () => {
      for (let i = 0; i < PER_ACCOUNT; i++) expect((await signIn(`10.62.1.${i}`, 'target@demo.ng', 'Wrong#Pass123')).status).toBe(401);
    });
    expect(guesses).toEqual([]);

    // Every further check of this account's password waits first, right or wrong, from any address.
    const owner = await waitsDuring(async () => expect((await signIn('10.62.2.1', 'target@demo.ng', 'Okra#Soup2026')).status).toBe(200));
    expect(owner).toEqual([1000]);
    const more = await waitsDuring(async () => {
      for (let i = 0; i < 6; i++) expect((await signIn(`10.62.3.${i}`, 'target@demo.ng', 'Wrong#Pass123')).status).toBe(401);
    });
    expect(more).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    const ownerAgain = await waitsDuring(async () => expect((await signIn('10.62.4.1', 'target@demo.ng', 'Okra#Soup2026')).status).toBe(200));
    expect(ownerAgain).toEqual([MAX_DELAY_SECONDS * 1000]);
    // Other accounts are not slowed.
    expect(await waitsDuring(() => signIn('10.62.4.1', learner.email, learner.password))).toEqual([]);
  });

  it('refuses an address that fails on many accounts, and counts only failures', async () => {
    const ip = '10.63.0.1';
    // Successful sign-ins (a shared address: an office, a phone network) do not count.
    for (let i = 0; i < PER_IP + 2; i++) expect((await signIn(ip, learner.email, learner.password)).status).toBe(200);
    for (let i = 0; i < PER_IP; i++) expect((await signIn(ip, `nobody${i}@demo.ng`, 'Wrong#Pass123')).status).toBe(401);
    expect((await signIn(ip, 'nobody-else@demo.ng', 'Wrong#Pass123')).status).toBe(429);
    expect((await signIn('10.63.0.2', 'nobody-else@demo.ng', 'Wrong#Pass123')).status).toBe(401);
  });

  it('counts a wrong password at account deletion like a failed sign-in from that address', async () => {
    await register('deleter@demo.ng');
    const b = new Browser(app, '10.64.0.1');
    await b.call(STUDENT_SIGN_IN, { json: { userName: 'deleter@demo.ng', password: 'Okra#Soup2026' } });
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await b.call(`${AUTH}/Account/Student/DeleteAccount`, { json: { password: 'Not#MyPassword1' } })).status).toBe(400);
    expect((await signIn('10.64.0.1', 'deleter@demo.ng', 'Okra#Soup2026')).status).toBe(429);
    expect((await signIn('10.64.0.2', 'deleter@demo.ng', 'Okra#Soup2026')).status).toBe(200);
  });

  it('the learner sign-in answers a staff account with the right password exactly as a wrong password', async () => {
    const right = await signIn('10.65.0.1', superAdmin.email, superAdmin.password);
    const wrong = await signIn('10.65.0.2', superAdmin.email, 'Wrong#Pass123');
    const unknown = await signIn('10.65.0.3', 'nobody@demo.ng', 'Wrong#Pass123');
    expect(right.status).toBe(401);
    expect(right.body).toEqual(wrong.body);
    expect(right.body).toEqual(unknown.body);
    expect(right.body.description).toBe('Invalid email or password');
    expect(right.headers.getSetCookie()).toEqual([]);
  });

  it('the admin sign-in answers a learner account with the right password exactly as a wrong password', async () => {
    const right = await signIn('10.65.1.1', learner.userName, learner.password, ADMIN_SIGN_IN);
    const wrong = await signIn('10.65.1.2', learner.userName, 'Wrong#Pass123', ADMIN_SIGN_IN);
    expect(right.status).toBe(401);
    expect(right.body).toEqual(wrong.body);
    expect(right.body.description).toBe('Invalid username or password');
  });

  it('counts the other app’s sign-in with the right password as a failure, like a wrong one', async () => {
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await signIn('10.65.2.1', superAdmin.email, superAdmin.password)).status).toBe(401);
    expect((await signIn('10.65.2.1', superAdmin.email, superAdmin.password)).status).toBe(429);
  });

  describe('forgot password', () => {
    const forgot = (ip: string, userName: string) => new Browser(app, ip).call(FORGOT, { json: { userName, student: true } });
    const mailsTo = async (email: string) => {
      await app.idle();
      return app.mails.filter((mail) => mail.to === email);
    };
    const tokenFrom = (text: string) => decodeURIComponent(/token=([^\s]+)/.exec(text)![1]!);
    const reset = (token: string, password: string) => new Browser(app, '10.66.9.9').call(RESET, { json: { token, password } });

    it('six forgot-password requests still let the owner reset (one mail per window)', async () => {
      const email = 'forgetful@demo.ng';
      await register(email);
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await forgot(`10.66.0.${i % 2}`, email.toUpperCase()));
      const ghost = await forgot('10.66.0.7', 'ghost@demo.ng');
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual(ghost.body);
      }
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect((await reset(tokenFrom(String(mails[0]!.text)), 'Jollof#Rice2026')).status).toBe(200);
      expect((await signIn('10.66.1.1', email, 'Jollof#Rice2026')).status).toBe(200);
    });

    it('sends the next mail once the interval has passed; every link sent works until one is used', async () => {
      const email = 'twice@demo.ng';
      await register(email);
      await forgot('10.66.2.1', email);
      expect(await mailsTo(email)).toHaveLength(1);
      app.clock.advance(299_000);
      await forgot('10.66.2.2', email);
      expect(await mailsTo(email)).toHaveLength(1);
      app.clock.advance(2_000);
      await forgot('10.66.2.3', email);
      const [first, second] = (await mailsTo(email)).map((mail) => tokenFrom(String(mail.text)));
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      // A stranger's request cannot void the link the owner is about to open.
      expect((await reset(first!, 'Jollof#Rice2026')).status).toBe(200);
      const used = await reset(second!, 'Suya#Night2026');
      expect(used.status).toBe(400);
      expect(used.body.description).toBe('This password reset link is invalid or has expired. Please request a new one.');
    });

    it('keeps the per-address limit', async () => {
      for (let i = 0; i < 3; i++) expect((await forgot('10.66.3.1', `someone${i}@demo.ng`)).status).toBe(200);
      expect((await forgot('10.66.3.1', 'someone9@demo.ng')).status).toBe(429);
    });
  });

  describe('first sign-in with a password someone else set', () => {
    it('a first-login token is refused by a staff endpoint and accepted by ChangePassword', async () => {
      const b = new Browser(app, '10.67.0.1');
      const signedIn = await b.call(ADMIN_SIGN_IN, { json: { userName: institutionAdmin.userName, password: institutionAdmin.password } });
      expect(signedIn.body.data.isFirstLogin).toBe(true);
      const firstToken = b.accessToken;

      for (const path of [PERMISSIONS, `${AUTH}/Account/Admin/GetAdminByUserId?userId=${signedIn.body.data.userId}`]) {
        const refused = await b.call(path);
        expect(refused.status).toBe(403);
        expect(refused.body.description).toBe('Change your password before continuing.');
      }
      // Public endpoints answer as to anyone; the refresh keeps the restriction.
      expect((await b.call('/api/Institution/Institution/Countries')).status).toBe(200);
      const refreshed = await b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'admin' } });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.data.isFirstLogin).toBe(true);
      expect((await b.call(PERMISSIONS)).status).toBe(403);

      const changed = await b.call(`${AUTH}/Account/User/ChangePassword`, {
        json: { userName: institutionAdmin.userName, oldPassword: institutionAdmin.password, password: 'Akara#Morning26' },
      });
      expect(changed.status).toBe(200);
      // The token issued before the change is refused outright (the change raised the session
      // version, decision 084); a fresh one has no restriction.
      expect((await b.call(PERMISSIONS, { token: firstToken })).status).toBe(401);
      const fresh = await b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'admin' } });
      expect(fresh.body.data.isFirstLogin).toBe(false);
      expect((await b.call(PERMISSIONS)).status).toBe(200);
      expect((await b.call(`${AUTH}/Account/SignOut`, { json: { app: 'admin' } })).status).toBe(200);
    });

    it('lets a first-login session sign out', async () => {
      const b = new Browser(app, '10.67.0.2');
      await app.database.db.update(t.users).set({ mustChangePassword: true }).where(eq(t.users.userName, superAdmin.userName));
      const signedIn = await b.call(ADMIN_SIGN_IN, { json: { userName: superAdmin.userName, password: superAdmin.password } });
      expect(signedIn.body.data.isFirstLogin).toBe(true);
      expect((await b.call(PERMISSIONS)).status).toBe(403);
      expect((await b.call(`${AUTH}/Account/SignOut`, { json: { app: 'admin' } })).status).toBe(200);
      expect((await b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'admin' } })).status).toBe(401);
    });
  });
});
