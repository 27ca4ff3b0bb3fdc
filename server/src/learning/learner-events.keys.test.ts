// Event ids are made on phones, so they are the learner's own: another learner's id (copied from
// a shared device, guessed, or a plain clash) must neither turn this learner's event into a
// duplicate nor drop what it records.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { COURSE, RIGHT_ANSWERS, clientTime, createStudyFixtures, type StudyCourse } from './study-fixtures';

describe.each(testDrivers())('learner event ids are scoped to the learner on %s', (driver) => {
  let app: TestApp;
  let fx: ReturnType<typeof createStudyFixtures>;

  beforeAll(async () => {
    app = await createTestApp(driver);
    fx = createStudyFixtures(app);
  });
  afterAll(() => app?.close());

  const send = (b: Browser, userId: string, events: unknown[]) => b.call(`${COURSE}/Course/Events/${userId}`, { json: { events } });

  /** The whole course with the given ids: the video, the article, the quiz passed, the survey. */
  async function studyWith(b: Browser, userId: string, course: StudyCourse, ids: string[]) {
    const survey = (await b.call(`${COURSE}/Survey/Course/${course.id}`)).body.data;
    const [choice, text, rating] = survey.questions;
    const at = clientTime(app, -1000);
    const step = { courseId: course.id, currentModule: course.m1, lastDateVisted: at };
    return [
      { type: 'progress', eventId: ids[0], ...step, currentSection: course.video.section, secondsWatched: 95, isCompleted: true },
      { type: 'progress', eventId: ids[1], ...step, currentSection: course.article.section, isCompleted: true },
      { type: 'quiz', eventId: ids[2], courseQuizId: course.quiz.asset, courseId: course.id, module: course.m2, section: course.quiz.section, answers: RIGHT_ANSWERS, lastDateVisted: at },
      {
        type: 'survey',
        eventId: ids[3],
        userId,
        courseId: course.id,
        responses: [
          { surveyQuestionId: choice.surveyQuestionId, surveyQuestionOptionId: choice.options[0].surveyQuestionOptionId },
          { surveyQuestionId: text.surveyQuestionId, answer: 'Clear.' },
          { surveyQuestionId: rating.surveyQuestionId, answer: '9' },
        ],
      },
    ];
  }

  it('applies learner B’s events that reuse learner A’s event ids, and A’s replay is still a duplicate for A', async () => {
    const a = await fx.enrolled();
    const b = await fx.learner('Bola');
    await fx.enrol(b.userId, a.course.id);
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

    const first = await send(a.b, a.userId, await studyWith(a.b, a.userId, a.course, ids));
    expect(first.body.data.results.map((r: any) => r.outcome)).toEqual(['applied', 'applied', 'applied', 'applied']);

    const theirs = await send(b.b, b.userId, await studyWith(b.b, b.userId, a.course, ids));
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.results.map((r: any) => r.outcome)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(theirs.body.data.results[2].result).toMatchObject({ isCompleted: true, courseCompleted: true, duplicate: false, score: 20 });

    // What B did is recorded for B: progress, the quiz attempt (under the same id as A's) and the survey response.
    const db = app.database.db;
    const content = (await b.b.call(`${COURSE}/Course/Enrolled/Details/${b.userId}/${a.course.id}`)).body.data;
    expect(content).toMatchObject({ completed: true, percentage: 100, surveySubmitted: true });
    const attempts = await db.select({ id: t.quizAttempts.id, userId: t.quizAttempts.userId }).from(t.quizAttempts).where(eq(t.quizAttempts.id, ids[2]!));
    expect(attempts.map((row) => row.userId).sort()).toEqual([a.userId, b.userId].sort());
    const responses = await db.select().from(t.surveyResponses).where(and(eq(t.surveyResponses.courseId, a.course.id)));
    expect(responses.map((row) => row.userId).sort()).toEqual([a.userId, b.userId].sort());

    // A's own replay is still a duplicate for A, and so is B's for B.
    const replayA = await send(a.b, a.userId, await studyWith(a.b, a.userId, a.course, ids));
    expect(replayA.body.data.results.map((r: any) => r.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const replayB = await send(b.b, b.userId, await studyWith(b.b, b.userId, a.course, ids));
    expect(replayB.body.data.results.map((r: any) => r.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await db.select().from(t.learnerEvents).where(eq(t.learnerEvents.id, ids[0]!))).toHaveLength(2);
  });

  it('applies a single Uploadviewing call that reuses another learner’s event id', async () => {
    const a = await fx.enrolled();
    const b = await fx.learner('Chidi');
    await fx.enrol(b.userId, a.course.id);
    const event = { eventId: randomUUID(), courseId: a.course.id, currentModule: a.course.m1, currentSection: a.course.article.section, isCompleted: true, lastDateVisted: clientTime(app) };

    expect((await a.b.call(`${COURSE}/Course/Uploadviewing/${a.userId}`, { json: event })).body.data).toMatchObject({ isCompleted: true, duplicate: false });
    const theirs = await b.b.call(`${COURSE}/Course/Uploadviewing/${b.userId}`, { json: event });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({ isCompleted: true, duplicate: false, percentage: 33 });
    expect((await a.b.call(`${COURSE}/Course/Uploadviewing/${a.userId}`, { json: event })).body.data).toMatchObject({ duplicate: true });
  });
});
