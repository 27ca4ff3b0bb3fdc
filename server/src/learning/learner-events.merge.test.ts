import { describe, expect, it } from 'vitest';
import type { ProgressResult } from '@rivet/shared/api/learning';
import { scoreQuiz } from '@rivet/shared/domain/quiz';
import { mergeCourseEvents, type CheckedEvent, type CourseStructure, type EventAnswer, type LearnerCourseState } from './learner-events.merge';

// Module 1: sections 11 (video) and 12 (quiz); module 2: section 21.
const structure: CourseStructure = {
  modules: new Map([
    [1, [11, 12]],
    [2, [21]],
  ]),
  sectionModule: new Map([
    [11, 1],
    [12, 1],
    [21, 2],
  ]),
  quizSections: new Set([12]),
};
const fresh: LearnerCourseState = { completedSections: new Set(), completedAt: null, hasSurvey: false, surveySubmitted: false };
const quiz = { pointPerQuestion: 5, requiredNextModule: true, passMark: 100, data: [{ type: 0 as const, options: [{ isAnswer: true }, { isAnswer: false }] }] };

let n = 0;
const progress = (sectionId: number, at: number, extra: Partial<{ isCompleted: boolean; secondsWatched: number; eventId: string }> = {}): CheckedEvent => ({
  kind: 'progress',
  index: n++,
  eventId: `e${n}`,
  courseId: 1,
  at,
  moduleId: structure.sectionModule.get(sectionId)!,
  sectionId,
  isCompleted: false,
  secondsWatched: 0,
  ...extra,
});
const attempt = (option: number, at: number, eventId = `q${n}`): CheckedEvent => ({
  kind: 'quiz',
  index: n++,
  eventId,
  courseId: 1,
  at,
  moduleId: 1,
  sectionId: 12,
  assetId: 99,
  answers: [{ question: 0, options: [option] }],
  scored: scoreQuiz(quiz, [{ question: 0, options: [option] }]),
  passMark: 100,
  required: true,
});

/** The progress part of an answer (every progress and quiz answer has it). */
const progressOf = (answer: EventAnswer | undefined) => answer!.result as ProgressResult & { score?: number };

const merge = (events: CheckedEvent[], state = fresh) =>
  mergeCourseEvents({ structure, state, events, isNew: (e) => events.find((x) => x.eventId === e.eventId) === e, storedAttempts: new Map() });

describe('merging a course’s events in memory', () => {
  it('completes the course at the time of the event that completed its last section', () => {
    const events = [progress(11, 1000, { isCompleted: true }), attempt(0, 2000), progress(21, 3000, { isCompleted: true }), progress(11, 4000)];
    const { answers, writes } = merge(events);
    expect(events.map((e) => progressOf(answers.get(e.index)).percentage)).toEqual([33, 66, 100, 100]);
    expect(writes.completedAt).toEqual(new Date(3000));
    expect(writes.position).toEqual({ moduleId: 1, sectionId: 11, at: new Date(4000) });
  });

  it('folds each section into one write: completion from its first completing event, the position from its newest', () => {
    const { writes } = merge([progress(11, 5000, { secondsWatched: 50 }), progress(11, 6000, { isCompleted: true, secondsWatched: 60 }), progress(11, 1000, { secondsWatched: 10 })]);
    expect(writes.sections).toEqual([{ sectionId: 11, isCompleted: true, completedAt: new Date(6000), secondsWatched: 60, positionAt: new Date(6000) }]);
  });

  it('answers a quiz repeated in the batch with its first score, and a failed attempt completes nothing', () => {
    const first = attempt(1, 1000, 'same');
    const { answers, writes } = merge([first, { ...attempt(0, 2000, 'same') }]);
    expect([...answers.values()].map((a) => [a.duplicate, progressOf(a).score, progressOf(a).isCompleted])).toEqual([
      [false, 0, false],
      [true, 0, false],
    ]);
    expect(writes.quizAttempts).toHaveLength(1);
    expect(writes.sections).toEqual([]);
  });

  it('keeps a course completed before, whatever the batch says', () => {
    const done: LearnerCourseState = { ...fresh, completedSections: new Set([11, 12, 21]), completedAt: new Date(500) };
    const { answers, writes } = merge([progress(11, 1000, { isCompleted: false })], done);
    expect(progressOf(answers.get(n - 1))).toMatchObject({ isCompleted: true, courseCompleted: true, percentage: 100 });
    expect(writes.completedAt).toBeNull();
  });
});
