import { describe, expect, it } from 'vitest';
import { INITIAL_SURVEY, isAnswered, ratingValues, responseItems, surveyProgress, surveyReducer, type SurveyAction, type SurveyState } from './survey';

const run = (actions: SurveyAction[], from: SurveyState = INITIAL_SURVEY) => actions.reduce(surveyReducer, from);

const choice = { surveyQuestionId: 1, questionType: 1 } as const;
const text = { surveyQuestionId: 2, questionType: 2 } as const;
const rating = { surveyQuestionId: 3, questionType: 3 } as const;

describe('survey steps', () => {
  it('starts at the intro, on the first question, not skipped', () => {
    expect(INITIAL_SURVEY).toEqual({ step: 0, index: 0, answers: {}, skipped: false });
  });

  it('goes from the intro to the questions on Start Survey, not skipped', () => {
    expect(run([{ type: 'start' }])).toMatchObject({ step: 1, index: 0, skipped: false });
  });

  it('goes from the intro straight to the end on Skip, as skipped', () => {
    expect(run([{ type: 'skip' }])).toMatchObject({ step: 2, skipped: true });
  });

  it('only skips or starts from the intro', () => {
    const asking = run([{ type: 'start' }, { type: 'next', total: 3 }]);
    expect(surveyReducer(asking, { type: 'skip' })).toBe(asking);
    expect(surveyReducer(asking, { type: 'start' })).toBe(asking);
  });

  it('goes to the end, not skipped, once submitted', () => {
    expect(run([{ type: 'start' }, { type: 'submitted' }])).toMatchObject({ step: 2, skipped: false });
  });

  it('ends as skipped when the survey is unavailable (fetch failed or success false)', () => {
    expect(run([{ type: 'unavailable' }])).toMatchObject({ step: 2, skipped: true });
  });

  it('moves Next and Previous within the questions, never past either end', () => {
    const total = 3;
    let state = run([{ type: 'start' }]);
    state = surveyReducer(state, { type: 'previous' });
    expect(state.index).toBe(0);
    state = run([{ type: 'next', total }, { type: 'next', total }, { type: 'next', total }], state);
    expect(state.index).toBe(2);
    state = run([{ type: 'previous' }], state);
    expect(state.index).toBe(1);
  });

  it('does not move between questions outside the question step', () => {
    expect(surveyReducer(INITIAL_SURVEY, { type: 'next', total: 3 })).toBe(INITIAL_SURVEY);
  });

  it('keeps each answer by question, so going back and forth restores it', () => {
    const state = run([
      { type: 'start' },
      { type: 'answer', questionId: 1, answer: { optionId: 11 } },
      { type: 'next', total: 3 },
      { type: 'answer', questionId: 2, answer: { text: 'More examples' } },
      { type: 'previous' },
      { type: 'answer', questionId: 1, answer: { optionId: 12 } },
      { type: 'next', total: 3 },
    ]);
    expect(state.index).toBe(1);
    expect(state.answers).toEqual({ 1: { optionId: 12 }, 2: { text: 'More examples' } });
  });

  it('keeps the answers when the submission ends the survey', () => {
    const state = run([{ type: 'start' }, { type: 'answer', questionId: 3, answer: { text: '7' } }, { type: 'submitted' }]);
    expect(state.answers).toEqual({ 3: { text: '7' } });
  });
});

describe('isAnswered (Next and Submit wait for it)', () => {
  it('needs a chosen option for a choice question', () => {
    expect(isAnswered(choice, undefined)).toBe(false);
    expect(isAnswered(choice, { optionId: null })).toBe(false);
    expect(isAnswered(choice, { text: 'A friend' })).toBe(false);
    expect(isAnswered(choice, { optionId: 11 })).toBe(true);
    expect(isAnswered(choice, { optionId: 0 })).toBe(true);
  });

  it('needs some text, not just spaces, for a free-text question', () => {
    expect(isAnswered(text, { text: '' })).toBe(false);
    expect(isAnswered(text, { text: '   ' })).toBe(false);
    expect(isAnswered(text, { text: ' ok ' })).toBe(true);
  });

  it('needs a picked number for a rating, 0 included', () => {
    expect(isAnswered(rating, {})).toBe(false);
    expect(isAnswered(rating, { text: '0' })).toBe(true);
  });
});

describe('surveyProgress', () => {
  it('is the current question number over the total', () => {
    expect(surveyProgress(0, 3)).toBe(33);
    expect(surveyProgress(1, 3)).toBe(67);
    expect(surveyProgress(2, 3)).toBe(100);
    expect(surveyProgress(0, 1)).toBe(100);
  });

  it('is 0 without questions', () => {
    expect(surveyProgress(0, 0)).toBe(0);
  });
});

describe('ratingValues', () => {
  it('defaults to 0 to 10 by 1', () => {
    expect(ratingValues(null, null, null)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ratingValues(undefined, undefined, undefined)).toHaveLength(11);
  });

  it('follows min, max and step, including the max when the step lands on it', () => {
    expect(ratingValues(1, 5, 1)).toEqual([1, 2, 3, 4, 5]);
    expect(ratingValues(0, 10, 2)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ratingValues(0, 1, 0.25)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(ratingValues(0, 10, 3)).toEqual([0, 3, 6, 9]);
  });

  it('treats a missing or non-positive step as 1', () => {
    expect(ratingValues(1, 3, 0)).toEqual([1, 2, 3]);
    expect(ratingValues(1, 3, -2)).toEqual([1, 2, 3]);
  });

  it('never offers more than 101 values', () => {
    expect(ratingValues(0, 1_000_000, 1)).toHaveLength(101);
  });
});

describe('responseItems (the Survey/Response body)', () => {
  const questions = [choice, text, rating];

  it('gives one item per question in order: the option for choices, the trimmed text otherwise', () => {
    expect(responseItems(questions, { 1: { optionId: 11 }, 2: { text: '  More examples ' }, 3: { text: '8' } })).toEqual([
      { surveyQuestionId: 1, surveyQuestionOptionId: 11, answer: '' },
      { surveyQuestionId: 2, surveyQuestionOptionId: null, answer: 'More examples' },
      { surveyQuestionId: 3, surveyQuestionOptionId: null, answer: '8' },
    ]);
  });

  it('sends null and empty answers for questions without an answer', () => {
    expect(responseItems(questions, {})).toEqual([
      { surveyQuestionId: 1, surveyQuestionOptionId: null, answer: '' },
      { surveyQuestionId: 2, surveyQuestionOptionId: null, answer: '' },
      { surveyQuestionId: 3, surveyQuestionOptionId: null, answer: '' },
    ]);
  });
});
