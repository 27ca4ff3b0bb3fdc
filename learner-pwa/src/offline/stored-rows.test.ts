// Old and malformed rows fed to every reader of the learner's stored data (decision 057): rows an
// older version wrote without a version, rows of another shape, rows a newer version wrote, and
// plain garbage. Each reader hands on what it can prove, drops the rest (and deletes it), and
// never throws.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnerEvent } from '@rivet/shared/api/learning';
import { ApiError } from '@rivet/shared/client/errors';
import { courseKey, LearnerDatabase, setDatabaseForTests } from './db';
import { readCourse } from './course-store';
import { INITIAL_SYNC_STATE, parkedEvents, pendingEvents, readSyncState } from './outbox';
import { playerContentWithOfflineCopy, withOfflineCopy } from './offline-copy';
import { enrolledCourses } from '@rivet/shared/api/learning';
import { learnerCourse, playerContent } from '../test/learner-course-fixtures';

const USER = '6f1d3c2a-0000-4000-8000-000000000001';
const offline = () => Promise.reject(new ApiError('network', "We couldn't connect to the server."));

const progress = (eventId: string, courseId = 5): LearnerEvent => ({
  type: 'progress',
  eventId,
  courseId,
  currentModule: 1,
  currentSection: 2,
  secondsWatched: 30,
  isCompleted: false,
  lastDateVisted: '2026-11-20T09:30:00.000Z',
});

const outboxRow = (eventId: string, patch: Record<string, unknown> = {}) => ({
  eventId,
  userId: USER,
  event: progress(eventId),
  courseId: 5,
  queuedAt: 1,
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  status: null,
  reason: null,
  ...patch,
});

let db: LearnerDatabase;
let raw: Dexie;
let name: string;
let count = 0;

beforeEach(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  name = `stored-rows-${++count}`;
  db = new LearnerDatabase(name);
  await db.open();
  setDatabaseForTests(db);
  // The same database without the checks: what an older app version (or a bug) left on the phone.
  raw = new Dexie(name);
  raw.version(1).stores({ outbox: '++seq, &eventId, [userId+state], [userId+seq], courseId', courses: 'key, userId', downloads: 'key, userId', meta: 'key' });
  await raw.open();
});

afterEach(async () => {
  vi.restoreAllMocks();
  setDatabaseForTests(null);
  raw.close();
  db.close();
  await Dexie.delete(name);
});

/** The rows really in the table, checks bypassed (after the readers' deletions have run). */
async function stored(table: 'outbox' | 'courses' | 'downloads' | 'meta') {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return raw.table(table).toArray();
}

describe('rows carry the version of their shape', () => {
  it('stamps v on every row written', async () => {
    await db.courses.put({ key: courseKey(USER, 5), userId: USER, courseId: 5, content: playerContent(), savedAt: 1 });
    await db.meta.put({ key: 'k', value: 1 });
    expect((await stored('courses'))[0]).toMatchObject({ v: 1 });
    expect((await stored('meta'))[0]).toMatchObject({ v: 1 });
  });
});

describe('offline copies of courses (player content)', () => {
  const key = courseKey(USER, 5);

  it('reads a row saved before rows had versions when it still matches the contract', async () => {
    await raw.table('courses').put({ key, userId: USER, courseId: 5, content: playerContent(), savedAt: 1 });
    expect((await readCourse(USER, 5))?.content.title).toBe('Customer Service Excellence');
  });

  it('drops, and deletes, a course whose content an older version saved in another shape', async () => {
    const old = { ...playerContent(), videos: 'not a list', coursePrice: 1500 };
    await raw.table('courses').put({ key, userId: USER, courseId: 5, content: old, savedAt: 1 });
    expect(await readCourse(USER, 5)).toBeUndefined();
    expect(await stored('courses')).toEqual([]);
  });

  it('drops rows a newer version wrote, rows without content, and garbage', async () => {
    await raw.table('courses').bulkPut([
      { key: courseKey(USER, 6), userId: USER, courseId: 6, content: playerContent({ courseId: 6 }), savedAt: 1, v: 2 },
      { key: courseKey(USER, 7), userId: USER, courseId: 7, savedAt: 1 },
      { key: courseKey(USER, 8), userId: USER, courseId: 8, content: null, savedAt: 'yesterday' },
    ]);
    for (const id of [6, 7, 8]) expect(await readCourse(USER, id)).toBeUndefined();
    expect(await db.courses.where('userId').equals(USER).toArray()).toEqual([]);
  });

  it('offline, the player falls back to the network’s error instead of rendering a malformed copy', async () => {
    await raw.table('courses').put({ key, userId: USER, courseId: 5, content: { courseId: 5 }, savedAt: 1 });
    await expect(playerContentWithOfflineCopy(USER, 5, offline)).rejects.toMatchObject({ kind: 'network' });
    // A good copy is used.
    await db.courses.put({ key, userId: USER, courseId: 5, content: playerContent(), savedAt: 2 });
    expect((await playerContentWithOfflineCopy(USER, 5, offline)).title).toBe('Customer Service Excellence');
  });
});

describe('the outbox', () => {
  it('replays old unversioned events that match the contract and drops malformed ones', async () => {
    await raw.table('outbox').bulkAdd([
      outboxRow('00000000-0000-4000-8000-000000000001'),
      outboxRow('00000000-0000-4000-8000-000000000002', { event: { type: 'progress', eventId: '00000000-0000-4000-8000-000000000002' } }),
      outboxRow('00000000-0000-4000-8000-000000000003', { event: { ...progress('00000000-0000-4000-8000-000000000003'), type: 'rating' } }),
      outboxRow('00000000-0000-4000-8000-000000000004', { state: 'sending' }),
      outboxRow('00000000-0000-4000-8000-000000000005', { attempts: -1 }),
      outboxRow('00000000-0000-4000-8000-000000000006', { v: 9 }),
    ]);
    const pending = await pendingEvents(db, USER);
    expect(pending.map((e) => e.eventId)).toEqual(['00000000-0000-4000-8000-000000000001']);
    expect(pending[0]!.event).toEqual(progress('00000000-0000-4000-8000-000000000001'));
    expect((await stored('outbox')).map((e) => e.eventId)).toEqual(['00000000-0000-4000-8000-000000000001']);
  });

  it('parked events are checked too', async () => {
    await raw.table('outbox').bulkAdd([
      outboxRow('00000000-0000-4000-8000-000000000011', { state: 'parked', status: 400, reason: 'Course not found' }),
      outboxRow('00000000-0000-4000-8000-000000000012', { state: 'parked', status: '400', reason: 7 }),
    ]);
    expect((await parkedEvents(db, USER)).map((e) => e.reason)).toEqual(['Course not found']);
  });

  it('a sync state of another shape starts afresh', async () => {
    await raw.table('meta').put({ key: `sync:${USER}`, value: { lastSyncAt: 'this morning', failures: -2 } });
    expect(await readSyncState(db, USER)).toEqual(INITIAL_SYNC_STATE);
    await raw.table('meta').put({ key: `sync:${USER}`, value: 'garbage' });
    expect(await readSyncState(db, USER)).toEqual(INITIAL_SYNC_STATE);
    await raw.table('meta').put({ key: `sync:${USER}`, value: { lastSyncAt: 5, failures: 1 } });
    expect(await readSyncState(db, USER)).toEqual({ ...INITIAL_SYNC_STATE, lastSyncAt: 5, failures: 1 });
  });
});

describe('offline copies of answers (the dashboard’s lists)', () => {
  const enrolled = () => withOfflineCopy(USER, 'enrolled', enrolledCourses.data, offline, (all) => all.map(() => learnerCourse({ title: 'derived' })));

  it('uses a kept answer that matches its endpoint’s contract', async () => {
    await raw.table('meta').put({ key: `copy:${USER}:enrolled`, value: { data: [learnerCourse()], savedAt: 1 } });
    expect((await enrolled()).map((c) => c.title)).toEqual(['Customer Service Excellence']);
  });

  it('ignores a kept answer of another shape: derives from the courses on the phone, or reports the network', async () => {
    await raw.table('meta').put({ key: `copy:${USER}:enrolled`, value: { data: [{ courseId: 5, name: 'old field names' }], savedAt: 1 } });
    await expect(enrolled()).rejects.toMatchObject({ kind: 'network' });
    await db.courses.put({ key: courseKey(USER, 5), userId: USER, courseId: 5, content: playerContent(), savedAt: 1 });
    expect((await enrolled()).map((c) => c.title)).toEqual(['derived']);
    await raw.table('meta').put({ key: `copy:${USER}:enrolled`, value: 'garbage' });
    expect((await enrolled()).map((c) => c.title)).toEqual(['derived']);
  });
});

describe('downloads', () => {
  const download = (patch: Record<string, unknown> = {}) => ({
    key: courseKey(USER, 5),
    userId: USER,
    courseId: 5,
    title: 'Customer Service Excellence',
    quality: 'data-saver',
    state: 'complete',
    files: [{ key: '/offline-media/1/a.mp4', url: '/media/c/t/1/a.mp4', bytes: 10, done: true }],
    bytesTotal: 10,
    bytesDone: 10,
    playback: { 1: 'a.mp4' },
    error: null,
    updatedAt: 1,
    ...patch,
  });

  it('keeps a download saved before versions, drops one of another shape', async () => {
    await raw.table('downloads').put(download());
    expect((await db.downloads.get(courseKey(USER, 5)))?.state).toBe('complete');
    await raw.table('downloads').put(download({ quality: 'hd', files: [{ key: 1 }] }));
    expect(await db.downloads.get(courseKey(USER, 5))).toBeUndefined();
    expect(await db.downloads.where('userId').equals(USER).toArray()).toEqual([]);
  });
});
