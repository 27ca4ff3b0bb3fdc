// Load: LOAD_LEARNERS simulated learners (default 1,000) for LOAD_SECONDS (default 300) against two
// server processes on one PostgreSQL database (a scratch one on DATABASE_URL's server, or the
// local one) and one Redis (REDIS_URL), as a deployment with a round-robin proxy runs them
// (decision 054). Each learner signs in once (the starts spread over a ramp), then loops: browse
// the home page's categories, search, open a course, and — enrolled in a free course — send
// progress in gzipped batches as the outbox does; between steps it thinks (exponential, mean
// LOAD_THINK_MS, default 3 s). Prints requests/s, latency per step, 5xx (must be 0) and each
// process's memory at start and end (decision 064). Asserts nothing.
import { randomBytes } from 'node:crypto';
import { startServerProcess, type ServerProcess } from '../server/src/testing/server-process';
import { FREE_COURSES, insertLearners, loadAverage, PASSWORD, randomSource, rssMB, SEARCH_WORDS, sleep, Traffic, type Random } from './learners';
import { call, withScratchDatabase } from './server';

const LEARNERS = Number(process.env.LOAD_LEARNERS ?? 1000);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 3000);
const SEED = Number(process.env.LOAD_SEED ?? 64);
/** Events per progress request, and requests per progress step. */
const BATCH = 25;
const PORTS = [4700, 4701];

interface Shared {
  courseIds: number[];
  freeCourseIds: number[];
  deadline: number;
  acknowledged: { applied: number; duplicate: number; rejected: number };
}

async function learner(i: number, email: string, traffic: Traffic, random: Random, shared: Shared, ramp: number, run: Buffer) {
  const ip = `10.${run[0]}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  await sleep(Math.round((i / LEARNERS) * ramp));
  const think = () => sleep(Math.max(0, Math.min(random.exp(THINK_MS), shared.deadline - performance.now())));
  let session: { userId: string; accessToken: string } | null = null;
  let cookie: string | undefined;
  while (!session && performance.now() < shared.deadline) {
    const res = await traffic.call('sign in', 'POST', 'Authentication/Account/Student/SignIn', { json: { userName: email, password: PASSWORD }, ip });
    if (res.status === 200) ({ body: { data: session }, setCookie: cookie } = res);
    else await sleep(2000);
  }
  if (!session) return;
  const { userId } = session;
  let token = session.accessToken;
  // As the app does: an access token lives 15 minutes (ACCESS_TOKEN_TTL_SECONDS); a 401 renews it
  // from the refresh cookie (rotated on every use) and the call is made once more. Without this a
  // run longer than 15 minutes measured 401s.
  const signedIn = async (step: string, method: 'GET' | 'POST', path: string, init: { json?: unknown; gzip?: boolean }) => {
    const answer = await traffic.call(step, method, path, { ...init, token, ip });
    if (answer.status !== 401) return answer;
    const renewed = await traffic.call('renew session', 'POST', 'Authentication/Account/RefreshToken', { json: { app: 'learner' }, cookie, ip });
    if (renewed.status !== 200) return answer;
    token = renewed.body.data.accessToken;
    cookie = renewed.setCookie ?? cookie;
    return traffic.call(step, method, path, { ...init, token, ip });
  };
  let enrolled: { courseId: number; sections: { module: number; section: number }[] } | null = null;
  let n = 0;
  let clock = Date.parse('2026-11-01T00:00:00Z') + i * 86_400_000;
  while (performance.now() < shared.deadline) {
    await traffic.call('browse: home', 'GET', 'Course/Course/SummaryByCatgory', { ip });
    await traffic.call('browse: categories', 'GET', 'Course/CourseCategory/List?IsActive=true', { ip });
    await think();
    await traffic.call('search', 'POST', 'Course/Course/Search?Page=1&PageSize=20', { json: { parameter: random.pick(SEARCH_WORDS) }, ip });
    await think();
    await traffic.call('open a course', 'GET', `Course/Course/GetCourseById/${random.pick(shared.courseIds)}`, { ip });
    await think();
    if (!enrolled) {
      const courseId = random.pick(shared.freeCourseIds);
      const enroll = await signedIn('enroll', 'POST', 'Course/Course/Enroll', { json: { userId, courseId } });
      if (enroll.status !== 200) continue;
      const details = await signedIn('enrolled course', 'GET', `Course/Course/Enrolled/Details/${userId}/${courseId}`, {});
      if (details.status !== 200) continue;
      const sections = details.body.data.videos.flatMap((m: any) => m.items.map((s: any) => ({ module: m.courseModuleId, section: s.courseModuleItemId })));
      enrolled = { courseId, sections };
    }
    const events = Array.from({ length: BATCH }, () => {
      const where = enrolled!.sections[n % enrolled!.sections.length]!;
      n++;
      return {
        type: 'progress',
        eventId: crypto.randomUUID(),
        courseId: enrolled!.courseId,
        currentModule: where.module,
        currentSection: where.section,
        secondsWatched: (n * 7) % 600,
        isCompleted: n % 9 === 0,
        lastDateVisted: new Date((clock += 5000)).toISOString(),
      };
    });
    const sent = await signedIn('progress batch', 'POST', `Course/Course/Events/${userId}`, { json: { events }, gzip: true });
    if (sent.status === 200) for (const r of sent.body.data.results as { outcome: keyof Shared['acknowledged'] }[]) shared.acknowledged[r.outcome]++;
    await think();
  }
}

async function run(databaseUrl: string) {
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    JWT_SECRET: 'load-bench-processes-share-this-secret-0123456789',
    SEED_DEMO: 'true',
    TRUST_PROXY: 'true',
    SEARCH_CACHE_SECONDS: '30',
    PAYSTACK_SECRET_KEY: '',
    PAYSTACK_PUBLIC_KEY: '',
    // A shorter token life (e.g. 20) shows the renewals in a short run.
    ACCESS_TOKEN_TTL_SECONDS: process.env.ACCESS_TOKEN_TTL_SECONDS ?? '900',
  };
  const servers: ServerProcess[] = await Promise.all(PORTS.map((port) => startServerProcess(port, env)));
  const traffic = new Traffic(servers.map((s) => s.url));
  try {
    const search = await call(servers[0]!.url, '/Course/Course/Search?Page=1&PageSize=200', { json: { parameter: '' } });
    const courseIds: number[] = search.items.map((c: { courseId: number }) => c.courseId);
    const freeCourseIds = search.items.filter((c: { title: string }) => FREE_COURSES.includes(c.title)).map((c: { courseId: number }) => c.courseId);
    const runTag = randomBytes(2);
    const emails = await insertLearners(databaseUrl, LEARNERS, runTag.toString('hex'));
    const memoryAtStart = await Promise.all(servers.map((s) => rssMB(s.pid)));
    const peak = [...memoryAtStart];
    // A series, not just start/peak/end: a long run (LOAD_SECONDS=1800) tells a plateau from a
    // leak by whether the later samples keep climbing.
    const series: { minute: number; rssMB: number[] }[] = [];
    const started = performance.now();
    const sampler = setInterval(
      () =>
        void Promise.all(servers.map((s) => rssMB(s.pid))).then((mbs) => {
          mbs.forEach((mb, k) => (peak[k] = Math.max(peak[k]!, mb)));
          series.push({ minute: (performance.now() - started) / 60_000, rssMB: mbs });
        }),
      5000,
    );
    const loadBefore = await loadAverage();
    const ramp = Math.min(60_000, (SECONDS * 1000) / 5);
    const shared: Shared = { courseIds, freeCourseIds, deadline: started + SECONDS * 1000, acknowledged: { applied: 0, duplicate: 0, rejected: 0 } };
    const root = randomSource(SEED);
    await Promise.all(emails.map((email, i) => learner(i, email, traffic, randomSource(root.int(0, 2 ** 31 - 1)), shared, ramp, runTag)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const memoryAtEnd = await Promise.all(servers.map((s) => rssMB(s.pid)));
    const steps = traffic.table();
    const fiveXX = steps.reduce((n, s) => n + s['5xx'], 0);
    return {
      summary: {
        learners: LEARNERS,
        seconds: Math.round(seconds),
        thinkMs: THINK_MS,
        seed: SEED,
        requests: traffic.requests,
        requestsPerS: Math.round(traffic.requests / seconds),
        '5xx': fiveXX,
        networkErrors: traffic.networkErrors,
        eventsApplied: shared.acknowledged.applied,
        eventsRejected: shared.acknowledged.rejected,
        loadBefore,
        loadAfter: await loadAverage(),
      },
      steps,
      memory: servers.map((s, k) => ({ process: s.url, rssStartMB: memoryAtStart[k], rssPeakMB: peak[k], rssEndMB: memoryAtEnd[k] })),
      memoryOverTime: memoryTimeline(series, servers.length),
    };
  } finally {
    await traffic.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/**
 * The run cut into tenths: each process's highest RSS in each. A leak climbs tenth after tenth; a
 * plateau levels off once the caches and pools are full.
 */
function memoryTimeline(series: { minute: number; rssMB: number[] }[], processes: number) {
  const end = series.at(-1)?.minute ?? 0;
  const rows = [];
  for (let tenth = 0; tenth < 10; tenth++) {
    const from = (end * tenth) / 10;
    const to = (end * (tenth + 1)) / 10;
    const inside = series.filter((s) => s.minute >= from && (s.minute < to || tenth === 9));
    if (inside.length === 0) continue;
    const row: Record<string, number | string> = { minutes: `${from.toFixed(1)}–${to.toFixed(1)}` };
    for (let k = 0; k < processes; k++) row[`process ${k + 1} max RSS MB`] = Math.max(...inside.map((s) => s.rssMB[k]!));
    rows.push(row);
  }
  return rows;
}

export function loadBench() {
  return withScratchDatabase('rivet_bench_load', run);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Load: ${LEARNERS} learners for ${SECONDS} s against two server processes on PostgreSQL and Redis (5xx must be 0; decision 064)`);
  const result = await loadBench();
  console.table([result.summary]);
  console.table(result.steps);
  console.table(result.memory);
  console.table(result.memoryOverTime);
}
