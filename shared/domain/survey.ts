// The post-course survey's steps (spec: States — Survey step): 0 intro, 1 questions, 2 done.
// Answers are kept per question, so Previous and Next restore what was chosen; Submit posts all
// of them once.

export type SurveyStep = 0 | 1 | 2;

export interface SurveyAnswer {
  /** Choice questions. */
  optionId?: number | null;
  /** Free text, or the picked number of a rating (as text). */
  text?: string;
}

export interface SurveyState {
  step: SurveyStep;
  index: number;
  answers: Record<number, SurveyAnswer>;
  skipped: boolean;
}

export const INITIAL_SURVEY: SurveyState = { step: 0, index: 0, answers: {}, skipped: false };

export type SurveyAction =
  | { type: 'start' }
  | { type: 'skip' }
  | { type: 'answer'; questionId: number; answer: SurveyAnswer }
  | { type: 'next'; total: number }
  | { type: 'previous' }
  | { type: 'submitted' }
  | { type: 'unavailable' };

export function surveyReducer(state: SurveyState, action: SurveyAction): SurveyState {
  switch (action.type) {
    case 'start':
      return state.step === 0 ? { ...state, step: 1, index: 0, skipped: false } : state;
    case 'skip':
      return state.step === 0 ? { ...state, step: 2, skipped: true } : state;
    case 'answer':
      return { ...state, answers: { ...state.answers, [action.questionId]: action.answer } };
    case 'next':
      return state.step === 1 && state.index < action.total - 1 ? { ...state, index: state.index + 1 } : state;
    case 'previous':
      return state.step === 1 && state.index > 0 ? { ...state, index: state.index - 1 } : state;
    case 'submitted':
      return { ...state, step: 2, skipped: false };
    case 'unavailable':
      return { ...state, step: 2, skipped: true };
  }
}

export interface AnswerableQuestion {
  surveyQuestionId: number;
  /** 1 single choice, 2 free text, 3 numeric rating. */
  questionType: 1 | 2 | 3;
}

/** Next and Submit wait for an answer: an option, some text, or a picked number. */
export function isAnswered(question: AnswerableQuestion, answer: SurveyAnswer | undefined): boolean {
  if (!answer) return false;
  if (question.questionType === 1) return answer.optionId !== undefined && answer.optionId !== null;
  return (answer.text ?? '').trim() !== '';
}

/** Progress bar: the current question's number over the total. */
export function surveyProgress(index: number, total: number): number {
  return total <= 0 ? 0 : Math.round(((index + 1) / total) * 100);
}

/** Rating scale values from min to max by step (defaults 0, 10, 1). */
export function ratingValues(min: number | null | undefined, max: number | null | undefined, step: number | null | undefined): number[] {
  const lo = min ?? 0;
  const hi = max ?? 10;
  const by = step && step > 0 ? step : 1;
  const values: number[] = [];
  for (let v = lo; v <= hi + 1e-9 && values.length < 101; v += by) values.push(Math.round(v * 1000) / 1000);
  return values;
}

/** The body items for Survey/Response, in question order. */
export function responseItems(questions: readonly AnswerableQuestion[], answers: Record<number, SurveyAnswer>) {
  return questions.map((q) => {
    const a = answers[q.surveyQuestionId] ?? {};
    return {
      surveyQuestionId: q.surveyQuestionId,
      surveyQuestionOptionId: q.questionType === 1 ? (a.optionId ?? null) : null,
      answer: q.questionType === 1 ? '' : (a.text ?? '').trim(),
    };
  });
}
