import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventResult, LearnerEvent } from '@rivet/shared/api/learning';
import { ApiError } from '@rivet/shared/client/errors';
import { LearnerDatabase } from './db';
import { BACKOFF_MAX_MS, backoffDelay, classifyFailure, dismissParked, enqueue, parkedEvents, pendingEvents, readSyncState, replay, type SendBatch } from './outbox';

const USER = '6f1d3c2a-0000-4000-8000-000000000001';
const OTHER = '6f1d3c2a-0000-4000-8000-000000000002';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const progress = (courseId = 7, seconds = 0): LearnerEvent => ({
  type: 'progress',
  eventId: uuid(),
  courseId,
  currentModule: 1,
  currentSection: 2,
  secondsWatched: seconds,
  isCompleted: false,
  lastDateVisted: new Date(1_700_000_000_000 + n * 1000).toISOString(),
});

/** The server's side as the contract describes it: each event id applied once, answered one by one. */
function fakeServer() {
  const applied: string[] = [];
  const received: string[][] = [];
  let refuse = new Map<string, { status: number; description: string }>();
  let failNext: unknown[] = [];
  let loseAnswerOnce = false;
  const send: SendBatch = async (_userId, events) => {
    const failure = failNext.shift();
    if (failure) throw failure;
    received.push(events.map((e) => e.eventId));
    const results: EventResult[] = events.map((e) => {
      const refusal = refuse.get(e.eventId);
      if (refusal) return { eventId: e.eventId, outcome: 'rejected', ...refusal, result: null };
      const duplicate = applied.includes(e.eventId);
      if (!duplicate) applied.push(e.eventId);
      return { eventId: e.eventId, outcome: duplicate ? 'duplicate' : 'applied', status: 200, description: 'Successful', result: { duplicate } };
    });
    if (loseAnswerOnce) {
      // Applied on the server, but the phone never hears back (the tab died, the network dropped).
      loseAnswerOnce = false;
      throw new ApiError('network', 'connection lost');
    }
    return results;
  };
  return {
    send,
    applied,
    received,
    refuse: (m: Map<string, { status: number; description: string }>) => (refuse = m),
    fail: (...errors: unknown[]) => (failNext = errors),
    loseNextAnswer: () => (loseAnswerOnce = true),
  };
}

let db: LearnerDatabase;
let clock = 1_000_000;
const now = () => clock;

beforeEach(() => {
  db = new LearnerDatabase(`test-${Math.random()}`);
  clock = 1_000_000;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function queue(count: number, userId = USER): Promise<LearnerEvent[]> {
  const events = Array.from({ length: count }, (_, i) => progress(7, i));
  for (const e of events) await enqueue(db, userId, e, clock);
  return events;
}

describe('the outbox', () => {
  it('replays queued events in the order they happened, many per request', async () => {
    const events = await queue(7);
    const server = fakeServer();
    const report = await replay(db, USER, { send: server.send, now, batchSize: 3 });
    expect(report).toMatchObject({ requests: 3, done: 7, parked: 0, remaining: 0, stopped: null });
    expect(server.received.flat()).toEqual(events.map((e) => e.eventId));
    expect(server.received.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(await pendingEvents(db, USER)).toEqual([]);
    expect((await readSyncState(db, USER)).lastSyncAt).toBe(clock);
  });

  it('queues an event once, however often it is written', async () => {
    const event = progress();
    await enqueue(db, USER, event);
    await enqueue(db, USER, event);
    expect(await db.outbox.count()).toBe(1);
  });

  it('sends only the signed-in learner’s events', async () => {
    await queue(2, OTHER);
    const mine = await queue(1);
    const server = fakeServer();
    await replay(db, USER, { send: server.send, now });
    expect(server.received.flat()).toEqual([mine[0]!.eventId]);
    expect(await pendingEvents(db, OTHER)).toHaveLength(2);
  });

  it.each([
    ['a network error', new ApiError('network', 'offline')],
    ['a 5xx', new ApiError('http', 'Internal error', 503)],
    ['a 429', new ApiError('http', 'Too many requests', 429)],
  ])('keeps events queued and backs off after %s', async (_name, error) => {
    await queue(2);
    const server = fakeServer();
    server.fail(error);
    const report = await replay(db, USER, { send: server.send, now, random: () => 0.5 });
    expect(report).toMatchObject({ stopped: 'retry', remaining: 2, done: 0 });
    const pending = await pendingEvents(db, USER);
    expect(pending.map((e) => [e.state, e.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    const state = await readSyncState(db, USER);
    expect(state).toMatchObject({ failures: 1, retryAt: clock + 2_000, needsSignIn: false });

    // Before the backoff has passed nothing is sent; forced (network back), or after it, everything goes.
    const early = await replay(db, USER, { send: server.send, now });
    expect(early.requests).toBe(0);
    clock += 2_000;
    const later = await replay(db, USER, { send: server.send, now });
    expect(later).toMatchObject({ requests: 1, done: 2, remaining: 0 });
    expect((await readSyncState(db, USER)).failures).toBe(0);
  });

  it('parks an event the server refuses (a 4xx for that event), with its reason, and delivers the rest', async () => {
    const [a, b, c] = await queue(3);
    const server = fakeServer();
    server.refuse(new Map([[b!.eventId, { status: 404, description: 'Section not found in this course' }]]));
    const report = await replay(db, USER, { send: server.send, now });
    expect(report).toMatchObject({ done: 2, parked: 1, remaining: 0 });
    expect(server.applied).toEqual([a!.eventId, c!.eventId]);
    const parked = await parkedEvents(db, USER);
    expect(parked.map((p) => [p.eventId, p.status, p.reason])).toEqual([[b!.eventId, 404, 'Section not found in this course']]);
    // Parked events are never sent again, and stay until the learner dismisses them.
    await replay(db, USER, { send: server.send, now, force: true });
    expect(server.received).toHaveLength(1);
    await dismissParked(db, USER);
    expect(await parkedEvents(db, USER)).toEqual([]);
  });

  it('parks a whole batch the server refuses with a 4xx other than 401 and 429', async () => {
    await queue(2);
    const server = fakeServer();
    server.fail(new ApiError('http', 'You can only record your own progress', 403));
    const report = await replay(db, USER, { send: server.send, now });
    expect(report).toMatchObject({ parked: 2, remaining: 0 });
    expect((await parkedEvents(db, USER)).map((p) => p.status)).toEqual([403, 403]);
  });

  it('keeps everything, untouched, when the session is over, until the learner signs in again', async () => {
    await queue(3);
    const server = fakeServer();
    server.fail(new ApiError('session-expired', 'Session timed out', 401));
    const report = await replay(db, USER, { send: server.send, now });
    expect(report).toMatchObject({ stopped: 'sign-in', remaining: 3 });
    expect((await pendingEvents(db, USER)).every((e) => e.attempts === 0)).toBe(true);
    expect((await readSyncState(db, USER)).needsSignIn).toBe(true);

    const again = await replay(db, USER, { send: server.send, now });
    expect(again).toMatchObject({ done: 3, remaining: 0 });
    expect((await readSyncState(db, USER)).needsSignIn).toBe(false);
  });

  it('survives a crash mid-replay: the batch the server applied is answered as duplicates and applied once', async () => {
    const events = await queue(5);
    const server = fakeServer();
    server.loseNextAnswer();
    const first = await replay(db, USER, { send: server.send, now, batchSize: 3 });
    expect(first).toMatchObject({ stopped: 'retry', remaining: 5 });
    const second = await replay(db, USER, { send: server.send, now, force: true, batchSize: 3 });
    expect(second).toMatchObject({ done: 5, remaining: 0 });
    expect(server.applied).toEqual(events.map((e) => e.eventId));
    expect(server.received[1]).toEqual(server.received[0]);
  });

  it('sends each event once when replays are started together (one replay at a time)', async () => {
    const events = await queue(4);
    const server = fakeServer();
    const reports = await Promise.all([replay(db, USER, { send: server.send, now }), replay(db, USER, { send: server.send, now }), replay(db, USER, { send: server.send, now })]);
    expect(reports.map((r) => r.requests).sort()).toEqual([0, 0, 1]);
    expect(server.received.flat()).toEqual(events.map((e) => e.eventId));
  });

  it('removes a batch sent twice only once the server acknowledges it; the second answer is all duplicates', async () => {
    const events = await queue(3);
    const server = fakeServer();
    // The same events reach the server twice (the first answer was lost): the server applies them once.
    await server.send(USER, events);
    const report = await replay(db, USER, { send: server.send, now });
    expect(report.done).toBe(3);
    expect([...report.results.values()].map((r) => r.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(server.applied).toHaveLength(3);
  });

  it('stops instead of looping when the server answers none of a batch', async () => {
    await queue(2);
    const report = await replay(db, USER, { send: async () => [], now });
    expect(report).toMatchObject({ requests: 1, stopped: 'retry', remaining: 2 });
  });
});

describe('backoff and classification', () => {
  it('doubles from 2 s up to 5 minutes, with jitter', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((f) => backoffDelay(f, mid))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffDelay(30, mid)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(1, () => 0)).toBe(1_600);
    expect(backoffDelay(1, () => 1)).toBe(2_400);
  });

  it('retries network errors, 5xx and 429; waits for sign-in on 401; parks other 4xx', () => {
    expect(classifyFailure(new ApiError('network', 'x'))).toBe('retry');
    expect(classifyFailure(new ApiError('http', 'x', 500))).toBe('retry');
    expect(classifyFailure(new ApiError('http', 'x', 502))).toBe('retry');
    expect(classifyFailure(new ApiError('http', 'x', 429))).toBe('retry');
    expect(classifyFailure(new ApiError('http', 'x', 401))).toBe('sign-in');
    expect(classifyFailure(new ApiError('session-expired', 'x', 401))).toBe('sign-in');
    expect(classifyFailure(new ApiError('http', 'x', 400))).toBe('park');
    expect(classifyFailure(new ApiError('http', 'x', 404))).toBe('park');
    expect(classifyFailure(new TypeError('boom'))).toBe('retry');
  });
});
