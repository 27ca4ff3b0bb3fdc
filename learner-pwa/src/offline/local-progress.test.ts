import { describe, expect, it } from 'vitest';
import type { LearnerEvent } from '@rivet/shared/api/learning';
import { contentFixture, quizFixture, withCompleted } from '../features/player/player-fixtures';
import { applyLocally, withQueued } from './local-progress';

let n = 0;
const base = () => ({ eventId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, lastDateVisted: new Date(1_700_000_000_000 + n).toISOString() });
const progress = (module: number, section: number, isCompleted = false, secondsWatched = 0): LearnerEvent => ({
  type: 'progress',
  ...base(),
  courseId: 7,
  currentModule: module,
  currentSection: section,
  isCompleted,
  secondsWatched,
});
const quiz = (options: number[][]): LearnerEvent => ({
  type: 'quiz',
  ...base(),
  courseId: 7,
  courseQuizId: 1006,
  module: 13,
  section: 301,
  answers: options.map((o, question) => ({ question, options: o })),
});

describe('progress applied on the phone, by the server’s rules', () => {
  it('completes a section, counts the module and the course, and moves the position', () => {
    const { content, result } = applyLocally(contentFixture(), progress(11, 102, true));
    expect(result).toEqual({ isCompleted: true, moduleCompleted: false, courseCompleted: false, hasSurvey: false, surveySubmitted: false, percentage: 14, duplicate: false });
    expect(content.videos[0]!.itemsCompleted).toBe(1);
    expect([content.currentModule, content.currentSection]).toEqual([11, 102]);
  });

  it('never turns completion off, and keeps the video position of the latest event', () => {
    const done = applyLocally(contentFixture(), progress(11, 101, true, 90)).content;
    const { content, result } = applyLocally(done, progress(11, 101, false, 12));
    expect(result!).toMatchObject({ isCompleted: true });
    expect(content.videos[0]!.items[0]!.courseModuleItemAssets[0]!.secondsWatched).toBe(12);
  });

  it('does not complete a quiz section through a progress event', () => {
    const { content, result } = applyLocally(contentFixture(), progress(13, 301, true));
    expect(result!).toMatchObject({ isCompleted: false });
    expect(content.percentage).toBe(0);
  });

  it('scores a practice quiz attempt: any finished attempt completes the section, and none is called passed', () => {
    const practice = contentFixture({}, quizFixture({ requiredNextModule: false }));
    const none = applyLocally(practice, quiz([[1], [1]]));
    expect(none.result).toMatchObject({ isCompleted: true, correct: 0, total: 2, passed: null, questionsCorrect: [false, false] });
    expect(applyLocally(none.content, quiz([[0], [0, 2]])).result).toMatchObject({ isCompleted: true, correct: 2, questionsCorrect: [true, true] });
  });

  it('cannot mark a certificate quiz (the phone has no key): the attempt waits for the server, completing nothing', () => {
    const { content, result } = applyLocally(contentFixture(), quiz([[0], [0, 2]]));
    expect(result).toMatchObject({ isCompleted: false, awaitingMarks: true, passed: null, total: 2, questionsCorrect: [] });
    expect(content.percentage).toBe(0);
    expect([content.currentModule, content.currentSection]).toEqual([13, 301]);
  });

  it('completes the course with its last section', () => {
    const almost = withCompleted(contentFixture({ hasSurvey: true }), [101, 102, 103, 201, 202, 301]);
    const { content, result } = applyLocally(almost, progress(13, 302, true));
    expect(result).toMatchObject({ courseCompleted: true, moduleCompleted: true, percentage: 100, hasSurvey: true, surveySubmitted: false });
    expect(content.completed).toBe(true);
  });

  it('answers an event about a section the course does not have with no result', () => {
    expect(applyLocally(contentFixture(), progress(11, 999, true)).result).toBeNull();
  });

  it('puts what still waits in the outbox on top of the server’s copy', () => {
    const events = [progress(11, 101, true), progress(11, 102, true), { ...progress(11, 103, true), courseId: 8 }];
    const content = withQueued(contentFixture(), events);
    expect(content.videos[0]!.itemsCompleted).toBe(2);
    expect(content.percentage).toBe(28);
  });
});
