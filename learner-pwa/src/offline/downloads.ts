// Downloading an enrolled course for offline study. The course's structure, articles, quizzes and
// survey go to IndexedDB (course-store.ts); its media files go to Cache Storage under canonical
// keys (db.ts), where the service worker answers the player from. The `downloads` row is the
// truth the UI watches (live queries): the files, which are in the cache, and the state.
//
// A transfer is resumable at file granularity: whatever reached the cache stays, and every start
// or resume first asks the cache what it holds, so a page closed mid-download, a dropped connection
// or a file the browser evicted costs only the missing files. Signed addresses expire (12 h): a
// fresh manifest is fetched when the one in hand is about to expire, or a file answers 401/403.
import { courseSurvey, enrolledCourseDetails } from '@rivet/shared/api/learning';
import { offlineManifest, type OfflineManifest } from '@rivet/shared/api/offline';
import type { ApiClient } from '@rivet/shared/client/api-client';
import { isApiError } from '@rivet/shared/client/errors';
import { saveCourseContent, saveCourseSurvey } from './course-store';
import { courseKey, learnerDb, MEDIA_CACHE, type CourseDownload, type DownloadFile, type DownloadQuality, type LearnerDatabase } from './db';
import { cachedPaths, cacheKeyPath, classifyTransferError, deleteFiles, fetchToCache, keysInUse, TransferError } from './download-files';
import { copyFiles, DOWNLOAD_MESSAGES, DownloadRefused, doneBytes, filesOf, notEnoughSpaceMessage, planUpdate, playbackOf, chooseQuality, RESUMABLE, spaceMargin } from './download-plan';
import { deviceStorage, requestPersistence, storageFigures, type DeviceStorage } from './storage';

export { DOWNLOAD_MESSAGES, DownloadRefused, doneBytes } from './download-plan';

export interface DownloadDeps {
  api: Pick<ApiClient, 'call'>;
  fetch?: typeof fetch;
  caches?: CacheStorage;
  storage?: DeviceStorage | null;
  now?: () => number;
  db?: () => LearnerDatabase;
  online?: () => boolean;
  /** Files fetched at once: two keep a phone's link busy without starving the page. */
  concurrency?: number;
  /** Progress is written to IndexedDB at most this often, not per chunk. */
  progressEveryMs?: number;
}

export interface DownloadManager {
  /** What the course costs per quality (for the learner to choose before spending data). */
  manifest(userId: string, courseId: number, signal?: AbortSignal): Promise<OfflineManifest>;
  /** Resolves once the download is under way; rejects (DownloadRefused, ApiError) when it cannot start. */
  start(userId: string, courseId: number, quality: DownloadQuality, options?: { manifest?: OfflineManifest }): Promise<void>;
  pause(userId: string, courseId: number): Promise<void>;
  resume(userId: string, courseId: number): Promise<void>;
  /** Stops and deletes the course's files (those no other download uses) and its row. */
  cancel(userId: string, courseId: number): Promise<void>;
  remove(userId: string, courseId: number): Promise<void>;
  /** At start: every downloaded file still there? Fetches only what is missing (when online). */
  verify(userId: string): Promise<void>;
  /**
   * Brings a complete download up to date with the course (decision 048): one manifest; when its
   * content version differs, the course content again and only the media files that are new or
   * whose asset version changed. 'skipped' when offline, not complete or transferring.
   */
  checkForUpdate(userId: string, courseId: number): Promise<'current' | 'updated' | 'skipped'>;
  /** checkForUpdate for every complete download of the user (at start, when online). */
  checkForUpdates(userId: string): Promise<void>;
  /** Resolves when the course's running transfer (if any) has stopped. */
  settled(userId: string, courseId: number): Promise<void>;
  /** Stops listening for the connection's return (tests; the app's manager lives as long as the page). */
  dispose(): void;
}

interface Job {
  controller: AbortController;
  stop: 'pause' | 'cancel' | null;
  done: Promise<void>;
}

export function createDownloadManager(deps: DownloadDeps): DownloadManager {
  const fetchFile = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const storage = deps.storage === undefined ? deviceStorage() : deps.storage;
  const now = deps.now ?? Date.now;
  const db = deps.db ?? learnerDb;
  const online = deps.online ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const concurrency = deps.concurrency ?? 2;
  const progressEveryMs = deps.progressEveryMs ?? 500;
  const openCache = () => (deps.caches ?? globalThis.caches).open(MEDIA_CACHE);

  const jobs = new Map<string, Job>();
  const starting = new Set<string>();
  const manifests = new Map<string, OfflineManifest>();
  const users = new Set<string>();
  let persistenceAsked = false;

  const update = (key: string, changes: Partial<CourseDownload>) => db().downloads.update(key, { ...changes, updatedAt: now() });
  const expiring = (manifest: OfflineManifest | undefined) => !manifest || Date.parse(manifest.mediaExpiresAt) - now() < 60_000;

  async function fetchManifest(userId: string, courseId: number, signal?: AbortSignal): Promise<OfflineManifest> {
    const manifest = await deps.api.call(offlineManifest, { params: { userId, courseId }, signal });
    manifests.set(courseKey(userId, courseId), manifest);
    return manifest;
  }

  /** Structure, articles, quizzes and the survey, for the player, quizzes and survey offline. */
  async function saveContent(userId: string, courseId: number): Promise<string> {
    const content = await deps.api.call(enrolledCourseDetails, { params: { userId, courseId } });
    await saveCourseContent(userId, content, now());
    let survey = null;
    if (content.hasSurvey) {
      survey = await deps.api.call(courseSurvey, { params: { courseId } }).catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      });
    }
    await saveCourseSurvey(userId, courseId, survey);
    return content.title;
  }

  async function ensureSpace(needed: number, wanted: DownloadQuality): Promise<void> {
    if (needed <= 0) return;
    const { free } = await storageFigures(storage);
    if (free !== null && needed + spaceMargin(needed) > free) throw new DownloadRefused(notEnoughSpaceMessage(needed, free, wanted));
  }

  async function dropUnused(cache: Cache, keys: string[], key: string): Promise<void> {
    await deleteFiles(cache, keys, keysInUse(await db().downloads.toArray(), key));
  }

  /** A fresh manifest's addresses (and any change to the course's files), keeping what is done. */
  async function refresh(row: CourseDownload, cache: Cache): Promise<DownloadFile[]> {
    const manifest = await fetchManifest(row.userId, row.courseId);
    const chosen = chooseQuality(manifest, row.quality);
    const present = await cachedPaths(cache);
    const files = filesOf(chosen, present);
    const kept = new Set(files.map((f) => f.key));
    await update(row.key, { files: copyFiles(files), playback: playbackOf(chosen), bytesTotal: chosen.bytes, bytesDone: doneBytes(files) });
    await dropUnused(
      cache,
      row.files.map((f) => f.key).filter((k) => !kept.has(k)),
      row.key,
    );
    return files;
  }

  /** Runs the pending files through `concurrency` workers; the first failure stops the others. */
  async function fetchAll(files: DownloadFile[], cache: Cache, job: Job, onProgress: () => void, inflight: { bytes: number }) {
    const round = new AbortController();
    const stopRound = () => round.abort();
    job.controller.signal.addEventListener('abort', stopRound);
    const queue = files.filter((f) => !f.done);
    let failure: unknown = null;
    const worker = async () => {
      for (let file = queue.shift(); file && !round.signal.aborted; file = queue.shift()) {
        let got = 0;
        try {
          await fetchToCache(fetchFile, cache, file, round.signal, (count) => {
            got += count;
            inflight.bytes += count;
            onProgress();
          });
          file.done = true;
        } catch (error) {
          failure ??= error;
          round.abort();
        } finally {
          inflight.bytes -= got;
          onProgress();
        }
      }
    };
    try {
      // Every worker settles before this returns: no cache.put outlives a pause or a rollback.
      await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    } finally {
      job.controller.signal.removeEventListener('abort', stopRound);
    }
    if (job.controller.signal.aborted) throw new TransferError('aborted');
    if (failure) throw failure;
  }

  async function transfer(key: string, job: Job): Promise<void> {
    const row = await db().downloads.get(key);
    if (!row) return;
    const cache = await openCache();
    const present = await cachedPaths(cache);
    let files = row.files.map((f) => ({ ...f, done: present.has(cacheKeyPath(f.key)) }));
    let refreshed = false;
    let total = row.bytesTotal;
    const inflight = { bytes: 0 };
    let lastWrite = 0;
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      if (trailing) clearTimeout(trailing);
      trailing = null;
      lastWrite = now();
      void update(key, { files: copyFiles(files), bytesDone: Math.min(total, doneBytes(files) + inflight.bytes) });
    };
    // At most one write per interval, and a last one after it, so a transfer that goes quiet
    // (a stalled file) still shows where it got to.
    const progress = () => {
      if (now() - lastWrite >= progressEveryMs) write();
      else trailing ??= setTimeout(write, progressEveryMs);
    };
    const stopWith = (changes: Partial<CourseDownload>) => {
      if (trailing) clearTimeout(trailing);
      trailing = null;
      return update(key, { files: copyFiles(files), bytesDone: doneBytes(files), ...changes });
    };

    try {
      await update(key, { state: 'downloading', error: null, files: copyFiles(files), bytesDone: doneBytes(files) });
      await ensureSpace(total - doneBytes(files), row.quality);
      if (files.some((f) => !f.done) && expiring(manifests.get(key))) {
        files = await refresh(row, cache);
        total = files.reduce((sum, f) => sum + f.bytes, 0);
        refreshed = true;
      }
      for (;;) {
        try {
          await fetchAll(files, cache, job, progress, inflight);
          break;
        } catch (error) {
          const failure = classifyTransferError(error);
          // An expired address, or a file the course no longer has: the manifest is stale.
          if ((failure.kind === 'expired' || failure.kind === 'refused') && !refreshed && !job.controller.signal.aborted) {
            refreshed = true;
            files = await refresh(row, cache);
            total = files.reduce((sum, f) => sum + f.bytes, 0);
            continue;
          }
          throw failure;
        }
      }
      await stopWith({ state: 'complete', error: null, bytesDone: doneBytes(files) });
    } catch (error) {
      await fail(key, row, cache, job, files, error, stopWith);
    }
  }

  async function fail(
    key: string,
    row: CourseDownload,
    cache: Cache,
    job: Job,
    files: DownloadFile[],
    error: unknown,
    stopWith: (changes: Partial<CourseDownload>) => Promise<number>,
  ): Promise<void> {
    if (job.stop === 'cancel') return;
    if (job.stop === 'pause') {
      await stopWith({ state: 'paused', error: null });
      return;
    }
    if (error instanceof DownloadRefused) {
      await stopWith({ state: 'error', error: error.message });
      return;
    }
    if (isApiError(error)) {
      const reachable = error.kind === 'network' || (error.status !== null && error.status >= 500);
      await stopWith(reachable ? { state: 'paused', error: DOWNLOAD_MESSAGES.offline } : { state: 'error', error: DOWNLOAD_MESSAGES.gone });
      return;
    }
    const failure = classifyTransferError(error);
    switch (failure.kind) {
      case 'quota': {
        // No half-written course: everything of it goes, except files another download holds.
        const keys = [...row.files, ...files].map((f) => f.key);
        await dropUnused(cache, keys, key);
        for (const f of files) f.done = false;
        await stopWith({ state: 'error', error: DOWNLOAD_MESSAGES.quota });
        return;
      }
      case 'network':
        await stopWith({ state: 'paused', error: failure.status ? DOWNLOAD_MESSAGES.server : DOWNLOAD_MESSAGES.offline });
        return;
      case 'expired':
        await stopWith({ state: 'error', error: DOWNLOAD_MESSAGES.gone });
        return;
      default:
        await stopWith({ state: 'error', error: DOWNLOAD_MESSAGES.refused });
    }
  }

  function launch(key: string): Promise<void> {
    const running = jobs.get(key);
    if (running) return running.done;
    const job: Job = { controller: new AbortController(), stop: null, done: Promise.resolve() };
    job.done = transfer(key, job)
      .catch((error: unknown) => console.error('Download failed unexpectedly', error))
      .finally(() => {
        if (jobs.get(key) === job) jobs.delete(key);
      });
    jobs.set(key, job);
    return job.done;
  }

  async function stop(key: string, reason: 'pause' | 'cancel'): Promise<void> {
    const job = jobs.get(key);
    if (!job) return;
    job.stop = reason;
    job.controller.abort();
    await job.done;
  }

  async function resumeInterrupted(): Promise<void> {
    for (const userId of users) {
      const rows = await db().downloads.where('userId').equals(userId).toArray();
      for (const row of rows) if (row.state === 'paused' && row.error && RESUMABLE.has(row.error)) void launch(row.key);
    }
  }

  const onOnline = () => void resumeInterrupted().catch(() => {});
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  async function cancel(userId: string, courseId: number): Promise<void> {
    const key = courseKey(userId, courseId);
    await stop(key, 'cancel');
    const row = await db().downloads.get(key);
    manifests.delete(key);
    if (!row) return;
    // The row goes first: were the page closed in between, a leftover file is only unused space.
    await db().downloads.delete(key);
    await dropUnused(
      await openCache(),
      row.files.map((f) => f.key),
      key,
    );
  }

  async function checkForUpdate(userId: string, courseId: number): Promise<'current' | 'updated' | 'skipped'> {
    const key = courseKey(userId, courseId);
    const row = await db().downloads.get(key);
    if (!row || row.state !== 'complete' || jobs.has(key) || starting.has(key) || !online()) return 'skipped';
    const manifest = await fetchManifest(userId, courseId);
    if (manifest.contentVersion !== undefined && manifest.contentVersion === row.contentVersion) return 'current';
    const chosen = chooseQuality(manifest, row.quality);
    const cache = await openCache();
    const plan = planUpdate(row, { files: filesOf(chosen, await cachedPaths(cache)), assetVersions: manifest.assetVersions });
    await ensureSpace(chosen.bytes - doneBytes(plan.files), row.quality);
    const title = await saveContent(userId, courseId);
    // An older file of a replaced asset goes before its new one is fetched under the same key.
    await deleteFiles(cache, plan.stale, new Set());
    const pending = plan.files.some((f) => !f.done);
    await update(key, {
      title,
      files: copyFiles(plan.files),
      playback: playbackOf(chosen),
      bytesTotal: chosen.bytes,
      bytesDone: doneBytes(plan.files),
      state: pending ? 'downloading' : 'complete',
      error: null,
      contentVersion: manifest.contentVersion,
      assetVersions: manifest.assetVersions,
    });
    await dropUnused(cache, plan.removed, key);
    if (pending) void launch(key);
    return 'updated';
  }

  return {
    manifest: fetchManifest,

    async start(userId, courseId, wanted, options = {}) {
      const key = courseKey(userId, courseId);
      if (jobs.has(key) || starting.has(key)) return;
      starting.add(key);
      users.add(userId);
      try {
        const manifest = options.manifest && !expiring(options.manifest) ? options.manifest : await fetchManifest(userId, courseId);
        manifests.set(key, manifest);
        const chosen = chooseQuality(manifest, wanted);
        const cache = await openCache();
        const files = filesOf(chosen, await cachedPaths(cache));
        await ensureSpace(chosen.bytes - doneBytes(files), wanted);
        const title = await saveContent(userId, courseId);
        if (!persistenceAsked) {
          persistenceAsked = true;
          void requestPersistence(storage);
        }
        const previous = await db().downloads.get(key);
        await db().downloads.put({
          key,
          userId,
          courseId,
          title,
          quality: wanted,
          state: 'downloading',
          files,
          bytesTotal: chosen.bytes,
          bytesDone: doneBytes(files),
          playback: playbackOf(chosen),
          error: null,
          updatedAt: now(),
          contentVersion: manifest.contentVersion,
          assetVersions: manifest.assetVersions,
        });
        if (previous) {
          const kept = new Set(files.map((f) => f.key));
          await dropUnused(
            cache,
            previous.files.map((f) => f.key).filter((k) => !kept.has(k)),
            key,
          );
        }
        void launch(key);
      } finally {
        starting.delete(key);
      }
    },

    pause: (userId, courseId) => stop(courseKey(userId, courseId), 'pause'),

    async resume(userId, courseId) {
      const key = courseKey(userId, courseId);
      users.add(userId);
      const row = await db().downloads.get(key);
      if (row && row.state !== 'complete') void launch(key);
    },

    cancel,
    remove: cancel,

    async verify(userId) {
      users.add(userId);
      const rows = await db().downloads.where('userId').equals(userId).toArray();
      if (!rows.length) return;
      const present = await cachedPaths(await openCache());
      for (const row of rows) {
        if (jobs.has(row.key) || row.state === 'error') continue;
        const files = row.files.map((f) => ({ ...f, done: present.has(cacheKeyPath(f.key)) }));
        const missing = files.some((f) => !f.done);
        const interrupted = row.state === 'downloading' || (row.state === 'paused' && row.error !== null && RESUMABLE.has(row.error));
        if (!missing) {
          if (row.state !== 'complete' && row.state !== 'paused') await update(row.key, { files, bytesDone: doneBytes(files), state: 'complete', error: null });
          continue;
        }
        if ((row.state === 'complete' || interrupted) && online()) {
          void launch(row.key);
          continue;
        }
        const error = row.state === 'complete' ? DOWNLOAD_MESSAGES.missing : interrupted ? DOWNLOAD_MESSAGES.offline : row.error;
        await update(row.key, { files, bytesDone: doneBytes(files), state: 'paused', error });
      }
    },

    checkForUpdate,

    async checkForUpdates(userId) {
      users.add(userId);
      const rows = await db().downloads.where('userId').equals(userId).toArray();
      for (const row of rows) if (row.state === 'complete') await checkForUpdate(userId, row.courseId);
    },

    settled: (userId, courseId) => jobs.get(courseKey(userId, courseId))?.done ?? Promise.resolve(),

    dispose: () => {
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    },
  };
}

let shared: DownloadManager | null = null;

/** The app's one download manager (one set of running transfers, one `online` listener). */
export function downloadManager(api: Pick<ApiClient, 'call'>): DownloadManager {
  shared ??= createDownloadManager({ api });
  return shared;
}

/** For tests: the manager the screens use (null: the app's own, made on first use). */
export function setDownloadManagerForTests(manager: DownloadManager | null): void {
  shared?.dispose();
  shared = manager;
}

/** Whether this browser can keep downloads at all (Cache Storage needs a secure context). */
export const downloadsSupported = () => typeof globalThis.caches !== 'undefined' && typeof indexedDB !== 'undefined';
