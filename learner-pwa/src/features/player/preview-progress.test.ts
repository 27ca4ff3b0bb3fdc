import { describe, expect, it } from 'vitest';
import type { PlayerContent, Quiz } from '@rivet/shared/api/learning';
import { markAttempt, withCompleted } from './preview-progress';

const quiz = (patch: Partial<Quiz> = {}): Quiz => ({
  name: 'Check',
  description: '',
  randomize: false,
  timed: false,
  duration: 0,
  pointPerQuestion: 2,
  requiredNextModule: true,
  passMark: 50,
  data: [
    { question: 'Q1', type: 0, options: [{ title: 'A', description: '', isAnswer: null }, { title: 'B', description: '', isAnswer: null }] },
    { question: 'Q2', type: 1, options: [{ title: 'C', description: '', isAnswer: null }, { title: 'D', description: '', isAnswer: null }, { title: 'E', description: '', isAnswer: null }] },
  ],
  ...patch,
});

describe('the preview’s marking', () => {
  it('marks a certificate quiz with the preview’s key: passed only at the pass mark', () => {
    const key = [[1], [0, 2]];
    expect(markAttempt(quiz(), key, [{ question: 0, options: [1] }, { question: 1, options: [0] }])).toEqual({
      correct: 1, total: 2, score: 2, passMark: 50, passed: true, sectionComplete: true, questionsCorrect: [true, false],
    });
    expect(markAttempt(quiz({ passMark: 100 }), key, [{ question: 0, options: [1] }, { question: 1, options: [0] }])).toMatchObject({ passed: false, sectionComplete: false });
  });

  it('a practice quiz has no pass mark to reach: any finished attempt completes it', () => {
    const practice = quiz({ requiredNextModule: false, passMark: 0 });
    expect(markAttempt(practice, [[0], [1]], [])).toMatchObject({ correct: 0, passed: null, sectionComplete: true });
  });
});

describe('the preview’s completion', () => {
  it('completes sections on the page and counts the course’s percentage', () => {
    const section = (id: number) => ({ courseModuleItemId: id, title: `S${id}`, isCompleted: false, courseModuleItemAssets: [] });
    const content = { videos: [{ courseModuleId: 1, title: 'M', itemsCompleted: 0, items: [section(1), section(2), section(3)] }], percentage: 0, completed: false } as unknown as PlayerContent;
    const some = withCompleted(content, new Set([2]));
    expect([some.percentage, some.completed, some.videos[0]!.itemsCompleted]).toEqual([33, false, 1]);
    const all = withCompleted(content, new Set([1, 2, 3]));
    expect([all.percentage, all.completed]).toEqual([100, true]);
  });
});
