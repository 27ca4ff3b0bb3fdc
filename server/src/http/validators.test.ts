// Shared reads carry validators (docs/decisions/055): a client that holds the answer gets a 304.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { SHARED_READ_CACHE_CONTROL } from './validators';

describe('validators on shared reads', () => {
  let app: TestApp;
  let partner: number;
  let courseId: number;
  beforeAll(async () => {
    app = await createTestApp('pglite');
    partner = (await insertInstitution(app.database.db, { fullName: 'Validator Institute' })).id;
    courseId = (await insertCourse(app.database.db, { institutionId: partner, title: 'Okra Farming With Validators' })).id;
  });
  afterAll(() => app?.close());

  const reads = () => [
    '/api/Institution/Institution/Countries',
    '/api/Course/CourseCategory/List',
    '/api/Course/Language/List',
    '/api/Course/Course/SummaryByCatgory',
    `/api/Course/Course/GetCourseById/${courseId}`,
    `/api/Course/Course/Institution/${partner}?Page=1&PageSize=10`,
  ];

  it('answers each with an ETag and public, no-cache; the same ETag back gets an empty 304', async () => {
    for (const path of reads()) {
      const first = await app.fetch(path);
      expect(first.status, path).toBe(200);
      const tag = first.headers.get('etag');
      expect(tag, path).toMatch(/^"[0-9a-f]{40}"$/);
      expect(first.headers.get('cache-control'), path).toBe(SHARED_READ_CACHE_CONTROL);
      expect((await first.json()).success).toBe(true);

      const again = await app.fetch(path, { headers: { 'if-none-match': tag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
      expect(again.headers.get('cache-control')).toBe(SHARED_READ_CACHE_CONTROL);
      // Another client's older copy is not confirmed.
      expect((await app.fetch(path, { headers: { 'if-none-match': '"0000000000000000000000000000000000000000"' } })).status, path).toBe(200);
    }
  });

  it('downloads again once the answer changed, and never confirms a course that is gone', async () => {
    const path = `/api/Course/Course/GetCourseById/${courseId}`;
    const tag = (await app.fetch(path)).headers.get('etag')!;
    await app.database.db.update(t.courses).set({ title: 'Okra Farming, Second Edition' }).where(eq(t.courses.id, courseId));
    const changed = await app.fetch(path, { headers: { 'if-none-match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect((await changed.json()).data.title).toBe('Okra Farming, Second Edition');

    await app.database.db.update(t.courses).set({ isActive: false }).where(eq(t.courses.id, courseId));
    const gone = await app.fetch(path, { headers: { 'if-none-match': changed.headers.get('etag')! } });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('etag')).toBeNull();
  });

  it('leaves personal and staff reads without them', async () => {
    const search = await app.fetch('/api/Course/Course/Search', { method: 'POST', json: { parameter: 'okra' } });
    expect(search.headers.get('etag')).toBeNull();
  });
});
