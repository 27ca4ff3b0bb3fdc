import { describe, expect, it } from 'vitest';
import { fillUnanswered, formatClock, isAnswerCorrect, resultSentence, rightAnswersToPass, scoreQuiz, secondsLeft, shuffledOrder, withAnswerKey, type ScorableQuiz } from './quiz';

const single = { type: 0 as const, options: [{ isAnswer: false }, { isAnswer: true }, { isAnswer: false }] };
const multiple = { type: 1 as const, options: [{ isAnswer: true }, { isAnswer: false }, { isAnswer: true }, { isAnswer: false }] };

const quiz = (patch: Partial<ScorableQuiz> = {}): ScorableQuiz => ({
  pointPerQuestion: 10,
  requiredNextModule: true,
  passMark: 70,
  data: [single, multiple, single],
  ...patch,
});

describe('quiz scoring', () => {
  it('counts a single-choice answer correct only when the chosen option is an answer', () => {
    expect(isAnswerCorrect(single, [1])).toBe(true);
    expect(isAnswerCorrect(single, [0])).toBe(false);
    expect(isAnswerCorrect(single, [])).toBe(false);
    expect(isAnswerCorrect(single, [1, 0])).toBe(false);
  });

  it('counts a multiple-choice answer correct only with every correct option and nothing else', () => {
    expect(isAnswerCorrect(multiple, [0, 2])).toBe(true);
    expect(isAnswerCorrect(multiple, [2, 0])).toBe(true);
    expect(isAnswerCorrect(multiple, [0])).toBe(false);
    expect(isAnswerCorrect(multiple, [0, 1, 2])).toBe(false);
    expect(isAnswerCorrect(multiple, [0, 2, 2])).toBe(true);
  });

  it('ignores option indexes that do not exist', () => {
    expect(isAnswerCorrect(single, [7])).toBe(false);
    expect(isAnswerCorrect(multiple, [0, 2, 9])).toBe(true);
  });

  it('adds pointPerQuestion per correct answer and passes at the pass mark', () => {
    const all = scoreQuiz(quiz(), [
      { question: 0, options: [1] },
      { question: 1, options: [0, 2] },
      { question: 2, options: [1] },
    ]);
    expect(all).toEqual({ correct: 3, total: 3, score: 30, percent: 100, passed: true, questions: [true, true, true] });
    const two = scoreQuiz(quiz(), [
      { question: 0, options: [1] },
      { question: 1, options: [0] },
      { question: 2, options: [1] },
    ]);
    expect(two).toMatchObject({ correct: 2, score: 20, percent: 66, passed: false, questions: [true, false, true] });
    expect(scoreQuiz(quiz({ passMark: 66 }), [{ question: 0, options: [1] }, { question: 2, options: [1] }]).passed).toBe(true);
  });

  it('passes any finished attempt when the quiz is not required for the certificate', () => {
    expect(scoreQuiz(quiz({ requiredNextModule: false }), []).passed).toBe(true);
  });

  it('says how many right answers reach a pass mark', () => {
    expect(rightAnswersToPass(70, 5)).toBe(4);
    expect(rightAnswersToPass(50, 4)).toBe(2);
    expect(rightAnswersToPass(0, 4)).toBe(0);
    expect(rightAnswersToPass(100, 3)).toBe(3);
  });

  it('scores on the phone only a practice quiz that carries its key', () => {
    expect(withAnswerKey(quiz({ requiredNextModule: false }))).not.toBeNull();
    // A quiz Required for Certificate is marked by the server alone, whatever it carries.
    expect(withAnswerKey(quiz())).toBeNull();
    const keyless = { ...quiz({ requiredNextModule: false }), data: [{ type: 0 as const, options: [{ isAnswer: null }, { isAnswer: null }] }] };
    expect(withAnswerKey(keyless)).toBeNull();
  });

  it('counts unanswered questions wrong and only the first answer to a question', () => {
    const result = scoreQuiz(quiz(), [
      { question: 0, options: [0] },
      { question: 0, options: [1] },
    ]);
    expect(result.correct).toBe(0);
  });
});

describe('quiz timer and result', () => {
  it('formats the clock as mm:ss', () => {
    expect(formatClock(600)).toBe('10:00');
    expect(formatClock(61)).toBe('01:01');
    expect(formatClock(0.2)).toBe('00:01');
    expect(formatClock(-5)).toBe('00:00');
  });

  it('counts time left from the start, so a sleeping phone cannot stretch it', () => {
    const start = 1_000_000;
    expect(secondsLeft(start, 5, start)).toBe(300);
    expect(secondsLeft(start, 5, start + 299_500)).toBe(1);
    expect(secondsLeft(start, 5, start + 400_000)).toBe(0);
  });

  it('fills unanswered questions with empty answers when time runs out', () => {
    expect(fillUnanswered(3, [{ question: 1, options: [2] }])).toEqual([
      { question: 0, options: [] },
      { question: 1, options: [2] },
      { question: 2, options: [] },
    ]);
  });

  it('says the spec sentence on the first attempt and names later attempts', () => {
    expect(resultSentence(3, 5)).toBe('You got 3 out of 5 question(s) correct on your first attempt');
    expect(resultSentence(5, 5, 2)).toBe('You got 5 out of 5 question(s) correct on attempt 2');
  });

  it('shuffles into a permutation', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const order = shuffledOrder(10, random);
    expect([...order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(order).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
