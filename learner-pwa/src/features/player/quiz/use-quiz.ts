// The quiz reducer with its two outside effects: the timer (a timed quiz counts down from the
// attempt's start, and at 00:00 the unanswered questions are filled and the attempt is sent) and
// the sending of an attempt. How an attempt is sent (and what its answer does to the course) is the
// caller's `submit`, so this hook is the same online and under the offline outbox.
import { useCallback, useEffect, useEffectEvent, useReducer, useState } from 'react';
import type { Quiz } from '@rivet/shared/api/learning';
import { secondsLeft as timeLeft, shuffledOrder, type ChosenAnswer } from '@rivet/shared/domain/quiz';
import { initialQuizState, localScore, quizShuffle, reduceQuiz, type QuizAction, type QuizState, type SavedScore } from './quiz-state';

export interface UseQuizOptions {
  /** Sends an attempt; resolves with the server's score (passing is its isCompleted). */
  submit: (answers: ChosenAnswer[], localScore: number | undefined) => Promise<SavedScore>;
  /** Injectable for tests. */
  clock?: () => number;
  shuffle?: (n: number) => number[];
}

export function useQuiz(quiz: Quiz, { submit, clock = Date.now, shuffle = shuffledOrder }: UseQuizOptions) {
  const [state, dispatch] = useReducer((s: QuizState, a: QuizAction) => reduceQuiz(quiz, s, a), quiz, initialQuizState);
  const [now, setNow] = useState<number | null>(null);

  const tick = useEffectEvent(() => {
    const t = clock();
    setNow(t);
    if (state.startedAt !== null && timeLeft(state.startedAt, quiz.duration, t) <= 0) dispatch({ type: 'time-up' });
  });
  const running = quiz.timed && state.phase === 'question';
  useEffect(() => {
    if (!running) return;
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [running, state.startedAt]);

  const send = useEffectEvent((answers: ChosenAnswer[], sends: number) => {
    submit(answers, localScore(quiz, state)?.score).then(
      (score) => dispatch({ type: 'saved', score, sends }),
      (error: unknown) => dispatch({ type: 'save-failed', error, sends }),
    );
  });
  useEffect(() => {
    if (state.phase === 'submitting' && state.answers) send(state.answers, state.sends);
  }, [state.phase, state.answers, state.sends]);

  const begin = useCallback(
    (type: 'start' | 'retry') => {
      const t = clock();
      setNow(t);
      dispatch({ type, now: t, ...quizShuffle(quiz, shuffle) });
    },
    [clock, quiz, shuffle],
  );

  return {
    state,
    /** Seconds left on a timed attempt; null when the quiz is not timed or not running. */
    secondsLeft: quiz.timed && state.startedAt !== null && now !== null ? timeLeft(state.startedAt, quiz.duration, now) : null,
    start: () => begin('start'),
    retry: () => begin('retry'),
    choose: (options: number[]) => dispatch({ type: 'choose', options }),
    check: () => dispatch({ type: 'check' }),
    proceed: () => dispatch({ type: 'proceed' }),
    viewResult: () => dispatch({ type: 'view-result' }),
    sendAgain: () => dispatch({ type: 'send-again' }),
  };
}
