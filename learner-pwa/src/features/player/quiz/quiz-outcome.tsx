// After the last question (spec: Quiz flow): 'Complete!' with the server's score ('Skip' when
// passed, 'View Result'), then the review of every answer ('Retry Quiz', 'Continue' when passed).
// An attempt the server has not confirmed shows the score computed here, marked 'not saved yet',
// and never offers the ways on that only a pass opens.
import type { Quiz } from '@rivet/shared/api/learning';
import { errorMessage } from '@rivet/shared/client/errors';
import { isAnswerCorrect, resultSentence } from '@rivet/shared/domain/quiz';
import { Button } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { RichText } from '../../../components/rich-text';
import { useFocusOnChange } from '../use-focus-on-change';
import { localScore, type QuizState, type SavedScore } from './quiz-state';

interface OutcomeProps {
  quiz: Quiz;
  state: QuizState;
  onContinue: () => void;
  onSendAgain: () => void;
}

/** The numbers to show: the server's once saved, else this screen's own. */
function shownScore(quiz: Quiz, state: QuizState) {
  if (state.saved) return { correct: state.saved.correct, total: state.saved.total, passed: state.saved.passed, saved: true };
  const local = localScore(quiz, state);
  return { correct: local.correct, total: local.total, passed: false, saved: false };
}

function verdict(quiz: Quiz, saved: SavedScore): string {
  if (!saved.passed) return `Not passed yet: you need ${saved.passMark}% to pass. Review your answers and try again.`;
  // A quiz that does not count towards the certificate is passed by finishing it.
  return quiz.requiredNextModule ? 'You passed this quiz.' : 'Quiz completed.';
}

const percentOf = (correct: number, total: number) => (total === 0 ? 100 : Math.floor((correct * 100) / total));

function NotSaved({ error }: { error: unknown }) {
  return (
    <InlineAlert tone="warning" title="Your answers are not saved yet">
      {errorMessage(error)} Your answers stay on this screen: try again when you are connected.
    </InlineAlert>
  );
}

export function QuizComplete({ quiz, state, onContinue, onSendAgain, onViewResult }: OutcomeProps & { onViewResult: () => void }) {
  const heading = useFocusOnChange<HTMLHeadingElement>(state.phase, { onMount: true });
  const score = shownScore(quiz, state);
  return (
    <div className="quiz quiz--outcome">
      <h2 ref={heading} tabIndex={-1} className="quiz__heading">
        Complete!
      </h2>
      {state.timedOut ? (
        <InlineAlert tone="info" title="Time is up">
          Questions you had not answered count as wrong.
        </InlineAlert>
      ) : null}
      {!score.saved ? <NotSaved error={state.saveError} /> : null}
      {state.saved?.queued ? (
        <InlineAlert tone="info" title="Saved on this phone">
          Your answers will be sent when you are back online.
        </InlineAlert>
      ) : null}
      <p className="quiz-score">
        <span className="quiz-score__value">
          {score.correct}/{score.total}
        </span>
        <span className="quiz-score__label">
          {score.saved ? 'correct answers' : 'correct answers (not saved yet)'} · {percentOf(score.correct, score.total)}%
        </span>
      </p>
      {score.saved ? (
        <p className={`quiz-verdict quiz-verdict--${score.passed ? 'pass' : 'fail'}`}>
          {verdict(quiz, state.saved!)}
        </p>
      ) : null}
      <div className="quiz__actions">
        {score.passed ? <Button onPress={onContinue}>Skip</Button> : null}
        {!score.saved ? <Button onPress={onSendAgain}>Try again</Button> : null}
        <Button variant={score.passed || !score.saved ? 'secondary' : 'primary'} onPress={onViewResult}>
          View Result
        </Button>
      </div>
    </div>
  );
}

export function QuizResult({ quiz, state, onContinue, onSendAgain, onRetry }: OutcomeProps & { onRetry: () => void }) {
  const heading = useFocusOnChange<HTMLHeadingElement>(state.phase, { onMount: true });
  const score = shownScore(quiz, state);
  const answers = state.answers ?? [];
  const titles = (question: number, options: readonly number[]) => options.map((i) => quiz.data[question]!.options[i]?.title ?? '').join(', ');
  return (
    <div className="quiz quiz--outcome">
      <h2 ref={heading} tabIndex={-1} className="quiz__heading">
        Result
      </h2>
      {!score.saved ? <NotSaved error={state.saveError} /> : null}
      {state.saved?.queued ? (
        <InlineAlert tone="info" title="Saved on this phone">
          Your answers will be sent when you are back online.
        </InlineAlert>
      ) : null}
      <p className="quiz-sentence">
        {resultSentence(score.correct, score.total, state.attempt)}
        {score.saved ? '' : ' (not saved yet)'}
      </p>
      <ol className="quiz-review">
        {state.order.map((q) => {
          const question = quiz.data[q]!;
          const chosen = answers.find((a) => a.question === q)?.options ?? [];
          const right = isAnswerCorrect(question, chosen);
          const correct = question.options.flatMap((o, i) => (o.isAnswer ? [i] : []));
          return (
            <li key={q} className={`quiz-review__item quiz-review__item--${right ? 'right' : 'wrong'}`}>
              <p className="quiz-review__mark">
                <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                  <path d={right ? 'M5 12.5l4.5 4.5L19 7.5' : 'M7 7l10 10M17 7L7 17'} />
                </svg>
                {right ? 'Correct' : 'Wrong'}
              </p>
              <RichText html={question.question} className="quiz-review__question" />
              <dl className="quiz-review__answers">
                <div>
                  <dt>Your answer:</dt>
                  <dd>{chosen.length ? titles(q, chosen) : 'Not answered'}</dd>
                </div>
                <div>
                  <dt>{correct.length > 1 ? 'Correct answers:' : 'Correct answer:'}</dt>
                  <dd>{titles(q, correct)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ol>
      <div className="quiz__actions">
        {score.passed ? <Button onPress={onContinue}>Continue</Button> : null}
        {!score.saved ? <Button onPress={onSendAgain}>Try again</Button> : null}
        <Button variant={score.passed || !score.saved ? 'secondary' : 'primary'} onPress={onRetry}>
          Retry Quiz
        </Button>
      </div>
    </div>
  );
}
