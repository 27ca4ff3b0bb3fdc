// Two real server processes on one PostgreSQL database and one Redis (docs/decisions/054): a rate
// limit is counted across both, a course deactivated through one disappears from the other's
// cached catalogue search at once, not when its cache expires, and a user deactivated through one
// has their access token refused by the other within moments (decision 084).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../authentication/passwords';
import { openPostgres, type DatabaseHandle } from '../db/client';
import * as t from '../db/schema';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { adminQuery, REDIS_URL, scratchDatabase, sharedServicesMissing } from '../testing/services';
import { roleIdOf } from '../testing/staff-fixtures';

const missing = await sharedServicesMissing({ postgres: true, redis: true });
if (missing) console.warn(`two-processes.test.ts ${missing}`);

const PORTS = [4400, 4401] as const;
const PASSWORD = 'Staff#Member2026';

describe.skipIf(missing)('two server processes on one PostgreSQL and one Redis', { timeout: 120_000 }, () => {
  const { name, url: databaseUrl } = scratchDatabase('rivet_two');
  let servers: ServerProcess[] = [];
  let database: DatabaseHandle;
  // A run of its own: its addresses are counted in Redis apart from any other run's.
  const run = randomBytes(2);
  const address = (n: number) => `10.${run[0]}.${run[1]}.${n}`;


  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      JWT_SECRET: 'two-processes-share-this-signing-secret-0123456789',
      SEED_DEMO: 'true',
      TRUST_PROXY: 'true',
      // Long enough that only an invalidation, never expiry, can explain a fresh answer.
      SEARCH_CACHE_SECONDS: '600',
      // Likewise for users' session versions (decision 084): only the Redis message can explain a refusal.
      SESSION_CHECK_SECONDS: '600',
      RATE_LIMIT_SIGNIN_PER_IP: '4',
    };
    // Started together: the second waits for the first's migrations and seed (the startup lock).
    servers = await Promise.all(PORTS.map((port) => startServerProcess(port, env)));
    database = await openPostgres(databaseUrl, { max: 2 });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    if (!missing) await adminQuery(`drop database if exists ${name} with (force)`);
  }, 60_000);

  const call = (server: ServerProcess, path: string, init: { json?: unknown; ip: string; token?: string; method?: string }) =>
    fetch(`${server.url}/api/${path}`, {
      method: init.method ?? (init.json ? 'POST' : 'GET'),
      headers: {
        'x-forwarded-for': init.ip,
        ...(init.json ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.json ? JSON.stringify(init.json) : undefined,
    });

  it('counts failed sign-ins from one address across both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(servers[i % 2]!, 'Authentication/Account/Student/SignIn', { json: { userName: `nobody${i}@example.com`, password: 'wrong-password-1' }, ip: address(1) });
      statuses.push(res.status);
    }
    // 4 per address: two on each process, then both refuse — each alone would have allowed 4.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const other = await call(servers[1]!, 'Authentication/Account/Student/SignIn', { json: { userName: 'nobody@example.com', password: 'wrong-password-1' }, ip: address(2) });
    expect(other.status).toBe(401);
  });

  it('shows a course deactivated through one process as gone through the other, though its search answer was cached', async () => {
    const db = database.db;
    const partner = await insertInstitution(db, { fullName: 'Two Process Institute' });
    const course = await insertCourse(db, { institutionId: partner.id, title: 'Xylophone Repair Across Processes' });
    const [user] = await db
      .insert(t.users)
      .values({ userName: 'two.process.admin', email: 'two.process.admin@staff.demo.ng', firstName: 'Bola', passwordHash: await hashPassword(PASSWORD), roleId: roleIdOf('RIVET ADMIN') })
      .returning({ id: t.users.id });
    await db.insert(t.staffProfiles).values({ userId: user!.id });
    const signIn = await call(servers[0]!, 'Authentication/Account/Admin/SignIn', { json: { userName: 'two.process.admin', password: PASSWORD }, ip: address(3) });
    expect(signIn.status, servers[0]!.output()).toBe(200);
    const token = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;

    const titles = async (server: ServerProcess) => {
      const res = await call(server, 'Course/Course/Search?Page=1&PageSize=10', { json: { parameter: 'xylophone', institutionIds: [partner.id] }, ip: address(4) });
      return ((await res.json()) as { data: { items: { title: string }[] } }).data.items.map((i) => i.title);
    };
    // Both processes now hold the answer in their caches (for 10 minutes).
    expect(await titles(servers[1]!)).toEqual(['Xylophone Repair Across Processes']);
    expect(await titles(servers[0]!)).toEqual(['Xylophone Repair Across Processes']);
    // The cache really holds: a change behind the server's back is not seen.
    await db.update(t.courses).set({ title: 'Xylophone Repair Renamed Quietly' }).where(eq(t.courses.id, course.id));
    expect(await titles(servers[1]!)).toEqual(['Xylophone Repair Across Processes']);

    const toggled = await call(servers[0]!, `Course/Course/Toggle/${course.id}`, { method: 'POST', ip: address(3), token });
    expect(toggled.status).toBe(200);
    expect(await titles(servers[0]!)).toEqual([]);
    // The other process hears of it through Redis within moments; bounded wait, no timing asserted.
    let seen = await titles(servers[1]!);
    for (let i = 0; i < 100 && seen.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await titles(servers[1]!);
    }
    expect(seen).toEqual([]);

    await call(servers[1]!, `Course/Course/Toggle/${course.id}`, { method: 'POST', ip: address(3), token });
    let back = await titles(servers[0]!);
    for (let i = 0; i < 100 && !back.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
      back = await titles(servers[0]!);
    }
    expect(back).toEqual(['Xylophone Repair Renamed Quietly']);
  });

  it('refuses, through the other process within moments, the token of a user deactivated through one', async () => {
    const db = database.db;
    const [platform] = await db.select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.code, 'RIVET'));
    const staff = async (userName: string, role: Parameters<typeof roleIdOf>[0]) => {
      const [user] = await db
        .insert(t.users)
        .values({ userName, email: `${userName}@staff.demo.ng`, firstName: 'Bola', passwordHash: await hashPassword(PASSWORD), roleId: roleIdOf(role), institutionId: platform!.id })
        .returning({ id: t.users.id });
      await db.insert(t.staffProfiles).values({ userId: user!.id });
      return user!.id;
    };
    const signedIn = async (server: ServerProcess, userName: string, n: number) => {
      const res = await call(server, 'Authentication/Account/Admin/SignIn', { json: { userName, password: PASSWORD }, ip: address(n) });
      expect(res.status, server.output()).toBe(200);
      return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
    };
    await staff('two.process.super', 'SUPER ADMIN');
    const reporterId = await staff('two.process.reporter', 'RIVET ADMIN');
    const superToken = await signedIn(servers[0]!, 'two.process.super', 5);
    const reporterToken = await signedIn(servers[1]!, 'two.process.reporter', 6);
    // A call the role allows, through the second process: the user's version is now kept there (for 10 minutes).
    const probe = () => call(servers[1]!, 'Authentication/RolePermissionManager/GetAllRoles', { ip: address(6), token: reporterToken });
    const before = await probe();
    expect(before.status, await before.text()).toBe(200);

    const off = await call(servers[0]!, `Authentication/Account/User/ActivateDeactivateUser?id=${reporterId}&isActive=false`, { method: 'DELETE', ip: address(5), token: superToken });
    expect(off.status).toBe(200);
    const started = Date.now();
    let status = (await probe()).status;
    for (let i = 0; i < 100 && status !== 401; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await probe()).status;
    }
    expect(status).toBe(401);
    // Generous for a loaded machine; the message itself takes milliseconds.
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
