// Studying a course: who may see a learner's courses and content, how progress events, quiz
// attempts and survey responses apply (docs/decisions/008-learner-events-and-progress.md).
//
// Every event is applied inside one transaction that first locks the learner's enrolment, then
// records the event id: a replayed id changes nothing and answers the current state.
import type * as v from 'valibot';
import type {
  LearnerCourse,
  PlayerContent,
  ProgressResult,
  Survey,
  surveyResponseBodySchema,
  updateQuizScoreBodySchema,
  uploadViewingBodySchema,
} from '@rivet/shared/api/learning';
import { overallPercentage } from '@rivet/shared/domain/progress';
import { scoreQuiz } from '@rivet/shared/domain/quiz';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { badRequest, forbidden, notFound } from '../http/errors';
import { assertSelf, assertSelfOrUserReader } from '../http/learner-access';
import { TtlCache } from '../http/ttl-cache';
import type { MediaSigner } from '../media/secure-media';
import { coursePrice, percentageOf, storedQuiz, toLearnerCourse, toPlayerModules, toProgressResult, toSurveyQuestions } from './learning.mappers';
import type { LearningQueries, LearningRepository } from './learning.repository';
import { checkSurveyAnswers } from './survey-answers';

export const LEARNING_MESSAGES = {
  courseNotFound: 'Course not found',
  notEnrolled: 'You are not enrolled in this course',
  moduleNotFound: 'Module not found in this course',
  sectionNotFound: 'Section not found in this module',
  quizNotFound: 'Quiz not found in this section',
  noSurvey: 'This course has no survey',
  surveySubmitted: 'Thank you. Your feedback has been submitted.',
  surveyAlreadySubmitted: 'You have already answered this survey. Thank you.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type UploadViewing = v.InferOutput<typeof uploadViewingBodySchema>;
type UpdateQuizScore = v.InferOutput<typeof updateQuizScoreBodySchema>;
type SurveyResponse = v.InferOutput<typeof surveyResponseBodySchema>;

export interface QuizResult extends ProgressResult {
  score: number;
  correct: number;
  total: number;
  passMark: number;
}

export function createLearningService(deps: { repo: LearningRepository; clock: Clock; media: MediaSigner }) {
  const { repo, clock, media } = deps;

  /** The client's time, but never later than the server's: a phone whose clock runs ahead must not freeze the position. */
  function eventTime(clientTime: string, now: Date): Date {
    const at = Date.parse(clientTime);
    return new Date(Math.min(Number.isNaN(at) ? now.getTime() : at, now.getTime()));
  }

  // Where a section sits changes only when a course is edited; progress events ask for it all the
  // time. A few seconds of memory spare the database one query per event.
  const places = new TtlCache<Awaited<ReturnType<LearningRepository['placeInCourse']>>>(10_000, 10_000);
  const placeInCourse = (courseId: number, moduleId: number, sectionId: number) =>
    places.getOrCompute(`${courseId}/${moduleId}/${sectionId}`, () => repo.placeInCourse(courseId, moduleId, sectionId));

  /** The course exists (404) and the learner is enrolled in it (403). */
  async function assertEnrolled(userId: string, courseId: number) {
    const access = await repo.courseAccess(userId, courseId);
    if (!access.exists) throw notFound(LEARNING_MESSAGES.courseNotFound);
    if (!access.enrolled) throw forbidden(LEARNING_MESSAGES.notEnrolled);
  }

  async function learnerCourses(caller: Caller, userId: string, options: { completedOnly?: boolean; limit?: number } = {}): Promise<LearnerCourse[]> {
    assertSelfOrUserReader(caller, userId);
    if (!UUID.test(userId)) return [];
    return (await repo.learnerCourses(userId, options)).map(toLearnerCourse);
  }

  /** Applies an event once, in a transaction that holds the enrolment; `apply` runs only for a new event id. */
  function applyEvent<T>(
    event: { id: string; userId: string; courseId: number; kind: 'progress' | 'quiz' | 'survey'; at: Date },
    apply: (tx: LearningQueries) => Promise<void>,
    answer: (tx: LearningQueries, duplicate: boolean) => Promise<T>,
  ): Promise<T> {
    const notEnrolled = forbidden(LEARNING_MESSAGES.notEnrolled);
    return repo
      .transaction(async (tx) => {
        if (!(await tx.lockEnrolment(event.userId, event.courseId))) throw notEnrolled;
        const fresh = await tx.recordEvent({ ...event, receivedAt: clock.now() });
        if (fresh) await apply(tx);
        return answer(tx, !fresh);
      })
      .catch(async (error: unknown) => {
        // Only now, outside the transaction, find out why (unknown course: 404; not enrolled: 403):
        // the usual event spends no query on it.
        if (error === notEnrolled) await assertEnrolled(event.userId, event.courseId);
        throw error;
      });
  }

  async function stateOf(tx: LearningQueries, userId: string, courseId: number, moduleId: number, sectionId: number, duplicate: boolean) {
    const state = await tx.progressState(userId, courseId, moduleId, sectionId);
    if (!state) throw forbidden(LEARNING_MESSAGES.notEnrolled);
    return toProgressResult(state, duplicate);
  }

  return {
    enrolledCourses: (caller: Caller, userId: string) => learnerCourses(caller, userId),

    completedCourses: (caller: Caller, userId: string) => learnerCourses(caller, userId, { completedOnly: true }),

    async recentCourse(caller: Caller, userId: string): Promise<LearnerCourse | null> {
      return (await learnerCourses(caller, userId, { limit: 1 }))[0] ?? null;
    },

    async overall(caller: Caller) {
      const courses = await learnerCourses(caller, caller.userId);
      const completed = courses.filter((c) => c.completed).length;
      return {
        percentage: overallPercentage(courses.map((c) => c.percentage)),
        activeCourses: courses.length - completed,
        completedCourses: completed,
      };
    },

    async content(caller: Caller, userId: string, courseId: number): Promise<PlayerContent> {
      assertSelf(caller, userId);
      const course = await repo.course(courseId);
      if (!course) throw notFound(LEARNING_MESSAGES.courseNotFound);
      const enrolment = await repo.enrolment(userId, courseId);
      if (!enrolment) throw forbidden(LEARNING_MESSAGES.notEnrolled);
      const [outline, progress] = await Promise.all([repo.outline(courseId), repo.sectionProgress(userId, courseId)]);
      const now = clock.now();
      const videos = toPlayerModules(outline, new Map(progress.map((p) => [p.sectionId, p])), (asset) => media.forAsset(asset, userId, now));
      const sections = videos.reduce((n, m) => n + m.items.length, 0);
      const completedSections = videos.reduce((n, m) => n + m.itemsCompleted, 0);
      return {
        courseId: course.courseId,
        title: course.title,
        description: course.description,
        institution: course.institution,
        institutionId: course.institutionId,
        institutionLogo: course.institutionLogo,
        courseThumbNailUrl: course.thumbnailUrl,
        coursePrice: coursePrice(course),
        hasSurvey: course.hasSurvey,
        surveySubmitted: enrolment.surveySubmitted,
        completed: enrolment.completedAt !== null,
        percentage: percentageOf({ sections, completedSections, completedAt: enrolment.completedAt }),
        currentModule: enrolment.currentModule,
        currentSection: enrolment.currentSection,
        certificateId: enrolment.certificateId,
        mediaExpiresAt: media.expiresAt(now).toISOString(),
        videos,
      };
    },

    async uploadViewing(caller: Caller, userId: string, body: UploadViewing): Promise<ProgressResult> {
      assertSelf(caller, userId);
      const place = await placeInCourse(body.courseId, body.currentModule, body.currentSection);
      if (!place || place.sectionId === null) {
        await assertEnrolled(userId, body.courseId);
        throw notFound(place ? LEARNING_MESSAGES.sectionNotFound : LEARNING_MESSAGES.moduleNotFound);
      }
      const at = eventTime(body.lastDateVisted, clock.now());
      const where = { userId, courseId: body.courseId, moduleId: body.currentModule, sectionId: body.currentSection };
      return applyEvent(
        { id: body.eventId, userId, courseId: body.courseId, kind: 'progress', at },
        async (tx) => {
          // A quiz section completes only when its quiz is passed (Quiz/UpdateScore); here it only moves the position.
          const isCompleted = body.isCompleted && !place.isQuiz;
          await tx.mergeSection({ ...where, isCompleted, secondsWatched: Math.floor(body.secondsWatched), at });
          await tx.mergePosition({ ...where, at });
          if (isCompleted) await tx.completeCourseIfDone(userId, body.courseId, at);
        },
        (tx, duplicate) => stateOf(tx, userId, body.courseId, body.currentModule, body.currentSection, duplicate),
      );
    },

    async updateQuizScore(caller: Caller, userId: string, body: UpdateQuizScore): Promise<QuizResult> {
      assertSelf(caller, userId);
      const asset = await repo.quizAsset(body.courseQuizId, body.courseId, body.module, body.section);
      if (!asset) {
        await assertEnrolled(userId, body.courseId);
        throw notFound(LEARNING_MESSAGES.quizNotFound);
      }
      const quiz = storedQuiz(asset.quiz) ?? { pointPerQuestion: 1, requiredNextModule: false, passMark: 0, data: [] };
      // body.score is what the phone computed: never used.
      const scored = scoreQuiz(quiz, body.answers);
      const now = clock.now();
      const at = eventTime(body.lastDateVisted, now);
      const where = { userId, courseId: body.courseId, moduleId: body.module, sectionId: body.section };
      return applyEvent(
        { id: body.eventId, userId, courseId: body.courseId, kind: 'quiz', at },
        async (tx) => {
          await tx.insertQuizAttempt({
            id: body.eventId,
            userId,
            courseId: body.courseId,
            assetId: body.courseQuizId,
            answers: body.answers,
            correct: scored.correct,
            total: scored.total,
            score: scored.score,
            passed: scored.passed,
            clientTime: at,
            createdAt: now,
          });
          if (scored.passed) await tx.mergeSection({ ...where, isCompleted: true, secondsWatched: null, at });
          await tx.mergePosition({ ...where, at });
          if (scored.passed) await tx.completeCourseIfDone(userId, body.courseId, at);
        },
        async (tx, duplicate) => {
          const attempt = duplicate ? await tx.quizAttempt(body.eventId, userId) : null;
          const { score, correct, total } = attempt ?? scored;
          return { ...(await stateOf(tx, userId, body.courseId, body.module, body.section, duplicate)), score, correct, total, passMark: quiz.passMark };
        },
      );
    },

    async courseSurvey(caller: Caller, courseId: number): Promise<Survey> {
      await assertEnrolled(caller.userId, courseId);
      const survey = await repo.courseSurvey(courseId);
      if (!survey) throw notFound(LEARNING_MESSAGES.noSurvey);
      const [rows, submitted] = await Promise.all([repo.surveyQuestions(survey.id), repo.hasSurveyResponse(caller.userId, courseId)]);
      return { surveyId: survey.id, title: survey.title, description: survey.description, questions: toSurveyQuestions(rows), submitted };
    },

    async submitSurvey(caller: Caller, body: SurveyResponse): Promise<{ data: { submitted: boolean; duplicate: boolean }; description: string }> {
      assertSelf(caller, body.userId);
      const userId = caller.userId;
      await assertEnrolled(userId, body.courseId);
      const survey = await repo.courseSurvey(body.courseId);
      if (!survey) throw notFound(LEARNING_MESSAGES.noSurvey);
      const already = { data: { submitted: true, duplicate: true }, description: LEARNING_MESSAGES.surveyAlreadySubmitted };
      // A second submission is acknowledged and ignored, whatever it says.
      if (await repo.hasSurveyResponse(userId, body.courseId)) return already;
      const { answers, problems } = checkSurveyAnswers(toSurveyQuestions(await repo.surveyQuestions(survey.id)), body.responses);
      if (problems.length) throw badRequest(problems[0]!.message, problems);
      const now = clock.now();
      let stored = false;
      await applyEvent(
        { id: body.eventId, userId, courseId: body.courseId, kind: 'survey', at: now },
        async (tx) => {
          stored = await tx.insertSurveyResponse({ id: body.eventId, surveyId: survey.id, courseId: body.courseId, userId, submittedAt: now }, answers);
        },
        async () => undefined,
      );
      return stored ? { data: { submitted: true, duplicate: false }, description: LEARNING_MESSAGES.surveySubmitted } : already;
    },
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
