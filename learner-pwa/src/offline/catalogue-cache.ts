// The public catalogue as last seen: its own small IndexedDB database (Dexie), apart from the
// learner's database (db.ts), because it holds nothing personal and is written and pruned on its
// own schedule.
//
//   queries   one row per catalogue query (searches, a course's page, categories, partners,
//             languages): the query exactly as TanStack Query dehydrates it, so restoring is one
//             hydrate() call and the time it was fetched travels with it ('as last seen …').
//             At most MAX_ROWS, the least recently saved dropped first.
//
// Why IndexedDB and not the service worker's cache: the catalogue search is a POST (the filters
// are its body), which Cache Storage cannot hold, and the screens need the time the data was seen.
import Dexie, { type EntityTable } from 'dexie';
import type { DehydratedState } from '@tanstack/react-query';

export type DehydratedQuery = DehydratedState['queries'][number];

export interface CatalogueRow {
  /** TanStack Query's hash of the query key. */
  hash: string;
  query: DehydratedQuery;
  savedAt: number;
}

export const CATALOGUE_DB_NAME = 'rivet-catalogue';
/** Enough for the pages a learner browses (a search of 50 courses is ~40 KB); bounded so typing in the search box cannot grow it. */
export const MAX_ROWS = 120;

class CatalogueDatabase extends Dexie {
  queries!: EntityTable<CatalogueRow, 'hash'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ queries: 'hash, savedAt' });
  }
}

let instance: CatalogueDatabase | null = null;
const database = () => (instance ??= new CatalogueDatabase(CATALOGUE_DB_NAME));

export async function saveCatalogueQueries(queries: DehydratedQuery[], now = Date.now()): Promise<void> {
  if (!queries.length) return;
  const db = database();
  await db.transaction('rw', db.queries, async () => {
    await db.queries.bulkPut(queries.map((query) => ({ hash: query.queryHash, query, savedAt: now })));
    const extra = (await db.queries.count()) - MAX_ROWS;
    if (extra > 0) await db.queries.orderBy('savedAt').limit(extra).delete();
  });
}

/** Every saved query, or only those with the given hashes. */
export async function readCatalogueQueries(hashes?: string[]): Promise<DehydratedQuery[]> {
  const db = database();
  const rows = hashes ? (await db.queries.bulkGet(hashes)).filter((row) => row !== undefined) : await db.queries.toArray();
  return rows.map((row) => row.query);
}

/** For tests: forget the open database (fake-indexeddb is reset between files). */
export function closeCatalogueCacheForTests(): void {
  instance?.close();
  instance = null;
}
