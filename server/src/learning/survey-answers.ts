// Checks a survey response against the survey's questions: every question answered exactly once,
// each answer of the right kind. Answers the rows to store, or the reasons it cannot be stored.
import type { SurveyQuestion, SurveyResponseItem } from '@rivet/shared/api/learning';

export interface StoredAnswer {
  questionId: number;
  optionId: number | null;
  answer: string;
}

export interface AnswerProblem {
  field: string;
  message: string;
}

const quoted = (q: SurveyQuestion) => `“${q.question.replace(/<[^>]*>/g, '').trim()}”`;

function onScale(value: number, min: number, max: number, step: number): boolean {
  if (value < min || value > max) return false;
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

export function checkSurveyAnswers(questions: readonly SurveyQuestion[], items: readonly SurveyResponseItem[]): { answers: StoredAnswer[]; problems: AnswerProblem[] } {
  const byId = new Map(questions.map((q) => [q.surveyQuestionId, q]));
  const seen = new Set<number>();
  const answers: StoredAnswer[] = [];
  const problems: AnswerProblem[] = [];

  items.forEach((item, i) => {
    const field = `responses.${i}`;
    const question = byId.get(item.surveyQuestionId);
    if (!question) {
      problems.push({ field: `${field}.surveyQuestionId`, message: `Question ${item.surveyQuestionId} is not part of this survey.` });
      return;
    }
    if (seen.has(question.surveyQuestionId)) {
      problems.push({ field: `${field}.surveyQuestionId`, message: `The question ${quoted(question)} is answered more than once.` });
      return;
    }
    seen.add(question.surveyQuestionId);
    const text = (item.answer ?? '').trim();

    if (question.questionType === 1) {
      const option = question.options.find((o) => o.surveyQuestionOptionId === item.surveyQuestionOptionId);
      if (!option) problems.push({ field: `${field}.surveyQuestionOptionId`, message: `Please choose one of the options for ${quoted(question)}.` });
      else answers.push({ questionId: question.surveyQuestionId, optionId: option.surveyQuestionOptionId, answer: option.option });
      return;
    }
    if (question.questionType === 2) {
      if (!text) problems.push({ field: `${field}.answer`, message: `Please write an answer to ${quoted(question)}.` });
      else answers.push({ questionId: question.surveyQuestionId, optionId: null, answer: text });
      return;
    }
    const scale = question.options[0];
    const min = scale?.minValue ?? 0;
    const max = scale?.maxValue ?? 10;
    const step = scale?.step ?? 1;
    const value = text === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(value) || !onScale(value, min, max, step)) {
      const steps = step === 1 ? '' : ` in steps of ${step}`;
      problems.push({ field: `${field}.answer`, message: `Please pick a number from ${min} to ${max}${steps} for ${quoted(question)}.` });
    } else {
      answers.push({ questionId: question.surveyQuestionId, optionId: null, answer: String(value) });
    }
  });

  questions.forEach((q) => {
    if (!seen.has(q.surveyQuestionId)) problems.push({ field: 'responses', message: `Please answer the question ${quoted(q)}.` });
  });
  return { answers, problems };
}
