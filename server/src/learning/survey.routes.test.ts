import { randomUUID } from 'node:crypto';
import { and, eq, notLike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { COURSES_WITHOUT_SURVEY, DEMO_SURVEY } from '../db/seed/catalogue/surveys';
import { Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { COURSE, RIGHT_ANSWERS, clientTime, createStudyFixtures } from './study-fixtures';

describe.each(testDrivers())('the end-of-course survey on %s', (driver) => {
  let app: TestApp;
  let fx: ReturnType<typeof createStudyFixtures>;

  beforeAll(async () => {
    app = await createTestApp(driver);
    fx = createStudyFixtures(app);
  });
  afterAll(() => app?.close());

  const getSurvey = (b: Browser, courseId: number) => b.call(`${COURSE}/Survey/Course/${courseId}`);

  const submit = (b: Browser, userId: string, courseId: number, responses: unknown[], eventId = randomUUID()) =>
    b.call(`${COURSE}/Survey/Response`, { json: { eventId, userId, courseId, responses } });

  /** The demo survey's questions: [choice, text, rating]. */
  async function questionsOf(b: Browser, courseId: number) {
    const { questions } = (await getSurvey(b, courseId)).body.data;
    const [choice, text, rating] = questions;
    return { choice, text, rating };
  }

  async function goodAnswers(b: Browser, courseId: number) {
    const { choice, text, rating } = await questionsOf(b, courseId);
    return [
      { surveyQuestionId: choice.surveyQuestionId, surveyQuestionOptionId: choice.options[1].surveyQuestionOptionId, answer: '' },
      { surveyQuestionId: text.surveyQuestionId, surveyQuestionOptionId: null, answer: '  More examples from Nigerian businesses.  ' },
      { surveyQuestionId: rating.surveyQuestionId, surveyQuestionOptionId: null, answer: '9' },
    ];
  }

  it('gives an enrolled learner the course’s survey with its questions and options in order', async () => {
    const { b, course } = await fx.enrolled();
    const res = await getSurvey(b, course.id);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ title: 'Course feedback', description: DEMO_SURVEY.description, submitted: false });
    expect(data.questions.map((q: any) => [q.question, q.questionType])).toEqual([
      ['How useful was this course for your work?', 1],
      ['What should the educators improve?', 2],
      ['How likely are you to recommend this course to a friend?', 3],
    ]);
    expect(data.questions[0].options.map((o: any) => o.option)).toEqual(['Very useful', 'Useful', 'Somewhat useful', 'Not useful']);
    expect(data.questions[1].options).toEqual([]);
    expect(data.questions[2].options).toEqual([expect.objectContaining({ minValue: 0, maxValue: 10, step: 1 })]);
  });

  it('has no survey for a course without one, and refuses learners not enrolled', async () => {
    const { b, userId, course } = await fx.enrolled({ survey: false });
    const none = await getSurvey(b, course.id);
    expect([none.status, none.body.description]).toEqual([404, 'This course has no survey']);
    expect((await submit(b, userId, course.id, [{ surveyQuestionId: 1, answer: 'x' }])).status).toBe(404);
    const other = await fx.course();
    const notEnrolled = await getSurvey(b, other.id);
    expect([notEnrolled.status, notEnrolled.body.description]).toEqual([403, 'You are not enrolled in this course']);
    expect((await getSurvey(b, 999_999)).status).toBe(404);
    expect((await new Browser(app).call(`${COURSE}/Survey/Course/${course.id}`)).status).toBe(401);
  });

  it('hides a survey that is inactive or still a draft, and fills a rating’s missing scale with 0 to 10 by 1', async () => {
    const db = app.database.db;
    const [survey] = await db.insert(t.surveys).values({ title: 'Scales', description: 'Two scales' }).returning();
    const [plain, odd] = [
      (await db.insert(t.surveyQuestions).values({ surveyId: survey!.id, position: 1, question: 'Plain scale?', questionType: 3 }).returning())[0]!,
      (await db.insert(t.surveyQuestions).values({ surveyId: survey!.id, position: 2, question: 'Odd scale?', questionType: 3 }).returning())[0]!,
    ];
    await db.insert(t.surveyQuestionOptions).values([
      { questionId: plain.id, position: 1, option: '' },
      { questionId: odd.id, position: 1, option: '', minValue: 1, maxValue: 5, step: 2 },
    ]);
    const { b, userId, course } = await fx.enrolled();
    await db.update(t.courses).set({ surveyId: survey!.id }).where(eq(t.courses.id, course.id));
    const { questions } = (await getSurvey(b, course.id)).body.data;
    expect(questions.map((q: any) => [q.options[0].minValue, q.options[0].maxValue, q.options[0].step])).toEqual([
      [0, 10, 1],
      [1, 5, 2],
    ]);
    const offStep = await submit(b, userId, course.id, [
      { surveyQuestionId: plain.id, answer: '10' },
      { surveyQuestionId: odd.id, answer: '4' },
    ]);
    expect([offStep.status, offStep.body.description]).toEqual([400, 'Please pick a number from 1 to 5 in steps of 2 for “Odd scale?”.']);

    await db.update(t.surveys).set({ draft: true }).where(eq(t.surveys.id, survey!.id));
    expect((await getSurvey(b, course.id)).status).toBe(404);
    await db.update(t.surveys).set({ draft: false, isActive: false }).where(eq(t.surveys.id, survey!.id));
    expect((await getSurvey(b, course.id)).status).toBe(404);
    const progress = await b.call(`${COURSE}/Course/Uploadviewing/${userId}`, {
      json: { eventId: randomUUID(), courseId: course.id, currentModule: course.m1, currentSection: course.video.section, lastDateVisted: clientTime(app) },
    });
    expect(progress.body.data.hasSurvey).toBe(false);
  });

  it('refuses a response that misses, repeats or mistypes an answer, each with a clear message', async () => {
    const { b, userId, course } = await fx.enrolled();
    const good = await goodAnswers(b, course.id);
    const [choice, text, rating] = good;
    const other = await fx.course({ survey: false });
    const expectRefused = async (responses: unknown[], message: string) => {
      const res = await submit(b, userId, course.id, responses);
      expect(res.status, message).toBe(400);
      expect(res.body.description).toBe(message);
    };
    await expectRefused([choice, text], 'Please answer the question “How likely are you to recommend this course to a friend?”.');
    await expectRefused([choice, text, rating, text], 'The question “What should the educators improve?” is answered more than once.');
    await expectRefused([...good, { surveyQuestionId: 987_654, answer: 'x' }], 'Question 987654 is not part of this survey.');
    await expectRefused([{ ...choice, surveyQuestionOptionId: null }, text, rating], 'Please choose one of the options for “How useful was this course for your work?”.');
    // An option of a different question is not an option of this one.
    const [ratingOption] = (await questionsOf(b, course.id)).rating.options;
    await expectRefused([{ ...choice, surveyQuestionOptionId: ratingOption.surveyQuestionOptionId }, text, rating], 'Please choose one of the options for “How useful was this course for your work?”.');
    await expectRefused([choice, { ...text, answer: '   ' }, rating], 'Please write an answer to “What should the educators improve?”.');
    for (const answer of ['11', '-1', '7.5', 'ten', '']) {
      await expectRefused([choice, text, { ...rating, answer }], 'Please pick a number from 0 to 10 for “How likely are you to recommend this course to a friend?”.');
    }
    const empty = await submit(b, userId, course.id, []);
    expect([empty.status, empty.body.description]).toEqual([400, 'Please answer the survey questions']);
    const tooLong = await submit(b, userId, course.id, [choice, { ...text, answer: 'x'.repeat(4001) }, rating]);
    expect(tooLong.body.description).toBe('An answer is too long (4,000 characters at most).');
    expect(await app.database.db.select().from(t.surveyResponses).where(eq(t.surveyResponses.userId, userId))).toEqual([]);
    expect((await submit(b, userId, other.id, good)).status).toBe(403);
  });

  it('stores one response per learner and course; a second one or a replay is acknowledged and ignored', async () => {
    const { b, userId, course } = await fx.enrolled();
    const answers = await goodAnswers(b, course.id);
    const eventId = randomUUID();
    const first = await submit(b, userId, course.id, answers, eventId);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ submitted: true, duplicate: false });
    expect((await submit(b, userId, course.id, answers, eventId)).body.data).toEqual({ submitted: true, duplicate: true });
    expect((await submit(b, userId, course.id, [answers[0]])).body.data).toEqual({ submitted: true, duplicate: true });

    const db = app.database.db;
    const responses = await db.select().from(t.surveyResponses).where(and(eq(t.surveyResponses.userId, userId), eq(t.surveyResponses.courseId, course.id)));
    expect(responses).toHaveLength(1);
    const stored = await db.select().from(t.surveyResponseAnswers).where(eq(t.surveyResponseAnswers.responseId, responses[0]!.id));
    expect(stored.map((a) => [a.questionId, a.optionId, a.answer]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [answers[0]!.surveyQuestionId, answers[0]!.surveyQuestionOptionId, 'Useful'],
      [answers[1]!.surveyQuestionId, null, 'More examples from Nigerian businesses.'],
      [answers[2]!.surveyQuestionId, null, '9'],
    ]);
    expect((await getSurvey(b, course.id)).body.data.submitted).toBe(true);
    const quiz = await b.call(`${COURSE}/Course/Quiz/UpdateScore/${userId}`, {
      json: { eventId: randomUUID(), courseQuizId: course.quiz.asset, courseId: course.id, module: course.m2, section: course.quiz.section, answers: RIGHT_ANSWERS, lastDateVisted: clientTime(app) },
    });
    expect(quiz.body.data).toMatchObject({ hasSurvey: true, surveySubmitted: true });
  });

  it('takes a response only from the learner it names', async () => {
    const { b, course } = await fx.enrolled();
    const other = await fx.learner('Other');
    await fx.enrol(other.userId, course.id);
    const res = await submit(b, other.userId, course.id, await goodAnswers(b, course.id));
    expect(res.status).toBe(403);
    const missing = await b.call(`${COURSE}/Survey/Response`, { json: { eventId: randomUUID(), courseId: course.id, responses: [] } });
    expect([missing.status, missing.body.description]).toEqual([400, 'userId is required']);
  });

  it('seeds one active survey on most published courses, leaving three free visible courses without it', async () => {
    const db = app.database.db;
    const published = await db
      .select({ title: t.courses.title, isPaid: t.courses.isPaid, hasSurvey: t.courses.hasSurvey, surveyId: t.courses.surveyId, partnerActive: t.institutions.isActive })
      .from(t.courses)
      .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
      .where(and(eq(t.courses.approvalStatus, 2), eq(t.courses.draft, false), notLike(t.courses.title, 'Study Course%')));
    const without = published.filter((c) => !c.hasSurvey);
    expect(without.map((c) => c.title).sort()).toEqual([...COURSES_WITHOUT_SURVEY].sort());
    expect(without.every((c) => !c.isPaid && c.partnerActive)).toBe(true);
    const surveyIds = new Set(published.filter((c) => c.hasSurvey).map((c) => c.surveyId));
    expect(surveyIds.size).toBe(1);
    expect(published.filter((c) => c.hasSurvey).length).toBeGreaterThan(30);
  });
});
