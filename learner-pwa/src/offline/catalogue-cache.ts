// The public catalogue as last seen: its own small IndexedDB database, apart from the learner's
// database (db.ts), because it holds nothing personal and is written and pruned on its own
// schedule. Through `idb` (~1 KB), not Dexie (~31 KB gzip): a visitor's public pages write here
// right after the first screen, and evaluating Dexie was a ~30 ms task there, ×4 on a cheap phone
// (decision 070). The database is the one Dexie created (version 1 = IndexedDB version 10).
//
//   queries   one row per catalogue query (searches, a course's page, categories, partners,
//             languages): the query exactly as TanStack Query dehydrates it, so restoring is one
//             hydrate() call and the time it was fetched travels with it ('as last seen …').
//             At most MAX_ROWS, the least recently saved dropped first.
//
// Why IndexedDB and not the service worker's cache: the catalogue search is a POST (the filters
// are its body), which Cache Storage cannot hold, and the screens need the time the data was seen.
//
// Read back, a row is checked (decision 057): its version, its envelope, and its data against the
// response schema of the endpoint its query key names. A row that fails (an older app saved
// another shape, or a query this version does not make) is left out and deleted, so the screen
// shows its offline message instead of data it cannot render.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import * as v from 'valibot';
import type { DehydratedState } from '@tanstack/react-query';
import { getCourseById, institutionCourses, searchCourses, summaryByCategory } from '@rivet/shared/api/course';
import { searchInstitutions } from '@rivet/shared/api/institution';
import { listCountries, listCourseCategories, listLanguages } from '@rivet/shared/api/reference';
import { checkStored, sameShape, type StoredShape } from '@rivet/shared/client/stored-row';

export type DehydratedQuery = DehydratedState['queries'][number];

export interface CatalogueRow {
  /** TanStack Query's hash of the query key. */
  hash: string;
  query: DehydratedQuery;
  savedAt: number;
  /** The version of this row's shape (CATALOGUE_ROW). */
  v?: number;
}

/** The response schema of what a saved query holds, from its key (api/use-*.ts); null for a query the app does not save. */
export function catalogueDataSchema(queryKey: readonly unknown[]): v.GenericSchema | null {
  const [root, kind] = queryKey;
  if (root === 'courses') {
    if (kind === 'catalogue') return v.object({ pages: v.array(searchCourses.data), pageParams: v.array(v.number()) });
    if (kind === 'quick') return searchCourses.data;
    if (kind === 'category-summary') return summaryByCategory.data;
    if (kind === 'institution') return institutionCourses.data;
    if (kind === 'detail') return getCourseById.data;
  }
  if (root === 'institutions' && (kind === 'active' || kind === 'one')) return searchInstitutions.data;
  if (root === 'reference') {
    if (kind === 'languages') return listLanguages.data;
    if (kind === 'countries') return listCountries.data;
    if (kind === 'course-categories') return listCourseCategories.data;
  }
  return null;
}

const catalogueRowSchema = v.pipe(
  v.object({
    hash: v.string(),
    savedAt: v.number(),
    query: v.looseObject({
      queryHash: v.string(),
      queryKey: v.array(v.unknown()),
      state: v.looseObject({ data: v.unknown(), dataUpdatedAt: v.number(), status: v.literal('success') }),
    }),
  }),
  v.check((row) => row.query.queryHash === row.hash, 'the row is filed under another query'),
  v.check((row) => {
    const data = catalogueDataSchema(row.query.queryKey);
    return data !== null && v.is(data, row.query.state.data);
  }, 'its data does not match the contract'),
);

/** Version 1: rows since they carried versions; version 0 rows had the same shape and are checked as they are. */
export const CATALOGUE_ROW: StoredShape<unknown> = { version: 1, schema: catalogueRowSchema, migrate: { 0: sameShape } };

export const CATALOGUE_DB_NAME = 'rivet-catalogue';
/** Enough for the pages a learner browses (a search of 50 courses is ~40 KB); bounded so typing in the search box cannot grow it. */
export const MAX_ROWS = 120;

interface CatalogueSchema extends DBSchema {
  queries: { key: string; value: CatalogueRow; indexes: { savedAt: number } };
}

/** Dexie's `version(1).stores({ queries: 'hash, savedAt' })`, as IndexedDB sees it (Dexie multiplies versions by 10). */
const DB_VERSION = 10;

let instance: Promise<IDBPDatabase<CatalogueSchema>> | null = null;
const database = () =>
  (instance ??= openDB<CatalogueSchema>(CATALOGUE_DB_NAME, DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('queries')) db.createObjectStore('queries', { keyPath: 'hash' }).createIndex('savedAt', 'savedAt');
    },
    // Another tab opened a newer version: let it, and open again next time.
    blocking() {
      void instance?.then((db) => db.close());
      instance = null;
    },
  }));

export async function saveCatalogueQueries(queries: DehydratedQuery[], now = Date.now()): Promise<void> {
  if (!queries.length) return;
  const tx = (await database()).transaction('queries', 'readwrite');
  for (const query of queries) void tx.store.put({ hash: query.queryHash, query, savedAt: now, v: CATALOGUE_ROW.version });
  let extra = (await tx.store.count()) - MAX_ROWS;
  // The least recently saved go first.
  let cursor = extra > 0 ? await tx.store.index('savedAt').openCursor() : null;
  while (cursor && extra > 0) {
    void cursor.delete();
    extra--;
    cursor = await cursor.continue();
  }
  await tx.done;
}

/** Every saved query this version can use, or only those with the given hashes; the others are deleted. */
export async function readCatalogueQueries(hashes?: string[]): Promise<DehydratedQuery[]> {
  const db = await database();
  const rows: unknown[] = hashes ? (await Promise.all(hashes.map((hash) => db.get('queries', hash)))).filter((row) => row !== undefined) : await db.getAll('queries');
  const kept: DehydratedQuery[] = [];
  const dropped: string[] = [];
  for (const row of rows) {
    const checked = checkStored(CATALOGUE_ROW, row);
    if (checked.ok) kept.push((checked.input as unknown as CatalogueRow).query);
    else {
      console.warn(`Dropped a saved catalogue query that this version cannot read (${checked.reason}).`);
      const hash = (row as { hash?: unknown } | null)?.hash;
      if (typeof hash === 'string') dropped.push(hash);
    }
  }
  if (dropped.length) {
    const tx = db.transaction('queries', 'readwrite');
    for (const hash of dropped) void tx.store.delete(hash);
    await tx.done.catch(() => undefined);
  }
  return kept;
}

/** For tests: forget the open database (fake-indexeddb is reset between files). */
export async function closeCatalogueCacheForTests(): Promise<void> {
  const open = instance;
  instance = null;
  (await open)?.close();
}
