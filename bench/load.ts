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
  while (!session && performance.now() < shared.deadline) {
    const res = await traffic.call('sign in', 'POST', 'Authentication/Account/Student/SignIn', { json: { userName: email, password: PASSWORD }, ip });
    if (res.status === 200) session = res.body.data;
    else await sleep(2000);
  }
  if (!session) return;
  const { userId, accessToken: token } = session;
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
      const enroll = await traffic.call('enroll', 'POST', 'Course/Course/Enroll', { json: { userId, courseId }, token, ip });
      if (enroll.status !== 200) continue;
      const details = await traffic.call('enrolled course', 'GET', `Course/Course/Enrolled/Details/${userId}/${courseId}`, { token, ip });
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
    const sent = await traffic.call('progress batch', 'POST', `Course/Course/Events/${userId}`, { json: { events }, token, ip, gzip: true });
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
    const sampler = setInterval(() => void Promise.all(servers.map((s, k) => rssMB(s.pid).then((mb) => (peak[k] = Math.max(peak[k]!, mb))))), 5000);
    const loadBefore = await loadAverage();
    const ramp = Math.min(60_000, (SECONDS * 1000) / 5);
    const started = performance.now();
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
    };
  } finally {
    await traffic.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
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
}
