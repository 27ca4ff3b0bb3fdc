// A course's stored minutes follow its content whoever changed it last (decision 080): the refresh
// at start for rows stored before the rule, and a revision written over its published course.
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_QUIZ, createStudyFixtures } from '../learning/study-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { refreshAllCourseMinutes } from './course-duration';
import { applyRevision, copyAsRevision } from './course-revisions';
import * as t from './schema';

describe.each(testDrivers())('course minutes from content on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  const minutesOf = async (id: number) => (await app.database.db.select({ m: t.courses.durationMinutes }).from(t.courses).where(eq(t.courses.id, id)))[0]!.m;

  it('finds nothing to change on the demo catalogue once started', async () => {
    expect(await refreshAllCourseMinutes(app.database.db)).toBe(0);
  });

  it('gives a course stored with a stale length its content’s at start, and a second start changes nothing', async () => {
    const course = await createStudyFixtures(app).course({ survey: false });
    // Stored as 12; the content is 1:35 of video, a 4-minute read and an untimed quiz of two questions.
    expect(await minutesOf(course.id)).toBe(12);
    expect(await refreshAllCourseMinutes(app.database.db)).toBeGreaterThanOrEqual(1);
    expect(await minutesOf(course.id)).toBe(Math.ceil((95 + 4 * 60 + 2 * 60) / 60));
    expect(await refreshAllCourseMinutes(app.database.db)).toBe(0);
  });

  it('a revision written over its course leaves the course with the length of the content now in place', async () => {
    const db = app.database.db;
    const course = await createStudyFixtures(app).course({ survey: false });
    const now = new Date('2026-12-01T10:00:00Z');
    const [author] = await db.select({ id: t.users.id }).from(t.users).limit(1);
    const revisionId = await db.transaction((tx) => copyAsRevision(tx, course.id, now, author!.id));
    // The revision's quiz becomes timed at 20 minutes; its stored length is still the copy's 12.
    const [revisionQuiz] = await db
      .select({ id: t.courseAssets.id })
      .from(t.courseAssets)
      .where(and(eq(t.courseAssets.originId, course.quiz.asset), isNotNull(t.courseAssets.originId)));
    await db.update(t.courseAssets).set({ quiz: { ...FIXTURE_QUIZ, timed: true, duration: 20 } }).where(eq(t.courseAssets.id, revisionQuiz!.id));
    expect(await minutesOf(revisionId)).toBe(12);
    await db.transaction((tx) => applyRevision(tx, revisionId, course.id, now));
    expect(await minutesOf(course.id)).toBe(Math.ceil((95 + 4 * 60 + 20 * 60) / 60));
  });
});
