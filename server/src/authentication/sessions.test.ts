import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { REUSE_GRACE_MS } from './authentication.service';

const { learner, superAdmin, institutionAdmin } = DEMO_ACCOUNTS;

describe.each(testDrivers())('sessions on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  const signInLearner = (b: Browser, password = learner.password) =>
    b.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: learner.email, password } });

  it('signs a learner in with a session, an httpOnly refresh cookie and first-login flag', async () => {
    const b = new Browser(app);
    const res = await signInLearner(b);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, description: 'Login successfully', code: '00' });
    expect(res.body.data).toMatchObject({ userName: learner.email, firstName: 'Chioma', role: 'STUDENT', permissions: [], isFirstLogin: true });
    expect(res.body.data.accessToken).toEqual(expect.any(String));
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('rivet_rt_learner='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/Authentication\/Account/);
    expect(JSON.stringify(res.body)).not.toContain(b.cookies.get('rivet_rt_learner'));
    const again = await signInLearner(new Browser(app));
    expect(again.body.data.isFirstLogin).toBe(false);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const res = await new Browser(app).call(`${AUTH}/Account/Student/SignIn`, { json: { userName: '  LEARNER@Demo.NG ', password: learner.password } });
    expect(res.status).toBe(200);
  });

  it.each([
    [{ userName: '', password: 'x' }, 'email is required'],
    [{ password: 'x' }, 'email is required'],
    [{ userName: 'not-an-email', password: 'x' }, 'Not a valid email address'],
    [{ userName: 'a@b.ng', password: '' }, 'Password is required'],
  ])('refuses learner sign-in input %j with "%s"', async (json, message) => {
    const res = await new Browser(app).call(`${AUTH}/Account/Student/SignIn`, { json });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, description: message });
  });

  it.each([
    [{ userName: '', password: 'x' }, 'Username is required'],
    [{ userName: 'someone', password: '' }, 'Password is required'],
  ])('refuses staff sign-in input %j with "%s"', async (json, message) => {
    const res = await new Browser(app).call(`${AUTH}/Account/Admin/SignIn`, { json });
    expect(res.status).toBe(400);
    expect(res.body.description).toBe(message);
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const wrong = await signInLearner(new Browser(app, '10.1.0.1'), 'Wrong#Pass123');
    const unknown = await new Browser(app, '10.1.0.1').call(`${AUTH}/Account/Student/SignIn`, { json: { userName: 'nobody@demo.ng', password: 'Wrong#Pass123' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.description).toBe('Invalid email or password');
    expect(unknown.body.description).toBe(wrong.body.description);
  });

  it('keeps staff and learners on their own sign-in, answering the other kind as a wrong password', async () => {
    const staffOnLearner = await new Browser(app).call(`${AUTH}/Account/Student/SignIn`, { json: { userName: superAdmin.email, password: superAdmin.password } });
    expect(staffOnLearner.status).toBe(401);
    expect(staffOnLearner.body.description).toBe('Invalid email or password');
    const learnerOnAdmin = await new Browser(app).call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: learner.userName, password: learner.password } });
    expect(learnerOnAdmin.status).toBe(401);
    expect(learnerOnAdmin.body.description).toBe('Invalid username or password');
  });

  it('signs staff in with permissions, institution and the forced-change flag', async () => {
    const admin = await new Browser(app).call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: superAdmin.userName, password: superAdmin.password } });
    expect(admin.status).toBe(200);
    expect(admin.body.data).toMatchObject({ role: 'SUPER ADMIN', institutionCode: 'RIVET', isFirstLogin: false });
    expect(admin.body.data.permissions).toHaveLength(27);
    const inst = await new Browser(app).call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: institutionAdmin.userName, password: institutionAdmin.password } });
    expect(inst.body.data).toMatchObject({ role: 'INSTITUTION ADMIN', roleId: 14, roleType: 1, institutionCode: 'UNILAG', isFirstLogin: true });
  });

  it('rate-limits sign-in attempts on one account with a clear 429', async () => {
    const b = new Browser(app, '10.2.0.1');
    const body = { userName: 'target@demo.ng', password: 'Wrong#Pass123' };
    for (let i = 0; i < 5; i++) expect((await b.call(`${AUTH}/Account/Student/SignIn`, { json: body })).status).toBe(401);
    const limited = await b.call(`${AUTH}/Account/Student/SignIn`, { json: body });
    expect(limited.status).toBe(429);
    expect(limited.body.description).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('rotates the refresh token on every use and returns a fresh session', async () => {
    const b = new Browser(app);
    await signInLearner(b);
    const first = b.cookies.get('rivet_rt_learner');
    const refreshed = await b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' }, token: null });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.userName).toBe(learner.email);
    const second = b.cookies.get('rivet_rt_learner');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const b = new Browser(app);
    await signInLearner(b);
    const stolen = b.cookies.get('rivet_rt_learner')!;
    await b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' } });
    app.clock.advance(REUSE_GRACE_MS + 1000);
    const thief = new Browser(app);
    thief.cookies.set('rivet_rt_learner', stolen);
    const reuse = await thief.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.description).toBe('Session timed out');
    // The legitimate holder's newer token died with the family.
    const legit = await b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' } });
    expect(legit.status).toBe(401);
    expect(legit.body.description).toBe('Session timed out');
  });

  it('tolerates two tabs refreshing with the same token at once', async () => {
    const b = new Browser(app);
    await signInLearner(b);
    const token = b.cookies.get('rivet_rt_learner')!;
    const tab2 = new Browser(app);
    tab2.cookies.set('rivet_rt_learner', token);
    expect((await b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' } })).status).toBe(200);
    expect((await tab2.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' } })).status).toBe(200);
  });

  it('refuses a refresh without a cookie, or with the other app’s cookie', async () => {
    const none = await new Browser(app).call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' } });
    expect(none.status).toBe(401);
    const b = new Browser(app);
    await signInLearner(b);
    b.cookies.set('rivet_rt_admin', b.cookies.get('rivet_rt_learner')!);
    expect((await b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'admin' } })).status).toBe(401);
  });

  it('answers 401 once the access token expires, and a refresh brings a new one', async () => {
    const b = new Browser(app);
    await signInLearner(b);
    const me = () => b.call(`${AUTH}/Account/Student/GetStudentByUserId?userId=${encodeURIComponent(userId)}`);
    const userId = (await signInLearner(b)).body.data.userId as string;
    expect((await me()).status).toBe(200);
    app.clock.advance(16 * 60_000);
    const expired = await me();
    expect(expired.status).toBe(401);
    expect(expired.body.description).toBe('Your session has expired.');
    expect((await b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' } })).status).toBe(200);
    expect((await me()).status).toBe(200);
  });

  it('refuses a refresh token past its 30 days', async () => {
    const b = new Browser(app);
    await signInLearner(b);
    app.clock.advance(31 * 86_400_000);
    expect((await b.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' } })).status).toBe(401);
  });

  it('signs out: the refresh family is revoked and the cookie cleared', async () => {
    const b = new Browser(app);
    await signInLearner(b);
    const token = b.cookies.get('rivet_rt_learner')!;
    const out = await b.call(`${AUTH}/Account/SignOut`, { json: { app: 'learner' } });
    expect(out.status).toBe(200);
    expect(b.cookies.has('rivet_rt_learner')).toBe(false);
    const replay = new Browser(app);
    replay.cookies.set('rivet_rt_learner', token);
    expect((await replay.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' } })).status).toBe(401);
  });

  it('rejects a forged access token', async () => {
    const res = await new Browser(app).call(`${AUTH}/RolePermissionManager/GetAllPermissions`, { token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' });
    expect(res.status).toBe(401);
  });
});
