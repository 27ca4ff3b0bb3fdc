import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
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

  it('forgets its answers at once when a course is deactivated or activated again (decision 054)', async () => {
    const course = await insertCourse(app.database.db, { institutionId: partner, title: 'Quillwort Toggle Gardening' });
    const titles = async () => ((await (await search({ parameter: 'quillwort' }, 'identity')).json()).data.items as { title: string }[]).map((i) => i.title);
    expect(await titles()).toEqual(['Quillwort Toggle Gardening']);
    const admin = await signedInStaff(app, 'cache.platform', 'RIVET ADMIN', null);
    expect((await admin.call(`/api/Course/Course/Toggle/${course.id}`, { method: 'POST' })).status).toBe(200);
    // Cached for a minute, yet the deactivated course is gone from the very next answer.
    expect(await titles()).toEqual([]);
    expect((await admin.call(`/api/Course/Course/Toggle/${course.id}`, { method: 'POST' })).status).toBe(200);
    expect(await titles()).toEqual(['Quillwort Toggle Gardening']);
    // A partner's course list (the course page's "more from this partner") is cleared too.
    const more = async () => ((await (await app.fetch(`/api/Course/Course/Institution/${partner}?Page=1&PageSize=50`)).json()).data.items as { title: string }[]).map((i) => i.title);
    expect(await more()).toContain('Quillwort Toggle Gardening');
    await admin.call(`/api/Course/Course/Toggle/${course.id}`, { method: 'POST' });
    expect(await more()).not.toContain('Quillwort Toggle Gardening');
  });
});
