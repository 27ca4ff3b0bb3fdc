// A learner's explicit act (Mark as Completed, a quiz) leaves for the server at once: record()
// queues it and replays the outbox itself, forced past any backoff. Nothing waits for the sync
// runtime's timers (its start-up replay, its retry schedule) — those are only for what a page
// could not send. A story that reloaded the page before this send left had it wait for the next
// page's start-up replay, and a reload every second kept cutting that off (decision 068).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventResult, LearnerEvent, ProgressResult } from '@rivet/shared/api/learning';
import type { ApiClient } from '@rivet/shared/client/api-client';
import { ApiError } from '@rivet/shared/client/errors';
import { LearnerDatabase, setDatabaseForTests } from '../offline/db';
import { readSyncState } from '../offline/outbox';
import { reportProgress } from './learner-events';

const USER = '6f1d3c2a-0000-4000-8000-000000000001';
const answer: ProgressResult = { isCompleted: true, moduleCompleted: false, courseCompleted: false, hasSurvey: false, surveySubmitted: false, percentage: 50, duplicate: false };

/** The server's side: every event applied; `sent` keeps what each request carried. */
function fakeApi(fail: unknown[] = []) {
  const sent: LearnerEvent[][] = [];
  const call = vi.fn(async (_endpoint: unknown, input: { body: { events: LearnerEvent[] } }) => {
    const failure = fail.shift();
    if (failure) throw failure;
    sent.push(input.body.events);
    const results: EventResult[] = input.body.events.map((e) => ({ eventId: e.eventId, outcome: 'applied', status: 200, description: 'Successful', result: answer }));
    return { results };
  });
  return { api: { call } as unknown as ApiClient, sent, call };
}

let db: LearnerDatabase;

beforeEach(() => {
  db = new LearnerDatabase(`test-${Math.random()}`);
  setDatabaseForTests(db);
  // Timers never fire here: whatever a send waited on (a debounce, the runtime's start delay, a
  // backoff) would never come, and the call below would not resolve with the server's answer.
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
});
afterEach(async () => {
  vi.useRealTimers();
  setDatabaseForTests(null);
  db.close();
  await db.delete();
});

const completion = { courseId: 7, currentModule: 11, currentSection: 103, secondsWatched: 0, isCompleted: true };

describe('a learner event', () => {
  it('Mark as Completed is sent at once, with no timer involved, and the answer is the server’s', async () => {
    const { api, sent } = fakeApi();
    const outcome = await reportProgress(api, USER, completion);
    expect(outcome).toEqual({ result: answer, queued: false });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual([expect.objectContaining({ type: 'progress', currentSection: 103, isCompleted: true })]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('is sent at once even while an earlier failure’s backoff runs, taking what waited with it', async () => {
    // The first event fails (the network dropped): it stays queued and the next timed try is 2 s+ away.
    const { api, sent } = fakeApi([new ApiError('network', 'connection lost')]);
    const first = reportProgress(api, USER, { ...completion, currentSection: 102 }).catch((error: unknown) => error);
    await vi.waitFor(async () => expect((await readSyncState(db, USER)).failures).toBe(1), { interval: 1 });
    // The screen's wait for that answer is a timer: the learner goes on with the phone's answer.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await first).toEqual(expect.objectContaining({ kind: 'network', message: expect.stringMatching(/^Saved on this phone/) }));
    expect((await readSyncState(db, USER)).retryAt).toBeGreaterThan(Date.now());

    // The next explicit act does not wait for that backoff.
    const outcome = await reportProgress(api, USER, completion);
    expect(outcome.queued).toBe(false);
    expect(sent).toEqual([[expect.objectContaining({ currentSection: 102 }), expect.objectContaining({ currentSection: 103, isCompleted: true })]]);
    expect(await db.outbox.count()).toBe(0);
  });
});
