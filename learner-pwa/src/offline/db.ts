// The learner app's one IndexedDB database (Dexie). What lives where, and why:
//
//   outbox      learner events (progress, quiz answers, survey responses) written here FIRST, then
//               sent (outbox.ts). The row is the event itself with its idempotency key (eventId) and
//               client time, so a replay from the page or the service worker sends exactly the same
//               bytes. Kept per user and never cleared by sign-out or a rejected refresh: a learner
//               who signs in again still gets every event delivered.
//   courses     the player content of every enrolled course the learner opened (structure, articles,
//               quizzes, progress) and its survey definition, per user. Small JSON; it is what the
//               player, quizzes, survey and completion pages read when the network is gone.
//   downloads   a course downloaded for offline study: the chosen quality and every media file with
//               its size and whether it is in Cache Storage (downloads.ts). The bytes themselves live
//               in Cache Storage (MEDIA_CACHE) under canonical keys, never here.
//   meta        small per-user facts: when the outbox last synced, when the catalogue was last seen.
//
// The service worker opens the same database (it replays the outbox on Background Sync).
import Dexie, { type EntityTable } from 'dexie';
import type { LearnerEvent, PlayerContent, Survey } from '@rivet/shared/api/learning';

export const DB_NAME = 'rivet-learner';

/** Cache Storage cache holding downloaded course media (see canonicalMediaKey). */
export const MEDIA_CACHE = 'rivet-media-v1';

export type OutboxState = 'pending' | 'parked';

export interface OutboxEntry {
  /** The event's idempotency key; the primary key, so an event is queued once. */
  eventId: string;
  userId: string;
  /** Insertion order (auto-increment): events replay in the order they happened. */
  seq?: number;
  event: LearnerEvent;
  courseId: number;
  /** When it was queued (client time, ms). */
  queuedAt: number;
  state: OutboxState;
  /** Failed sends so far (network, 5xx, 429): drives the backoff. */
  attempts: number;
  /** Not sent again before this time (ms). */
  nextAttemptAt: number;
  /** Parked: the status and the server's reason, shown to the learner. */
  status: number | null;
  reason: string | null;
}

export interface OfflineCourse {
  /** `${userId}:${courseId}` */
  key: string;
  userId: string;
  courseId: number;
  content: PlayerContent;
  /** Undefined: never fetched; null: the course has no survey. */
  survey?: Survey | null;
  /** When content was last fetched from the server (ms). */
  savedAt: number;
}

export type DownloadQuality = 'data-saver' | 'standard';
export type DownloadState = 'downloading' | 'paused' | 'complete' | 'error';

export interface DownloadFile {
  /** Canonical Cache Storage key (canonicalMediaKey). */
  key: string;
  /** The signed address it is fetched from (expires; refreshed from a new manifest when needed). */
  url: string;
  bytes: number;
  done: boolean;
}

export interface CourseDownload {
  /** `${userId}:${courseId}` */
  key: string;
  userId: string;
  courseId: number;
  title: string;
  quality: DownloadQuality;
  state: DownloadState;
  files: DownloadFile[];
  bytesTotal: number;
  bytesDone: number;
  /** Video assets: the path (after the asset id) the player plays offline, e.g. `hls/144p/index.m3u8`. */
  playback: Record<number, string>;
  error: string | null;
  updatedAt: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class LearnerDatabase extends Dexie {
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  courses!: EntityTable<OfflineCourse, 'key'>;
  downloads!: EntityTable<CourseDownload, 'key'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      outbox: '++seq, &eventId, [userId+state], [userId+seq], courseId',
      courses: 'key, userId',
      downloads: 'key, userId',
      meta: 'key',
    });
  }
}

let instance: LearnerDatabase | null = null;

/** The app's database, opened on first use (importing this module opens nothing). */
export function learnerDb(): LearnerDatabase {
  instance ??= new LearnerDatabase();
  return instance;
}

/** For tests: a database of their own. */
export function setDatabaseForTests(db: LearnerDatabase | null): void {
  instance = db;
}

export const courseKey = (userId: string, courseId: number) => `${userId}:${courseId}`;

/**
 * Lesson media addresses are `/media/c/{token}/{assetId}/{file…}`; the token changes with every
 * signing but the rest is stable, so a downloaded file is cached under `/offline-media/{assetId}/{file…}`
 * and found again whatever token the page asks with. Null for anything that is not lesson media.
 */
export function canonicalMediaKey(url: string): string | null {
  const path = url.startsWith('/') ? url : new URL(url).pathname;
  const match = /^\/media\/c\/[^/]+\/(\d+)\/(.+)$/.exec(path);
  return match ? `/offline-media/${match[1]}/${match[2]}` : null;
}
