// Keeps the public catalogue's queries in IndexedDB (catalogue-cache.ts) and puts them back when
// the network is gone, so the catalogue shows what it last saw instead of a spinner or an error.
//
// Written: every successful catalogue query, batched a moment after it arrives and when the page
// is hidden (the app closed or sent to the background).
// Restored: when the app starts offline or goes offline (every saved query), and when one query
// fails for lack of network on a connection that claims to be up (that query). Never restored
// over fresher data (hydrate keeps whichever is newer), and never while the network answers, so
// an online learner always sees the live catalogue.
//
// The layout loads this module after the first screen; the database code (Dexie) is fetched only
// when there is something to write or read.
import { hydrate, onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '@rivet/shared/client/errors';
import type { DehydratedQuery } from './catalogue-cache';
import { setCatalogueRestoreState } from './catalogue-restored';
import { PUBLIC_QUERY_ROOTS } from '../api/public-query-roots';

const CATALOGUE_ROOTS = new Set(PUBLIC_QUERY_ROOTS);
// Short: a learner who opens a course and closes the app at once should still find it offline.
const SAVE_DELAY_MS = 250;

export function isCatalogueQuery(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === 'string' && CATALOGUE_ROOTS.has(queryKey[0]);
}

const loadCache = () => import('./catalogue-cache');

async function restore(client: QueryClient, hashes?: string[]): Promise<void> {
  try {
    const { readCatalogueQueries } = await loadCache();
    const queries = await readCatalogueQueries(hashes);
    if (queries.length) hydrate(client, { mutations: [], queries });
  } catch (error) {
    // No IndexedDB (private browsing in some browsers) or a failed read: screens fall back to their own messages.
    console.warn('The saved catalogue could not be read:', error);
  }
}

const restoring = new WeakMap<QueryClient, Promise<void>>();

function restoreAll(client: QueryClient): Promise<void> {
  const running = restoring.get(client);
  if (running) return running;
  setCatalogueRestoreState('restoring');
  const done = restore(client).finally(() => {
    restoring.delete(client);
    setCatalogueRestoreState('restored');
  });
  restoring.set(client, done);
  return done;
}

function snapshot(query: Query): DehydratedQuery {
  // Only what a later visit needs; a dehydrated promise or error would not survive storage anyway.
  return {
    queryHash: query.queryHash,
    queryKey: query.queryKey,
    state: { ...query.state, error: null, fetchFailureReason: null, fetchFailureCount: 0, fetchStatus: 'idle' },
    dehydratedAt: Date.now(),
    ...(query.meta ? { meta: query.meta } : {}),
    ...(query.queryType ? { queryType: query.queryType } : {}),
  } as DehydratedQuery;
}

const started = new WeakSet<QueryClient>();

const failedForNetwork = (query: Query) => isApiError(query.state.error) && query.state.error.isNetwork;

export function startCataloguePersistence(client: QueryClient): void {
  if (started.has(client) || typeof indexedDB === 'undefined') return;
  started.add(client);

  const toSave = new Map<string, Query>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!toSave.size) return;
    const queries = [...toSave.values()].filter((q) => q.state.status === 'success').map(snapshot);
    toSave.clear();
    void loadCache()
      .then(({ saveCatalogueQueries }) => saveCatalogueQueries(queries))
      .catch((error: unknown) => console.warn('The catalogue could not be saved for offline use:', error));
  };

  const save = (query: Query) => {
    toSave.set(query.queryHash, query);
    timer ??= setTimeout(flush, SAVE_DELAY_MS);
  };

  // What the first screen fetched (or failed to) before this module arrived.
  const earlier = client
    .getQueryCache()
    .getAll()
    .filter((query) => isCatalogueQuery(query.queryKey));
  for (const query of earlier) if (query.state.status === 'success') save(query);
  const failed = earlier.filter(failedForNetwork).map((query) => query.queryHash);
  if (failed.length) void restore(client, failed);

  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isCatalogueQuery(event.query.queryKey)) return;
    if (event.action.type === 'success') save(event.query);
    else if (event.action.type === 'error' && failedForNetwork(event.query)) void restore(client, [event.query.queryHash]);
  });

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });

  if (!onlineManager.isOnline()) void restoreAll(client);
  onlineManager.subscribe((online) => {
    if (!online) void restoreAll(client);
    else setCatalogueRestoreState('idle');
  });
}
