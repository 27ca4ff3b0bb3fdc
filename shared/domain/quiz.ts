// Quiz rules (spec: Validation — Quiz scoring; States — Quiz). The player uses them to check an
// answer on the spot; the server uses the same functions to score a submission it never trusts.

export interface ScorableOption {
  isAnswer: boolean;
}
export interface ScorableQuestion {
  /** 0 single choice, 1 multiple choice. */
  type: 0 | 1;
  options: readonly ScorableOption[];
}
export interface ScorableQuiz {
  pointPerQuestion: number;
  requiredNextModule: boolean;
  passMark: number;
  data: readonly ScorableQuestion[];
}
/** Chosen options of one question, by their stored indexes. */
export interface ChosenAnswer {
  question: number;
  options: readonly number[];
}

/**
 * Single choice: correct when the one chosen option is an answer. Multiple choice: correct only
 * when every correct option is chosen and nothing else (chosen count equals correct count).
 */
export function isAnswerCorrect(question: ScorableQuestion, chosen: readonly number[]): boolean {
  const picked = [...new Set(chosen)].filter((i) => i >= 0 && i < question.options.length);
  if (picked.length === 0) return false;
  if (question.type === 0) return picked.length === 1 && question.options[picked[0]!]!.isAnswer;
  const correct = question.options.flatMap((o, i) => (o.isAnswer ? [i] : []));
  return picked.length === correct.length && correct.every((i) => picked.includes(i));
}

export interface QuizScore {
  correct: number;
  total: number;
  /** correct × pointPerQuestion. */
  score: number;
  /** Whole percent of questions answered correctly. */
  percent: number;
  /** Not required for the certificate: any finished attempt passes. Required: percent ≥ pass mark. */
  passed: boolean;
  /** Whether each question (by stored index) was answered right. */
  questions: boolean[];
}

/** Scores an attempt. Questions without an answer (or answered twice: the first counts) are wrong. */
export function scoreQuiz(quiz: ScorableQuiz, answers: readonly ChosenAnswer[]): QuizScore {
  const byQuestion = new Map<number, readonly number[]>();
  for (const a of answers) if (!byQuestion.has(a.question)) byQuestion.set(a.question, a.options);
  const total = quiz.data.length;
  const questions = quiz.data.map((q, i) => isAnswerCorrect(q, byQuestion.get(i) ?? []));
  const correct = questions.filter(Boolean).length;
  const percent = percentCorrect(correct, total);
  const passed = !quiz.requiredNextModule || percent >= quiz.passMark;
  return { correct, total, score: correct * quiz.pointPerQuestion, percent, passed, questions };
}

/** Whole percent of questions answered right (an empty quiz is all right). */
export function percentCorrect(correct: number, total: number): number {
  return total === 0 ? 100 : Math.floor((correct * 100) / total);
}

/** The fewest right answers out of `total` that reach a pass mark (percent). */
export function rightAnswersToPass(passMark: number, total: number): number {
  for (let n = 0; n <= total; n++) if (percentCorrect(n, total) >= passMark) return n;
  return total;
}

/** A quiz whose options may have had their key kept back (docs/decisions/017). */
export interface MaybeKeyedQuiz {
  pointPerQuestion: number;
  requiredNextModule: boolean;
  passMark: number;
  data: readonly { type: 0 | 1; options: readonly { isAnswer: boolean | null }[] }[];
}

/**
 * The quiz with its answer key, or null when the key stays on the server (a quiz Required for
 * Certificate): then nothing can be checked or scored on the phone.
 */
export function withAnswerKey(quiz: MaybeKeyedQuiz): ScorableQuiz | null {
  if (quiz.requiredNextModule) return null;
  if (quiz.data.some((q) => q.options.some((o) => o.isAnswer === null))) return null;
  return quiz as ScorableQuiz;
}

/** A random order of 0..n-1 (Fisher–Yates); `random` is injectable for tests. */
export function shuffledOrder(n: number, random: () => number = Math.random): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The spec's result sentence; later attempts say which attempt it was. */
export function resultSentence(correct: number, total: number, attempt = 1): string {
  const when = attempt <= 1 ? 'on your first attempt' : `on attempt ${attempt}`;
  return `You got ${correct} out of ${total} question(s) correct ${when}`;
}

/** mm:ss for the quiz timer (minutes may pass 59: 60:00 for an hour). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Seconds left on a timed quiz started at `startedAt` (ms) with `durationMinutes`, at `now`.
 * Counted from the start time, not by decrementing, so a throttled background tab or a phone
 * that slept cannot stretch the time.
 */
export function secondsLeft(startedAt: number, durationMinutes: number, now: number): number {
  return Math.max(0, Math.ceil((startedAt + durationMinutes * 60_000 - now) / 1000));
}

/** When time runs out, every unanswered question is filled with an empty answer. */
export function fillUnanswered(questionCount: number, answers: readonly ChosenAnswer[]): ChosenAnswer[] {
  const answered = new Set(answers.map((a) => a.question));
  const filled = [...answers];
  for (let i = 0; i < questionCount; i++) if (!answered.has(i)) filled.push({ question: i, options: [] });
  return filled.sort((a, b) => a.question - b.question);
}
