// What a course download consists of, decided from the offline manifest before any byte moves:
// the files of the chosen quality under their cache keys, what the player plays, the space it
// needs, and the words the learner sees when it cannot go on.
import type { OfflineManifest, OfflineQuality } from '@rivet/shared/api/offline';
import { canonicalMediaKey, type DownloadFile, type DownloadQuality } from './db';
import { formatBytes } from './storage';

export const DOWNLOAD_MESSAGES = {
  offline: 'Download paused: no connection. It resumes where it stopped.',
  server: 'Download paused: the server is not answering. It resumes where it stopped.',
  quota: 'Your phone ran out of space while downloading this course. Nothing was kept.',
  refused: 'A file of this course could not be downloaded. Try again later.',
  gone: 'This course’s files are no longer available to you.',
  missing: 'Some files of this course are missing from the phone. They download again when you are online.',
} as const;

/** Paused by the app, not by the learner: resumed by itself when the connection returns. */
export const RESUMABLE = new Set<string>([DOWNLOAD_MESSAGES.offline, DOWNLOAD_MESSAGES.server, DOWNLOAD_MESSAGES.missing]);

/** A download refused before it started, with the words to show. */
export class DownloadRefused extends Error {}

export function notEnoughSpaceMessage(needed: number, free: number, quality: DownloadQuality): string {
  const alternative = quality === 'standard' ? ' or choose Data saver' : '';
  return `Not enough free space on this phone: this course needs ${formatBytes(needed)} and only ${formatBytes(free)} is free. Free some space${alternative}.`;
}

/** Margin kept free beyond what a download needs: the app's own data and the browser's rounding. */
export const spaceMargin = (needed: number) => Math.max(needed * 0.1, 5_000_000);

export const doneBytes = (files: DownloadFile[]) => files.reduce((sum, f) => sum + (f.done ? f.bytes : 0), 0);
export const copyFiles = (files: DownloadFile[]) => files.map((f) => ({ ...f }));

export function chooseQuality(manifest: OfflineManifest, wanted: DownloadQuality): OfflineQuality {
  const found = manifest.qualities.find((q) => q.quality === wanted);
  if (!found) throw new DownloadRefused('This quality is not offered for this course.');
  return found;
}

/** The manifest's files as a download lists them; `done` when the cache already holds the file. */
export function filesOf(chosen: OfflineQuality, present: Set<string>): DownloadFile[] {
  const byKey = new Map<string, DownloadFile>();
  for (const f of chosen.files) {
    const key = canonicalMediaKey(f.url) ?? `/offline-media/${f.assetId}/${f.path}`;
    byKey.set(key, { key, url: f.url, bytes: f.bytes, done: present.has(key), assetId: f.assetId });
  }
  return [...byKey.values()];
}

export const playbackOf = (chosen: OfflineQuality) => Object.fromEntries(Object.entries(chosen.playback).map(([id, path]) => [Number(id), path]));


export interface UpdatePlan {
  /** The new manifest's files: done when the phone holds the same file of the same asset version. */
  files: DownloadFile[];
  /** Cache keys holding an older version of an asset's file: deleted before fetching the new one. */
  stale: string[];
  /** Cache keys of files the course no longer has. */
  removed: string[];
}

/**
 * What updating a downloaded course costs (decision 048): compares the copy's asset versions with
 * the new manifest's. A file is fetched again only when it is new, missing from the cache, or its
 * asset's version changed (its media file was replaced); every other file stays as it is.
 */
export function planUpdate(
  previous: { files: DownloadFile[]; assetVersions?: Record<string, string> },
  next: { files: DownloadFile[]; assetVersions?: Record<string, string> },
): UpdatePlan {
  const before = previous.assetVersions ?? {};
  const after = next.assetVersions ?? {};
  const changed = (assetId: number | undefined) => assetId !== undefined && before[assetId] !== undefined && after[assetId] !== undefined && before[assetId] !== after[assetId];
  const stale: string[] = [];
  const files = next.files.map((f) => {
    if (f.done && changed(f.assetId)) {
      stale.push(f.key);
      return { ...f, done: false };
    }
    return { ...f };
  });
  const kept = new Set(files.map((f) => f.key));
  return { files, stale, removed: previous.files.map((f) => f.key).filter((k) => !kept.has(k)) };
}
