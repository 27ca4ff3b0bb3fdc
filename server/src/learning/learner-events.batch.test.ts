import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_BATCH_MAX } from '@rivet/shared/api/learning';
import * as t from '../db/schema';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { COURSE, RIGHT_ANSWERS, clientTime, createStudyFixtures, type StudyCourse } from './study-fixtures';

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

  it('refuses another learner’s batch, an empty one and one too large', async () => {
    const { b, userId } = await fx.enrolled();
    const other = await fx.learner('Other');
    expect((await send(other.b, userId, [{ type: 'progress' }])).status).toBe(403);
    expect((await send(b, userId, [])).body.description).toBe('events is required');
    const tooMany = Array.from({ length: EVENT_BATCH_MAX + 1 }, () => ({ type: 'progress' }));
    expect((await send(b, userId, tooMany)).body.description).toBe(`At most ${EVENT_BATCH_MAX} events in one request`);
  });
});
