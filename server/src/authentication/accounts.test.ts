import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_RULE_MESSAGE } from '@rivet/shared/domain/password';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import * as t from '../db/schema';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { RESET_TOKEN_TTL_MS } from './authentication.service';

const { learner, institutionAdmin, superAdmin } = DEMO_ACCOUNTS;

const validRegistration = (email: string) => ({
  firstName: 'Amaka',
  lastName: 'Obi',
  email,
  password: 'Okra#Soup2026',
  age: '20-24',
  country: 'NG',
  institutionId: 0,
  roles: 'SUPER ADMIN',
  id: 0,
});

describe.each(testDrivers())('accounts on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver, { rateLimits: { registerPerIp: 3, forgotPerIp: 3 } });
  });
  afterAll(() => app?.close());

  const register = (json: unknown, ip = '10.3.0.1') => new Browser(app, ip).call(`${AUTH}/Account/Student/Register`, { json });

  /** The last e-mail sent to this address, whole (the outbox keeps it with its link hidden). */
  async function lastMailTo(email: string) {
    await app.idle();
    return app.mails.filter((mail) => mail.to === email).at(-1);
  }

  const tokenFrom = (text: string) => decodeURIComponent(/token=([^\s]+)/.exec(text)![1]!);

  it('registers a learner who can then sign in, always with the student role', async () => {
    const res = await register(validRegistration('amaka@demo.ng'), '10.3.1.1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, description: 'Student created successfully' });
    const signIn = await new Browser(app).call(`${AUTH}/Account/Student/SignIn`, { json: { userName: 'amaka@demo.ng', password: 'Okra#Soup2026' } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data).toMatchObject({ role: 'STUDENT', firstName: 'Amaka', lastName: 'Obi', permissions: [] });
  });

  it.each([
    [{ firstName: '' }, 'Please input your Firstname!'],
    [{ email: '' }, 'Please input your Email!'],
    [{ email: 'amaka-at-demo' }, 'Not a valid email address'],
    [{ password: '' }, 'Please input your Password!'],
    [{ password: 'short1A!' .slice(0, 6) }, PASSWORD_RULE_MESSAGE],
    [{ password: 'alllowercase1!' }, PASSWORD_RULE_MESSAGE],
    [{ password: 'NoDigits!!abc' }, PASSWORD_RULE_MESSAGE],
    [{ password: 'NoSpecial123a' }, PASSWORD_RULE_MESSAGE],
    [{ password: 'Has Space1!a' }, PASSWORD_RULE_MESSAGE],
    [{ password: 'Waytoolong#Password12345' }, PASSWORD_RULE_MESSAGE],
    [{ age: '' }, 'Please select your age'],
    [{ age: '30-35' }, 'Please select your age'],
    [{ country: '' }, 'Please select a country'],
    [{ country: 'XX' }, 'Please select a country'],
    // The profile form's limits: a name is at most 60 letters.
    [{ firstName: 'Amaka2' }, 'Only alphabets please'],
    [{ lastName: 'O'.repeat(61) }, 'At most 60 characters'],
    [{ middleName: 'Ada\u0000' }, 'Only alphabets please'],
    [{ email: `${'a'.repeat(250)}@demo.ng` }, 'At most 254 characters'],
  ])('refuses registration with %j: "%s"', async (patch, message) => {
    const res = await register({ ...validRegistration('bad-input@demo.ng'), ...patch }, '10.3.2.1');
    expect(res.status).toBe(400);
    expect(res.body.description).toBe(message);
  });

  it('refuses a 5 KB first name, as the profile form does', async () => {
    const res = await register({ ...validRegistration('long-name@demo.ng'), firstName: 'A'.repeat(5 * 1024) }, '10.3.2.2');
    expect([res.status, res.body.description]).toEqual([400, 'At most 60 characters']);
    expect(res.body.errors).toEqual([{ field: 'firstName', message: 'At most 60 characters' }]);
  });

  it('refuses a common password even when it meets the rule', async () => {
    const res = await register({ ...validRegistration('common@demo.ng'), password: 'Password1!' }, '10.3.3.1');
    expect(res.status).toBe(400);
    expect(res.body.description).toBe(COMMON_PASSWORD_MESSAGE);
    expect(res.body.errors).toEqual([{ field: 'password', message: COMMON_PASSWORD_MESSAGE }]);
  });

  it('refuses an e-mail that already has an account, in any case', async () => {
    const res = await register(validRegistration('LEARNER@demo.ng'), '10.3.4.1');
    expect(res.status).toBe(409);
    expect(res.body.description).toBe('An account with this email already exists. Please sign in instead.');
  });

  it('rate-limits registration per address', async () => {
    for (let i = 0; i < 3; i++) await register({ ...validRegistration(`burst${i}@demo.ng`) }, '10.3.5.1');
    const limited = await register(validRegistration('burst9@demo.ng'), '10.3.5.1');
    expect(limited.status).toBe(429);
    expect(limited.body.description).toMatch(/Too many attempts/);
  });

  it('answers forgot-password identically whether or not the account exists', async () => {
    const known = await new Browser(app, '10.4.0.1').call(`${AUTH}/Account/User/ForgotPassword`, { json: { userName: learner.email, student: true } });
    const unknown = await new Browser(app, '10.4.0.2').call(`${AUTH}/Account/User/ForgotPassword`, { json: { userName: 'ghost@demo.ng', student: true } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await lastMailTo('ghost@demo.ng')).toBeUndefined();
    const mail = await lastMailTo(learner.email);
    expect(mail?.text).toContain('http://localhost:8080/change-password?token=');
  });

  it('requires an identifier to reset a password', async () => {
    const res = await new Browser(app, '10.4.0.3').call(`${AUTH}/Account/User/ForgotPassword`, { json: { userName: ' ', student: true } });
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('Username is required');
  });

  it('rate-limits forgot-password per address', async () => {
    const b = new Browser(app, '10.4.1.1');
    for (let i = 0; i < 3; i++) await b.call(`${AUTH}/Account/User/ForgotPassword`, { json: { userName: `x${i}@demo.ng`, student: true } });
    expect((await b.call(`${AUTH}/Account/User/ForgotPassword`, { json: { userName: 'x9@demo.ng', student: true } })).status).toBe(429);
  });

  it('resets a password once with the e-mailed link, and signs out every session', async () => {
    const email = 'reset-me@demo.ng';
    await register(validRegistration(email), '10.4.2.1');
    const session = new Browser(app);
    await session.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: email, password: 'Okra#Soup2026' } });
    await new Browser(app, '10.4.2.2').call(`${AUTH}/Account/User/ForgotPassword`, { json: { userName: email, student: true } });
    const token = tokenFrom((await lastMailTo(email))!.text);

    const reset = await new Browser(app).call(`${AUTH}/Account/User/ResetPassword`, { json: { token, password: 'Jollof#Rice2026' } });
    expect(reset.status).toBe(200);
    expect(reset.body.description).toBe('Password changed successfully');
    const again = await new Browser(app).call(`${AUTH}/Account/User/ResetPassword`, { json: { token, password: 'Suya#Night2026' } });
    expect(again.status).toBe(400);
    expect(again.body.description).toBe('This password reset link is invalid or has expired. Please request a new one.');

    expect((await session.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' } })).status).toBe(401);
    const old = await new Browser(app, '10.4.2.3').call(`${AUTH}/Account/Student/SignIn`, { json: { userName: email, password: 'Okra#Soup2026' } });
    expect(old.status).toBe(401);
    const fresh = await new Browser(app, '10.4.2.3').call(`${AUTH}/Account/Student/SignIn`, { json: { userName: email, password: 'Jollof#Rice2026' } });
    expect(fresh.status).toBe(200);
  });

  it('refuses a reset link after 30 minutes', async () => {
    const email = 'slow-reset@demo.ng';
    await register(validRegistration(email), '10.4.3.1');
    await new Browser(app, '10.4.3.2').call(`${AUTH}/Account/User/ForgotPassword`, { json: { userName: email, student: true } });
    const token = tokenFrom((await lastMailTo(email))!.text);
    app.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    expect((await new Browser(app).call(`${AUTH}/Account/User/ResetPassword`, { json: { token, password: 'Jollof#Rice2026' } })).status).toBe(400);
  });

  it('sends staff reset links to the admin app, looked up by user name', async () => {
    await new Browser(app, '10.4.4.1').call(`${AUTH}/Account/User/ForgotPassword`, { json: { userName: superAdmin.userName, student: false } });
    expect((await lastMailTo(superAdmin.email))?.text).toContain('http://localhost:8080/admin/change-password?token=');
  });

  it('forces the institution admin to change password, then clears the flag', async () => {
    const b = new Browser(app);
    const signIn = await b.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: institutionAdmin.userName, password: institutionAdmin.password } });
    expect(signIn.body.data.isFirstLogin).toBe(true);
    const change = (json: Record<string, string>) => b.call(`${AUTH}/Account/User/ChangePassword`, { json });

    expect((await change({ userName: institutionAdmin.userName, oldPassword: '', password: 'Akara#Morning26' })).body.description).toBe('Current Password is required');
    expect((await change({ userName: institutionAdmin.userName, oldPassword: institutionAdmin.password, password: '' })).body.description).toBe('New Password is required');
    expect((await change({ userName: institutionAdmin.userName, oldPassword: institutionAdmin.password, password: 'weak' })).body.description).toBe(PASSWORD_RULE_MESSAGE);
    expect((await change({ userName: institutionAdmin.userName, oldPassword: institutionAdmin.password, password: institutionAdmin.password })).body.description).toBe(
      'Current password and New password can not be the same',
    );
    const wrong = await change({ userName: institutionAdmin.userName, oldPassword: 'Not#Mine2026', password: 'Akara#Morning26' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.description).toBe('Current password is incorrect');
    const other = await change({ userName: superAdmin.userName, oldPassword: institutionAdmin.password, password: 'Akara#Morning26' });
    expect(other.status).toBe(403);

    const ok = await change({ userName: institutionAdmin.userName, oldPassword: institutionAdmin.password, password: 'Akara#Morning26' });
    expect(ok.status).toBe(200);
    const refreshed = await b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'admin' } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.isFirstLogin).toBe(false);
    const audit = await app.database.db.select().from(t.auditTrail).where(eq(t.auditTrail.moduleAction, 'ChangePassword'));
    expect(audit.map((a) => a.userName)).toContain(institutionAdmin.userName);
  });

  it('needs a signed-in user to change a password', async () => {
    const res = await new Browser(app).call(`${AUTH}/Account/User/ChangePassword`, { json: { userName: learner.email, oldPassword: 'a', password: 'Akara#Morning26' } });
    expect(res.status).toBe(401);
  });
});
