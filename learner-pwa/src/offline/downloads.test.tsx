import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCacheStorage } from '../test/fake-cache-storage';
import { COURSE_FILES, fakeApi, fakeMediaServer, fileBytes, type FakeMediaServer } from '../test/offline-fixtures';
import { readCourse } from './course-store';
import { courseKey, LearnerDatabase, MEDIA_CACHE, setDatabaseForTests } from './db';
import { createDownloadManager, DOWNLOAD_MESSAGES, type DownloadDeps, type DownloadManager } from './downloads';
import type { DeviceStorage } from './storage';

const USER = 'u-1';
let db: LearnerDatabase;
let caches: FakeCacheStorage;
let server: FakeMediaServer;
let api: ReturnType<typeof fakeApi>;
let storage: DeviceStorage & { persistCalls: number; free: number };
let clock: number;

let dbCount = 0;
beforeEach(() => {
  db = new LearnerDatabase(`downloads-test-${++dbCount}`);
  setDatabaseForTests(db);
  caches = new FakeCacheStorage();
  server = fakeMediaServer();
  api = fakeApi(server);
  clock = Date.parse('2026-03-01T10:00:00Z');
  storage = {
    persistCalls: 0,
    free: 2_000_000_000,
    estimate: async () => ({ quota: storage.free + 1_000_000, usage: 1_000_000 }),
    persist: async () => {
      storage.persistCalls += 1;
      return true;
    },
    persisted: async () => false,
  };
});

const managers: DownloadManager[] = [];

afterEach(async () => {
  for (const m of managers.splice(0)) {
    m.dispose();
    await Promise.all([7, 8].map((courseId) => m.settled(USER, courseId)));
  }
  setDatabaseForTests(null);
  db.close();
  await db.delete();
});

function manager(overrides: Partial<DownloadDeps> = {}) {
  const created = createDownloadManager({
    api,
    fetch: server.fetch,
    caches: caches.asCacheStorage(),
    storage,
    now: () => clock,
    online: () => !server.offline,
    ...overrides,
  });
  managers.push(created);
  return created;
}

const row = (courseId = 7) => db.downloads.get(courseKey(USER, courseId));
const media = () => caches.cache(MEDIA_CACHE);
const mediaPaths = (courseId: number, quality: 'data-saver' | 'standard') =>
  COURSE_FILES[courseId]!.filter((f) => f.in.includes(quality)).map((f) => `/offline-media/${f.assetId}/${f.path}`).sort();
const sizeOf = (courseId: number, quality: 'data-saver' | 'standard') =>
  COURSE_FILES[courseId]!.filter((f) => f.in.includes(quality)).reduce((sum, f) => sum + f.bytes, 0);

/** Lets the running transfer advance until `check` holds. */
async function until(check: () => Promise<boolean> | boolean) {
  await vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 2_000, interval: 5 });
}

describe('downloading a course', () => {
  it('puts every file of the chosen quality in the cache under its canonical key, with the course content', async () => {
    const downloads = manager();
    await downloads.start(USER, 7, 'standard');
    await downloads.settled(USER, 7);

    const done = await row();
    expect(done).toMatchObject({ state: 'complete', quality: 'standard', title: 'Course 7', bytesTotal: sizeOf(7, 'standard'), bytesDone: sizeOf(7, 'standard'), error: null });
    expect(done!.files.every((f) => f.done)).toBe(true);
    expect(done!.playback).toEqual({ 11: 'hls/240p/index.m3u8' });
    expect(media().paths()).toEqual(mediaPaths(7, 'standard'));
    const segment = await media().match('/offline-media/11/hls/240p/000.m4s');
    expect(new Uint8Array(await segment!.arrayBuffer())).toEqual(fileBytes(11, 'hls/240p/000.m4s', 22_000));

    // Structure, articles and quizzes for the player; the 404 survey saved as "none".
    const course = await readCourse(USER, 7);
    expect(course?.content.title).toBe('Course 7');
    expect(course?.survey).toBeNull();
    expect(storage.persistCalls).toBe(1);
  });

  it('writes progress while a file streams, at most once per interval rather than per chunk', async () => {
    server.chunk = 100;
    const downloads = manager({ concurrency: 1, progressEveryMs: 1_000 });
    const writes: number[] = [];
    db.downloads.hook('updating', (changes) => {
      const bytes = (changes as { bytesDone?: number }).bytesDone;
      if (bytes !== undefined) writes.push(bytes);
    });
    server.onChunk = () => (clock += 100);
    await downloads.start(USER, 7, 'standard');
    await downloads.settled(USER, 7);
    const chunks = Math.ceil(sizeOf(7, 'standard') / 100);
    expect(writes.length).toBeGreaterThan(2);
    expect(writes.length).toBeLessThan(chunks / 4);
    // Rising, and some of them mid-file (not only whole files).
    expect(writes).toEqual([...writes].sort((a, b) => a - b));
    const fileEnds = new Set<number>();
    let sum = 0;
    for (const f of COURSE_FILES[7]!.filter((f) => f.in.includes('standard'))) fileEnds.add((sum += f.bytes));
    expect(writes.some((w) => w > 0 && !fileEnds.has(w))).toBe(true);
    expect(writes.at(-1)).toBe(sizeOf(7, 'standard'));
  });

  it('refuses, without fetching anything, when the phone has too little space', async () => {
    storage.free = 20_000_000;
    const others = sizeOf(7, 'standard') - COURSE_FILES[7]![6]!.bytes;
    const big = { ...COURSE_FILES[7]![6]!, bytes: 48_000_000 - others };
    COURSE_FILES[7]![6] = big;
    try {
      const downloads = manager();
      await expect(downloads.start(USER, 7, 'standard')).rejects.toThrow(
        /^Not enough free space on this phone: this course needs 48 MB and only 20 MB is free\. Free some space or choose Data saver\.$/,
      );
      expect(await row()).toBeUndefined();
      expect(server.requested).toEqual([]);
      expect(api.calls).not.toContain('Course/Enrolled/Details/{userId}/{courseId}');
    } finally {
      COURSE_FILES[7]![6] = { ...big, bytes: 22_000 };
    }
  });
});

describe('pausing, resuming and interruptions', () => {
  it('pause stops the transfer and keeps finished files; resume fetches only the rest', async () => {
    const downloads = manager({ concurrency: 1 });
    // Two files go through, the third waits on the wire when the learner pauses.
    server.stallFrom = 2;
    await downloads.start(USER, 7, 'data-saver');
    await until(() => server.requested.length === 3);
    await downloads.pause(USER, 7);
    server.stallFrom = Number.POSITIVE_INFINITY;

    const paused = await row();
    expect(paused?.state).toBe('paused');
    const finished = paused!.files.filter((f) => f.done).map((f) => f.key);
    expect(finished.length).toBeGreaterThan(0);
    expect(finished.length).toBeLessThan(paused!.files.length);
    expect(media().paths()).toEqual(finished.map((k) => k).sort());

    const before = server.requested.length;
    await downloads.resume(USER, 7);
    await downloads.settled(USER, 7);
    expect((await row())?.state).toBe('complete');
    const refetched = server.requested.slice(before).map((p) => `/offline-media/${p}`);
    expect(refetched.some((k) => finished.includes(k))).toBe(false);
    expect(media().paths()).toEqual(mediaPaths(7, 'data-saver'));
  });

  it('a dropped connection pauses with a plain message, and the download resumes where it stopped', async () => {
    const downloads = manager({ concurrency: 1 });
    server.stallFrom = 2;
    await downloads.start(USER, 7, 'data-saver');
    await until(() => server.requested.length === 3);
    server.offline = true;
    await downloads.settled(USER, 7);
    const paused = await row();
    expect(paused).toMatchObject({ state: 'paused', error: DOWNLOAD_MESSAGES.offline });
    const kept = paused!.files.filter((f) => f.done).map((f) => f.key);

    server.offline = false;
    server.stallFrom = Number.POSITIVE_INFINITY;
    const before = server.requested.length;
    window.dispatchEvent(new Event('online'));
    await until(async () => (await row())?.state === 'complete');
    const refetched = server.requested.slice(before).map((p) => `/offline-media/${p}`);
    expect(refetched.filter((k) => kept.includes(k))).toEqual([]);
    expect(media().paths()).toEqual(mediaPaths(7, 'data-saver'));
  });

  it('fetches a fresh manifest when the signed addresses have expired', async () => {
    const downloads = manager({ concurrency: 1 });
    server.stallFrom = 1;
    await downloads.start(USER, 7, 'data-saver');
    await until(() => server.requested.length === 2);
    await downloads.pause(USER, 7);
    server.stallFrom = Number.POSITIVE_INFINITY;

    // Half a day later: the old token is refused and the manifest in hand has run out.
    clock += 13 * 3600_000;
    server.expire('tok2', new Date(clock + 12 * 3600_000).toISOString());
    const manifestsBefore = api.calls.filter((c) => c.startsWith('Course/Offline')).length;
    await downloads.resume(USER, 7);
    await downloads.settled(USER, 7);
    expect((await row())?.state).toBe('complete');
    expect(api.calls.filter((c) => c.startsWith('Course/Offline')).length).toBe(manifestsBefore + 1);
    expect((await row())!.files.every((f) => f.url.includes('/tok2/'))).toBe(true);
  });

  it('refreshes the addresses when a file answers 403 before the manifest says they expire', async () => {
    const downloads = manager({ concurrency: 1 });
    server.expire('tok-new', '2099-01-01T00:00:00.000Z');
    api.calls.length = 0;
    const stale = { ...server, token: 'tok-old' };
    const { manifestFor } = await import('../test/offline-fixtures');
    await downloads.start(USER, 7, 'data-saver', { manifest: manifestFor(7, stale) });
    await downloads.settled(USER, 7);
    expect((await row())?.state).toBe('complete');
    expect(api.calls.filter((c) => c.startsWith('Course/Offline'))).toHaveLength(1);
  });
});

describe('removing and rolling back', () => {
  it('cancel deletes the course’s files and row but keeps a file another downloaded course uses', async () => {
    const downloads = manager();
    await downloads.start(USER, 8, 'standard');
    await downloads.settled(USER, 8);
    await downloads.start(USER, 7, 'standard');
    await downloads.settled(USER, 7);

    await downloads.cancel(USER, 7);
    expect(await row(7)).toBeUndefined();
    expect(media().paths()).toEqual(['/offline-media/12/picture.svg', '/offline-media/21/lesson.mp4']);
    expect((await row(8))?.state).toBe('complete');

    await downloads.remove(USER, 8);
    expect(media().paths()).toEqual([]);
  });

  it('cancel during a transfer stops it and leaves nothing behind', async () => {
    const downloads = manager({ concurrency: 1 });
    await downloads.start(USER, 7, 'standard');
    server.stallFrom = 3;
    await until(() => server.requested.length === 4);
    await downloads.cancel(USER, 7);
    expect(await row()).toBeUndefined();
    expect(media().paths()).toEqual([]);
  });

  it('a full phone mid-download rolls the course back and says so', async () => {
    const downloads = manager();
    await downloads.start(USER, 8, 'standard');
    await downloads.settled(USER, 8);
    caches.quota = caches.bytesUsed() + 20_000;

    await downloads.start(USER, 7, 'standard');
    await downloads.settled(USER, 7);
    const failed = await row();
    expect(failed).toMatchObject({ state: 'error', error: DOWNLOAD_MESSAGES.quota, bytesDone: 0 });
    expect(failed!.files.some((f) => f.done)).toBe(false);
    // Course 7 kept nothing; course 8's files (the shared picture with them) are untouched.
    expect(media().paths()).toEqual(['/offline-media/12/picture.svg', '/offline-media/21/lesson.mp4']);
  });
});

describe('checking downloads at start', () => {
  it('fetches only the files that went missing from the cache', async () => {
    const downloads = manager();
    await downloads.start(USER, 7, 'data-saver');
    await downloads.settled(USER, 7);
    await media().delete('/offline-media/11/hls/144p/001.m4s');
    server.requested.length = 0;

    const later = manager();
    await later.verify(USER);
    await later.settled(USER, 7);
    expect(server.requested).toEqual(['11/hls/144p/001.m4s']);
    expect((await row())?.state).toBe('complete');
    expect(media().paths()).toEqual(mediaPaths(7, 'data-saver'));
  });

  it('offline, marks the missing files and waits for the connection', async () => {
    const downloads = manager();
    await downloads.start(USER, 7, 'data-saver');
    await downloads.settled(USER, 7);
    await media().delete('/offline-media/12/picture.svg');
    server.offline = true;
    server.requested.length = 0;

    const later = manager();
    await later.verify(USER);
    const checked = await row();
    expect(checked).toMatchObject({ state: 'paused', error: DOWNLOAD_MESSAGES.missing });
    expect(checked!.files.find((f) => f.key === '/offline-media/12/picture.svg')?.done).toBe(false);
    expect(server.requested).toEqual([]);

    server.offline = false;
    window.dispatchEvent(new Event('online'));
    await until(async () => (await row())?.state === 'complete');
    expect(server.requested).toEqual(['12/picture.svg']);
  });

  it('resumes a download the app was closed in the middle of', async () => {
    const first = manager({ concurrency: 1 });
    server.stallFrom = 2;
    await first.start(USER, 7, 'data-saver');
    await until(() => server.requested.length === 3);
    // The page closes mid-file: the row still says 'downloading' and the next start finds it.
    const closed = first.pause(USER, 7);
    await db.downloads.update(courseKey(USER, 7), { state: 'downloading' });
    await closed;
    await db.downloads.update(courseKey(USER, 7), { state: 'downloading' });
    server.stallFrom = Number.POSITIVE_INFINITY;
    server.requested.length = 0;

    const later = manager();
    await later.verify(USER);
    await later.settled(USER, 7);
    expect((await row())?.state).toBe('complete');
    expect(server.requested.sort()).toEqual(['11/hls/144p/000.m4s', '11/hls/144p/001.m4s', '12/picture.svg']);
  });
});

describe('updating a downloaded course after its course changed (decision 048)', () => {
  const original = COURSE_FILES[7]!;
  afterEach(() => {
    COURSE_FILES[7] = original;
  });

  it('costs one manifest when nothing changed', async () => {
    const downloads = manager();
    await downloads.start(USER, 7, 'data-saver');
    await downloads.settled(USER, 7);
    server.requested.length = 0;
    api.calls.length = 0;
    expect(await downloads.checkForUpdate(USER, 7)).toBe('current');
    expect(api.calls).toEqual(['Course/Offline/Manifest/{userId}/{courseId}']);
    expect(server.requested).toEqual([]);
  });

  it('fetches the course content and only the new and replaced media files; unchanged media stays', async () => {
    const downloads = manager();
    await downloads.start(USER, 7, 'data-saver');
    await downloads.settled(USER, 7);
    const picture = await media().match('/offline-media/12/picture.svg');
    server.requested.length = 0;
    api.calls.length = 0;

    // The course was updated: the video got a new file (same asset, new version) and a picture was added.
    COURSE_FILES[7] = [...original, { assetId: 13, path: 'notes.svg', bytes: 2_000, in: ['data-saver', 'standard'] }];
    server.contentVersion = 'c2';
    server.assetVersions = { 11: 'a2' };
    expect(await downloads.checkForUpdate(USER, 7)).toBe('updated');
    await downloads.settled(USER, 7);

    expect(server.requested.sort()).toEqual(['11/hls/144p/000.m4s', '11/hls/144p/001.m4s', '11/hls/144p/index.m3u8', '11/hls/144p/init.mp4', '13/notes.svg']);
    expect(api.calls).toEqual(['Course/Offline/Manifest/{userId}/{courseId}', 'Course/Enrolled/Details/{userId}/{courseId}', 'Survey/Course/{courseId}']);
    // The picture's cached file is the one downloaded first: never fetched again.
    expect(await (await media().match('/offline-media/12/picture.svg'))!.arrayBuffer()).toEqual(await picture!.clone().arrayBuffer());
    expect(await row()).toMatchObject({ state: 'complete', contentVersion: 'c2', assetVersions: { 11: 'a2', 12: 'a1', 13: 'a1' } });
    expect(media().paths()).toEqual(mediaPaths(7, 'data-saver'));

    // Asked again: current, nothing fetched.
    server.requested.length = 0;
    expect(await downloads.checkForUpdate(USER, 7)).toBe('current');
    expect(server.requested).toEqual([]);
  });
});
