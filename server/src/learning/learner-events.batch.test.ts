import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_BATCH_MAX } from '@rivet/shared/api/learning';
import * as t from '../db/schema';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { COURSE, RIGHT_ANSWERS, WRONG_ANSWERS, clientTime, createStudyFixtures, type StudyCourse } from './study-fixtures';

describe.each(testDrivers())('many learner events in one request on %s', (driver) => {
  let app: TestApp;
  let fx: ReturnType<typeof createStudyFixtures>;

  beforeAll(async () => {
    app = await createTestApp(driver);
    fx = createStudyFixtures(app);
  });
  afterAll(() => app?.close());

  const send = (b: Browser, userId: string, events: unknown[]) => b.call(`${COURSE}/Course/Events/${userId}`, { json: { events } });

  /** A whole course's worth of events, as an outbox would hold them after studying offline. */
  async function studyOffline(b: Browser, course: StudyCourse) {
    const survey = (await b.call(`${COURSE}/Survey/Course/${course.id}`)).body.data;
    const [choice, text, rating] = survey.questions;
    let minute = -30;
    const at = () => clientTime(app, (minute += 1) * 60_000);
    return [
      { type: 'progress', eventId: randomUUID(), courseId: course.id, currentModule: course.m1, currentSection: course.video.section, secondsWatched: 30, lastDateVisted: at() },
      { type: 'progress', eventId: randomUUID(), courseId: course.id, currentModule: course.m1, currentSection: course.video.section, isCompleted: true, lastDateVisted: at() },
      { type: 'progress', eventId: randomUUID(), courseId: course.id, currentModule: course.m1, currentSection: course.article.section, isCompleted: true, lastDateVisted: at() },
      {
        type: 'quiz',
        eventId: randomUUID(),
        courseQuizId: course.quiz.asset,
        courseId: course.id,
        module: course.m2,
        section: course.quiz.section,
        answers: RIGHT_ANSWERS,
        lastDateVisted: at(),
      },
      {
        type: 'survey',
        eventId: randomUUID(),
        userId: '',
        courseId: course.id,
        responses: [
          { surveyQuestionId: choice.surveyQuestionId, surveyQuestionOptionId: choice.options[0].surveyQuestionOptionId },
          { surveyQuestionId: text.surveyQuestionId, answer: 'Clear and short.' },
          { surveyQuestionId: rating.surveyQuestionId, answer: '8' },
        ],
      },
    ];
  }

  it('applies a course studied offline in order, and the same batch again changes nothing', async () => {
    const { b, userId, course } = await fx.enrolled();
    const events = (await studyOffline(b, course)).map((e) => (e.type === 'survey' ? { ...e, userId } : e));
    const first = await send(b, userId, events);
    expect(first.status).toBe(200);
    expect(first.body.data.results.map((r: any) => r.outcome)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(first.body.data.results[3].result).toMatchObject({ isCompleted: true, courseCompleted: true, hasSurvey: true });

    const again = await send(b, userId, events);
    expect(again.body.data.results.map((r: any) => r.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const db = app.database.db;
    expect(await db.select().from(t.learnerEvents).where(eq(t.learnerEvents.userId, userId))).toHaveLength(5);
    expect(await db.select().from(t.quizAttempts).where(eq(t.quizAttempts.userId, userId))).toHaveLength(1);
    expect(await db.select().from(t.surveyResponses).where(eq(t.surveyResponses.userId, userId))).toHaveLength(1);
    const content = (await b.call(`${COURSE}/Course/Enrolled/Details/${userId}/${course.id}`)).body.data;
    expect(content).toMatchObject({ completed: true, percentage: 100, surveySubmitted: true, currentSection: course.quiz.section });
  });

  it('rejects a bad event with its reason and still applies the others', async () => {
    const { b, userId, course } = await fx.enrolled();
    const good = { type: 'progress', eventId: randomUUID(), courseId: course.id, currentModule: course.m1, currentSection: course.video.section, lastDateVisted: clientTime(app) };
    const res = await send(b, userId, [
      { type: 'progress', courseId: course.id },
      { ...good, eventId: randomUUID(), currentSection: 999_999 },
      { type: 'teleport', eventId: randomUUID() },
      good,
    ]);
    expect(res.status).toBe(200);
    const results = res.body.data.results;
    expect(results.map((r: any) => [r.outcome, r.status])).toEqual([
      ['rejected', 400],
      ['rejected', 404],
      ['rejected', 400],
      ['applied', 200],
    ]);
    expect(results[1].description).toBe('Section not found in this module');
    expect(results[0].description).toBe('eventId is required');
  });

  const progress = (course: StudyCourse, part: 'video' | 'article', extra: Record<string, unknown> = {}) => ({
    type: 'progress',
    eventId: randomUUID(),
    courseId: course.id,
    currentModule: course.m1,
    currentSection: course[part].section,
    lastDateVisted: clientTime(app),
    ...extra,
  });

  /** What the database holds of the learner's study: compared before and after a replay. */
  async function stored(userId: string, courseId: number) {
    const db = app.database.db;
    const [enrolment] = await db.select().from(t.enrollments).where(and(eq(t.enrollments.userId, userId), eq(t.enrollments.courseId, courseId)));
    const sections = await db.select().from(t.sectionProgress).where(eq(t.sectionProgress.userId, userId)).orderBy(t.sectionProgress.sectionId);
    const events = await db.select({ id: t.learnerEvents.id }).from(t.learnerEvents).where(eq(t.learnerEvents.userId, userId));
    const attempts = await db.select({ id: t.quizAttempts.id }).from(t.quizAttempts).where(eq(t.quizAttempts.userId, userId));
    return { enrolment, sections, events: events.length, attempts: attempts.length };
  }

  it('answers the same batch sent twice with duplicates only, leaving every row as it was', async () => {
    const { b, userId, course } = await fx.enrolled();
    const events = [
      progress(course, 'video', { secondsWatched: 40, lastDateVisted: clientTime(app, -3000) }),
      progress(course, 'article', { isCompleted: true, lastDateVisted: clientTime(app, -2000) }),
      { type: 'quiz', eventId: randomUUID(), courseQuizId: course.quiz.asset, courseId: course.id, module: course.m2, section: course.quiz.section, answers: WRONG_ANSWERS, lastDateVisted: clientTime(app, -1000) },
    ];
    const first = (await send(b, userId, events)).body.data.results;
    expect(first.map((r: any) => r.outcome)).toEqual(['applied', 'applied', 'applied']);
    const before = await stored(userId, course.id);
    app.clock.advance(60_000);
    const again = (await send(b, userId, events)).body.data.results;
    expect(again.map((r: any) => r.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(again[2].result).toMatchObject({ score: 0, correct: 0, total: 2, isCompleted: false, duplicate: true });
    expect(await stored(userId, course.id)).toEqual(before);
  });

  it('applies each event id once when two batches with the same ids race', async () => {
    const { b, userId, course } = await fx.enrolled();
    const shared = [progress(course, 'video', { secondsWatched: 10, lastDateVisted: clientTime(app, -5000) }), progress(course, 'article', { isCompleted: true, lastDateVisted: clientTime(app, -4000) })];
    const quiz = { type: 'quiz', eventId: randomUUID(), courseQuizId: course.quiz.asset, courseId: course.id, module: course.m2, section: course.quiz.section, answers: RIGHT_ANSWERS, lastDateVisted: clientTime(app, -3000) };
    const one = [...shared, quiz, progress(course, 'video', { secondsWatched: 20, lastDateVisted: clientTime(app, -2000) })];
    const two = [progress(course, 'video', { secondsWatched: 30, lastDateVisted: clientTime(app, -1000) }), ...shared, quiz];
    const [a, c] = await Promise.all([send(b, userId, one), send(b, userId, two)]);
    expect([a.status, c.status]).toEqual([200, 200]);
    const outcomes = new Map<string, string[]>();
    for (const r of [...a.body.data.results, ...c.body.data.results]) outcomes.set(r.eventId, [...(outcomes.get(r.eventId) ?? []), r.outcome]);
    for (const id of [...shared.map((e) => e.eventId), quiz.eventId]) expect(outcomes.get(id)!.sort()).toEqual(['applied', 'duplicate']);
    const after = await stored(userId, course.id);
    expect([after.events, after.attempts]).toEqual([5, 1]);
    // Whichever batch went first, the newest position stands.
    const video = after.sections.find((s) => s.sectionId === course.video.section)!;
    expect(video.secondsWatched).toBe(30);
    expect(after.enrolment!.currentSection).toBe(course.video.section);
  });

  it('keeps the newer position when a later event in the batch is older, and never reverts a completion', async () => {
    const { b, userId, course } = await fx.enrolled();
    const res = await send(b, userId, [
      progress(course, 'video', { secondsWatched: 80, isCompleted: true, lastDateVisted: clientTime(app, -60_000) }),
      progress(course, 'article', { lastDateVisted: clientTime(app, -50_000) }),
      progress(course, 'video', { secondsWatched: 7, isCompleted: false, lastDateVisted: clientTime(app, -40_000) }),
      // Queued earlier on another tab, sent last.
      progress(course, 'video', { secondsWatched: 5, isCompleted: false, lastDateVisted: clientTime(app, -600_000) }),
    ]);
    const results = res.body.data.results;
    expect(results.map((r: any) => [r.outcome, r.result.isCompleted, r.result.percentage])).toEqual([
      ['applied', true, 33],
      ['applied', false, 33],
      ['applied', true, 33],
      ['applied', true, 33],
    ]);
    const after = await stored(userId, course.id);
    const video = after.sections.find((s) => s.sectionId === course.video.section)!;
    expect([video.isCompleted, video.secondsWatched]).toEqual([true, 7]);
    expect(video.completedAt).toEqual(new Date(clientTime(app, -60_000)));
    expect(after.enrolment!.currentSection).toBe(course.video.section);
    expect(after.enrolment!.lastVisitedAt).toEqual(new Date(clientTime(app, -40_000)));
    const older = await send(b, userId, [progress(course, 'article', { lastDateVisted: clientTime(app, -45_000) })]);
    expect(older.body.data.results[0].outcome).toBe('applied');
    expect((await stored(userId, course.id)).enrolment!.currentSection).toBe(course.video.section);
  });

  it('answers each event with the state after it, as one call at a time would', async () => {
    const { b, userId, course } = await fx.enrolled();
    const survey = (await b.call(`${COURSE}/Survey/Course/${course.id}`)).body.data;
    const [choice, text, rating] = survey.questions;
    const good = [
      { surveyQuestionId: choice.surveyQuestionId, surveyQuestionOptionId: choice.options[0].surveyQuestionOptionId },
      { surveyQuestionId: text.surveyQuestionId, answer: 'Fine.' },
      { surveyQuestionId: rating.surveyQuestionId, answer: '7' },
    ];
    const quiz = (answers: unknown, extra: Record<string, unknown> = {}) => ({
      type: 'quiz', eventId: randomUUID(), courseQuizId: course.quiz.asset, courseId: course.id, module: course.m2, section: course.quiz.section, answers, lastDateVisted: clientTime(app), ...extra,
    });
    const repeated = progress(course, 'video', { isCompleted: true });
    const res = await send(b, userId, [
      { type: 'survey', eventId: randomUUID(), userId, courseId: course.id, responses: [good[0]] },
      repeated,
      quiz(WRONG_ANSWERS, { score: 100 }),
      quiz(RIGHT_ANSWERS, { section: course.video.section }),
      progress(course, 'article', { isCompleted: true }),
      { ...repeated },
      quiz(RIGHT_ANSWERS),
      { type: 'survey', eventId: randomUUID(), userId, courseId: course.id, responses: good },
      { type: 'survey', eventId: randomUUID(), userId, courseId: course.id, responses: [good[0]] },
    ]);
    const results = res.body.data.results;
    expect(results.map((r: any) => [r.outcome, r.status])).toEqual([
      ['rejected', 400],
      ['applied', 200],
      ['applied', 200],
      ['rejected', 404],
      ['applied', 200],
      ['duplicate', 200],
      ['applied', 200],
      ['applied', 200],
      ['duplicate', 200],
    ]);
    expect(results[0].description).toBe('Please answer the question “What should the educators improve?”.');
    expect(results[2].result).toMatchObject({ isCompleted: false, score: 0, percentage: 33, courseCompleted: false });
    expect(results[3].description).toBe('Quiz not found in this section');
    expect(results[4].result).toMatchObject({ moduleCompleted: true, percentage: 66 });
    expect(results[5].result).toMatchObject({ duplicate: true, percentage: 66 });
    expect(results[6].result).toMatchObject({ isCompleted: true, courseCompleted: true, percentage: 100, surveySubmitted: false, score: 20 });
    expect(results[7]).toMatchObject({ description: 'Thank you. Your feedback has been submitted.', result: { submitted: true, duplicate: false } });
    expect(results[8]).toMatchObject({ description: 'You have already answered this survey. Thank you.' });
    const content = (await b.call(`${COURSE}/Course/Enrolled/Details/${userId}/${course.id}`)).body.data;
    expect(content).toMatchObject({ completed: true, percentage: 100, surveySubmitted: true });
    expect((await stored(userId, course.id)).attempts).toBe(2);
  });

  it('rejects every event of a course the learner is not enrolled in, and applies those of their own', async () => {
    const { b, userId, course } = await fx.enrolled();
    const elsewhere = await fx.course();
    const res = await send(b, userId, [progress(elsewhere, 'video'), progress(course, 'video'), { ...progress(elsewhere, 'video'), courseId: 999_999 }]);
    expect(res.body.data.results.map((r: any) => [r.outcome, r.status, r.description])).toEqual([
      ['rejected', 403, 'You are not enrolled in this course'],
      ['applied', 200, 'Successful'],
      ['rejected', 404, 'Course not found'],
    ]);
  });

  it('refuses another learner’s batch, an empty one and one too large', async () => {
    const { b, userId } = await fx.enrolled();
    const other = await fx.learner('Other');
    expect((await send(other.b, userId, [{ type: 'progress' }])).status).toBe(403);
    expect((await send(b, userId, [])).body.description).toBe('events is required');
    const tooMany = Array.from({ length: EVENT_BATCH_MAX + 1 }, () => ({ type: 'progress' }));
    expect((await send(b, userId, tooMany)).body.description).toBe(`At most ${EVENT_BATCH_MAX} events in one request`);
  });

  const gzipped = (b: Browser, path: string, body: unknown) =>
    b.call(path, {
      method: 'POST',
      raw: new Uint8Array(gzipSync(JSON.stringify(body))),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });

  it('takes a gzipped batch as the outbox sends it on mobile data, and applies it as the plain one', async () => {
    const { b, userId, course } = await fx.enrolled();
    const events = (await studyOffline(b, course)).map((e) => (e.type === 'survey' ? { ...e, userId } : e));
    const res = await gzipped(b, `${COURSE}/Course/Events/${userId}`, { events });
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: { outcome: string }) => r.outcome)).toEqual(events.map(() => 'applied'));
    const again = await send(b, userId, events);
    expect(again.body.data.results.map((r: { outcome: string }) => r.outcome)).toEqual(events.map(() => 'duplicate'));
  });

  it('refuses gzip where the call does not take it, a body that inflates past the cap, and one that is not gzip', async () => {
    const { b, userId } = await fx.enrolled();
    const elsewhere = await gzipped(b, `${COURSE}/Course/Uploadviewing/${userId}`, {});
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.description).toBe('This request cannot be compressed; send it as plain JSON.');
    // A megabyte and more of spaces compresses to a few kilobytes: it must not unfold in memory.
    const bomb = await b.call(`${COURSE}/Course/Events/${userId}`, {
      method: 'POST',
      raw: new Uint8Array(gzipSync(`{"events":[${' '.repeat(2 * 1024 * 1024)}]}`)),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(bomb.status).toBe(400);
    expect(bomb.body.description).toBe('The request is too large.');
    const notGzip = await b.call(`${COURSE}/Course/Events/${userId}`, {
      method: 'POST',
      raw: new TextEncoder().encode('{"events":[]}'),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(notGzip.body.description).toBe('Request body must be JSON');
  });
});
