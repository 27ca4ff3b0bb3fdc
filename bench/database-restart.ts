// PostgreSQL restarted mid-load (decision 064): two server processes and Redis on a PostgreSQL
// cluster of the bench's own (bench/private-postgres.ts, port 5499). RESTART_LEARNERS learners
// (default 100) send progress in batches of 10 the way the outbox does — a batch not answered 2xx
// is sent again, same event ids, a second later — and RESTART_BUYERS of them (default 30) buy a
// paid course at random moments (price, Payment/Log, the sandbox settles it, Payment/Process, each
// step retried until it answers 2xx). At 40 % of RESTART_SECONDS (default 40) PostgreSQL stops
// (`RESTART_MODE`: fast, or immediate as a crash) and starts again RESTART_DOWN_MS later (default 5 s).
// Printed: what the servers answered while it was down (503 service_unavailable, never 500),
// how long each process took to answer again, and the rows counted against what clients were told:
// every acknowledged event exactly once, every payment told successful exactly once. Asserts nothing.
import { randomBytes } from 'node:crypto';
import { startServerProcess, type ServerProcess } from '../server/src/testing/server-process';
import { FREE_COURSES, insertLearners, loadAverage, PASSWORD, randomSource, sleep, Traffic, type Random } from './learners';
import { privatePostgres } from './private-postgres';
import { call } from './server';

const LEARNERS = Number(process.env.RESTART_LEARNERS ?? 100);
const BUYERS = Math.min(LEARNERS, Number(process.env.RESTART_BUYERS ?? 30));
const SECONDS = Number(process.env.RESTART_SECONDS ?? 40);
const DOWN_MS = Number(process.env.RESTART_DOWN_MS ?? 5000);
const MODE = (process.env.RESTART_MODE ?? 'fast') as 'fast' | 'immediate';
const SEED = Number(process.env.RESTART_SEED ?? 64);
const PORT = 5499;
const SERVER_PORTS = [4710, 4711];
const PAID_COURSES = ['Negotiation Skills for Business', 'Introduction to AI Tools at Work', 'Data Analysis with Excel and Power BI', 'Network Security Essentials'];
const BATCH = 10;

interface Told {
  /** Event ids answered applied or duplicate, per learner. */
  events: Map<string, Set<string>>;
  /** "userId:courseId" of payments answered successful. */
  payments: Set<string>;
  /** Non-2xx answers: "status code" → count. */
  refusals: Map<string, number>;
}

/** Sends until the answer is 2xx, as the outbox and the checkout page retry; the give-up bound only stops a broken run. */
async function until2xx(traffic: Traffic, told: Told, step: string, method: 'GET' | 'POST', path: string, init: Parameters<Traffic['call']>[3], deadline: number) {
  for (;;) {
    const res = await traffic.call(step, method, path, init);
    if (res.status >= 200 && res.status < 300) return res;
    const key = `${res.status} ${typeof res.body === 'object' && res.body ? res.body.code : 'no envelope'}`;
    told.refusals.set(key, (told.refusals.get(key) ?? 0) + 1);
    if (performance.now() > deadline) throw new Error(`${step}: still ${key} after the run`);
    await sleep(1000);
  }
}

async function learner(i: number, email: string, traffic: Traffic, random: Random, told: Told, ctx: { deadline: number; giveUp: number; free: number[]; paid: number[]; tag: Buffer }) {
  const ip = `10.${ctx.tag[0]}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  await sleep(random.int(0, 2000));
  const session = (await until2xx(traffic, told, 'sign in', 'POST', 'Authentication/Account/Student/SignIn', { json: { userName: email, password: PASSWORD }, ip }, ctx.giveUp)).body.data;
  const { userId, accessToken: token } = session;
  const courseId = random.pick(ctx.free);
  await until2xx(traffic, told, 'enroll', 'POST', 'Course/Course/Enroll', { json: { userId, courseId }, token, ip }, ctx.giveUp);
  const details = (await until2xx(traffic, told, 'enrolled course', 'GET', `Course/Course/Enrolled/Details/${userId}/${courseId}`, { token, ip }, ctx.giveUp)).body.data;
  const sections = details.videos.flatMap((m: any) => m.items.map((s: any) => ({ module: m.courseModuleId, section: s.courseModuleItemId })));
  const mine = new Set<string>();
  told.events.set(userId, mine);

  const buying = i < BUYERS ? buy(userId, token, ip, random.pick(ctx.paid), random.int(0, SECONDS * 1000 - 5000)) : Promise.resolve();
  let n = 0;
  let clock = Date.parse('2026-11-01T00:00:00Z');
  while (performance.now() < ctx.deadline) {
    const events = Array.from({ length: BATCH }, () => {
      const where = sections[n++ % sections.length]!;
      return { type: 'progress', eventId: crypto.randomUUID(), courseId, currentModule: where.module, currentSection: where.section, secondsWatched: n % 600, isCompleted: false, lastDateVisted: new Date((clock += 5000)).toISOString() };
    });
    const res = await until2xx(traffic, told, 'progress batch', 'POST', `Course/Course/Events/${userId}`, { json: { events }, token, ip, gzip: true }, ctx.giveUp);
    for (const r of res.body.data.results as { eventId: string; outcome: string }[]) if (r.outcome === 'applied' || r.outcome === 'duplicate') mine.add(r.eventId);
    await sleep(random.exp(1000));
  }
  await buying;

  async function buy(userId: string, token: string, ip: string, courseId: number, after: number) {
    await sleep(after);
    const price = (await until2xx(traffic, told, 'pricing', 'POST', 'Course/Course/Compute/Pricing', { json: { courseId }, token, ip }, ctx.giveUp)).body.data;
    const payment = (await until2xx(traffic, told, 'payment log', 'POST', 'Course/Payment/Log', { json: { courseId, userId, amount: price.amount, paymentChannel: 1 }, token, ip }, ctx.giveUp)).body.data;
    await until2xx(traffic, told, 'sandbox settles', 'POST', `Course/Payment/Sandbox/${payment.reference}`, { json: { outcome: 'success' }, token, ip }, ctx.giveUp);
    const result = (await until2xx(traffic, told, 'payment process', 'POST', 'Course/Payment/Process', { json: { referenceNo: payment.reference, courseId, userId }, token, ip }, ctx.giveUp)).body.data;
    if (result.status === 1) told.payments.add(`${userId}:${courseId}`);
  }
}

/** Polls each process's health: when it first answers 200 again after `since`. */
function watchRecovery(servers: ServerProcess[]) {
  const firstOk: (number | null)[] = servers.map(() => null);
  let since = Infinity;
  let stopped = false;
  const loop = Promise.all(
    servers.map(async (s, k) => {
      while (!stopped) {
        const ok = await fetch(`${s.url}/api/health`).then((r) => r.ok, () => false);
        const now = performance.now();
        if (ok && now > since && firstOk[k] === null) firstOk[k] = now;
        await sleep(100);
      }
    }),
  );
  return {
    from: (t: number) => (since = t),
    recoveredMs: () => firstOk.map((t) => (t === null ? null : Math.round(t - since))),
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

export async function databaseRestartBench() {
  const pg = privatePostgres(PORT);
  const servers: ServerProcess[] = [];
  let traffic: Traffic | null = null;
  try {
    const { default: pgClient } = await import('pg');
    const admin = new pgClient.Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query('create database rivet_restart');
    await admin.end();
    const databaseUrl = pg.url.replace(/\/postgres$/, '/rivet_restart');
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      JWT_SECRET: 'restart-bench-processes-share-this-secret-0123456789',
      SEED_DEMO: 'true',
      TRUST_PROXY: 'true',
      PAYSTACK_SECRET_KEY: '',
      PAYSTACK_PUBLIC_KEY: '',
    };
    servers.push(...(await Promise.all(SERVER_PORTS.map((port) => startServerProcess(port, env)))));
    traffic = new Traffic(servers.map((s) => s.url), 64);
    const search = await call(servers[0]!.url, '/Course/Course/Search?Page=1&PageSize=200', { json: { parameter: '' } });
    const idOf = (titles: string[]) => search.items.filter((c: { title: string }) => titles.includes(c.title)).map((c: { courseId: number }) => c.courseId);
    const tag = randomBytes(2);
    const emails = await insertLearners(databaseUrl, LEARNERS, tag.toString('hex'));
    const told: Told = { events: new Map(), payments: new Set(), refusals: new Map() };
    const loadBefore = await loadAverage();
    const started = performance.now();
    const ctx = { deadline: started + SECONDS * 1000, giveUp: started + SECONDS * 1000 + 120_000, free: idOf(FREE_COURSES), paid: idOf(PAID_COURSES), tag };
    const root = randomSource(SEED);
    const watch = watchRecovery(servers);
    const fault = (async () => {
      await sleep(SECONDS * 400);
      const counts = () => [...traffic!.steps.values()].reduce((n, s) => n + s.ms.length, 0);
      const requestsBefore = counts();
      pg.stop(MODE);
      const downAt = performance.now();
      await sleep(DOWN_MS);
      pg.start();
      watch.from(performance.now());
      return { downMs: Math.round(performance.now() - downAt), requestsWhileDown: counts() - requestsBefore };
    })();
    await Promise.all(emails.map((email, i) => learner(i, email, traffic!, randomSource(root.int(0, 2 ** 31 - 1)), told, ctx)));
    const outage = await fault;
    await watch.stop();
    const alive = await Promise.all(servers.map((s) => fetch(`${s.url}/api/health`).then((r) => r.ok, () => false)));
    if (process.env.RESTART_SERVER_LOG) for (const s of servers) console.log(s.output());

    // Rows against what clients were told.
    const db = new pgClient.Client({ connectionString: databaseUrl });
    await db.connect();
    const users = [...told.events.keys()];
    const rows = (await db.query<{ user_id: string; id: string }>('select user_id, id from learner_events where user_id = any($1::uuid[])', [users])).rows;
    const paid = (await db.query<{ user_id: string; course_id: number; n: string }>('select user_id, course_id, count(*) n from payment_transactions where status = 1 and user_id = any($1::uuid[]) group by 1, 2', [users])).rows;
    const viaPayment = (await db.query<{ user_id: string; course_id: number; n: string }>("select user_id, course_id, count(*) n from enrollments where source = 'payment' and user_id = any($1::uuid[]) group by 1, 2", [users])).rows;
    await db.end();
    const stored = new Map<string, number>();
    for (const r of rows) stored.set(`${r.user_id}:${r.id}`, (stored.get(`${r.user_id}:${r.id}`) ?? 0) + 1);
    const acknowledged = [...told.events].flatMap(([u, ids]) => [...ids].map((id) => `${u}:${id}`));
    const missing = acknowledged.filter((k) => !stored.has(k)).length;
    const twice = [...stored.values()].filter((n) => n > 1).length;
    const unacknowledged = [...stored.keys()].filter((k) => !told.events.get(k.split(':')[0]!)?.has(k.split(':')[1]!)).length;
    const paidTwice = paid.filter((r) => Number(r.n) > 1).length + viaPayment.filter((r) => Number(r.n) > 1).length;
    const paidMissing = [...told.payments].filter((k) => !paid.some((r) => `${r.user_id}:${r.course_id}` === k) || !viaPayment.some((r) => `${r.user_id}:${r.course_id}` === k)).length;
    const fiveXX = [...told.refusals].filter(([k]) => k.startsWith('5'));
    return {
      summary: {
        learners: LEARNERS,
        seconds: SECONDS,
        mode: MODE,
        downMs: outage.downMs,
        requestsWhileDown: outage.requestsWhileDown,
        recoveredMsAfterStart: watch.recoveredMs().join(' / '),
        processesUpAfter: alive.filter(Boolean).length,
        seed: SEED,
        loadBefore,
        loadAfter: await loadAverage(),
      },
      answersNot2xx: Object.fromEntries(told.refusals),
      '500s': fiveXX.filter(([k]) => !k.startsWith('503 service_unavailable')).reduce((n, [, c]) => n + c, 0),
      count: {
        eventsAcknowledged: acknowledged.length,
        eventRows: rows.length,
        missing,
        appliedTwice: twice,
        rowsNeverAcknowledged: unacknowledged,
        paymentsToldSuccessful: told.payments.size,
        successfulPaymentRows: paid.reduce((n, r) => n + Number(r.n), 0),
        paymentEnrollments: viaPayment.reduce((n, r) => n + Number(r.n), 0),
        paymentsMissing: paidMissing,
        paymentsTwice: paidTwice,
      },
    };
  } finally {
    await traffic?.close();
    await Promise.all(servers.map((s) => s.stop()));
    pg.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`PostgreSQL stopped (${MODE}) for ${DOWN_MS} ms mid-load under ${LEARNERS} learners (${BUYERS} buying) and two server processes (decision 064)`);
  const result = await databaseRestartBench();
  console.table([result.summary]);
  console.table([result.answersNot2xx]);
  console.log(`5xx other than 503 service_unavailable: ${result['500s']}`);
  console.table([result.count]);
}
