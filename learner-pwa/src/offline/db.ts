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
//
// Every row is written with the version of its shape (`v`) and checked when it is read back
// (decision 057, stored-shapes.ts): one Dexie middleware does both for every table, so no reader
// can see a row an older version of the app left in a shape this one does not know. Such a row is
// left out of what is read and deleted.
import Dexie, { type DBCore, type DBCoreCursor, type DBCoreTable, type EntityTable, type Middleware } from 'dexie';
import type { LearnerEvent, PlayerContent, Survey } from '@rivet/shared/api/learning';
import { checkStored, type StoredShape } from '@rivet/shared/client/stored-row';
import { COURSE_ROW, DOWNLOAD_ROW, META_ROW, OUTBOX_ROW } from './stored-shapes';

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
  /** The asset the file belongs to (for comparing asset versions on an update; decision 048). */
  assetId?: number;
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
  /** The manifest's versions this copy was made from (decision 048): an update fetches only what changed. */
  contentVersion?: string;
  assetVersions?: Record<string, string>;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

const SHAPES: Record<string, StoredShape<unknown>> = { outbox: OUTBOX_ROW, courses: COURSE_ROW, downloads: DOWNLOAD_ROW, meta: META_ROW };

/**
 * Stamps `v` on what is written and checks what is read (get, bulkGet, toArray, first…): a row
 * that fails is left out and deleted after the read's transaction; an older row that migrates is
 * handed on migrated (and written back in its new shape by the next write).
 */
export function storedRowsMiddleware(db: () => Dexie, shapes: Record<string, StoredShape<unknown>> = SHAPES): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'storedRows',
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          const shape = shapes[name];
          if (!shape) return table;
          const primaryKey = table.schema.primaryKey;
          const dropping = new Set<string>();
          const keyOf = (row: unknown) => {
            try {
              return primaryKey.extractKey?.(row) ?? (primaryKey.keyPath && typeof primaryKey.keyPath === 'string' ? (row as Record<string, unknown>)[primaryKey.keyPath] : undefined);
            } catch {
              return undefined;
            }
          };
          /**
           * Deletes rows found unreadable, after the read's transaction (a read-only one cannot
           * delete), each only if it is still unreadable then: a good row written in between stays.
           */
          const drop = (keys: unknown[]) => {
            const wanted = keys.filter((k) => k !== undefined && k !== null && !dropping.has(JSON.stringify(k)));
            if (!wanted.length) return;
            for (const key of wanted) dropping.add(JSON.stringify(key));
            setTimeout(() => {
              const rows = db().table(name);
              void db()
                .transaction('rw', rows, async () => {
                  for (const key of wanted) if ((await rows.get(key as never)) === undefined) await rows.delete(key as never);
                })
                .catch(() => undefined)
                .finally(() => {
                  for (const key of wanted) dropping.delete(JSON.stringify(key));
                });
            }, 0);
          };
          const read = (row: unknown): unknown => {
            if (row === undefined) return undefined;
            const checked = checkStored(shape, row);
            if (checked.ok) return checked.input;
            console.warn(`Dropped a saved ${name} row that this version cannot read (${checked.reason}).`);
            return undefined;
          };
          const wrapped: DBCoreTable = {
            ...table,
            async get(request) {
              const row = await table.get(request);
              const kept = read(row);
              if (row !== undefined && kept === undefined) drop([request.key]);
              return kept;
            },
            async getMany(request) {
              const rows = await table.getMany(request);
              const bad: unknown[] = [];
              const kept = rows.map((row, i) => {
                const out = read(row);
                if (row !== undefined && out === undefined) bad.push(request.keys[i]);
                return out;
              });
              drop(bad);
              return kept;
            },
            async query(request) {
              const response = await table.query(request);
              if (!request.values) return response;
              const bad: unknown[] = [];
              const result = response.result.flatMap((row: unknown) => {
                const out = read(row);
                if (out === undefined) {
                  bad.push(keyOf(row));
                  return [];
                }
                return [out];
              });
              drop(bad);
              return { ...response, result };
            },
            // Filtered collections (`.filter(…)`, `.each`, `.modify`) walk a cursor: a row that fails is stepped over.
            async openCursor(request) {
              const cursor = await table.openCursor(request);
              if (!cursor || !request.values) return cursor;
              let current: unknown;
              const checked: DBCoreCursor = Object.create(cursor, {
                key: { get: () => cursor.key },
                primaryKey: { get: () => cursor.primaryKey },
                value: { get: () => current },
                start: {
                  value: (onNext: () => void) =>
                    cursor.start(() => {
                      const out = read(cursor.value);
                      if (out === undefined) {
                        drop([cursor.primaryKey]);
                        cursor.continue();
                        return;
                      }
                      current = out;
                      onNext();
                    }),
                },
              }) as DBCoreCursor;
              return checked;
            },
            mutate(request) {
              if (request.type === 'add' || request.type === 'put') {
                const values = request.values.map((row: unknown) => (row && typeof row === 'object' ? { ...row, v: shape.version } : row));
                return table.mutate({ ...request, values });
              }
              return table.mutate(request);
            },
          };
          return wrapped;
        },
      };
    },
  };
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
    this.use(storedRowsMiddleware(() => this));
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
