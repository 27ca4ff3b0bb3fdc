import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { render, screen } from '@testing-library/react';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@rivet/shared/client/errors';
import { MAX_ROWS, closeCatalogueCacheForTests, readCatalogueQueries } from './catalogue-cache';
import { isCatalogueQuery, startCataloguePersistence } from './catalogue-persistence';
import { LastSeenNotice, formatLastSeen, lastSeenAt } from './last-seen';
import { courseDetail, courseSummary } from '../test/catalogue-fixtures';
import { institution } from '../test/institution-fixtures';

const course = courseDetail({ courseId: 1, title: 'Excel for Small Business' });
const partners = { items: [institution()], totalRows: 1 };
const SEEN_AT = new Date('2026-11-20T09:30:00Z').getTime();

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Waits for the batched write (a quarter second after the answer). */
async function saved(count: number) {
  await vi.waitFor(async () => expect(await readCatalogueQueries()).toHaveLength(count), { timeout: 3000 });
}

describe('the catalogue as last seen', () => {
  afterEach(async () => {
    onlineManager.setOnline(true);
    await closeCatalogueCacheForTests();
    indexedDB.deleteDatabase('rivet-catalogue');
  });

  it('keeps public catalogue queries only, never the learner’s own', () => {
    expect(isCatalogueQuery(['courses', 'detail', 1])).toBe(true);
    expect(isCatalogueQuery(['institutions', 'active'])).toBe(true);
    expect(isCatalogueQuery(['reference', 'languages'])).toBe(true);
    expect(isCatalogueQuery(['me', 'certificate', 'u-1', 1])).toBe(false);
    expect(isCatalogueQuery(['enrolment', 'u-1', 1])).toBe(false);
  });

  it('saves what the catalogue fetched and, when the app opens offline, shows it with the time it was seen', async () => {
    const online = newClient();
    startCataloguePersistence(online);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SEEN_AT);
    await online.fetchQuery({ queryKey: ['courses', 'detail', 1], queryFn: async () => course });
    await online.fetchQuery({ queryKey: ['me', 'certificate', 'u-1', 1], queryFn: async () => ({ certificateId: 'X' }) });
    vi.useRealTimers();
    await saved(1);

    // The next visit, with no network.
    onlineManager.setOnline(false);
    const offline = newClient();
    startCataloguePersistence(offline);
    await vi.waitFor(() => expect(offline.getQueryData(['courses', 'detail', 1])).toEqual(course));
    expect(offline.getQueryState(['courses', 'detail', 1])?.dataUpdatedAt).toBe(SEEN_AT);
    expect(offline.getQueryData(['me', 'certificate', 'u-1', 1])).toBeUndefined();
  });

  it('puts a query back when the network fails it although the device says it is online', async () => {
    const first = newClient();
    startCataloguePersistence(first);
    await first.fetchQuery({ queryKey: ['institutions', 'active'], queryFn: async () => partners });
    await saved(1);

    const second = newClient();
    startCataloguePersistence(second);
    await second
      .fetchQuery({
        queryKey: ['institutions', 'active'],
        queryFn: async () => {
          throw new ApiError('network', "We couldn't connect to the server.");
        },
      })
      .catch(() => undefined);
    await vi.waitFor(() => expect(second.getQueryData(['institutions', 'active'])).toEqual(partners));
  });

  it('keeps at most MAX_ROWS queries, dropping the oldest', async () => {
    const client = newClient();
    startCataloguePersistence(client);
    for (let i = 0; i <= MAX_ROWS; i++) await client.fetchQuery({ queryKey: ['courses', 'quick', 4, { parameter: `q${i}` }], queryFn: async () => ({ items: [courseSummary({ courseId: i + 1 })], totalRows: 1, page: 1, pageSize: 50 }) });
    await saved(MAX_ROWS);
  });

  it('says when the courses shown were last seen, only when they are not live', () => {
    const now = new Date(2026, 10, 23, 16, 0);
    expect(formatLastSeen(new Date(2026, 10, 23, 9, 5), now)).toMatch(/^today at 0?9:05/);
    expect(formatLastSeen(new Date(2026, 10, 22, 21, 40), now)).toMatch(/^yesterday at /);
    expect(formatLastSeen(new Date(2026, 10, 3, 9, 30), now)).toMatch(/3 Nov 2026/);

    const old = { data: [course], dataUpdatedAt: SEEN_AT };
    expect(lastSeenAt(old, false)?.getTime()).toBe(SEEN_AT);
    expect(lastSeenAt(old, true)?.getTime()).toBe(SEEN_AT);
    expect(lastSeenAt({ data: [course], dataUpdatedAt: Date.now() }, true)).toBeNull();
    expect(lastSeenAt({ data: undefined, dataUpdatedAt: 0 }, false)).toBeNull();

    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    render(<LastSeenNotice results={[old]} />);
    expect(screen.getByRole('status')).toHaveTextContent(/You're offline\.Showing courses as last seen 20 Nov 2026/);
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  });
});

describe('the saved catalogue read back (decision 057)', () => {
  afterEach(async () => {
    await closeCatalogueCacheForTests();
    await Dexie.delete('rivet-catalogue');
    vi.restoreAllMocks();
  });

  const row = (queryKey: unknown[], data: unknown, patch: Record<string, unknown> = {}) => {
    const queryHash = JSON.stringify(queryKey);
    return { hash: queryHash, savedAt: 1, query: { queryHash, queryKey, state: { data, dataUpdatedAt: SEEN_AT, status: 'success' }, dehydratedAt: SEEN_AT }, ...patch };
  };

  it('keeps rows whose data matches their endpoint’s contract (old unversioned ones too), drops and deletes the rest', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const raw = new Dexie('rivet-catalogue');
    raw.version(1).stores({ queries: 'hash, savedAt' });
    const good = row(['courses', 'detail', 1], course);
    await raw.table('queries').bulkPut([
      good,
      row(['institutions', 'active'], partners, { v: 1 }),
      row(['courses', 'detail', 2], { ...course, coursePrice: 'free' }),
      row(['courses', 'quick', 4, {}], { items: 'none' }),
      row(['reference', 'languages'], [{ id: 1 }]),
      row(['courses', 'detail', 3], course, { v: 7 }),
      row(['me', 'certificate'], { certificateId: 'X' }),
      { ...row(['courses', 'detail', 4], course), hash: 'filed elsewhere' },
      { hash: 'garbage', query: 'not a query' },
    ]);
    raw.close();
    const kept = await readCatalogueQueries();
    expect(kept.map((q) => q.queryKey)).toEqual([['courses', 'detail', 1], ['institutions', 'active']]);
    const after = new Dexie('rivet-catalogue');
    after.version(1).stores({ queries: 'hash, savedAt' });
    expect((await after.table('queries').toArray()).map((r) => r.hash).sort()).toEqual([good.hash, JSON.stringify(['institutions', 'active'])].sort());
    after.close();
  });

  it('offline, a screen restored from a malformed row has no data rather than a wrong one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const raw = new Dexie('rivet-catalogue');
    raw.version(1).stores({ queries: 'hash, savedAt' });
    await raw.table('queries').put(row(['courses', 'detail', 1], { courseId: 1, name: 'old shape' }));
    raw.close();
    onlineManager.setOnline(false);
    const client = newClient();
    startCataloguePersistence(client);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.getQueryData(['courses', 'detail', 1])).toBeUndefined();
    onlineManager.setOnline(true);
  });
});
