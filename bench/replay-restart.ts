// A phone's outbox replaying against a server that restarts mid-replay (decision 064): 1,000
// queued progress events of one learner (REPLAY_RESTART_EVENTS), replayed by the app's own outbox
// code (learner-pwa/src/offline/outbox.ts, on fake-indexeddb) over real HTTP to a server process on
// PostgreSQL (a scratch database on DATABASE_URL's server, or the local one). While the second
// batch is in flight the server is killed (SIGKILL, once it has begun storing that batch: part of it
// applied, the answer lost)
// or stopped (SIGTERM: it finishes what it holds), then started again on the same port; the outbox
// retries as it does on a phone until nothing is left. Printed: requests, how many answers came back
// duplicate, and the rows counted: every event stored exactly once. Asserts nothing.
import 'fake-indexeddb/auto';
import type { EventResult, LearnerEvent } from '../shared/api/learning';
import { createApiClient } from '../shared/client/api-client';
import { batchSender } from '../learner-pwa/src/api/learner-events';
import { LearnerDatabase } from '../learner-pwa/src/offline/db';
import { enqueue, OUTBOX_BATCH_SIZE, replay } from '../learner-pwa/src/offline/outbox';
import { startServerProcess, type ServerProcess } from '../server/src/testing/server-process';
import { FREE_COURSES, insertLearners, loadAverage, PASSWORD, sleep } from './learners';
import { call, withScratchDatabase } from './server';

const EVENTS = Number(process.env.REPLAY_RESTART_EVENTS ?? 1000);
const PORT = 4720;

/** Resolves once the learner has more than `after` events stored (or after 5 s). */
async function storing(databaseUrl: string, userId: string, after: number) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let i = 0; i < 1000; i++) {
      const { rows } = await client.query<{ n: string }>('select count(*) n from learner_events where user_id = $1', [userId]);
      if (Number(rows[0]!.n) > after) return;
      await sleep(5);
    }
  } finally {
    await client.end();
  }
}

async function once(databaseUrl: string, signal: 'SIGKILL' | 'SIGTERM') {
  const env = { DATABASE_URL: databaseUrl, JWT_SECRET: 'replay-restart-bench-secret-0123456789-abcdef', SEED_DEMO: 'true', TRUST_PROXY: 'true' };
  let server: ServerProcess = await startServerProcess(PORT, env);
  try {
    const [email] = await insertLearners(databaseUrl, 1, `${signal.toLowerCase()}${Date.now()}`);
    const session = await call(server.url, '/Authentication/Account/Student/SignIn', { json: { userName: email, password: PASSWORD } });
    const { accessToken: token, userId } = session;
    const search = await call(server.url, '/Course/Course/Search?Page=1&PageSize=200', { json: { parameter: '' } });
    const courseId = search.items.find((c: { title: string }) => c.title === FREE_COURSES[0]).courseId;
    await call(server.url, '/Course/Course/Enroll', { token, json: { userId, courseId } });
    const content = await call(server.url, `/Course/Course/Enrolled/Details/${userId}/${courseId}`, { token });
    const sections = content.videos.flatMap((m: any) => m.items.map((s: any) => ({ module: m.courseModuleId, section: s.courseModuleItemId })));

    const db = new LearnerDatabase(`replay-restart-${crypto.randomUUID()}`);
    let clock = Date.now() - 86_400_000;
    for (let n = 0; n < EVENTS; n++) {
      const where = sections[n % sections.length]!;
      const event = { type: 'progress', eventId: crypto.randomUUID(), courseId, currentModule: where.module, currentSection: where.section, secondsWatched: (n * 5) % 600, isCompleted: false, lastDateVisted: new Date((clock += 5000)).toISOString() };
      await enqueue(db, userId, event as unknown as LearnerEvent);
    }

    const api = createApiClient({ app: 'learner', baseUrl: server.url, getAccessToken: () => token, onSession: () => undefined, onSessionExpired: () => undefined });
    const sendBatch = batchSender(api);
    const outcomes: Record<string, number> = { applied: 0, duplicate: 0, rejected: 0 };
    let requests = 0;
    let replays = 0;
    let restarted: Promise<void> | null = null;
    const send = async (user: string, batch: LearnerEvent[]): Promise<EventResult[]> => {
      requests++;
      const answer = sendBatch(user, batch);
      if (requests === 2 && !restarted) {
        // The second batch has left the phone: take the server down under it, then bring it back.
        restarted = (async () => {
          // SIGKILL once the server has begun storing this batch: some of it is applied, its answer lost.
          if (signal === 'SIGKILL') await storing(databaseUrl, userId, OUTBOX_BATCH_SIZE);
          else await sleep(5);
          const old = server;
          process.kill(old.pid, signal);
          await old.stop();
          server = await startServerProcess(PORT, env);
        })();
      }
      const results = await answer;
      for (const r of results) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
      return results;
    };
    const started = performance.now();
    let remaining = EVENTS;
    let failedRequests = 0;
    while (remaining > 0 && performance.now() - started < 180_000) {
      replays++;
      const report = await replay(db, userId, { force: true, send });
      remaining = report.remaining;
      if (report.stopped === 'retry') failedRequests++;
      if (remaining) await sleep(500);
    }
    await restarted;
    const seconds = (performance.now() - started) / 1000;
    await db.delete();

    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ rows: string; ids: string }>('select count(*) as rows, count(distinct id) as ids from learner_events where user_id = $1', [userId]);
    await client.end();
    return {
      restart: signal === 'SIGKILL' ? 'killed (SIGKILL)' : 'stopped (SIGTERM)',
      events: EVENTS,
      requests,
      failedRequests,
      replays,
      seconds: +seconds.toFixed(1),
      applied: outcomes.applied,
      duplicate: outcomes.duplicate,
      rejected: outcomes.rejected,
      leftQueued: remaining,
      rowsStored: Number(rows[0]!.rows),
      distinctEvents: Number(rows[0]!.ids),
      missing: EVENTS - Number(rows[0]!.ids),
      twice: Number(rows[0]!.rows) - Number(rows[0]!.ids),
    };
  } finally {
    await server.stop();
  }
}

export async function replayRestartBench() {
  const loadBefore = await loadAverage();
  const rows = await withScratchDatabase('rivet_bench_replay_restart', async (url) => [await once(url, 'SIGKILL'), await once(url, 'SIGTERM')]);
  return rows.map((r) => ({ ...r, loadBefore }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Outbox replay of ${EVENTS} queued events against a server restarted while the second batch is in flight (every event stored once; decision 064)`);
  console.table(await replayRestartBench());
}
