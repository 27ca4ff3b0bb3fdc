// The database going away under a running server (a restart, a failover): requests that need it
// are answered 503 in the standard envelope with a retry hint — never 500 — and the pool
// reconnects by itself once it is back (decision 064). PostgreSQL is reached through a TCP relay
// this test can cut, which drops the open connections as a restart would.
import { createServer, Socket, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../app';
import { sql } from 'drizzle-orm';
import { openPostgres } from './client';
import { isDatabaseUnavailable } from './errors';
import { adminQuery, POSTGRES_URL, scratchDatabase, sharedServicesMissing } from '../testing/services';
import { createTestApp, type TestApp } from '../testing/test-app';

const missing = await sharedServicesMissing({ postgres: true });
if (missing) console.warn(`database-outage.test.ts ${missing}`);

/** Relays TCP to PostgreSQL; `cut()` closes every connection and refuses new ones until `mend()`. */
function relay(target: URL) {
  const sockets = new Set<Socket>();
  let listening: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      listening = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port) || 5432, target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      listening.listen(port, '127.0.0.1', () => {
        port = (listening!.address() as { port: number }).port;
        resolve();
      });
    });
  return {
    open,
    port: () => port,
    cut: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => listening!.close(resolve));
    },
    mend: open,
  };
}

describe.skipIf(missing)('the database going away under a running server', { timeout: 60_000 }, () => {
  const { name } = scratchDatabase('rivet_outage');
  const link = relay(new URL(POSTGRES_URL));
  let app: TestApp;

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    await link.open();
    const url = new URL(POSTGRES_URL);
    url.host = `127.0.0.1:${link.port()}`;
    url.pathname = `/${name}`;
    app = await createTestApp('postgres', { database: await openPostgres(url.toString(), { max: 4 }) });
  }, 60_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    if (!missing) await adminQuery(`drop database if exists ${name} with (force)`);
  });

  const categories = () => app.fetch('/api/Course/CourseCategory/List?IsActive=true');

  it('answers 503 service_unavailable with the envelope while it is down, and recovers by itself', async () => {
    expect((await categories()).status).toBe(200);

    await link.cut();
    const down = await categories();
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.json()).toEqual({ success: false, description: DATABASE_UNAVAILABLE, data: null, code: 'service_unavailable' });
    const signIn = await app.fetch('/api/Authentication/Account/Student/SignIn', { method: 'POST', json: { userName: 'someone@example.com', password: 'Some#Password2026' } });
    expect(signIn.status).toBe(503);
    expect((await app.fetch('/api/health')).status).toBe(503);

    await link.mend();
    // No restart, no operator: the pool opens new connections on the next request.
    const back = await categories();
    expect(back.status).toBe(200);
    expect(((await back.json()) as { data: { items: unknown[] } }).data.items.length).toBeGreaterThan(0);
  });

  it('outlives the connection dropping under a transaction between two statements', async () => {
    // Unheard, node-postgres's 'error' on the checked-out client would end the process (and this run).
    const transaction = app.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await link.cut();
      await new Promise((r) => setTimeout(r, 200));
      await tx.execute(sql`select 1`);
    });
    const failure = await transaction.then(() => null, (e: unknown) => e);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await link.mend();
    expect((await categories()).status).toBe(200);
  });
});
