// The outbox: every learner event is written here first, then sent (DESIGN §4). Workbox's own
// queue drops a request once any HTTP answer comes back, even a 5xx, so the queue is ours:
//
//   network error, 5xx, 429        the batch stays queued; the next try waits (exponential backoff)
//   401 (session over)             stays queued, untouched, until the learner signs in again
//   2xx: applied or duplicate      done: removed
//   2xx: rejected (the event's 4xx), or the whole batch refused with another 4xx
//                                  parked with its reason, shown to the learner, never dropped silently
//
// Events go out in the order they happened, many per request (Course/Events), and only one replay
// runs at a time per learner across the page, other tabs and the service worker (Web Locks where the
// browser has them). A replay that dies half-way (tab closed after the server applied a batch) is
// harmless: the server applies each eventId at most once and answers the repeat as a duplicate.
import * as v from 'valibot';
import { SYNC_STATE } from './stored-shapes';
import type { EventResult, LearnerEvent } from '@rivet/shared/api/learning';
import { ApiError } from '@rivet/shared/client/errors';
import type { LearnerDatabase, OutboxEntry } from './db';

/** Events per request: 250 small events are ~51 KB of JSON, ~7.5 KB gzipped (api-client gzipBody): one round trip on a slow network. */
export const OUTBOX_BATCH_SIZE = 250;
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** Sends one batch (Course/Events/{userId}); throws ApiError when the request as a whole fails. */
export type SendBatch = (userId: string, events: LearnerEvent[]) => Promise<EventResult[]>;

export interface SyncState {
  /** Last time a replay reached the server and emptied what was due (ms). */
  lastSyncAt: number | null;
  /** Consecutive failed replays; drives the backoff. */
  failures: number;
  /** Not before this time, unless forced (the network came back, the learner asked). */
  retryAt: number;
  /** Why the last replay stopped, in the learner's words; null when it went through. */
  lastError: string | null;
  /** The refresh was rejected: nothing can go until the learner signs in again. */
  needsSignIn: boolean;
}

export const INITIAL_SYNC_STATE: SyncState = { lastSyncAt: null, failures: 0, retryAt: 0, lastError: null, needsSignIn: false };

const syncKey = (userId: string) => `sync:${userId}`;

export async function readSyncState(db: LearnerDatabase, userId: string): Promise<SyncState> {
  const row = await db.meta.get(syncKey(userId));
  // A state this version cannot read starts afresh: it only paces retries (decision 057).
  const parsed = v.safeParse(SYNC_STATE, { ...INITIAL_SYNC_STATE, ...(row?.value && typeof row.value === 'object' ? row.value : {}) });
  return parsed.success ? parsed.output : INITIAL_SYNC_STATE;
}

async function writeSyncState(db: LearnerDatabase, userId: string, patch: Partial<SyncState>): Promise<SyncState> {
  return db.transaction('rw', db.meta, async () => {
    const next = { ...(await readSyncState(db, userId)), ...patch };
    await db.meta.put({ key: syncKey(userId), value: next });
    return next;
  });
}

/** 2 s, 4 s, 8 s … capped at 5 minutes, with ±20 % jitter so many phones do not return in step. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export type Classification = 'retry' | 'sign-in' | 'park';

/** What to do with the events of a batch whose request failed as a whole. */
export function classifyFailure(error: unknown): Classification {
  if (error instanceof ApiError) {
    if (error.kind === 'session-expired' || error.status === 401) return 'sign-in';
    if (error.kind === 'network' || error.status === null) return 'retry';
    if (error.status === 429 || error.status >= 500) return 'retry';
    if (error.kind === 'invalid-response') return 'retry';
    return 'park';
  }
  // Anything unexpected (a bug, storage hiccup) must never lose events: try again later.
  return 'retry';
}

export function courseOf(event: LearnerEvent): number {
  return event.courseId;
}

/** Queues an event (once: its eventId is unique). Queuing a parked event again is the learner's retry. */
export async function enqueue(db: LearnerDatabase, userId: string, event: LearnerEvent, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const known = await db.outbox.where('eventId').equals(event.eventId).first();
    if (known) {
      if (known.state === 'parked') await db.outbox.update(known.seq!, { state: 'pending', status: null, reason: null, nextAttemptAt: now });
      return;
    }
    await db.outbox.add({
      eventId: event.eventId,
      userId,
      event,
      courseId: courseOf(event),
      queuedAt: now,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      status: null,
      reason: null,
    });
  });
}

/** The learner's queued events in the order they happened; the first `limit` only, when given. */
export function pendingEvents(db: LearnerDatabase, userId: string, limit = Infinity): Promise<OutboxEntry[]> {
  return db.outbox
    .where('[userId+seq]')
    .between([userId, 0], [userId, Infinity])
    .filter((e) => e.state === 'pending')
    .limit(limit)
    .toArray();
}

const pendingCount = (db: LearnerDatabase, userId: string) =>
  db.outbox
    .where('[userId+seq]')
    .between([userId, 0], [userId, Infinity])
    .filter((e) => e.state === 'pending')
    .count();

export function parkedEvents(db: LearnerDatabase, userId: string): Promise<OutboxEntry[]> {
  return db.outbox.where('[userId+state]').equals([userId, 'parked']).toArray();
}

/** The learner has read why these could not be saved: they may go. */
export async function dismissParked(db: LearnerDatabase, userId: string): Promise<void> {
  await db.outbox.where('[userId+state]').equals([userId, 'parked']).delete();
}

export interface ReplayReport {
  /** Requests made. */
  requests: number;
  /** Events the server acknowledged (applied or duplicate). */
  done: number;
  parked: number;
  /** Events still queued after this replay. */
  remaining: number;
  /** Why it stopped early (retry later, or sign in), if it did. */
  stopped: Classification | null;
  /** The answer for every event acknowledged or parked in this replay. */
  results: Map<string, EventResult>;
  state: SyncState;
}

export interface ReplayOptions {
  send: SendBatch;
  now?: () => number;
  /** Ignore the backoff (the network just came back, the learner tapped 'Sync now'). */
  force?: boolean;
  batchSize?: number;
  random?: () => number;
}

/** Sends the learner's queued events in order until none is left or a request fails. */
export async function replay(db: LearnerDatabase, userId: string, options: ReplayOptions): Promise<ReplayReport> {
  return withReplayLock(userId, () => replayLocked(db, userId, options));
}

async function replayLocked(db: LearnerDatabase, userId: string, options: ReplayOptions): Promise<ReplayReport> {
  const now = options.now ?? Date.now;
  const size = options.batchSize ?? OUTBOX_BATCH_SIZE;
  const report: ReplayReport = { requests: 0, done: 0, parked: 0, remaining: 0, stopped: null, results: new Map(), state: INITIAL_SYNC_STATE };
  let state = await readSyncState(db, userId);
  if (!options.force && state.retryAt > now()) {
    report.remaining = await pendingCount(db, userId);
    report.stopped = 'retry';
    report.state = state;
    return report;
  }

  for (;;) {
    const batch = await pendingEvents(db, userId, size);
    if (!batch.length) break;
    report.requests += 1;
    let results: EventResult[];
    try {
      results = await options.send(
        userId,
        batch.map((e) => e.event),
      );
    } catch (error) {
      const what = classifyFailure(error);
      const reason = error instanceof Error ? error.message : String(error);
      if (what === 'park') {
        const status = error instanceof ApiError ? error.status : null;
        await park(db, batch, status, reason);
        for (const e of batch) report.results.set(e.eventId, { eventId: e.eventId, outcome: 'rejected', status: status ?? 400, description: reason, result: null });
        report.parked += batch.length;
        continue;
      }
      report.stopped = what;
      if (what === 'retry') {
        const failures = state.failures + 1;
        await db.outbox.where('seq').anyOf(batch.map((e) => e.seq!)).modify((e) => {
          e.attempts += 1;
        });
        state = await writeSyncState(db, userId, { failures, retryAt: now() + backoffDelay(failures, options.random), lastError: reason, needsSignIn: false });
      } else {
        state = await writeSyncState(db, userId, { lastError: reason, needsSignIn: true });
      }
      break;
    }
    const settled = await settle(db, batch, results, report);
    state = await writeSyncState(db, userId, { lastSyncAt: now(), failures: 0, retryAt: 0, lastError: null, needsSignIn: false });
    // A server that answered none of the batch's events would have it sent forever.
    if (settled === 0) {
      report.stopped = 'retry';
      break;
    }
  }
  report.remaining = await pendingCount(db, userId);
  report.state = state;
  return report;
}

/** Applies the server's per-event answers: acknowledged events go, refused ones are parked. */
async function settle(db: LearnerDatabase, batch: OutboxEntry[], results: EventResult[], report: ReplayReport): Promise<number> {
  const byId = new Map(results.map((r) => [r.eventId, r]));
  const done: number[] = [];
  const refused: { entry: OutboxEntry; result: EventResult }[] = [];
  for (const entry of batch) {
    const result = byId.get(entry.eventId);
    // An event the server did not answer stays queued for the next replay.
    if (!result) continue;
    report.results.set(entry.eventId, result);
    if (result.outcome === 'rejected') refused.push({ entry, result });
    else done.push(entry.seq!);
  }
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.bulkDelete(done);
    for (const { entry, result } of refused) {
      await db.outbox.update(entry.seq!, { state: 'parked', status: result.status, reason: result.description });
    }
  });
  report.done += done.length;
  report.parked += refused.length;
  return done.length + refused.length;
}

async function park(db: LearnerDatabase, batch: OutboxEntry[], status: number | null, reason: string): Promise<void> {
  await db.outbox.where('seq').anyOf(batch.map((e) => e.seq!)).modify({ state: 'parked', status, reason });
}

// One replay at a time per learner. Across contexts (tabs, the service worker) a Web Lock; within
// this context a promise chain, which also covers browsers and tests without navigator.locks.
const chains = new Map<string, Promise<unknown>>();

function withReplayLock<T>(userId: string, run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  const locked = locks ? () => locks.request(`rivet-outbox:${userId}`, run) as Promise<T> : run;
  const previous = chains.get(userId) ?? Promise.resolve();
  const next = previous.then(locked, locked);
  chains.set(
    userId,
    next.catch(() => undefined),
  );
  return next;
}
