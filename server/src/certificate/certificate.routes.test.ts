import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { DEMO_LEARNERS, DEMO_LEARNER_COURSE } from '../db/seed/catalogue/learners';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { COURSE, FIXTURE_QUIZ, RIGHT_ANSWERS, WRONG_ANSWERS, clientTime, createStudyFixtures, type StudyCourse } from '../learning/study-fixtures';

const GENERATE = '/api/Institution/Certificate/GenerateCertificate';
const VERIFY = '/api/Institution/Certificate/Verify';
const ID_PATTERN = /^RVT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

async function pdfText(res: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(testDrivers())('certificates on %s', (driver) => {
  let app: TestApp;
  let learner: Browser;
  let learnerId: string;
  let courseId: number;
  const [amaka, tunde] = DEMO_LEARNERS;

  const signIn = async (userName: string, password = DEMO_ACCOUNTS.learner.password) => {
    const browser = new Browser(app);
    const res = await browser.call(`${AUTH}/Account/Student/SignIn`, { json: { userName, password } });
    expect(res.status).toBe(200);
    return { browser, userId: res.body.data.userId as string };
  };
  const markComplete = (userId: string, course: number) =>
    app.database.db
      .update(t.enrollments)
      .set({ completedAt: app.clock.now() })
      .where(and(eq(t.enrollments.userId, userId), eq(t.enrollments.courseId, course)));
  /** Answers every quiz Required for Certificate of the course right, through the server, which marks them. */
  const passRequiredQuizzes = async (browser: Browser, userId: string, course: number) => {
    const quizzes = await app.database.db
      .select({ assetId: t.courseAssets.id, sectionId: t.courseSections.id, moduleId: t.courseModules.id, quiz: t.courseAssets.quiz })
      .from(t.courseAssets)
      .innerJoin(t.courseSections, eq(t.courseSections.id, t.courseAssets.sectionId))
      .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId))
      .where(and(eq(t.courseModules.courseId, course), eq(t.courseAssets.assetType, 4)));
    for (const { assetId, sectionId, moduleId, quiz } of quizzes) {
      const stored = quiz as { requiredNextModule: boolean; data: { options: { isAnswer: boolean }[] }[] };
      if (!stored.requiredNextModule) continue;
      const answers = stored.data.map((q, question) => ({ question, options: q.options.flatMap((o, i) => (o.isAnswer ? [i] : [])) }));
      const json = { eventId: randomUUID(), courseQuizId: assetId, courseId: course, module: moduleId, section: sectionId, answers, lastDateVisted: app.clock.now().toISOString() };
      const res = await browser.call(`/api/Course/Course/Quiz/UpdateScore/${userId}`, { json });
      expect(res.body.data.passed).toBe(true);
    }
  };
  const complete = async (browser: Browser, userId: string, course: number) => {
    await passRequiredQuizzes(browser, userId, course);
    await markComplete(userId, course);
  };
  const generate = (browser: Browser, query: Record<string, string | number>) =>
    browser.call(`${GENERATE}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  const institutionIdOf = async (code: string) => (await app.database.db.select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.code, code)))[0]!.id;
  /** The first course a demo learner is enrolled in, marked complete. */
  const completedCourseOf = async (browser: Browser, userId: string) => {
    const [row] = await app.database.db.select({ courseId: t.enrollments.courseId }).from(t.enrollments).where(eq(t.enrollments.userId, userId)).limit(1);
    await complete(browser, userId, row!.courseId);
    return row!.courseId;
  };

  beforeAll(async () => {
    app = await createTestApp(driver);
    ({ browser: learner, userId: learnerId } = await signIn(DEMO_ACCOUNTS.learner.email));
    const [course] = await app.database.db.select({ id: t.courses.id, institutionId: t.courses.institutionId }).from(t.courses).where(eq(t.courses.title, DEMO_LEARNER_COURSE));
    courseId = course!.id;
    // A deactivated signatory of the course's partner (Lagos Business School): never printed.
    await app.database.db.insert(t.certificateSignatures).values({ institutionId: course!.institutionId, name: 'Mrs. Retired Registrar', jobTitle: 'Former Registrar', isActive: false });
  });
  afterAll(() => app?.close());

  it('refuses the certificate until the course is complete', async () => {
    const res = await generate(learner, { courseId, userId: learnerId });
    expect(res.status).toBe(422);
    expect(res.body.description).toBe('Complete the course to get your certificate');
    const [{ n }] = (await app.database.db.select({ n: count() }).from(t.certificates)) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('refuses the certificate of a course marked complete until its certificate quiz is passed on the server', async () => {
    await markComplete(learnerId, courseId);
    const refused = await generate(learner, { courseId, userId: learnerId });
    expect(refused.status).toBe(422);
    expect(refused.body.description).toMatch(/^Pass the quiz “Quiz: .+” \(70% or more\) to get your certificate$/);
    expect((await app.database.db.select({ n: count() }).from(t.certificates))[0]!.n).toBe(0);
  });

  it('issues the certificate of a completed course with the partner’s active signatories', async () => {
    await complete(learner, learnerId, courseId);
    const res = await generate(learner, { courseId, userId: learnerId });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.certificateId).toMatch(ID_PATTERN);
    expect(data).toMatchObject({
      learnerName: 'Chioma Eze',
      courseId,
      courseTitle: DEMO_LEARNER_COURSE,
      institution: 'Lagos Business School',
      institutionLogo: '/media/demo/partners/lbs-logo.svg',
      issuedAt: app.clock.now().toISOString(),
      certificateUrl: `/api/Institution/Certificate/Pdf/${data.certificateId}`,
      verifyUrl: `http://localhost:8080/certificate/verify/${data.certificateId}`,
    });
    expect(data.signatories).toEqual([
      { name: 'Dr. Folake Adeniran', jobTitle: 'Dean', signatureUrl: '/media/demo/signatures/lbs-1.svg' },
      { name: 'Mr. Chidi Okafor', jobTitle: 'Director, Executive Education', signatureUrl: '/media/demo/signatures/lbs-2.svg' },
    ]);
  });

  it('answers with the same certificate later, as issued, even after the learner renames themselves', async () => {
    const first = await generate(learner, { courseId, userId: learnerId, institutionId: await institutionIdOf('LBS') });
    expect(first.status).toBe(200);
    await app.database.db.update(t.users).set({ firstName: 'Chiamaka' }).where(eq(t.users.id, learnerId));
    app.clock.advance(60_000);
    const again = await generate(learner, { courseId, userId: learnerId });
    expect(again.body.data.certificateId).toBe(first.body.data.certificateId);
    expect(again.body.data.learnerName).toBe('Chioma Eze');
    expect(again.body.data.issuedAt).toBe(first.body.data.issuedAt);
  });

  it('issues one certificate when first calls race', async () => {
    const { browser, userId } = await signIn(amaka!.email);
    const course = await completedCourseOf(browser, userId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => generate(browser, { courseId: course, userId })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.data.certificateId)).size).toBe(1);
    const rows = await app.database.db.select().from(t.certificates).where(and(eq(t.certificates.userId, userId), eq(t.certificates.courseId, course)));
    expect(rows).toHaveLength(1);
  });

  it('refuses another learner’s certificate, a signed-out caller, an unknown course and a mismatched institution', async () => {
    const { browser } = await signIn(tunde!.email);
    expect((await generate(browser, { courseId, userId: learnerId })).status).toBe(403);
    const signedOut = await generate(new Browser(app), { courseId, userId: learnerId });
    expect(signedOut.status).toBe(401);
    const unknown = await generate(learner, { courseId: 999_999, userId: learnerId });
    expect(unknown.status).toBe(404);
    expect(unknown.body.description).toBe('Course not found');
    const mismatched = await generate(learner, { courseId, userId: learnerId, institutionId: await institutionIdOf('UNILAG') });
    expect(mismatched.status).toBe(400);
    const missing = await learner.call(`${GENERATE}?userId=${learnerId}`);
    expect(missing.status).toBe(400);
    expect(missing.body.description).toBe('courseId is required');
  });

  it('serves the PDF to whoever holds the id, with the learner, course, institution, id, signatories and verification link', async () => {
    const { certificateId, certificateUrl, verifyUrl } = (await generate(learner, { courseId, userId: learnerId })).body.data;
    const started = performance.now();
    const res = await app.fetch(certificateUrl);
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="certificate.pdf"');
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    const text = await pdfText(res);
    for (const expected of ['CERTIFICATE OF COMPLETION', 'Chioma Eze', DEMO_LEARNER_COURSE, 'offered by Lagos Business School', `Certificate ID: ${certificateId}`, 'Dr. Folake Adeniran', 'Director, Executive Education', `Scan or visit ${verifyUrl} to verify`]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Retired Registrar');
    expect(ms).toBeLessThan(5000);
  });

  it('prints names outside the standard fonts’ characters without their marks', async () => {
    const { browser, userId } = await signIn(tunde!.email);
    await app.database.db.update(t.users).set({ firstName: 'Ọláolúwa', lastName: 'Adébáyọ̀' }).where(eq(t.users.id, userId));
    const course = await completedCourseOf(browser, userId);
    const issued = await generate(browser, { courseId: course, userId });
    expect(issued.body.data.learnerName).toBe('Ọláolúwa Adébáyọ̀');
    const text = await pdfText(await app.fetch(issued.body.data.certificateUrl));
    expect(text).toContain('Olaoluwa Adebayo');
  });

  it('confirms a genuine certificate publicly, whatever the case or dashes of the id typed', async () => {
    const { certificateId } = (await generate(learner, { courseId, userId: learnerId })).body.data;
    const res = await new Browser(app).call(`${VERIFY}/${certificateId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      valid: true,
      certificateId,
      learnerName: 'Chioma Eze',
      courseTitle: DEMO_LEARNER_COURSE,
      institution: 'Lagos Business School',
      institutionLogo: '/media/demo/partners/lbs-logo.svg',
      issuedAt: expect.any(String),
      withdrawnAt: null,
    });
    const typed = await new Browser(app).call(`${VERIFY}/${certificateId.toLowerCase().replace(/-/g, '')}`);
    expect(typed.body.data.certificateId).toBe(certificateId);
  });

  it('says a certificate was withdrawn, without the name, and no longer serves its PDF', async () => {
    const { browser, userId } = await signIn(DEMO_LEARNERS[2]!.email);
    const course = await completedCourseOf(browser, userId);
    const { certificateId, certificateUrl } = (await generate(browser, { courseId: course, userId })).body.data;
    // What deleting the account does to the learner's certificates.
    await app.database.db.update(t.certificates).set({ learnerName: null, withdrawnAt: app.clock.now() }).where(eq(t.certificates.id, certificateId));
    const res = await new Browser(app).call(`${VERIFY}/${certificateId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ valid: false, certificateId, learnerName: null, withdrawnAt: app.clock.now().toISOString() });
    const pdf = await app.fetch(certificateUrl);
    expect(pdf.status).toBe(404);
    expect(await pdf.json()).toMatchObject({ success: false, description: 'We could not find a certificate with this ID' });
  });

  describe('quizzes Required for Certificate', () => {
    const at = (course: StudyCourse, part: 'video' | 'article' | 'quiz') => ({
      courseId: course.id,
      currentModule: part === 'quiz' ? course.m2 : course.m1,
      currentSection: course[part].section,
    });
    const claim = (b: Browser, userId: string, course: StudyCourse, part: 'video' | 'article' | 'quiz') =>
      b.call(`${COURSE}/Course/Uploadviewing/${userId}`, { json: { eventId: randomUUID(), ...at(course, part), isCompleted: true, lastDateVisted: clientTime(app) } });
    const attempt = (b: Browser, userId: string, course: StudyCourse, answers: unknown) =>
      b.call(`${COURSE}/Course/Quiz/UpdateScore/${userId}`, {
        json: { eventId: randomUUID(), courseQuizId: course.quiz.asset, courseId: course.id, module: course.m2, section: course.quiz.section, answers, score: 100, lastDateVisted: clientTime(app) },
      });

    it('refuses a certificate the phone claims: every section reported complete, the quiz failed, a score of 100 sent', async () => {
      const fx = createStudyFixtures(app);
      const { b, userId, course } = await fx.enrolled();
      for (const part of ['video', 'article', 'quiz'] as const) expect((await claim(b, userId, course, part)).status).toBe(200);
      expect((await attempt(b, userId, course, WRONG_ANSWERS)).body.data).toMatchObject({ passed: false, courseCompleted: false });
      const refused = await generate(b, { courseId: course.id, userId });
      expect([refused.status, refused.body.description]).toEqual([422, 'Complete the course to get your certificate']);

      expect((await attempt(b, userId, course, RIGHT_ANSWERS)).body.data).toMatchObject({ passed: true, courseCompleted: true });
      expect((await generate(b, { courseId: course.id, userId })).status).toBe(200);
    });

    it('asks for a quiz that became required after the course was completed, until the server marks it passed', async () => {
      const fx = createStudyFixtures(app);
      const { b, userId, course } = await fx.enrolled({ practiceQuiz: true });
      await claim(b, userId, course, 'video');
      await claim(b, userId, course, 'article');
      // A practice quiz is complete with any finished attempt, 0 right included.
      expect((await attempt(b, userId, course, WRONG_ANSWERS)).body.data).toMatchObject({ passed: null, courseCompleted: true });
      await app.database.db.update(t.courseAssets).set({ quiz: FIXTURE_QUIZ }).where(eq(t.courseAssets.id, course.quiz.asset));

      const refused = await generate(b, { courseId: course.id, userId });
      expect([refused.status, refused.body.description]).toEqual([422, 'Pass the quiz “Quiz: Check yourself” (50% or more) to get your certificate']);
      expect((await attempt(b, userId, course, RIGHT_ANSWERS)).body.data.passed).toBe(true);
      expect((await generate(b, { courseId: course.id, userId })).status).toBe(200);
    });

    it('issues the certificate of a course whose only quiz is practice, whatever its score', async () => {
      const fx = createStudyFixtures(app);
      const { b, userId, course } = await fx.enrolled({ practiceQuiz: true });
      await claim(b, userId, course, 'video');
      await claim(b, userId, course, 'article');
      await attempt(b, userId, course, WRONG_ANSWERS);
      expect((await generate(b, { courseId: course.id, userId })).status).toBe(200);
    });
  });

  it('does not know an id it never issued', async () => {
    for (const id of ['RVT-0000-0000-0000', 'not-an-id']) {
      const res = await new Browser(app).call(`${VERIFY}/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.description).toBe('We could not find a certificate with this ID');
      expect((await app.fetch(`/api/Institution/Certificate/Pdf/${id}`)).status).toBe(404);
    }
  });
});
