// Progress ingest under load: 32 learners, each enrolled in a free demo course, send
// Course/Uploadviewing events (positions, some completions, 1 in 10 a replay of an earlier event
// id) as fast as the server answers, on PGlite and on PostgreSQL (DATABASE_URL, or the local
// server). Prints events/s and latency. Budget (DESIGN.md §7): ≥ 2,000 events/s.
import { call, onEachDatabase, percentiles } from './server';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
/** Events per request: 1 sends Course/Uploadviewing; more sends Course/Events (the outbox's replay). */
const BATCH = Number(process.env.BENCH_BATCH ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const COURSES = ['Google Workspace for Teams', 'Excel for Small Business Owners', 'Time Management for Busy Professionals', 'Public Speaking with Confidence'];

interface Learner {
  userId: string;
  token: string;
  courseId: number;
  sections: { module: number; section: number }[];
}

async function prepare(url: string, courseIds: Map<string, number>, i: number): Promise<Learner> {
  const email = `bench.${i}.${Date.now()}@bench.ng`;
  const password = 'Bench#Mark2026';
  await call(url, '/Authentication/Account/Student/Register', { json: { firstName: 'Bench', lastName: 'Learner', email, password, age: '25-29', country: 'NG' } });
  const session = await call(url, '/Authentication/Account/Student/SignIn', { json: { userName: email, password } });
  const courseId = courseIds.get(COURSES[i % COURSES.length]!)!;
  await call(url, '/Course/Course/Enroll', { token: session.accessToken, json: { userId: session.userId, courseId } });
  const content = await call(url, `/Course/Course/Enrolled/Details/${session.userId}/${courseId}`, { token: session.accessToken });
  const sections = content.videos.flatMap((m: any) => m.items.map((s: any) => ({ module: m.courseModuleId, section: s.courseModuleItemId })));
  return { userId: session.userId, token: session.accessToken, courseId, sections };
}

async function load(url: string, batch: number) {
  const search = await call(url, '/Course/Course/Search?Page=1&PageSize=200', { json: { parameter: '' } });
  const courseIds = new Map<string, number>(search.items.map((c: any) => [c.title, c.courseId]));
  const learners: Learner[] = [];
  for (let i = 0; i < CLIENTS; i++) learners.push(await prepare(url, courseIds, i));

  const latencies: number[] = [];
  let errors = 0;
  let duplicates = 0;
  let applied = 0;
  const deadline = performance.now() + SECONDS * 1000;
  let clientClock = Date.parse('2026-11-01T00:00:00Z');
  async function client(learner: Learner) {
    const sent: string[] = [];
    let n = 0;
    while (performance.now() < deadline) {
      const events = [];
      for (let i = 0; i < batch; i++, n++) {
        const where = learner.sections[n % learner.sections.length]!;
        const replay = sent.length > 0 && n % 10 === 9;
        const eventId = replay ? sent[n % sent.length]! : crypto.randomUUID();
        if (!replay) sent.push(eventId);
        events.push({
          type: 'progress',
          eventId,
          courseId: learner.courseId,
          currentModule: where.module,
          currentSection: where.section,
          secondsWatched: n % 600,
          isCompleted: n % 7 === 0,
          lastDateVisted: new Date((clientClock += 1000)).toISOString(),
        });
      }
      const started = performance.now();
      const single = batch === 1;
      const res = await fetch(`${url}/api/Course/Course/${single ? 'Uploadviewing' : 'Events'}/${learner.userId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${learner.token}` },
        body: JSON.stringify(single ? events[0] : { events }),
      });
      const body = (await res.json()) as { data?: { duplicate?: boolean; results?: { outcome: string }[] } };
      if (!res.ok) {
        errors += events.length;
        continue;
      }
      latencies.push(performance.now() - started);
      applied += events.length;
      const outcomes = single ? [body.data?.duplicate ? 'duplicate' : 'applied'] : (body.data?.results ?? []).map((r) => r.outcome);
      duplicates += outcomes.filter((o) => o === 'duplicate').length;
      errors += outcomes.filter((o) => o === 'rejected').length;
    }
  }
  const started = performance.now();
  await Promise.all(learners.map(client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  // Latency is per request (one event, or `batch` events).
  return { batch, events: applied, errors, duplicates, eventsPerSecond: Math.round(applied / elapsed), ...percentiles(latencies) };
}

const LIMITS = { RATE_LIMIT_REGISTER_PER_IP: '10000', RATE_LIMIT_SIGNIN_PER_IP: '10000', RATE_LIMIT_SIGNIN_PER_ACCOUNT: '10000' };

/** `batch` 1 sends each event alone (Course/Uploadviewing); more sends them as the outbox does (Course/Events). */
export async function progressBench(batch = BATCH) {
  const rows = await onEachDatabase('rivet_bench_progress', { postgres: 18_311, pglite: 18_312 }, LIMITS, (url) => load(url, batch));
  return rows.map(({ database, ...result }) => ({ database, clients: CLIENTS, ...result }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    `${BATCH === 1 ? 'Course/Uploadviewing' : `Course/Events with ${BATCH} events a request`} from ${CLIENTS} learners for ${SECONDS} s each, 1 in 10 a replayed event id (budget: ≥ 2,000 events/s)`,
  );
  console.table(await progressBench());
}
