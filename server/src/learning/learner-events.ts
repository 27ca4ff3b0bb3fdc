// The one way learner events apply, alone (Uploadviewing, Quiz/UpdateScore, Survey/Response) or
// many at once (Course/Events, the offline outbox's replay); docs/decisions/008.
//
// First every event is checked against what does not depend on the learner's progress (its
// module, section or quiz is the course's; the survey's answers), with one query per course and
// kind rather than per event. Then, per course, one transaction: lock the enrolment (one batch of
// a learner's course at a time), record every event id in one insert (the ids it returns are the
// new ones: a replay, or a racing batch that got there first, makes the rest duplicates), read
// the learner's state, apply the events in memory in order (learner-events.merge.ts) and write
// the result in a few statements.
import { randomUUID } from 'node:crypto';
import type * as v from 'valibot';
import type { learnerEventSchema } from '@rivet/shared/api/learning';
import { scoreQuiz } from '@rivet/shared/domain/quiz';
import type { Clock } from '../http/clock';
import { badRequest, forbidden, notFound, type AppError } from '../http/errors';
import { TtlCache } from '../http/ttl-cache';
import type { CacheBus } from '../http/cache-bus';
import { storedQuiz, toSurveyQuestions } from './learning.mappers';
import { LEARNING_MESSAGES } from './learning.messages';
import type { LearningRepository } from './learning.repository';
import type { LearnerEventsRepository } from './learner-events.repository';
import { ALREADY_ANSWERED, mergeCourseEvents, type CheckedEvent, type CourseStructure, type EventAnswer } from './learner-events.merge';
import { checkSurveyAnswers } from './survey-answers';

export type LearnerEventInput = v.InferOutput<typeof learnerEventSchema>;

/** Each event's answer, or why it was refused (a 4xx of its own). */
export type EventOutcome = EventAnswer | { kind: LearnerEventInput['type']; error: AppError };

const NO_QUIZ = { pointPerQuestion: 1, requiredNextModule: false, passMark: 0, data: [] };

/** Loads something about a course once per batch, however many of its events ask. */
function perCourse<T>(load: (courseId: number) => Promise<T>) {
  const known = new Map<number, Promise<T>>();
  return (courseId: number) => {
    let value = known.get(courseId);
    if (!value) known.set(courseId, (value = load(courseId)));
    return value;
  };
}

export function createLearnerEvents(deps: { repo: LearnerEventsRepository; learning: LearningRepository; clock: Clock; caches?: CacheBus }) {
  const { repo, learning, clock } = deps;

  // A course's modules and sections change only when it is edited; events ask for them all the
  // time. A few seconds of memory spare the database a query per request. (Completing the course
  // is counted afresh in the database, so a stale outline cannot complete it wrongly.)
  const structures = new TtlCache<CourseStructure>(10_000, 10_000);
  deps.caches?.register('catalogue', () => structures.clear());
  const structureOf = (courseId: number) =>
    structures.getOrCompute(String(courseId), async () => {
      const structure: CourseStructure = { modules: new Map(), sectionModule: new Map(), quizSections: new Set() };
      for (const row of await repo.courseStructure(courseId)) {
        const sections = structure.modules.get(row.moduleId) ?? [];
        structure.modules.set(row.moduleId, sections);
        if (row.sectionId === null) continue;
        sections.push(row.sectionId);
        structure.sectionModule.set(row.sectionId, row.moduleId);
        if (row.isQuiz) structure.quizSections.add(row.sectionId);
      }
      return structure;
    });

  /** The client's time (ms), but never later than the server's: a phone whose clock runs ahead must not freeze the position. */
  function eventTime(clientTime: string, now: number): number {
    const at = Date.parse(clientTime);
    return Math.min(Number.isNaN(at) ? now : at, now);
  }

  async function apply(userId: string, events: readonly LearnerEventInput[]): Promise<EventOutcome[]> {
    const now = clock.now();
    const outcomes: EventOutcome[] = new Array(events.length);
    const accessOf = perCourse((courseId) => learning.courseAccess(userId, courseId));
    /** Why the learner may not touch the course at all (404, 403), or null. */
    const accessError = async (courseId: number) => {
      const access = await accessOf(courseId);
      if (!access.exists) return notFound(LEARNING_MESSAGES.courseNotFound);
      return access.enrolled ? null : forbidden(LEARNING_MESSAGES.notEnrolled);
    };
    const surveyOf = perCourse(async (courseId) => {
      const survey = await learning.courseSurvey(courseId);
      if (!survey) return null;
      const [rows, answered] = await Promise.all([learning.surveyQuestions(survey.id), learning.hasSurveyResponse(userId, courseId)]);
      return { id: survey.id, questions: toSurveyQuestions(rows), answered };
    });
    const quizIds = [...new Set(events.flatMap((e) => (e.type === 'quiz' ? [e.courseQuizId] : [])))];
    const quizzes = new Map((await repo.quizAssets(quizIds)).map((q) => [q.assetId, q]));

    const checked: CheckedEvent[] = [];
    /** Courses with a survey response waiting in this batch: any later one is answered as already given. */
    const surveyPending = new Set<number>();
    for (const [index, event] of events.entries()) {
      const refuse = async (error: AppError) => {
        outcomes[index] = { kind: event.type, error: (await accessError(event.courseId)) ?? error };
      };
      if (event.type === 'progress') {
        const structure = await structureOf(event.courseId);
        const moduleId = structure.sectionModule.get(event.currentSection);
        if (!structure.modules.has(event.currentModule)) await refuse(notFound(LEARNING_MESSAGES.moduleNotFound));
        else if (moduleId !== event.currentModule) await refuse(notFound(LEARNING_MESSAGES.sectionNotFound));
        else {
          checked.push({
            kind: 'progress',
            index,
            eventId: event.eventId,
            courseId: event.courseId,
            at: eventTime(event.lastDateVisted, now.getTime()),
            moduleId: event.currentModule,
            sectionId: event.currentSection,
            // A quiz section completes only when its quiz is passed; progress only moves the position to it.
            isCompleted: event.isCompleted && !structure.quizSections.has(event.currentSection),
            secondsWatched: event.secondsWatched === undefined ? null : Math.floor(event.secondsWatched),
          });
        }
      } else if (event.type === 'quiz') {
        const asset = quizzes.get(event.courseQuizId);
        if (!asset || asset.courseId !== event.courseId || asset.moduleId !== event.module || asset.sectionId !== event.section) {
          await refuse(notFound(LEARNING_MESSAGES.quizNotFound));
          continue;
        }
        const quiz = storedQuiz(asset.quiz) ?? NO_QUIZ;
        checked.push({
          kind: 'quiz',
          index,
          eventId: event.eventId,
          courseId: event.courseId,
          at: eventTime(event.lastDateVisted, now.getTime()),
          moduleId: event.module,
          sectionId: event.section,
          assetId: event.courseQuizId,
          answers: event.answers,
          // The phone's own score (event.score) is never used.
          scored: scoreQuiz(quiz, event.answers),
          passMark: quiz.passMark,
          required: quiz.requiredNextModule,
        });
      } else {
        const denied = await accessError(event.courseId);
        const survey = denied ? null : await surveyOf(event.courseId);
        if (denied || !survey) {
          outcomes[index] = { kind: 'survey', error: denied ?? notFound(LEARNING_MESSAGES.noSurvey) };
        } else if (survey.answered || surveyPending.has(event.courseId)) {
          // A second submission is acknowledged and ignored, whatever it says.
          outcomes[index] = ALREADY_ANSWERED;
        } else {
          const { answers, problems } = checkSurveyAnswers(survey.questions, event.responses);
          if (problems.length) outcomes[index] = { kind: 'survey', error: badRequest(problems[0]!.message, problems) };
          else {
            surveyPending.add(event.courseId);
            checked.push({ kind: 'survey', index, eventId: event.eventId, courseId: event.courseId, at: now.getTime(), surveyId: survey.id, answers });
          }
        }
      }
    }

    // The same id twice in one batch: the first occurrence is the event, the others its replays.
    const firstOf = new Map<string, number>();
    for (const event of checked) if (!firstOf.has(event.eventId)) firstOf.set(event.eventId, event.index);
    const courseIds = [...new Set(checked.map((e) => e.courseId))];
    for (const courseId of courseIds) {
      const courseEvents = checked.filter((e) => e.courseId === courseId);
      const answers = await applyToCourse(userId, courseId, courseEvents, firstOf, now);
      if (answers) for (const [index, answer] of answers) outcomes[index] = answer;
      else {
        const error = (await accessError(courseId)) ?? forbidden(LEARNING_MESSAGES.notEnrolled);
        for (const event of courseEvents) outcomes[event.index] = { kind: event.kind, error };
      }
    }
    return outcomes;
  }

  /** One course's events in one transaction; null when the learner may not record anything on it. */
  async function applyToCourse(userId: string, courseId: number, events: CheckedEvent[], firstOf: Map<string, number>, now: Date) {
    // Read before the transaction: embedded PGlite has one connection, which the transaction holds.
    const structure = await structureOf(courseId);
    return repo.transaction(async (tx) => {
      if (!(await tx.lockEnrolment(userId, courseId))) return null;
      const mine = events.filter((e) => firstOf.get(e.eventId) === e.index);
      const recorded = await tx.recordEvents(mine.map((e) => ({ id: e.eventId, userId, courseId, kind: e.kind, at: new Date(e.at), receivedAt: now })));
      const state = await tx.courseState(userId, courseId);
      if (!state) return null;
      const replayedQuizzes = events.filter((e) => e.kind === 'quiz' && !recorded.has(e.eventId)).map((e) => e.eventId);
      const { answers, writes } = mergeCourseEvents({
        structure,
        state,
        events,
        isNew: (e) => recorded.has(e.eventId) && firstOf.get(e.eventId) === e.index,
        storedAttempts: await tx.quizAttempts(replayedQuizzes, userId),
      });
      if (writes.survey) {
        // The lock makes this the only writer; the unique key would still refuse a second response.
        // Its id is the server's own: the event id is the learner's, and another learner may send the same one.
        await tx.insertSurveyResponse({ id: randomUUID(), surveyId: writes.survey.surveyId, courseId, userId, submittedAt: now }, writes.survey.answers);
      }
      await tx.insertQuizAttempts(
        writes.quizAttempts.map((a) => ({
          id: a.id,
          userId,
          courseId,
          assetId: a.assetId,
          answers: a.answers,
          correct: a.scored.correct,
          total: a.scored.total,
          score: a.scored.score,
          passed: a.scored.passed,
          clientTime: a.at,
          createdAt: now,
        })),
      );
      await tx.upsertSections(userId, courseId, writes.sections);
      if (writes.position) await tx.mergePosition({ userId, courseId, ...writes.position });
      if (writes.completedAt) await tx.completeCourseIfDone(userId, courseId, writes.completedAt);
      return answers;
    });
  }

  return { apply };
}

export type LearnerEvents = ReturnType<typeof createLearnerEvents>;
