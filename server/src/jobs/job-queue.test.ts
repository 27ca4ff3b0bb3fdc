// The job queue (docs/decisions/033) on the embedded PGlite and, with DATABASE_URL, on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { openTestDatabase, testDrivers } from '../testing/test-database';
import { createJobQueue, type JobQueue } from './job-queue';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDrivers())('job queue on %s', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function fresh(): Promise<DatabaseHandle> {
    const database = await openTestDatabase(driver);
    cleanups.push(() => database.close());
    return database;
  }
  function queueOn(database: DatabaseHandle): JobQueue {
    const queue = createJobQueue(database, log);
    cleanups.push(() => queue.stop());
    return queue;
  }

  it('retries a failing job up to its limit, then reports it failed with the last reason', async () => {
    const queue = queueOn(await fresh());
    const tries: number[] = [];
    const failed: { data: object; reason: string | null }[] = [];
    queue.work<{ n: number }>(
      'flaky',
      {
        async run(job) {
          tries.push(job.retryCount);
          throw new Error(`try ${job.retryCount} failed`);
        },
        async onFailed(data, reason) {
          failed.push({ data, reason });
        },
      },
      // No delay, so the test need not wait; the backoff is checked below.
      { retryLimit: 2, retryDelaySeconds: 0 },
    );
    const id = (await queue.enqueue('flaky', { n: 7 }))!;
    await queue.drain();
    expect(tries).toEqual([0, 1, 2]);
    expect(await queue.state('flaky', id)).toMatchObject({ state: 'failed', retryCount: 2 });
    expect(failed).toEqual([{ data: { n: 7 }, reason: 'try 2 failed' }]);
  });

  it('backs off: each retry waits longer than the one before', async () => {
    const queue = queueOn(await fresh());
    queue.work('slow', { run: () => Promise.reject(new Error('down')) }, { retryLimit: 5, retryDelaySeconds: 60 });
    const id = (await queue.enqueue('slow', {}))!;
    expect(await queue.drain()).toBe(1);
    // A retry is not due yet: drain() leaves it.
    const first = await queue.state('slow', id);
    expect(first).toMatchObject({ state: 'retry' });
    const wait = first!.startAfter.getTime() - Date.now();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThan(125_000);
  });

  it('retries a job left running by a process that died, once its lease has run out', async () => {
    const database = await fresh();
    // The first process takes the job and dies in the middle of it (it never finishes nor stops).
    const crashed = createJobQueue(database, log);
    cleanups.push(() => crashed.stop());
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    crashed.work('lease', { run: () => (started(), new Promise(() => undefined)) }, { expireInSeconds: 1, retryDelaySeconds: 0 });
    const id = (await crashed.enqueue('lease', { file: 1 }))!;
    void crashed.drain();
    await running;
    expect(await crashed.state('lease', id)).toMatchObject({ state: 'active' });

    // The next process (a restart) finds it once the lease is over.
    const restarted = queueOn(database);
    const done: number[] = [];
    restarted.work<{ file: number }>('lease', { run: async (job) => void done.push(job.data.file) }, { expireInSeconds: 1, retryDelaySeconds: 0 });
    expect(await restarted.drain()).toBe(0);
    await sleep(1_200);
    await restarted.supervise();
    expect(await restarted.drain()).toBe(1);
    expect(done).toEqual([1]);
    expect(await restarted.state('lease', id)).toMatchObject({ state: 'completed', retryCount: 1 });
  });

  it('keeps queued jobs across a restart', async () => {
    if (driver !== 'pglite') return; // a data directory is PGlite's own: PostgreSQL keeps its data anyway
    const dir = mkdtempSync(join(tmpdir(), 'rivet-queue-'));
    try {
      const first = await openPglite(dir);
      const before = createJobQueue(first, log);
      before.work('mail', { run: async () => undefined });
      await before.enqueue('mail', { to: 'ada@demo.ng' });
      await before.stop();
      await first.close();

      const second = await openPglite(dir);
      const after = createJobQueue(second, log);
      const seen: object[] = [];
      after.work('mail', { run: async (job) => void seen.push(job.data) });
      expect(await after.drain()).toBe(1);
      expect(seen).toEqual([{ to: 'ada@demo.ng' }]);
      await after.stop();
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs each job once when two server processes work the same queue', async () => {
    if (driver !== 'postgres') return; // PGlite is one process's embedded database
    const database = await fresh();
    // A second connection pool to the same database: another server process.
    const other = await openPostgres(await databaseUrlOf(database), { max: 4 });
    cleanups.push(() => other.close());
    const runs = new Map<number, number>();
    const handler = {
      async run(job: { data: { n: number } }) {
        runs.set(job.data.n, (runs.get(job.data.n) ?? 0) + 1);
        await sleep(5);
      },
    };
    const a = queueOn(database);
    const b = queueOn(other);
    a.work('once', handler, { concurrency: 3 });
    b.work('once', handler, { concurrency: 3 });
    for (let n = 0; n < 30; n++) await a.enqueue('once', { n });
    // Both as the server runs them: polling workers, three jobs at a time each.
    await Promise.all([a.start({ pollingIntervalSeconds: 0.5 }), b.start({ pollingIntervalSeconds: 0.5 })]);
    for (let waited = 0; [...runs.values()].reduce((x, y) => x + y, 0) < 30 && waited < 20_000; waited += 100) await sleep(100);
    await Promise.all([a.stop(), b.stop()]);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual([...Array(30).keys()]);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('keeps one schedule for a recurring job however many processes declare it', async () => {
    if (driver !== 'postgres') return;
    const database = await fresh();
    const other = await openPostgres(await databaseUrlOf(database), { max: 4 });
    cleanups.push(() => other.close());
    const a = queueOn(database);
    const b = queueOn(other);
    for (const queue of [a, b]) {
      queue.work('every-five', { run: async () => undefined });
      queue.every('every-five', '*/5 * * * *');
    }
    await Promise.all([a.start(), b.start()]);
    const rows = (await database.sql.executeSql('select name, cron from pgboss.schedule')) as { rows: { name: string; cron: string }[] };
    expect(rows.rows).toEqual([{ name: 'every-five', cron: '*/5 * * * *' }]);
  });
});

/** The connection string of a test database (openTestDatabase names it). */
async function databaseUrlOf(database: DatabaseHandle): Promise<string> {
  const rows = (await database.sql.executeSql('select current_database() as name')) as { rows: { name: string }[] };
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows.rows[0]!.name}`;
  return url.toString();
}
