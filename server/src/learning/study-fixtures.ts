/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field in tests */
// Learners and a small course for the studying tests, independent of the demo catalogue: each
// test enrols a fresh learner, so no test depends on another's progress.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import * as t from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { AUTH, Browser, type TestApp } from '../testing/test-app';

export const COURSE = '/api/Course';

/** A required quiz (pass mark 50): question 0 single choice (answer 0), question 1 multiple choice (answers 0 and 1). */
export const FIXTURE_QUIZ = {
  name: 'Quiz: Check yourself',
  description: '<p>Two questions.</p>',
  randomize: false,
  timed: false,
  duration: 5,
  pointPerQuestion: 10,
  requiredNextModule: true,
  passMark: 50,
  data: [
    { question: '<p>Pick the first</p>', type: 0, options: [{ title: 'First', description: '', isAnswer: true }, { title: 'Second', description: '', isAnswer: false }] },
    {
      question: '<p>Pick the first two</p>',
      type: 1,
      options: [
        { title: 'A', description: '', isAnswer: true },
        { title: 'B', description: '', isAnswer: true },
        { title: 'C', description: '', isAnswer: false },
      ],
    },
  ],
};

export const RIGHT_ANSWERS = [
  { question: 0, options: [0] },
  { question: 1, options: [1, 0] },
];
export const WRONG_ANSWERS = [
  { question: 0, options: [1] },
  { question: 1, options: [0] },
];

export interface StudyCourse {
  id: number;
  /** Module 1: a video section and an article section. */
  m1: number;
  video: { section: number; asset: number };
  article: { section: number; asset: number };
  /** Module 2: a quiz section. */
  m2: number;
  quiz: { section: number; asset: number };
}

export function createStudyFixtures(app: TestApp) {
  const db = () => app.database.db;
  let serial = 0;
  let passwordHash: string | null = null;

  async function demoSurveyId(): Promise<number> {
    const [row] = await db().select({ id: t.surveys.id }).from(t.surveys).limit(1);
    return row!.id;
  }

  return {
    demoSurveyId,

    /** A published course: module 1 with a video and an article section, module 2 with a quiz section. */
    async course(options: { survey?: boolean; title?: string; practiceQuiz?: boolean } = {}): Promise<StudyCourse> {
      serial += 1;
      const [partner] = await db().select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.code, 'UNILAG'));
      const [category] = await db().select({ id: t.courseCategories.id }).from(t.courseCategories).limit(1);
      const [language] = await db().select({ id: t.languages.id }).from(t.languages).limit(1);
      const surveyId = options.survey === false ? null : await demoSurveyId();
      const [course] = await db()
        .insert(t.courses)
        .values({
          institutionId: partner!.id,
          courseCategoryId: category!.id,
          languageId: language!.id,
          title: options.title ?? `Study Course ${serial}`,
          description: 'A short course for studying tests.',
          courseLevel: 2,
          approvalStatus: 2,
          draft: false,
          publishDate: new Date('2026-01-01T00:00:00Z'),
          durationMinutes: 12,
          hasSurvey: surveyId !== null,
          surveyId,
        })
        .returning({ id: t.courses.id });
      const courseId = course!.id;
      const module = async (position: number, title: string) =>
        (await db().insert(t.courseModules).values({ courseId, position, title }).returning({ id: t.courseModules.id }))[0]!.id;
      const section = async (moduleId: number, position: number, title: string, asset: Omit<typeof t.courseAssets.$inferInsert, 'sectionId'>) => {
        const [s] = await db().insert(t.courseSections).values({ moduleId, position, title }).returning({ id: t.courseSections.id });
        const [a] = await db().insert(t.courseAssets).values({ ...asset, sectionId: s!.id }).returning({ id: t.courseAssets.id });
        return { section: s!.id, asset: a!.id };
      };
      const m1 = await module(1, 'Getting started');
      const m2 = await module(2, 'Check yourself');
      const video = await section(m1, 1, 'Welcome', { assetType: 2, title: 'Welcome video', url: 'content:demo/videos/lesson-introduction.mp4', duration: 95 });
      const article = await section(m1, 2, 'Reading', { assetType: 3, title: 'Reading: basics', body: '<p>Read me</p>', duration: 4 });
      const quizContent = options.practiceQuiz ? { ...FIXTURE_QUIZ, requiredNextModule: false } : FIXTURE_QUIZ;
      const quiz = await section(m2, 1, 'Check your understanding', { assetType: 4, title: FIXTURE_QUIZ.name, quiz: quizContent });
      return { id: courseId, m1, video, article, m2, quiz };
    },

    /** A new learner account, signed in (shares the demo learner's password). */
    async learner(name = 'Learner') {
      serial += 1;
      if (!passwordHash) {
        const [demo] = await db().select({ hash: t.users.passwordHash }).from(t.users).where(eq(t.users.userName, DEMO_ACCOUNTS.learner.userName));
        passwordHash = demo!.hash;
      }
      const email = `${name.toLowerCase()}.${serial}.${randomUUID().slice(0, 6)}@study.test`;
      await db().insert(t.users).values({ userName: email, email, firstName: name, lastName: 'Tester', passwordHash, roleId: STUDENT_ROLE_ID });
      const b = new Browser(app);
      const res = await b.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: email, password: DEMO_ACCOUNTS.learner.password } });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.body.description}`);
      return { b, userId: res.body.data.userId as string };
    },

    async superAdmin() {
      const b = new Browser(app);
      await b.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: DEMO_ACCOUNTS.superAdmin.userName, password: DEMO_ACCOUNTS.superAdmin.password } });
      return b;
    },

    async enrol(userId: string, courseId: number, enrolledAt = new Date('2026-11-01T08:00:00Z')) {
      await db().insert(t.enrollments).values({ userId, courseId, source: 'free', enrolledAt });
    },

    /** A fresh learner enrolled in a fresh course. */
    async enrolled(options: { survey?: boolean; practiceQuiz?: boolean } = {}) {
      const course = await this.course(options);
      const learner = await this.learner();
      await this.enrol(learner.userId, course.id);
      return { ...learner, course };
    },
  };
}

/** The client's clock, `ms` from the server's current time. */
export const clientTime = (app: TestApp, ms = 0) => new Date(app.clock.now().getTime() + ms).toISOString();

export type Call = (path: string, init?: { method?: string; json?: unknown; token?: string | null }) => Promise<{ status: number; body: any }>;
