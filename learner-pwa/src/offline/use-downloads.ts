// The downloads as the screens see them: live rows from IndexedDB (every progress write re-renders
// what shows it), the device's storage figures, and the app's download manager bound to the
// session's API client. The first screen that uses downloads checks them once (verify).
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { courseKey, learnerDb, type CourseDownload } from './db';
import { downloadManager, downloadsSupported, type DownloadManager } from './downloads';
import { storageFigures, type StorageFigures } from './storage';

const verified = new Set<string>();

/** Checks a user's downloads once per app start (files evicted, a download cut off by a closed page). */
export function verifyDownloadsOnce(manager: DownloadManager, userId: string): void {
  if (!userId || verified.has(userId) || !downloadsSupported()) return;
  verified.add(userId);
  void manager
    .verify(userId)
    // Then, once per start, bring complete copies up to date with their courses: only what changed
    // is fetched (decision 048).
    .then(() => manager.checkForUpdates(userId))
    .catch((error: unknown) => console.warn('Checking the downloads failed', error));
}

export function useDownloadManager(): { manager: DownloadManager; userId: string; supported: boolean } {
  const { api } = useSessionManager();
  const userId = useSession().profile?.userId ?? '';
  const manager = downloadManager(api);
  useEffect(() => verifyDownloadsOnce(manager, userId), [manager, userId]);
  return { manager, userId, supported: downloadsSupported() };
}

/**
 * A course's download: undefined while reading, null when there is none. A database that cannot
 * open (private mode, an old browser) reads as none: the screens work, without downloads.
 */
export function useCourseDownload(userId: string, courseId: number): CourseDownload | null | undefined {
  return useLiveQuery(
    () =>
      userId
        ? learnerDb()
            .downloads.get(courseKey(userId, courseId))
            .then((row) => row ?? null)
            .catch(() => null)
        : null,
    [userId, courseId],
  );
}

/**
 * What of a course this phone holds, for studying it offline: 'downloaded' (its lessons, media
 * too), 'opened' (its structure, articles and quizzes, kept when it was last opened online: videos
 * need the network) or 'none'. Undefined while reading.
 */
export type CourseOnPhone = 'downloaded' | 'opened' | 'none';

export function useCourseOnPhone(userId: string, courseId: number): CourseOnPhone | undefined {
  return useLiveQuery(async (): Promise<CourseOnPhone> => {
    if (!userId) return 'none';
    const db = learnerDb();
    const key = courseKey(userId, courseId);
    const [download, kept] = await Promise.all([db.downloads.get(key).catch(() => undefined), db.courses.get(key).catch(() => undefined)]);
    if (download?.state === 'complete') return 'downloaded';
    return kept ? 'opened' : 'none';
  }, [userId, courseId]);
}

export function useUserDownloads(userId: string): CourseDownload[] | undefined {
  return useLiveQuery(
    () =>
      userId
        ? learnerDb()
            .downloads.where('userId')
            .equals(userId)
            .toArray()
            .catch(() => [])
        : [],
    [userId],
  );
}

/** Storage figures, read again whenever `version` changes (e.g. the bytes downloaded). */
export function useStorageFigures(version: unknown): StorageFigures | null {
  const [figures, setFigures] = useState<StorageFigures | null>(null);
  useEffect(() => {
    let live = true;
    void storageFigures().then((next) => live && setFigures(next));
    return () => {
      live = false;
    };
  }, [version]);
  return figures;
}
