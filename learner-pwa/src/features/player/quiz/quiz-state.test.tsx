import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChosenAnswer } from '@rivet/shared/domain/quiz';
import type { Quiz } from '@rivet/shared/api/learning';
import { learnerCopy, quizFixture } from '../player-fixtures';
import { currentQuestion, initialQuizState, reduceQuiz, type QuizAction, type QuizState, type SavedScore } from './quiz-state';
import { useQuiz } from './use-quiz';

const plainShuffle = { order: [0, 1], optionOrder: [[0, 1], [0, 1, 2]] };
/** A practice quiz: it carries its key, so answers are checked on the phone. */
const practice = () => quizFixture({ requiredNextModule: false });

function run(quiz: Quiz = practice(), actions: QuizAction[]): QuizState {
  return actions.reduce((state, action) => reduceQuiz(quiz, state, action), initialQuizState(quiz));
}

describe('quiz attempt (reducer)', () => {
  it('says a single-choice answer is correct only when the chosen option is an answer', () => {
    const right = run(undefined, [{ type: 'start', now: 0, ...plainShuffle }, { type: 'choose', options: [0] }, { type: 'check' }]);
    expect(right.checked).toEqual({ 0: true });
    const wrong = run(undefined, [{ type: 'start', now: 0, ...plainShuffle }, { type: 'choose', options: [1] }, { type: 'check' }]);
    expect(wrong.checked).toEqual({ 0: false });
  });

  it('keeps one choice for a single-choice question and locks it once checked', () => {
    const state = run(undefined, [{ type: 'start', now: 0, ...plainShuffle }, { type: 'choose', options: [1] }, { type: 'choose', options: [0] }, { type: 'check' }, { type: 'choose', options: [1] }]);
    expect(state.chosen[0]).toEqual([0]);
    expect(state.checked[0]).toBe(true);
  });

  it('needs every correct option and nothing else for a multiple-choice question', () => {
    const atQuestion2 = (options: number[]) =>
      run(undefined, [
        { type: 'start', now: 0, ...plainShuffle },
        { type: 'choose', options: [0] },
        { type: 'check' },
        { type: 'proceed' },
        { type: 'choose', options },
        { type: 'check' },
      ]).checked[1];
    expect(atQuestion2([0, 2])).toBe(true);
    expect(atQuestion2([2, 0])).toBe(true);
    expect(atQuestion2([0])).toBe(false);
    expect(atQuestion2([0, 1, 2])).toBe(false);
  });

  it('cannot check before something is chosen, nor proceed before checking', () => {
    const started = run(undefined, [{ type: 'start', now: 0, ...plainShuffle }]);
    expect(reduceQuiz(practice(), started, { type: 'check' })).toBe(started);
    const chosen = reduceQuiz(practice(), started, { type: 'choose', options: [0] });
    expect(reduceQuiz(practice(), chosen, { type: 'proceed' })).toBe(chosen);
  });

  it('has no Check Answer in a certificate quiz: Proceed follows a choice, and the last sends every choice for marking', () => {
    const quiz = learnerCopy(quizFixture());
    const started = run(quiz, [{ type: 'start', now: 0, ...plainShuffle }]);
    expect(reduceQuiz(quiz, started, { type: 'proceed' })).toBe(started);
    const chosen = reduceQuiz(quiz, started, { type: 'choose', options: [1] });
    expect(reduceQuiz(quiz, chosen, { type: 'check' })).toBe(chosen);
    const state = run(quiz, [{ type: 'start', now: 0, ...plainShuffle }, { type: 'choose', options: [1] }, { type: 'proceed' }, { type: 'choose', options: [0, 2] }, { type: 'proceed' }]);
    expect(state).toMatchObject({ phase: 'submitting', checked: {} });
    expect(state.answers).toEqual([
      { question: 0, options: [1] },
      { question: 1, options: [0, 2] },
    ]);
  });

  it('asks again for the marks of an attempt kept on the phone, as the same answers', () => {
    const quiz = learnerCopy(quizFixture());
    const waiting: SavedScore = { correct: 0, total: 2, score: 0, passMark: 50, passed: null, sectionComplete: false, questionsCorrect: [], queued: true, awaitingMarks: true };
    const done = run(quiz, [{ type: 'start', now: 0, ...plainShuffle }, { type: 'choose', options: [0] }, { type: 'proceed' }, { type: 'choose', options: [0] }, { type: 'proceed' }, { type: 'saved', score: waiting, sends: 1 }]);
    const again = reduceQuiz(quiz, done, { type: 'send-again' });
    expect(again).toMatchObject({ phase: 'submitting', sends: 2, answers: done.answers });
    // A marked attempt is not sent again.
    const marked = { ...done, saved: { ...waiting, awaitingMarks: false, queued: false } };
    expect(reduceQuiz(quiz, marked, { type: 'send-again' })).toBe(marked);
  });

  it('sends answers by stored question and option indexes when the quiz is shown shuffled', () => {
    const quiz = quizFixture({ randomize: true });
    // Shown: question 1 first (options reversed), then question 0 (options reversed).
    const state = run(quiz, [
      { type: 'start', now: 0, order: [1, 0], optionOrder: [[1, 0], [2, 1, 0]] },
      { type: 'choose', options: [2, 0] },
      { type: 'check' },
      { type: 'proceed' },
      { type: 'choose', options: [0] },
      { type: 'check' },
      { type: 'proceed' },
    ]);
    expect(currentQuestion({ ...state, current: 0 })).toBe(1);
    expect(state.phase).toBe('submitting');
    expect(state.answers).toEqual([
      { question: 0, options: [0] },
      { question: 1, options: [2, 0] },
    ]);
  });

  it('Retry starts a new attempt: choices and score cleared, questions reshuffled', () => {
    const quiz = quizFixture({ randomize: true });
    const saved: SavedScore = { correct: 1, total: 2, score: 10, passMark: 50, passed: true, sectionComplete: true, questionsCorrect: [true, false] };
    const done = run(quiz, [
      { type: 'start', now: 0, ...plainShuffle },
      { type: 'choose', options: [0] },
      { type: 'check' },
      { type: 'proceed' },
      { type: 'choose', options: [1] },
      { type: 'check' },
      { type: 'proceed' },
      { type: 'saved', score: saved, sends: 1 },
      { type: 'view-result' },
    ]);
    expect(done.phase).toBe('result');
    const again = reduceQuiz(quiz, done, { type: 'retry', now: 5000, order: [1, 0], optionOrder: [[1, 0], [1, 2, 0]] });
    expect(again).toMatchObject({ phase: 'question', current: 0, chosen: {}, checked: {}, saved: null, answers: null, attempt: 2, startedAt: 5000, order: [1, 0] });
    expect(again.optionOrder).toEqual([[1, 0], [1, 2, 0]]);
  });

  it('when time runs out, fills every unanswered question with an empty answer and sends', () => {
    const state = run(undefined, [{ type: 'start', now: 0, ...plainShuffle }, { type: 'choose', options: [0] }, { type: 'check' }, { type: 'time-up' }]);
    expect(state).toMatchObject({ phase: 'submitting', timedOut: true, sends: 1 });
    expect(state.answers).toEqual([
      { question: 0, options: [0] },
      { question: 1, options: [] },
    ]);
  });

  it('ignores an answer to an earlier send', () => {
    const sending = run(undefined, [{ type: 'start', now: 0, ...plainShuffle }, { type: 'time-up' }]);
    const stale = reduceQuiz(practice(), sending, { type: 'saved', score: { correct: 2, total: 2, score: 20, passMark: 50, passed: true, sectionComplete: true, questionsCorrect: [true, true] }, sends: 0 });
    expect(stale).toBe(sending);
  });
});

describe('useQuiz', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a timed quiz down each second and sends at 00:00 with the unanswered questions empty', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const sent: ChosenAnswer[][] = [];
    const submit = vi.fn(async (answers: ChosenAnswer[]) => {
      sent.push(answers);
      return { correct: 0, total: 2, score: 0, passMark: 50, passed: false, sectionComplete: false, questionsCorrect: [false, false] };
    });
    const quiz = quizFixture({ timed: true, duration: 1 });
    const { result } = renderHook(() => useQuiz(quiz, { submit }));
    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(60);
    act(() => result.current.choose([1]));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.secondsLeft).toBe(59);
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(result.current.secondsLeft).toBe(0);
    vi.useRealTimers();
    await waitFor(() => expect(result.current.state.phase).toBe('complete'));
    // The choice on screen counts (it was the learner's answer when time ran out); the rest is empty.
    expect(sent).toEqual([
      [
        { question: 0, options: [1] },
        { question: 1, options: [] },
      ],
    ]);
    expect(result.current.state.timedOut).toBe(true);
  });

  it('reshuffles questions and options on Retry when the quiz says randomize', async () => {
    const quiz = quizFixture({ randomize: true });
    let calls = 0;
    // A different order each time: reversed, then as stored.
    const shuffle = (n: number) => {
      calls += 1;
      const order = Array.from({ length: n }, (_, i) => i);
      return calls <= 3 ? order.reverse() : order;
    };
    const submit = async () => ({ correct: 0, total: 2, score: 0, passMark: 50, passed: false, sectionComplete: false, questionsCorrect: [false, false] });
    const { result } = renderHook(() => useQuiz(quiz, { submit, shuffle }));
    act(() => result.current.start());
    expect(result.current.state.order).toEqual([1, 0]);
    expect(result.current.state.optionOrder).toEqual([[1, 0], [2, 1, 0]]);
    for (const options of [[0], [0]]) {
      act(() => result.current.choose(options));
      act(() => result.current.check());
      act(() => result.current.proceed());
    }
    await waitFor(() => expect(result.current.state.phase).toBe('complete'));
    act(() => result.current.retry());
    expect(result.current.state).toMatchObject({ phase: 'question', attempt: 2, chosen: {}, checked: {}, saved: null });
    expect(result.current.state.order).toEqual([0, 1]);
  });

  it('keeps the order as authored when the quiz does not randomize', () => {
    const shuffle = vi.fn((n: number) => Array.from({ length: n }, (_, i) => n - 1 - i));
    const { result } = renderHook(() => useQuiz(quizFixture(), { submit: async () => ({ correct: 0, total: 2, score: 0, passMark: 50, passed: false, sectionComplete: false, questionsCorrect: [false, false] }), shuffle }));
    act(() => result.current.start());
    expect(result.current.state.order).toEqual([0, 1]);
    expect(result.current.state.optionOrder).toEqual([[0, 1], [0, 1, 2]]);
  });
});
