import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { COURSE, RIGHT_ANSWERS, WRONG_ANSWERS, clientTime, createStudyFixtures, type StudyCourse } from './study-fixtures';

const MINUTE = 60_000;

describe.each(testDrivers())('studying a course on %s', (driver) => {
  let app: TestApp;
  let fx: ReturnType<typeof createStudyFixtures>;

  beforeAll(async () => {
    app = await createTestApp(driver);
    fx = createStudyFixtures(app);
  });
  afterAll(() => app?.close());

  // Events made one after the other on the phone: each a little later than the one before.
  let step = 0;
  const nextTime = () => clientTime(app, -10 * MINUTE + step++ * 100);

  const viewing = (b: Browser, userId: string, body: Record<string, unknown>) =>
    b.call(`${COURSE}/Course/Uploadviewing/${userId}`, { json: { eventId: randomUUID(), lastDateVisted: nextTime(), ...body } });

  const at = (course: StudyCourse, part: 'video' | 'article' | 'quiz') => ({
    courseId: course.id,
    currentModule: part === 'quiz' ? course.m2 : course.m1,
    currentSection: course[part].section,
  });

  const quizBody = (course: StudyCourse, answers: unknown, extra: Record<string, unknown> = {}) => ({
    eventId: randomUUID(),
    courseQuizId: course.quiz.asset,
    courseId: course.id,
    module: course.m2,
    section: course.quiz.section,
    answers,
    lastDateVisted: nextTime(),
    ...extra,
  });

  const content = async (b: Browser, userId: string, courseId: number) => (await b.call(`${COURSE}/Course/Enrolled/Details/${userId}/${courseId}`)).body.data;

  describe('the player’s content', () => {
    it('gives every module, section and asset in order with the learner’s progress, media addresses and the quiz', async () => {
      const { b, userId, course } = await fx.enrolled();
      await viewing(b, userId, { ...at(course, 'video'), secondsWatched: 42.7 });
      const res = await b.call(`${COURSE}/Course/Enrolled/Details/${userId}/${course.id}`);
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data).toMatchObject({
        courseId: course.id,
        institution: 'University of Lagos',
        coursePrice: { amount: 0, currencyId: 1 },
        hasSurvey: true,
        surveySubmitted: false,
        completed: false,
        percentage: 0,
        currentModule: course.m1,
        currentSection: course.video.section,
        certificateId: null,
      });
      expect(Date.parse(data.mediaExpiresAt)).toBeGreaterThan(app.clock.now().getTime());
      expect(data.videos.map((m: any) => [m.courseModuleId, m.title, m.itemsCompleted])).toEqual([
        [course.m1, 'Getting started', 0],
        [course.m2, 'Check yourself', 0],
      ]);
      const [video, article] = data.videos[0].items.map((s: any) => s.courseModuleItemAssets[0]);
      expect(video).toMatchObject({ courseModuleItemAssetId: course.video.asset, assetType: 'video', duration: 95, durationDisplay: '1:35', secondsWatched: 42, isCompleted: false, body: null, quiz: null });
      expect(video.url).toBeTruthy();
      expect(article).toMatchObject({ assetType: 'article', body: '<p>Read me</p>', url: null, hlsUrl: null, durationDisplay: '4 min read' });
      const quiz = data.videos[1].items[0].courseModuleItemAssets[0];
      expect(quiz).toMatchObject({ courseModuleItemAssetId: course.quiz.asset, assetType: 'quiz', url: null });
      expect(quiz.quiz).toMatchObject({ requiredNextModule: true, passMark: 50, pointPerQuestion: 10 });
      expect(quiz.quiz.data).toHaveLength(2);
    });

    it('never sends the answer key of a quiz Required for Certificate; a practice quiz keeps it for Check Answer', async () => {
      const { b, userId, course } = await fx.enrolled();
      const res = await b.call(`${COURSE}/Course/Enrolled/Details/${userId}/${course.id}`);
      const required = res.body.data.videos[1].items[0].courseModuleItemAssets[0].quiz;
      expect(required.data.map((q: any) => q.options.map((o: any) => [o.title, o.isAnswer]))).toEqual([
        [['First', null], ['Second', null]],
        [['A', null], ['B', null], ['C', null]],
      ]);
      // Nowhere in the answer, whatever the field is called.
      expect(JSON.stringify(res.body)).not.toMatch(/"isAnswer":true/);

      const practice = await fx.enrolled({ practiceQuiz: true });
      const own = await content(practice.b, practice.userId, practice.course.id);
      const key = own.videos[1].items[0].courseModuleItemAssets[0].quiz.data.map((q: any) => q.options.map((o: any) => o.isAnswer));
      expect(key).toEqual([[true, false], [true, true, false]]);
    });

    it('keeps the key out of the demo catalogue’s certificate quizzes too', async () => {
      const demo = new Browser(app);
      const signIn = await demo.call('/api/Authentication/Account/Student/SignIn', { json: { userName: 'learner@demo.ng', password: 'Learn#Naija2026' } });
      const [course] = await app.database.db.select({ id: t.courses.id }).from(t.courses).where(eq(t.courses.title, 'Customer Service Excellence'));
      const data = await content(demo, signIn.body.data.userId, course!.id);
      const quizzes = data.videos.flatMap((m: any) => m.items.flatMap((s: any) => s.courseModuleItemAssets.flatMap((a: any) => (a.quiz ? [a.quiz] : []))));
      const keys = (quiz: any) => new Set(quiz.data.flatMap((q: any) => q.options.map((o: any) => o.isAnswer)));
      expect(quizzes.filter((q: any) => q.requiredNextModule).length).toBeGreaterThan(0);
      for (const quiz of quizzes) expect(keys(quiz), quiz.name).toEqual(quiz.requiredNextModule ? new Set([null]) : new Set([true, false]));
    });

    it('opens the demo learner’s seeded course with every content type', async () => {
      const demo = new Browser(app);
      const signIn = await demo.call('/api/Authentication/Account/Student/SignIn', { json: { userName: 'learner@demo.ng', password: 'Learn#Naija2026' } });
      const userId = signIn.body.data.userId;
      const [course] = await app.database.db.select({ id: t.courses.id }).from(t.courses).where(eq(t.courses.title, 'Customer Service Excellence'));
      const data = await content(demo, userId, course!.id);
      const types = new Set(data.videos.flatMap((m: any) => m.items.flatMap((s: any) => s.courseModuleItemAssets.map((a: any) => a.assetType))));
      expect(types).toEqual(new Set(['video', 'article', 'image', 'compressVideo', 'quiz']));
      expect(data.hasSurvey).toBe(true);
    });

    it('refuses another learner’s content, a course the learner is not enrolled in, and an unknown course', async () => {
      const { b, userId, course } = await fx.enrolled();
      const other = await fx.learner('Other');
      expect((await other.b.call(`${COURSE}/Course/Enrolled/Details/${userId}/${course.id}`)).status).toBe(403);
      const notEnrolled = await other.b.call(`${COURSE}/Course/Enrolled/Details/${other.userId}/${course.id}`);
      expect(notEnrolled.status).toBe(403);
      expect(notEnrolled.body.description).toBe('You are not enrolled in this course');
      const unknown = await b.call(`${COURSE}/Course/Enrolled/Details/${userId}/999999`);
      expect([unknown.status, unknown.body.description]).toEqual([404, 'Course not found']);
      const malformed = await b.call(`${COURSE}/Course/Enrolled/Details/${userId}/abc`);
      expect([malformed.status, malformed.body.description]).toEqual([400, 'courseId must be a whole number from 1 to 2147483647']);
      expect((await (await fx.superAdmin()).call(`${COURSE}/Course/Enrolled/Details/${userId}/${course.id}`)).status).toBe(403);
      expect((await new Browser(app).call(`${COURSE}/Course/Enrolled/Details/${userId}/${course.id}`)).status).toBe(401);
    });
  });

  describe('progress events', () => {
    it('completes a section, counts it in the module and answers the course percentage', async () => {
      const { b, userId, course } = await fx.enrolled();
      const res = await viewing(b, userId, { ...at(course, 'video'), isCompleted: true, secondsWatched: 95 });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ isCompleted: true, moduleCompleted: false, courseCompleted: false, hasSurvey: true, surveySubmitted: false, percentage: 33, duplicate: false });
      const second = await viewing(b, userId, { ...at(course, 'article'), isCompleted: true });
      expect(second.body.data).toMatchObject({ isCompleted: true, moduleCompleted: true, courseCompleted: false, percentage: 66 });
      expect((await content(b, userId, course.id)).videos[0].itemsCompleted).toBe(2);
    });

    it('applies a replayed event once and answers the current state with duplicate true', async () => {
      const { b, userId, course } = await fx.enrolled();
      const eventId = randomUUID();
      const first = await viewing(b, userId, { eventId, ...at(course, 'video'), secondsWatched: 30 });
      expect(first.body.data.duplicate).toBe(false);
      // Same id, different claims: nothing of it applies.
      const replay = await viewing(b, userId, { eventId, ...at(course, 'article'), isCompleted: true, lastDateVisted: clientTime(app) });
      expect(replay.status).toBe(200);
      expect(replay.body.data).toMatchObject({ duplicate: true, isCompleted: false, percentage: 0 });
      const data = await content(b, userId, course.id);
      expect(data.currentSection).toBe(course.video.section);
      expect(data.videos[0].items[1].isCompleted).toBe(false);
      const events = await app.database.db.select().from(t.learnerEvents).where(eq(t.learnerEvents.id, eventId));
      expect(events).toHaveLength(1);
    });

    it('keeps the newer position and video time when an older event arrives late', async () => {
      const { b, userId, course } = await fx.enrolled();
      await viewing(b, userId, { ...at(course, 'video'), secondsWatched: 80, lastDateVisted: clientTime(app, -1 * MINUTE) });
      await viewing(b, userId, { ...at(course, 'article'), lastDateVisted: clientTime(app, -1 * MINUTE + 1000) });
      // Queued offline earlier, delivered now.
      await viewing(b, userId, { ...at(course, 'video'), secondsWatched: 10, lastDateVisted: clientTime(app, -10 * MINUTE) });
      const data = await content(b, userId, course.id);
      expect([data.currentModule, data.currentSection]).toEqual([course.m1, course.article.section]);
      expect(data.videos[0].items[0].courseModuleItemAssets[0].secondsWatched).toBe(80);
      const [list] = (await b.call(`${COURSE}/Course/Enrolled/${userId}`)).body.data;
      expect(Date.parse(list.lastVisitedAt)).toBe(Date.parse(clientTime(app, -1 * MINUTE + 1000)));
    });

    it('never reverts a completed section', async () => {
      const { b, userId, course } = await fx.enrolled();
      await viewing(b, userId, { ...at(course, 'video'), isCompleted: true, lastDateVisted: clientTime(app, -2 * MINUTE) });
      const later = await viewing(b, userId, { ...at(course, 'video'), isCompleted: false, secondsWatched: 5, lastDateVisted: clientTime(app, -MINUTE) });
      expect(later.body.data).toMatchObject({ isCompleted: true, percentage: 33 });
      expect((await content(b, userId, course.id)).videos[0].items[0].isCompleted).toBe(true);
    });

    it('takes a phone clock that runs ahead as the server’s time, so later events still move the position', async () => {
      const { b, userId, course } = await fx.enrolled();
      await viewing(b, userId, { ...at(course, 'video'), lastDateVisted: new Date(app.clock.now().getTime() + 365 * 86_400_000).toISOString() });
      app.clock.advance(MINUTE);
      await viewing(b, userId, { ...at(course, 'article'), lastDateVisted: clientTime(app) });
      expect((await content(b, userId, course.id)).currentSection).toBe(course.article.section);
    });

    it('does not complete a quiz section through Uploadviewing, but moves the position to it', async () => {
      const { b, userId, course } = await fx.enrolled();
      const res = await viewing(b, userId, { ...at(course, 'quiz'), isCompleted: true });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ isCompleted: false, percentage: 0 });
      expect((await content(b, userId, course.id)).currentSection).toBe(course.quiz.section);
    });

    it('refuses events for another learner, for a course not enrolled in, and places outside the course', async () => {
      const { b, userId, course } = await fx.enrolled();
      const other = await fx.enrolled();
      expect((await viewing(b, other.userId, at(other.course, 'video'))).status).toBe(403);
      const notEnrolled = await viewing(b, userId, at(other.course, 'video'));
      expect(notEnrolled.status).toBe(403);
      expect(notEnrolled.body.description).toBe('You are not enrolled in this course');
      const moduleElsewhere = await viewing(b, userId, { ...at(course, 'video'), currentModule: other.course.m1 });
      expect([moduleElsewhere.status, moduleElsewhere.body.description]).toEqual([404, 'Module not found in this course']);
      const sectionElsewhere = await viewing(b, userId, { ...at(course, 'video'), currentSection: course.quiz.section });
      expect([sectionElsewhere.status, sectionElsewhere.body.description]).toEqual([404, 'Section not found in this module']);
      const unknown = await viewing(b, userId, { ...at(course, 'video'), courseId: 999_999 });
      expect([unknown.status, unknown.body.description]).toEqual([404, 'Course not found']);
      expect((await (await fx.superAdmin()).call(`${COURSE}/Course/Uploadviewing/${userId}`, { json: { eventId: randomUUID(), ...at(course, 'video'), lastDateVisted: clientTime(app) } })).status).toBe(403);
    });

    it('validates the event with the contract’s messages', async () => {
      const { b, userId, course } = await fx.enrolled();
      const noId = await b.call(`${COURSE}/Course/Uploadviewing/${userId}`, { json: { ...at(course, 'video'), lastDateVisted: clientTime(app) } });
      expect([noId.status, noId.body.description]).toEqual([400, 'eventId is required']);
      const badTime = await viewing(b, userId, { ...at(course, 'video'), lastDateVisted: 'yesterday' });
      expect([badTime.status, badTime.body.description]).toEqual([400, 'lastDateVisted must be an ISO date-time']);
      const noSection = await viewing(b, userId, { courseId: course.id, currentModule: course.m1 });
      expect(noSection.body.description).toBe('currentSection is required');
    });
  });

  describe('quiz scores', () => {
    it('scores the answers itself: a tampered score of 100 with wrong answers does not pass', async () => {
      const { b, userId, course } = await fx.enrolled();
      const res = await b.call(`${COURSE}/Course/Quiz/UpdateScore/${userId}`, { json: quizBody(course, WRONG_ANSWERS, { score: 100 }) });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ isCompleted: false, score: 0, correct: 0, total: 2, passMark: 50, duplicate: false, percentage: 0 });
    });

    it('passes after a failed attempt, stays passed after a later failure, and keeps every attempt', async () => {
      const { b, userId, course } = await fx.enrolled();
      const url = `${COURSE}/Course/Quiz/UpdateScore/${userId}`;
      expect((await b.call(url, { json: quizBody(course, WRONG_ANSWERS) })).body.data.isCompleted).toBe(false);
      const pass = await b.call(url, { json: quizBody(course, [RIGHT_ANSWERS[0]]) });
      expect(pass.body.data).toMatchObject({ isCompleted: true, moduleCompleted: true, score: 10, correct: 1, total: 2, percentage: 33 });
      const failAgain = await b.call(url, { json: quizBody(course, WRONG_ANSWERS) });
      expect(failAgain.body.data).toMatchObject({ isCompleted: true, score: 0, correct: 0 });
      const attempts = await app.database.db
        .select({ score: t.quizAttempts.score, passed: t.quizAttempts.passed })
        .from(t.quizAttempts)
        .where(and(eq(t.quizAttempts.userId, userId), eq(t.quizAttempts.assetId, course.quiz.asset)));
      expect(attempts.map((a) => a.passed).sort()).toEqual([false, false, true]);
    });

    it('answers a replayed attempt with its stored score and records it once', async () => {
      const { b, userId, course } = await fx.enrolled();
      const url = `${COURSE}/Course/Quiz/UpdateScore/${userId}`;
      const body = quizBody(course, RIGHT_ANSWERS);
      expect((await b.call(url, { json: body })).body.data).toMatchObject({ score: 20, correct: 2, isCompleted: true, duplicate: false });
      const replay = await b.call(url, { json: { ...body, answers: WRONG_ANSWERS } });
      expect(replay.body.data).toMatchObject({ score: 20, correct: 2, total: 2, isCompleted: true, duplicate: true });
      const attempts = await app.database.db.select().from(t.quizAttempts).where(eq(t.quizAttempts.userId, userId));
      expect(attempts).toHaveLength(1);
    });

    it('marks each answer and says whether this attempt passed, without revealing the key', async () => {
      const { b, userId, course } = await fx.enrolled();
      const url = `${COURSE}/Course/Quiz/UpdateScore/${userId}`;
      const half = await b.call(url, { json: quizBody(course, [RIGHT_ANSWERS[0], WRONG_ANSWERS[1]]) });
      expect(half.body.data).toMatchObject({ correct: 1, total: 2, passMark: 50, passed: true, isCompleted: true, questionsCorrect: [true, false] });
      // Passed before, failed now: the section stays complete, but this attempt is not called passed.
      const worse = await b.call(url, { json: quizBody(course, WRONG_ANSWERS) });
      expect(worse.body.data).toMatchObject({ correct: 0, passed: false, isCompleted: true, questionsCorrect: [false, false] });
      expect(JSON.stringify(worse.body)).not.toMatch(/isAnswer/);
    });

    it('answers passed null for a practice quiz, whatever the score: it has no pass mark', async () => {
      const { b, userId, course } = await fx.enrolled({ practiceQuiz: true });
      const res = await b.call(`${COURSE}/Course/Quiz/UpdateScore/${userId}`, { json: quizBody(course, WRONG_ANSWERS) });
      expect(res.body.data).toMatchObject({ correct: 0, total: 2, passed: null, isCompleted: true, questionsCorrect: [false, false] });
    });

    it('scores a certificate quiz answered offline when the outbox replays it, and answers its marks again on a resend', async () => {
      const { b, userId, course } = await fx.enrolled();
      // Answered on the phone ten minutes ago, queued, and sent with the rest of the outbox.
      const queued = { type: 'quiz', ...quizBody(course, RIGHT_ANSWERS), lastDateVisted: clientTime(app, -10 * MINUTE) };
      const progress = { type: 'progress', eventId: randomUUID(), ...at(course, 'video'), isCompleted: true, lastDateVisted: clientTime(app, -11 * MINUTE) };
      const replay = await b.call(`${COURSE}/Course/Events/${userId}`, { json: { events: [progress, queued] } });
      expect(replay.status).toBe(200);
      const [, quiz] = replay.body.data.results;
      expect(quiz).toMatchObject({ outcome: 'applied', result: { correct: 2, total: 2, passed: true, isCompleted: true, questionsCorrect: [true, true], duplicate: false } });
      // The screen asks again for the marks by sending the same attempt: the first marks, recorded once.
      const again = await b.call(`${COURSE}/Course/Events/${userId}`, { json: { events: [queued] } });
      expect(again.body.data.results[0]).toMatchObject({ outcome: 'duplicate', result: { correct: 2, passed: true, questionsCorrect: [true, true], duplicate: true } });
      const attempts = await app.database.db.select().from(t.quizAttempts).where(eq(t.quizAttempts.userId, userId));
      expect(attempts.map((a) => [a.correct, a.passed])).toEqual([[2, true]]);
    });

    it('refuses a quiz that is not in the given section, module and course', async () => {
      const { b, userId, course } = await fx.enrolled();
      const url = `${COURSE}/Course/Quiz/UpdateScore/${userId}`;
      for (const patch of [{ courseQuizId: course.video.asset }, { section: course.video.section }, { module: course.m1 }]) {
        const res = await b.call(url, { json: quizBody(course, RIGHT_ANSWERS, patch) });
        expect([res.status, res.body.description]).toEqual([404, 'Quiz not found in this section']);
      }
      const stranger = await fx.learner('Stranger');
      expect((await stranger.b.call(`${COURSE}/Course/Quiz/UpdateScore/${stranger.userId}`, { json: quizBody(course, RIGHT_ANSWERS) })).status).toBe(403);
      expect((await stranger.b.call(url, { json: quizBody(course, RIGHT_ANSWERS) })).status).toBe(403);
    });
  });

  describe('a deleted account', () => {
    it('records nothing more with an access token issued before the deletion', async () => {
      const { b, userId, course } = await fx.enrolled();
      await app.database.db.update(t.users).set({ deletedAt: app.clock.now() }).where(eq(t.users.id, userId));
      const res = await viewing(b, userId, { ...at(course, 'video'), isCompleted: true });
      expect(res.status).toBe(403);
      const [row] = await app.database.db.select().from(t.sectionProgress).where(eq(t.sectionProgress.userId, userId));
      expect(row).toBeUndefined();
    });
  });

  describe('finishing a course', () => {
    async function finish(b: Browser, userId: string, course: StudyCourse) {
      await viewing(b, userId, { ...at(course, 'video'), isCompleted: true });
      await viewing(b, userId, { ...at(course, 'article'), isCompleted: true });
      return b.call(`${COURSE}/Course/Quiz/UpdateScore/${userId}`, { json: quizBody(course, RIGHT_ANSWERS) });
    }

    it('completes the course once every section is done and says a survey follows', async () => {
      const { b, userId, course } = await fx.enrolled();
      const last = await finish(b, userId, course);
      expect(last.body.data).toMatchObject({ isCompleted: true, moduleCompleted: true, courseCompleted: true, hasSurvey: true, surveySubmitted: false, percentage: 100 });
      const [enrolment] = await app.database.db.select().from(t.enrollments).where(and(eq(t.enrollments.userId, userId), eq(t.enrollments.courseId, course.id)));
      const completedAt = enrolment!.completedAt;
      expect(completedAt).not.toBeNull();
      // Later events change nothing about the completion.
      app.clock.advance(MINUTE);
      const again = await viewing(b, userId, { ...at(course, 'video'), isCompleted: false, lastDateVisted: clientTime(app) });
      expect(again.body.data).toMatchObject({ courseCompleted: true, percentage: 100 });
      const [after] = await app.database.db.select().from(t.enrollments).where(eq(t.enrollments.id, enrolment!.id));
      expect(after!.completedAt).toEqual(completedAt);
      expect(await content(b, userId, course.id)).toMatchObject({ completed: true, percentage: 100 });
    });

    it('completes a course without a survey with hasSurvey false', async () => {
      const { b, userId, course } = await fx.enrolled({ survey: false });
      expect((await finish(b, userId, course)).body.data).toMatchObject({ courseCompleted: true, hasSurvey: false });
    });
  });

  describe('the learner’s lists', () => {
    it('lists enrolled courses most recently visited first, completed ones by completion, the recent one and the overall percentage', async () => {
      const { b, userId } = await fx.learner('Lister');
      const first = await fx.course({ title: 'Lists: First' });
      const second = await fx.course({ title: 'Lists: Second' });
      const third = await fx.course({ title: 'Lists: Third', survey: false });
      await fx.enrol(userId, first.id, new Date('2026-10-01T08:00:00Z'));
      await fx.enrol(userId, second.id, new Date('2026-10-02T08:00:00Z'));
      await fx.enrol(userId, third.id, new Date('2026-10-03T08:00:00Z'));
      const titles = async (path: string) => (await b.call(`${COURSE}/Course/${path}/${userId}`)).body.data.map((c: any) => c.title);

      expect(await titles('Enrolled')).toEqual(['Lists: Third', 'Lists: Second', 'Lists: First']);
      expect(await titles('Completed')).toEqual([]);
      await viewing(b, userId, { ...at(first, 'video'), isCompleted: true });
      expect(await titles('Enrolled')).toEqual(['Lists: First', 'Lists: Third', 'Lists: Second']);

      // Finish the third course entirely.
      await viewing(b, userId, { ...at(third, 'video'), isCompleted: true });
      await viewing(b, userId, { ...at(third, 'article'), isCompleted: true });
      await b.call(`${COURSE}/Course/Quiz/UpdateScore/${userId}`, { json: quizBody(third, RIGHT_ANSWERS) });

      const enrolledList = (await b.call(`${COURSE}/Course/Enrolled/${userId}`)).body.data;
      const byTitle = Object.fromEntries(enrolledList.map((c: any) => [c.title, c]));
      expect(byTitle['Lists: First']).toMatchObject({ percentage: 33, completed: false, modules: 2, currentModule: first.m1, currentSection: first.video.section, hasSurvey: true, courseLevelName: 'Intermediate', duration: 12, coursePrice: { amount: 0 }, certificateId: null, completedAt: null });
      expect(byTitle['Lists: Second']).toMatchObject({ percentage: 0, currentModule: null, currentSection: null, lastVisitedAt: null });
      expect(byTitle['Lists: Third']).toMatchObject({ percentage: 100, completed: true, hasSurvey: false });
      expect(byTitle['Lists: Third'].completedAt).toBeTruthy();

      expect(await titles('Completed')).toEqual(['Lists: Third']);
      expect((await b.call(`${COURSE}/Course/Recent/${userId}`)).body.data).toMatchObject({ title: 'Lists: Third', currentModule: third.m2, currentSection: third.quiz.section });
      const overall = await b.call(`${COURSE}/Course/Overall/Percentage`);
      expect(overall.body.data).toEqual({ percentage: Math.round((33 + 0 + 100) / 3), activeCourses: 2, completedCourses: 1 });
    });

    it('answers an empty list, no recent course and zero overall for a learner with no course', async () => {
      const { b, userId } = await fx.learner('Newcomer');
      expect((await b.call(`${COURSE}/Course/Enrolled/${userId}`)).body.data).toEqual([]);
      expect((await b.call(`${COURSE}/Course/Recent/${userId}`)).body).toMatchObject({ success: true, data: null });
      expect((await b.call(`${COURSE}/Course/Overall/Percentage`)).body.data).toEqual({ percentage: 0, activeCourses: 0, completedCourses: 0 });
    });

    it('shows a learner’s lists only to them and to platform staff who view users', async () => {
      const { userId } = await fx.enrolled();
      const other = await fx.learner('Nosy');
      for (const path of ['Enrolled', 'Completed', 'Recent']) {
        expect((await other.b.call(`${COURSE}/Course/${path}/${userId}`)).status, path).toBe(403);
        expect((await new Browser(app).call(`${COURSE}/Course/${path}/${userId}`)).status, path).toBe(401);
      }
      const staff = await fx.superAdmin();
      const res = await staff.call(`${COURSE}/Course/Enrolled/${userId}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      const malformed = await staff.call(`${COURSE}/Course/Enrolled/not-a-user`);
      expect([malformed.status, malformed.body.description]).toEqual([400, 'userId must be a UUID']);
    });
  });
});
