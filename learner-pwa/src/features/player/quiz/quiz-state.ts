// A quiz attempt as a reducer (spec: States — Quiz): intro → questions (Check Answer, then
// Proceed) → submitting → complete → result, with Retry starting a new attempt. Everything is kept
// by STORED question and option indexes; `order` and `optionOrder` only say how they are shown, so
// a shuffled quiz is submitted the same way as a plain one. Randomness and time come in with the
// actions, which keeps the reducer pure (and testable).
//
// A quiz Required for Certificate comes without its answer key (decision 017): its questions have
// no Check Answer; the learner chooses and goes on, and the server marks the whole attempt.
import type { Quiz } from '@rivet/shared/api/learning';
import { fillUnanswered, isAnswerCorrect, scoreQuiz, withAnswerKey, type ChosenAnswer, type QuizScore } from '@rivet/shared/domain/quiz';

export type QuizPhase = 'intro' | 'question' | 'submitting' | 'complete' | 'result';

/** What the server said about a submitted attempt (offline: what the phone can tell by its rules). */
export interface SavedScore {
  correct: number;
  total: number;
  score: number;
  passMark: number;
  /** This attempt reached the pass mark; null for a practice quiz, which has none. */
  passed: boolean | null;
  /** The quiz section is complete: passed now or on an earlier attempt; a practice quiz once taken. */
  sectionComplete: boolean;
  /** Whether each question (by stored index) was answered right; empty until marked. */
  questionsCorrect: boolean[];
  /** Waiting in the outbox to be sent. */
  queued?: boolean;
  /** A certificate quiz kept on the phone: only the server can mark it, once it receives it. */
  awaitingMarks?: boolean;
}

export interface QuizState {
  phase: QuizPhase;
  /** Shown position → stored question index. */
  order: number[];
  /** Stored question index → its options' stored indexes in shown order. */
  optionOrder: number[][];
  /** Shown position of the question on screen. */
  current: number;
  /** Stored question index → chosen stored option indexes. */
  chosen: Record<number, number[]>;
  /** Stored question index → whether its checked answer was right (present once checked). */
  checked: Record<number, boolean>;
  /** When this attempt started (ms); the timer counts from it. */
  startedAt: number | null;
  /** Attempts during this visit (1 for the first). */
  attempt: number;
  timedOut: boolean;
  /** The answers sent for this attempt (stored indexes; unanswered ones empty). */
  answers: ChosenAnswer[] | null;
  /** Increases with every send, so a retry of a failed send is a new one. */
  sends: number;
  saved: SavedScore | null;
  saveError: unknown;
}

export interface Shuffle {
  order: number[];
  optionOrder: number[][];
}

export type QuizAction =
  | ({ type: 'start'; now: number } & Shuffle)
  | { type: 'choose'; options: number[] }
  | { type: 'check' }
  | { type: 'proceed' }
  | { type: 'time-up' }
  | { type: 'saved'; score: SavedScore; sends: number }
  | { type: 'save-failed'; error: unknown; sends: number }
  | { type: 'send-again' }
  | { type: 'view-result' }
  | ({ type: 'retry'; now: number } & Shuffle);

/** The shown order of questions and options: shuffled when the quiz says randomize. */
export function quizShuffle(quiz: Quiz, shuffle: (n: number) => number[]): Shuffle {
  const plain = (n: number) => Array.from({ length: n }, (_, i) => i);
  const arrange = quiz.randomize ? shuffle : plain;
  return { order: arrange(quiz.data.length), optionOrder: quiz.data.map((q) => arrange(q.options.length)) };
}

export function initialQuizState(quiz: Quiz): QuizState {
  return {
    phase: 'intro',
    ...quizShuffle(quiz, () => []),
    current: 0,
    chosen: {},
    checked: {},
    startedAt: null,
    attempt: 0,
    timedOut: false,
    answers: null,
    sends: 0,
    saved: null,
    saveError: null,
  };
}

/** The stored index of the question on screen. */
export function currentQuestion(state: QuizState): number {
  return state.order[state.current] ?? 0;
}

/** The quiz can be checked and scored on the phone (a practice quiz, which carries its key). */
export const hasKey = (quiz: Quiz): boolean => withAnswerKey(quiz) !== null;

/** What the attempt says so far: checked answers, plus (when time ran out, or nothing is checked here) what was chosen. */
function collectAnswers(state: QuizState, includeUnchecked: boolean): ChosenAnswer[] {
  const answers: ChosenAnswer[] = [];
  for (const [key, options] of Object.entries(state.chosen)) {
    const question = Number(key);
    if (options.length && (includeUnchecked || question in state.checked)) answers.push({ question, options });
  }
  return answers;
}

/** The score computed here, for a result the server has not confirmed ('not saved yet'); null without a key. */
export function localScore(quiz: Quiz, state: QuizState): QuizScore | null {
  const keyed = withAnswerKey(quiz);
  return keyed ? scoreQuiz(keyed, state.answers ?? []) : null;
}

function beginAttempt(state: QuizState, now: number, shuffle: Shuffle, attempt: number, quiz: Quiz): QuizState {
  const fresh: QuizState = {
    ...state,
    ...shuffle,
    phase: 'question',
    current: 0,
    chosen: {},
    checked: {},
    startedAt: now,
    attempt,
    timedOut: false,
    answers: null,
    saved: null,
    saveError: null,
  };
  // A quiz without questions has nothing to ask: it is sent (and scored) at once.
  return quiz.data.length === 0 ? send(fresh, []) : fresh;
}

function send(state: QuizState, answers: ChosenAnswer[]): QuizState {
  return { ...state, phase: 'submitting', answers, sends: state.sends + 1, saveError: null };
}

export function reduceQuiz(quiz: Quiz, state: QuizState, action: QuizAction): QuizState {
  const total = quiz.data.length;
  switch (action.type) {
    case 'start':
      return state.phase === 'intro' ? beginAttempt(state, action.now, action, 1, quiz) : state;
    case 'retry':
      return state.phase === 'complete' || state.phase === 'result' ? beginAttempt(state, action.now, action, state.attempt + 1, quiz) : state;
    case 'choose': {
      const question = currentQuestion(state);
      if (state.phase !== 'question' || question in state.checked) return state;
      const valid = [...new Set(action.options)].filter((i) => i >= 0 && i < (quiz.data[question]?.options.length ?? 0));
      return { ...state, chosen: { ...state.chosen, [question]: quiz.data[question]?.type === 0 ? valid.slice(-1) : valid } };
    }
    case 'check': {
      const question = currentQuestion(state);
      const chosen = state.chosen[question] ?? [];
      const keyed = withAnswerKey(quiz);
      // Check Answer is disabled until something is chosen (spec: Validation — Quiz scoring).
      if (!keyed || state.phase !== 'question' || question in state.checked || chosen.length === 0) return state;
      return { ...state, checked: { ...state.checked, [question]: isAnswerCorrect(keyed.data[question]!, chosen) } };
    }
    case 'proceed': {
      const keyed = hasKey(quiz);
      const question = currentQuestion(state);
      // With a key, Proceed follows Check Answer; without one, it follows a choice.
      const ready = keyed ? question in state.checked : (state.chosen[question]?.length ?? 0) > 0;
      if (state.phase !== 'question' || !ready) return state;
      if (state.current + 1 < total) return { ...state, current: state.current + 1 };
      return send(state, fillUnanswered(total, collectAnswers(state, !keyed)));
    }
    case 'time-up':
      if (state.phase !== 'question') return state;
      return { ...send(state, fillUnanswered(total, collectAnswers(state, true))), timedOut: true };
    // An answer to an earlier send (the learner moved on) changes nothing.
    case 'saved':
      return state.phase === 'submitting' && action.sends === state.sends ? { ...state, phase: 'complete', saved: action.score, saveError: null } : state;
    case 'save-failed':
      return state.phase === 'submitting' && action.sends === state.sends ? { ...state, phase: 'complete', saveError: action.error ?? new Error('Not saved') } : state;
    // Not saved, or saved on the phone and waiting for the server's marks: the same attempt again.
    case 'send-again':
      return (state.phase === 'complete' || state.phase === 'result') && (state.saveError || state.saved?.awaitingMarks) && state.answers ? send(state, state.answers) : state;
    case 'view-result':
      return state.phase === 'complete' ? { ...state, phase: 'result' } : state;
  }
}
