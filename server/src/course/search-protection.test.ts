// Catalogue search is public and each new text costs real work: only searches that miss the
// answer cache are counted, per anonymous address or per signed-in learner (docs/decisions/020).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { createCourseRepository, SEARCH_BOUNDS } from './course.repository';

describe('search protection', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite', { searchCacheMs: 60_000, rateLimits: { searchesPerMinute: 3 } });
    const partner = (await insertInstitution(app.database.db, { fullName: 'Flood Test Institute' })).id;
    await insertCourse(app.database.db, { institutionId: partner, title: 'Beekeeping for Beginners' });
  });
  afterAll(() => app?.close());

  const search = (parameter: string, ip: string, token?: string) =>
    app.fetch('/api/Course/Course/Search', { method: 'POST', json: { parameter }, ip, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('limits the new searches one anonymous address may start, with a clear message', async () => {
    for (const text of ['bee', 'keeping', 'honey']) expect((await search(text, '10.7.0.1')).status).toBe(200);
    const refused = await search('wax', '10.7.0.1');
    expect(refused.status).toBe(429);
    expect((await refused.json()).description).toMatch(/^Too many attempts\. Please wait 1 minute and try again\.$/);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Another address is not affected, and a search someone already made is still answered.
    expect((await search('wax', '10.7.0.2')).status).toBe(200);
    expect((await search('bee', '10.7.0.1')).status).toBe(200);
  });

  it('counts a signed-in learner by account, so learners behind one carrier address are not limited together', async () => {
    for (const text of ['alpha', 'bravo', 'charlie']) expect((await search(text, '10.8.0.1')).status).toBe(200);
    expect((await search('delta', '10.8.0.1')).status).toBe(429);
    const learner = new Browser(app, '10.8.0.1');
    await learner.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: DEMO_ACCOUNTS.learner.email, password: DEMO_ACCOUNTS.learner.password } });
    expect(learner.accessToken).toBeTruthy();
    expect((await search('delta', '10.8.0.1', learner.accessToken!)).status).toBe(200);
  });

  it('expands only the first few words of plausible length', async () => {
    const repo = createCourseRepository(app.database.db);
    const words = ['beekeeping', 'x'.repeat(SEARCH_BOUNDS.wordLength + 1), ...Array.from({ length: 20 }, (_, i) => `beginners${i}`)];
    const tsquery = await repo.expandSearchText(words.join(' '));
    expect(tsquery).not.toContain('xxxx');
    // One group per expanded word: the vocabulary has 'beginners' close to each 'beginnersN'.
    expect(tsquery!.split(' & ')).toHaveLength(SEARCH_BOUNDS.words);
  });
});
