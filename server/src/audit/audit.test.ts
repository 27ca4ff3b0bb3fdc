// The audit declaration at work: an audited staff endpoint writes its row (user, address, browser,
// record, description) in the transaction that makes the change, so a change that fails leaves
// no row and a handler that forgets its row does not answer success. The endpoints here exist
// only in this test; real ones are declared in shared/api (docs/decisions/021).
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEndpoint, staffWith } from '@rivet/shared/api/contract';
import { ROLES } from '@rivet/shared/domain/permissions';
import * as t from '../db/schema';
import { bind, errorResponse } from '../http/bind';
import type { AppEnv, Caller } from '../http/context';
import { AppError } from '../http/errors';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const superAdmin = ROLES.find((r) => r.name === 'SUPER ADMIN')!;

const rename = (path: string) =>
  defineEndpoint({
    service: 'Institution',
    method: 'PUT',
    path,
    summary: 'test: rename a partner',
    access: staffWith('manageinstitution'),
    audit: { module: 'Institution', action: 'Rename' },
    body: v.object({ id: v.number(), name: v.string() }),
    data: v.null(),
  });

describe.each(testDrivers())('audited staff endpoints on %s', (driver) => {
  let app: TestApp;
  let caller: Caller;
  const api = new Hono<AppEnv>();

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    const [admin] = await db.select().from(t.users).where(eq(t.users.userName, 'superadmin'));
    caller = { userId: admin!.id, userName: 'superadmin', role: superAdmin.name, roleId: superAdmin.id, roleType: 0, permissions: [...superAdmin.permissions], institutionId: admin!.institutionId, sessionId: 's' };
    api.use(async (c, next) => {
      c.set('ip', '10.1.2.3');
      c.set('log', pino({ level: 'silent' }));
      c.set('caller', caller);
      await next();
    });
    bind(api, rename('Test/Rename'), async ({ body, audit }) => {
      await db.transaction(async (tx) => {
        await tx.update(t.institutions).set({ name: body.name }).where(eq(t.institutions.id, body.id));
        await audit.write(tx, body.id, `Renamed partner ${body.id} to ${body.name}`);
      });
      return { data: null };
    });
    bind(api, rename('Test/RenameThenFail'), async ({ body, audit }) => {
      await db.transaction(async (tx) => {
        await tx.update(t.institutions).set({ name: body.name }).where(eq(t.institutions.id, body.id));
        await tx.insert(t.auditTrail).values(audit.row(body.id, 'never kept'));
        throw new AppError(409, 'conflict', 'The partner changed meanwhile.');
      });
      return { data: null };
    });
    bind(api, rename('Test/RenameWithoutAudit'), async ({ body }) => {
      await db.update(t.institutions).set({ name: body.name }).where(eq(t.institutions.id, body.id));
      return { data: null };
    });
    api.onError((error, c) => errorResponse(c, error instanceof AppError ? error : new AppError(500, 'server_error', 'Something went wrong on our side. Please try again.')));
  });
  afterAll(() => app?.close());

  const put = (path: string, json: unknown) =>
    api.request(`/api/Institution/${path}`, { method: 'PUT', body: JSON.stringify(json), headers: { 'content-type': 'application/json', 'user-agent': 'AuditTest/1.0' } });
  const partner = async (code: string) => (await app.database.db.select().from(t.institutions).where(eq(t.institutions.code, code)))[0]!;
  const rows = (action: string) => app.database.db.select().from(t.auditTrail).where(eq(t.auditTrail.moduleAction, action));

  it('writes the row with the change: user, address, browser, record and description', async () => {
    const lbs = await partner('LBS');
    expect((await put('Test/Rename', { id: lbs.id, name: 'LBS renamed' })).status).toBe(200);
    expect((await partner('LBS')).name).toBe('LBS renamed');
    expect(await rows('Rename')).toEqual([
      expect.objectContaining({
        userId: caller.userId,
        userName: 'superadmin',
        institutionId: caller.institutionId,
        ipAddress: '10.1.2.3',
        browser: 'AuditTest/1.0',
        moduleName: 'Institution',
        moduleAction: 'Rename',
        record: String(lbs.id),
        description: `Renamed partner ${lbs.id} to LBS renamed`,
      }),
    ]);
  });

  it('keeps neither the change nor the row when the transaction fails', async () => {
    const before = await partner('UNILAG');
    const res = await put('Test/RenameThenFail', { id: before.id, name: 'Never' });
    expect(res.status).toBe(409);
    expect((await partner('UNILAG')).name).toBe(before.name);
    expect((await rows('Rename')).filter((r) => r.description === 'never kept')).toEqual([]);
  });

  it('does not answer success when an audited handler wrote no row', async () => {
    const lbs = await partner('LBS');
    const res = await put('Test/RenameWithoutAudit', { id: lbs.id, name: 'Unaudited' });
    expect(res.status).toBe(500);
  });

  it('refuses staff without the permission before anything is written', async () => {
    const report = ROLES.find((r) => r.name === 'RIVET REPORT')!;
    const saved = caller;
    caller = { ...caller, role: report.name, roleId: report.id, permissions: [...report.permissions] };
    try {
      const lbs = await partner('LBS');
      expect((await put('Test/Rename', { id: lbs.id, name: 'Refused' })).status).toBe(403);
      expect((await partner('LBS')).name).not.toBe('Refused');
    } finally {
      caller = saved;
    }
  });
});
