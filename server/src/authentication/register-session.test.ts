// Registering signs the learner in (decision 019): the answer is the session and the refresh
// cookie is set, so the app goes on without a second sign-in form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

describe.each(testDrivers())('registering on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  it('answers with a learner session and a refresh cookie that keeps it', async () => {
    const browser = new Browser(app, '10.19.0.1');
    const res = await browser.call(`${AUTH}/Account/Student/Register`, {
      json: { firstName: 'Ngozi', lastName: 'Eze', email: 'ngozi.register@demo.ng', password: 'Okra#Soup2026', age: '18-19', country: 'NG' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, description: 'Student created successfully' });
    expect(res.body.data).toMatchObject({ email: 'ngozi.register@demo.ng', firstName: 'Ngozi', role: 'STUDENT', isFirstLogin: true });
    expect(res.body.data.accessToken).toEqual(expect.any(String));
    expect(browser.cookies.has('rivet_rt_learner')).toBe(true);

    // The token opens the learner's own profile, and the cookie refreshes the session.
    const own = await browser.call(`${AUTH}/Account/Student/GetStudentByUserId?userId=${res.body.data.userId}`);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ age: '18-19', country: 'NG' });
    const refreshed = await browser.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' }, token: null });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.userId).toBe(res.body.data.userId);
  });

  it('refuses an age band under the terms\' minimum age of 18', async () => {
    const res = await new Browser(app, '10.19.0.2').call(`${AUTH}/Account/Student/Register`, {
      json: { firstName: 'Young', email: 'young.register@demo.ng', password: 'Okra#Soup2026', age: '15-19', country: 'NG' },
    });
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('Please select your age');
  });
});
