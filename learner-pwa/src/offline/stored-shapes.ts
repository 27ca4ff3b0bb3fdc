// What each row of the learner's IndexedDB database must be when it is read back (decision 057),
// in the contract's own schemas where the row holds a server answer (player content, survey,
// learner events). Version 1 is the shape since rows carried versions; version 0 rows (saved
// before) had the same shape and are checked as they are.
import * as v from 'valibot';
import { playerContentSchema, surveySchema } from '@rivet/shared/api/learning';
import { DOWNLOAD_QUALITIES } from '@rivet/shared/api/offline';
import { sameShape, type StoredShape } from '@rivet/shared/client/stored-row';

const ms = v.pipe(v.number(), v.finite());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * A queued event must be one the outbox can send (its kind, id and course). Its fields are judged
 * by the server against learnerEventSchema when it is sent: one it refuses is parked with the
 * server's reason, which the learner sees, rather than vanishing here unseen.
 */
const queuedEvent = v.looseObject({ type: v.picklist(['progress', 'quiz', 'survey']), eventId: v.pipe(v.string(), v.minLength(1)), courseId: v.number() });

export const OUTBOX_ROW: StoredShape<unknown> = {
  version: 1,
  schema: v.object({
    eventId: v.pipe(v.string(), v.minLength(1)),
    userId: v.pipe(v.string(), v.minLength(1)),
    seq: v.optional(v.number()),
    event: queuedEvent,
    courseId: v.number(),
    queuedAt: ms,
    state: v.picklist(['pending', 'parked']),
    attempts: count,
    nextAttemptAt: ms,
    status: v.nullable(v.number()),
    reason: v.nullable(v.string()),
  }),
  migrate: { 0: sameShape },
};

export const COURSE_ROW: StoredShape<unknown> = {
  version: 1,
  schema: v.object({
    key: v.string(),
    userId: v.string(),
    courseId: v.number(),
    content: playerContentSchema,
    survey: v.optional(v.nullable(surveySchema)),
    savedAt: ms,
  }),
  migrate: { 0: sameShape },
};

export const DOWNLOAD_ROW: StoredShape<unknown> = {
  version: 1,
  schema: v.object({
    key: v.string(),
    userId: v.string(),
    courseId: v.number(),
    title: v.string(),
    quality: v.picklist(DOWNLOAD_QUALITIES),
    state: v.picklist(['downloading', 'paused', 'complete', 'error']),
    files: v.array(v.object({ key: v.string(), url: v.string(), bytes: count, done: v.boolean() })),
    bytesTotal: count,
    bytesDone: count,
    playback: v.record(v.string(), v.string()),
    error: v.nullable(v.string()),
    updatedAt: ms,
  }),
  migrate: { 0: sameShape },
};

/** `sync:{userId}`: the outbox's sync state (outbox.ts SyncState). */
export const SYNC_STATE = v.object({
  lastSyncAt: v.nullable(ms),
  failures: count,
  retryAt: ms,
  lastError: v.nullable(v.string()),
  needsSignIn: v.boolean(),
});

/** A meta row: its value is checked by whoever reads it (sync state here, offline copies by their endpoint's schema). */
export const META_ROW: StoredShape<unknown> = {
  version: 1,
  schema: v.object({ key: v.string(), value: v.unknown() }),
  migrate: { 0: sameShape },
};

/** `copy:{userId}:{name}`: an answer kept for offline use (offline-copy.ts). */
export const offlineCopySchema = <T>(data: v.GenericSchema<unknown, T>) => v.object({ data, savedAt: ms });
