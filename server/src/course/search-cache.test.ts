import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('the catalogue search answer cache', () => {
  let app: TestApp;
  let partner: number;
  beforeAll(async () => {
    app = await createTestApp('pglite', { searchCacheMs: 60_000 });
    partner = (await insertInstitution(app.database.db, { fullName: 'Cache Test Institute' })).id;
    await insertCourse(app.database.db, { institutionId: partner, title: 'Soap Making for Beginners' });
  });
  afterAll(() => app?.close());

  const search = (body: unknown, encoding = 'gzip, br') =>
    app.fetch('/api/Course/Course/Search?Page=1&PageSize=10', { method: 'POST', json: body, headers: { 'accept-encoding': encoding } });

  it('sends the same answer gzip-compressed to clients that accept it, and plain to others', async () => {
    const zipped = await search({ parameter: 'soap', institutionIds: [partner] });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('cache-control')).toBe('public, max-age=60');
    const fromGzip = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString());
    const plain = await search({ parameter: 'soap', institutionIds: [partner] }, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(fromGzip);
    expect(fromGzip.data.items.map((i: { title: string }) => i.title)).toEqual(['Soap Making for Beginners']);
  });

  it('treats the same filters in another order as the same search', async () => {
    const a = await (await search({ parameter: 'SOAP', institutionIds: [partner, 1] }, 'identity')).json();
    await insertCourse(app.database.db, { institutionId: partner, title: 'Soap Making Advanced' });
    const b = await (await search({ parameter: 'soap', institutionIds: [1, partner] }, 'identity')).json();
    // Served from the cache: the course added in between appears once the entry expires.
    expect(b).toEqual(a);
  });
});
