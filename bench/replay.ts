// Replaying the offline outbox: one learner studied a demo course offline and comes back with
// 1,000 queued events (progress through every section, completions, quiz attempts with their
// answers, the survey), queued in the app's own outbox (on fake-indexeddb here) and replayed by its
// own code (learner-pwa/src/offline/outbox.ts): Course/Events, BATCH events a request, one request
// after the other, over real HTTP to a real server. Then the same 1,000 again, as after a
// lost answer: all duplicates. On PostgreSQL (DATABASE_URL, or the local server) and PGlite.
// Budget (DESIGN.md §7): replay of 1,000 queued events ≤ 3 s. Prints figures, asserts nothing.
import 'fake-indexeddb/auto';
import type { LearnerEvent } from '../shared/api/learning';
import { createApiClient } from '../shared/client/api-client';
import { batchSender } from '../learner-pwa/src/api/learner-events';
import { LearnerDatabase } from '../learner-pwa/src/offline/db';
import { enqueue, OUTBOX_BATCH_SIZE, replay as replayOutbox } from '../learner-pwa/src/offline/outbox';
import { DIGITAL_SKILLS } from '../server/src/db/seed/catalogue/courses-digital';
import { LEADERSHIP } from '../server/src/db/seed/catalogue/courses-leadership';
import { PRODUCTIVITY } from '../server/src/db/seed/catalogue/courses-productivity';
import { buildCurriculum } from '../server/src/db/seed/catalogue/curriculum';
import { call, onEachDatabase } from './server';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
/** Events per request: the outbox's own. */
export const BATCH = OUTBOX_BATCH_SIZE;
const COURSE = 'Customer Service Excellence';
const LIMITS = { RATE_LIMIT_REGISTER_PER_IP: '10000', RATE_LIMIT_SIGNIN_PER_IP: '10000', RATE_LIMIT_SIGNIN_PER_ACCOUNT: '10000' };

const plain = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
let authored: Map<string, string[]> | null = null;

/**
 * Which options of a question are right. A quiz Required for Certificate reaches the phone
 * without its key (docs/decisions/017): the learner here knows the answers from the course's
 * author (the seed), as one who studied would.
 */
function isRight(question: any, option: any): boolean {
  if (option.isAnswer !== null) return option.isAnswer;
  authored ??= new Map(
    [PRODUCTIVITY, DIGITAL_SKILLS, LEADERSHIP].flatMap((category) =>
      category.courses.flatMap((course) =>
        buildCurriculum(course, category.code).flatMap((m) =>
          m.sections.flatMap(({ asset }) => (asset.quiz?.data ?? []).map((q) => [plain(q.question), q.options.filter((o) => o.isAnswer).map((o) => o.title)] as const)),
        ),
      ),
    ),
  );
  return authored.get(plain(question.question))?.includes(option.title) ?? false;
}

/** The outbox after studying the whole course offline: events in the order they happened, each a few seconds after the last. */
function studyOffline(courseId: number, userId: string, content: any, survey: any | null): Record<string, unknown>[] {
  const sections = content.videos.flatMap((m: any) => m.items.map((s: any) => ({ module: m.courseModuleId, section: s.courseModuleItemId, asset: s.courseModuleItemAssets[0] })));
  let clock = Date.now() - 2 * 86_400_000;
  const at = () => new Date((clock += 5_000)).toISOString();
  const base = { courseId };
  const events: Record<string, unknown>[] = [];
  const budget = EVENTS - (survey ? 1 : 0);
  sections.forEach((s: any, i: number) => {
    const share = Math.floor(budget / sections.length) + (i < budget % sections.length ? 1 : 0);
    const quiz = s.asset?.assetType === 'quiz' ? s.asset.quiz : null;
    for (let n = 0; n < share; n++) {
      const last = n === share - 1;
      if (quiz && (last || n % 10 === 9)) {
        // Wrong answers first, the right ones at the end: every attempt is scored and kept.
        const answers = quiz.data.map((q: any, question: number) => ({
          question,
          options: last ? q.options.flatMap((o: any, k: number) => (isRight(q, o) ? [k] : [])) : [q.options.findIndex((o: any) => !isRight(q, o))],
        }));
        events.push({ type: 'quiz', eventId: crypto.randomUUID(), ...base, courseQuizId: s.asset.courseModuleItemAssetId, module: s.module, section: s.section, answers, lastDateVisted: at() });
      } else {
        events.push({ type: 'progress', eventId: crypto.randomUUID(), ...base, currentModule: s.module, currentSection: s.section, secondsWatched: n * 5, isCompleted: last && !quiz, lastDateVisted: at() });
      }
    }
  });
  if (survey) {
    const responses = survey.questions.map((q: any) =>
      q.questionType === 1
        ? { surveyQuestionId: q.surveyQuestionId, surveyQuestionOptionId: q.options[0].surveyQuestionOptionId }
        : { surveyQuestionId: q.surveyQuestionId, answer: q.questionType === 3 ? String(q.options[0]?.maxValue ?? 10) : 'Learnt a lot offline.' },
    );
    events.push({ type: 'survey', eventId: crypto.randomUUID(), userId, courseId, responses });
  }
  return events;
}

/** Queues the events in an outbox (fake-indexeddb here) and times the app's own replay of it. */
async function replay(url: string, token: string, userId: string, events: Record<string, unknown>[]) {
  const db = new LearnerDatabase(`bench-${crypto.randomUUID()}`);
  for (const event of events) await enqueue(db, userId, event as unknown as LearnerEvent);
  // Counts the bytes the phone uploads: mobile data is paid for both ways.
  let uploaded = 0;
  const countingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    uploaded += (await request.clone().arrayBuffer()).byteLength;
    return fetch(request);
  };
  const api = createApiClient({ app: 'learner', baseUrl: url, fetch: countingFetch, getAccessToken: () => token, onSession: () => undefined, onSessionExpired: () => undefined });
  const sendBatch = batchSender(api);
  const outcomes: Record<string, number> = { applied: 0, duplicate: 0, rejected: 0 };
  const started = performance.now();
  const report = await replayOutbox(db, userId, {
    force: true,
    send: async (user, batch) => {
      const results = await sendBatch(user, batch);
      for (const r of results) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
      return results;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  if (report.remaining) throw new Error(`replay left ${report.remaining} events queued (${report.state.lastError})`);
  await db.delete();
  return { seconds, requests: report.requests, outcomes, uploadedKB: Math.round(uploaded / 1024) };
}

async function run(url: string) {
  const email = `replay.${Date.now()}@bench.ng`;
  const password = 'Bench#Mark2026';
  await call(url, '/Authentication/Account/Student/Register', { json: { firstName: 'Replay', lastName: 'Learner', email, password, age: '25-29', country: 'NG' } });
  const session = await call(url, '/Authentication/Account/Student/SignIn', { json: { userName: email, password } });
  const { accessToken: token, userId } = session;
  const search = await call(url, '/Course/Course/Search?Page=1&PageSize=200', { json: { parameter: '' } });
  const courseId = search.items.find((c: any) => c.title === COURSE).courseId;
  await call(url, '/Course/Course/Enroll', { token, json: { userId, courseId } });
  const content = await call(url, `/Course/Course/Enrolled/Details/${userId}/${courseId}`, { token });
  const survey = content.hasSurvey ? await call(url, `/Course/Survey/Course/${courseId}`, { token }) : null;
  const events = studyOffline(courseId, userId, content, survey);

  const first = await replay(url, token, userId, events);
  const again = await replay(url, token, userId, events);
  const after = await call(url, `/Course/Course/Enrolled/Details/${userId}/${courseId}`, { token });
  const kinds = events.reduce<Record<string, number>>((n, e) => ({ ...n, [e.type as string]: (n[e.type as string] ?? 0) + 1 }), {});
  return {
    sections: content.videos.reduce((n: number, m: any) => n + m.items.length, 0),
    events: `${events.length} (${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(', ')})`,
    requests: first.requests,
    uploadedKB: first.uploadedKB,
    replayS: +first.seconds.toFixed(2),
    eventsPerS: Math.round(events.length / first.seconds),
    applied: first.outcomes.applied,
    rejected: first.outcomes.rejected,
    againS: +again.seconds.toFixed(2),
    againDuplicates: again.outcomes.duplicate,
    courseComplete: `${after.percentage}%${after.surveySubmitted ? ', survey in' : ''}`,
  };
}

export function replayBench() {
  return onEachDatabase('rivet_bench_replay', { postgres: 18_321, pglite: 18_322 }, LIMITS, run);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Outbox replay: ${EVENTS} queued events of one learner, ${BATCH} a request, one request at a time (budget: ≤ 3 s)`);
  console.table(await replayBench());
}
