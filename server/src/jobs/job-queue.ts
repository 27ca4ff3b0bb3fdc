// A durable job queue in the database (docs/decisions/033): pg-boss, over the server's own
// connection (PGlite's single one, or the PostgreSQL pool), in its own `pgboss` schema.
//
// A job is a row: it survives a restart, and one stuck 'active' by a process that died is retried
// once its lease (`expireInSeconds`) runs out. Failures are retried up to `retryLimit` times with
// exponential backoff. Workers claim jobs with FOR UPDATE SKIP LOCKED, so several server processes
// share one queue and each job runs once. When a job has failed for good (its last try threw, or
// its last lease ran out), `onFailed` runs with its payload (through a dead-letter queue, so this
// also happens when the process running it died).
//
// Nothing runs until asked: `start()` (main.ts) polls with workers; `drain()` runs every job that
// is due in this process and returns (tests, the benchmark). `stop()` lets running jobs finish
// (or abort through their signal) and ends every timer.
import { PgBoss, type Db, type Job as BossJob } from 'pg-boss';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client';

export interface JobPolicy {
  /** Tries after the first; default 3. */
  retryLimit?: number;
  /** Wait before the first retry, doubled (with jitter) for each further one; default 30 s. */
  retryDelaySeconds?: number;
  /** Cap on the backoff; default 1 hour. */
  retryDelayMaxSeconds?: number;
  /** The lease: a try running longer (or whose process died) counts as failed and is retried; default 15 minutes. */
  expireInSeconds?: number;
  /** Jobs of this name one process runs at once; default 1. */
  concurrency?: number;
  /** How long a completed job's row (and payload) is kept; default 7 days. */
  deleteAfterSeconds?: number;
}

export interface JobContext<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first try. */
  retryCount: number;
  /** Aborted when the server stops (or the lease ran out): stop the work, the job is tried again. */
  signal: AbortSignal;
}

export interface JobHandler<T> {
  run(job: JobContext<T>): Promise<void>;
  /** The job failed for good: record it. `reason` is the last error's message, when one is known. */
  onFailed?(data: T, reason: string | null): Promise<void>;
}

export interface JobQueue {
  /** Declares a kind of job, its handler and its policy. Before the first enqueue or start. */
  work<T extends object>(name: string, handler: JobHandler<T>, policy?: JobPolicy): void;
  /** Adds a job; answers its id. `startAfterSeconds` delays it. */
  enqueue<T extends object>(name: string, payload: T, options?: { startAfterSeconds?: number; singletonKey?: string }): Promise<string | null>;
  /**
   * Runs the declared job `name` on a cron schedule (e.g. every 5 minutes: '*\/5 * * * *'), once
   * across all processes, while some process has started its workers (not in drain mode).
   */
  every(name: string, cron: string): void;
  /** Starts polling workers for every declared kind (the server process). */
  start(options?: { pollingIntervalSeconds?: number }): Promise<void>;
  /** Runs, in this process, every job that is due (of the named kinds, or all), until none is (tests and the benchmark). Answers how many ran. */
  drain(names?: readonly string[]): Promise<number>;
  /** The job's state as pg-boss records it ('created', 'retry', 'active', 'completed', 'failed'…), or null. */
  state(name: string, id: string): Promise<{ state: string; retryCount: number; startAfter: Date; output: unknown } | null>;
  /** Fails jobs whose lease ran out now, rather than at the supervisor's next round (tests). */
  supervise(): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULTS: Required<JobPolicy> = { retryLimit: 3, retryDelaySeconds: 30, retryDelayMaxSeconds: 3600, expireInSeconds: 15 * 60, concurrency: 1, deleteAfterSeconds: 7 * 24 * 3600 };
const deadLetterOf = (name: string) => `${name}__failed`;
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export function createJobQueue(database: Pick<DatabaseHandle, 'kind' | 'sql'>, log: Logger): JobQueue {
  const handlers = new Map<string, { handler: JobHandler<object>; policy: Required<JobPolicy> }>();
  const controllers = new Set<AbortController>();
  const schedules = new Map<string, string>();
  let boss: PgBoss | null = null;
  let ready: Promise<PgBoss> | null = null;
  let mode: 'idle' | 'drain' | 'workers' = 'idle';
  let stopping: Promise<void> | null = null;

  function open(workers: boolean): Promise<PgBoss> {
    ready ??= (async () => {
      const b = new PgBoss({
        db: database.sql as Db,
        backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
        schema: 'pgboss',
        // The supervisor fails expired leases and purges old jobs: only a server process needs it.
        supervise: workers,
        // pg-boss's cron: one process sends each occurrence (a singleton per slot), any worker runs it.
        schedule: workers && schedules.size > 0,
      });
      b.on('error', (error) => log.error({ err: error }, 'job queue error'));
      await b.start();
      for (const [name, { policy }] of handlers) {
        await b.createQueue(deadLetterOf(name), { retryLimit: 2, retryDelay: 60, retryBackoff: true });
        await b.createQueue(name, {
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelaySeconds,
          // pg-boss turns a zero delay into 1 s when backing off: no delay means retry at once.
          ...(policy.retryDelaySeconds > 0 ? { retryBackoff: true, retryDelayMax: policy.retryDelayMaxSeconds } : { retryBackoff: false }),
          expireInSeconds: policy.expireInSeconds,
          deleteAfterSeconds: policy.deleteAfterSeconds,
          deadLetter: deadLetterOf(name),
        });
      }
      boss = b;
      return b;
    })();
    return ready;
  }

  async function runOne(name: string, handler: JobHandler<object>, job: BossJob<object>) {
    const controller = new AbortController();
    controllers.add(controller);
    try {
      await handler.run({ id: job.id, name, data: job.data, retryCount: (job as { retryCount?: number }).retryCount ?? 0, signal: controller.signal });
    } finally {
      controllers.delete(controller);
    }
  }

  /** The dead letter's copy of a failed job: its payload and, when pg-boss kept it, the last error. */
  async function runFailed(handler: JobHandler<object>, job: BossJob<object>) {
    const output = (job as { sourceOutput?: unknown }).sourceOutput as { message?: unknown } | null | undefined;
    const reason = output && typeof output.message === 'string' ? output.message : null;
    await handler.onFailed?.(job.data, reason);
  }

  return {
    work(name, handler, policy = {}) {
      if (boss || ready) throw new Error(`job queue: declare ${name} before the queue is used`);
      handlers.set(name, { handler: handler as JobHandler<object>, policy: { ...DEFAULTS, ...policy } });
    },

    every(name, cron) {
      if (!handlers.has(name)) throw new Error(`job queue: no worker declared for ${name}`);
      if (boss || ready) throw new Error(`job queue: schedule ${name} before the queue is used`);
      schedules.set(name, cron);
    },

    async enqueue(name, payload, options = {}) {
      if (!handlers.has(name)) throw new Error(`job queue: no worker declared for ${name}`);
      const b = await open(false);
      return b.send(name, payload, {
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
    },

    async start(options = {}) {
      if (mode !== 'idle') return;
      mode = 'workers';
      const b = await open(true);
      // An upsert: every process declaring the same schedule leaves one row.
      for (const [name, cron] of schedules) await b.schedule(name, cron, {}, { missed: 'once' });
      const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
      for (const [name, { handler, policy }] of handlers) {
        await b.work<object>(name, { pollingIntervalSeconds, localConcurrency: policy.concurrency, batchSize: 1, includeMetadata: true }, async ([job]) => {
          if (job) await runOne(name, handler, job);
        });
        await b.work<object>(deadLetterOf(name), { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async ([job]) => {
          if (job) await runFailed(handler, job);
        });
      }
    },

    async drain(names) {
      if (mode === 'workers') throw new Error('job queue: drain() is for a queue without workers');
      mode = 'drain';
      if (!handlers.size) return 0;
      const b = await open(false);
      let ran = 0;
      for (;;) {
        let found = false;
        for (const [name, { handler }] of handlers) {
          if (names && !names.includes(name)) continue;
          for (const [queue, run] of [
            [name, (job: BossJob<object>) => runOne(name, handler, job)],
            [deadLetterOf(name), (job: BossJob<object>) => runFailed(handler, job)],
          ] as const) {
            const [job] = await b.fetch<object>(queue, { batchSize: 1, includeMetadata: true });
            if (!job) continue;
            found = true;
            ran++;
            try {
              await run(job);
              await b.complete(queue, job.id);
            } catch (error) {
              await b.fail(queue, job.id, { message: reasonOf(error) });
            }
          }
        }
        if (!found) return ran;
      }
    },

    async state(name, id) {
      const b = await open(false);
      const job = (await b.getJobById(name, id)) as (BossJob<object> & { state: string; retryCount: number; startAfter: Date; output: unknown }) | null;
      return job && { state: job.state, retryCount: job.retryCount, startAfter: job.startAfter, output: job.output };
    },

    async supervise() {
      const b = await open(false);
      for (const name of handlers.keys()) await b.supervise(name);
    },

    stop() {
      stopping ??= (async () => {
        for (const controller of controllers) controller.abort();
        if (!ready) return;
        const b = await ready.catch(() => null);
        // Running jobs get a moment to notice the abort; a job still running after it is retried once its lease ends.
        await b?.stop({ graceful: true, timeout: 10_000, close: false });
      })();
      return stopping;
    },
  };
}
