import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const SIGN_IN = `${AUTH}/Account/Student/SignIn`;

describe.each(testDrivers())('request bodies on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  const post = async (path: string, body: BodyInit | undefined, contentType?: string) => {
    const res = await app.fetch(path, { method: 'POST', body, headers: contentType ? { 'content-type': contentType } : {} });
    return { status: res.status, body: (await res.json()) as { success: boolean; description: string; code: string } };
  };

  it('refuses malformed JSON instead of reading it as {}', async () => {
    for (const broken of ['{"userName": "learner@demo.ng",', '{userName: 1}', 'undefined', "{'a':1}"]) {
      const res = await post(SIGN_IN, broken, 'application/json');
      expect([res.status, res.body.description], broken).toEqual([400, 'Request body must be JSON']);
      expect(res.body).toMatchObject({ success: false, code: 'invalid_input' });
    }
  });

  it('refuses JSON sent as text/plain, or with no type at all', async () => {
    const json = JSON.stringify({ userName: 'learner@demo.ng', password: 'Learn#Naija2026' });
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', undefined]) {
      const res = await post(SIGN_IN, json, type);
      expect([res.status, res.body.description], String(type)).toEqual([400, 'Request body must be JSON']);
    }
  });

  it('reads JSON declared with a charset or a +json type', async () => {
    const json = JSON.stringify({ userName: 'learner@demo.ng', password: 'Learn#Naija2026' });
    expect((await post(SIGN_IN, json, 'application/json; charset=utf-8')).status).toBe(200);
    expect((await post(SIGN_IN, json, 'application/vnd.rivet+json')).status).toBe(200);
  });

  it('refuses JSON that is not an object', async () => {
    for (const value of ['[]', '"text"', '42', 'true']) {
      const res = await post(SIGN_IN, value, 'application/json');
      expect([res.status, res.body.description], value).toEqual([400, 'Request body must be a JSON object']);
    }
  });

  it('treats a request with no body as one with no fields: each says it is missing', async () => {
    expect((await post(SIGN_IN, undefined)).body.description).toBe('email is required');
    expect((await post(SIGN_IN, '', 'application/json')).body.description).toBe('email is required');
    expect((await post(SIGN_IN, 'null', 'application/json')).body.description).toBe('email is required');
  });

  it('refuses a multipart endpoint’s fields sent as JSON', async () => {
    const learner = new Browser(app);
    const { userId } = (await learner.call(SIGN_IN, { json: { userName: DEMO_ACCOUNTS.learner.email, password: DEMO_ACCOUNTS.learner.password } })).body.data;
    const res = await learner.call(`${AUTH}/Account/Student/UpdateStudentProfile`, { method: 'PUT', json: { Id: userId, 'UpdateProfiles.FirstName': 'Chioma' } });
    expect([res.status, res.body.description]).toEqual([400, 'Send the form as multipart/form-data.']);
  });
});
