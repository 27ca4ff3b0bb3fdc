import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@rivet/shared/api/endpoints';
import * as t from './db/schema';
import { seed } from './db/seed/seed';
import { createTestApp, type TestApp } from './testing/test-app';
import { testDrivers } from './testing/test-database';

describe.each(testDrivers())('platform on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  it('reports health with the database status', async () => {
    const res = await app.fetch('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { status: 'ok', database: { kind: driver, status: 'up' }, payments: 'sandbox' } });
  });

  it('seeds the spec’s permissions, roles and reference data, and a second seed adds nothing', async () => {
    const db = app.database.db;
    const counts = async () => ({
      permissions: (await db.select({ n: count() }).from(t.permissions))[0]!.n,
      roles: (await db.select({ n: count() }).from(t.roles))[0]!.n,
      links: (await db.select({ n: count() }).from(t.rolePermissions))[0]!.n,
      countries: (await db.select({ n: count() }).from(t.countries))[0]!.n,
      languages: (await db.select({ n: count() }).from(t.languages))[0]!.n,
      categories: (await db.select({ n: count() }).from(t.courseCategories))[0]!.n,
      institutions: (await db.select({ n: count() }).from(t.institutions))[0]!.n,
      users: (await db.select({ n: count() }).from(t.users))[0]!.n,
    });
    const before = await counts();
    expect(before).toMatchObject({ permissions: 27, roles: 6, languages: 6, categories: 3, institutions: 5, users: 23 });
    expect(before.countries).toBeGreaterThan(240);
    const [institutionAdmin] = await db.select().from(t.roles).where(eq(t.roles.name, 'INSTITUTION ADMIN'));
    expect(institutionAdmin).toMatchObject({ id: 14, roleType: 1 });
    await seed(db, { demo: true });
    expect(await counts()).toEqual(before);
  });

  it('lists countries with id, countryName and code1', async () => {
    const body = await (await app.fetch('/api/Institution/Institution/Countries')).json();
    expect(body.data).toContainEqual({ id: expect.any(Number), countryName: 'Nigeria', code1: 'NG' });
  });

  it('lists active course categories and languages', async () => {
    const categories = await (await app.fetch('/api/Course/CourseCategory/List?IsActive=true')).json();
    expect(categories.data.items.map((c: { name: string }) => c.name)).toEqual(['Digital Skills', 'Leadership, Business and Management', 'Productivity']);
    const paged = await (await app.fetch('/api/Course/CourseCategory/List?UsePaging=true&Page=2&PageSize=2')).json();
    expect(paged.data).toMatchObject({ totalRows: 3, items: [{ name: 'Productivity' }] });
    const languages = await (await app.fetch('/api/Course/Language/List?isActive=false&usePaging=false')).json();
    expect(languages.data.items.map((l: { name: string }) => l.name)).toContain('Yoruba');
  });

  it('publishes an OpenAPI document covering every endpoint of the contract, and a reference page', async () => {
    const doc = await (await app.fetch('/api/openapi.json')).json();
    for (const e of ALL_ENDPOINTS) expect(doc.paths[`/api/${e.service}/${e.path}`]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeDefined();
    const page = await app.fetch('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/Authentication/Account/Student/SignIn');
  });

  it('sends security headers, without HSTS over plain http', async () => {
    const res = await app.fetch('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const permissions = res.headers.get('permissions-policy');
    expect(permissions).toContain('camera=()');
    expect(permissions).toContain('microphone=()');
    expect(permissions).toContain('geolocation=()');
    expect(permissions).toContain('payment=()');
    expect(permissions).toContain('fullscreen=(self)');
    // Chromium logs 'Unrecognized feature' on every page for a name it does not know (decision 095).
    expect(permissions).not.toContain('bluetooth');
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await app.fetch('/api/Course/Nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 'not_found' });
  });
});

describe('with both apps built', () => {
  it('lists the runtime-config script’s hash once in the CSP (both apps inject the same script)', async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'rivet-static-'));
    for (const name of ['learner-pwa', 'admin-spa']) {
      mkdirSync(join(staticDir, name));
      writeFileSync(join(staticDir, name, 'index.html'), '<!doctype html><html><head><title>Rivet</title></head><body></body></html>');
    }
    const app = await createTestApp('pglite', { staticDir });
    try {
      const csp = (await app.fetch('/')).headers.get('content-security-policy')!;
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
      expect(scriptSrc.match(/'sha256-/g)).toHaveLength(1);
    } finally {
      await app.close();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

describe('with Paystack keys', () => {
  it('reports Paystack in health and lets its popup use the Payment Request API', async () => {
    const app = await createTestApp('pglite', { payments: { paystack: { secretKey: 'sk_test_x', publicKey: 'pk_test_x', baseUrl: 'http://127.0.0.1:9' } } });
    try {
      const res = await app.fetch('/api/health');
      expect((await res.json()).data.payments).toBe('paystack');
      expect(res.headers.get('permissions-policy')).toContain('payment=(self "https://checkout.paystack.com")');
    } finally {
      await app.close();
    }
  });
});

describe('behind https', () => {
  it('adds HSTS', async () => {
    const app = await createTestApp('pglite', { publicUrl: 'https://rivet.ng' });
    try {
      const res = await app.fetch('/api/health');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await app.close();
    }
  });
});
