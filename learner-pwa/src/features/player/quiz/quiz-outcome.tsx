// After the last question (spec: Quiz flow): 'Complete!' with the score and what it means, then
// the review of every answer ('Retry Quiz', 'Continue'). What the screens may say follows from one
// verdict (decision 017): a practice quiz is never 'passed' (it has no pass mark and does not count
// toward the certificate); a certificate quiz is passed only when the server marked this attempt
// at its pass mark; a certificate quiz saved on the phone says it will be marked online. The main
// button is the natural next step: Next after a pass or a practice quiz, Try again after a fail.
import type { Quiz } from '@rivet/shared/api/learning';
import { errorMessage } from '@rivet/shared/client/errors';
import { isAnswerCorrect, percentCorrect, resultSentence, rightAnswersToPass, withAnswerKey } from '@rivet/shared/domain/quiz';
import { Button } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { RichText } from '../../../components/rich-text';
import { useFocusOnChange } from '../use-focus-on-change';
import { localScore, type QuizState } from './quiz-state';

interface OutcomeProps {
  quiz: Quiz;
  state: QuizState;
  /** Next (Continue on the review): the section's end. */
  onContinue: () => void;
  /** The same attempt sent again after it was not saved. */
  onSendAgain: () => void;
  /** A new attempt. */
  onRetry: () => void;
}

type Marks = { correct: number; total: number };

/** Everything the outcome screens show follows from this. */
export type Verdict =
  | ({ kind: 'not-saved'; error: unknown } & Partial<Marks>)
  | { kind: 'awaiting-marks'; answered: number; total: number }
  | ({ kind: 'practice'; queued: boolean } & Marks)
  | ({ kind: 'passed'; passMark: number; queued: boolean } & Marks)
  | ({ kind: 'failed'; passMark: number; passedBefore: boolean; queued: boolean } & Marks);

export function verdictOf(quiz: Quiz, state: QuizState): Verdict {
  const saved = state.saved;
  if (!saved) {
    // Not saved: a practice quiz can still say its score (computed here); a certificate quiz cannot.
    const local = localScore(quiz, state);
    return { kind: 'not-saved', error: state.saveError, ...(local ? { correct: local.correct, total: local.total } : {}) };
  }
  if (saved.awaitingMarks) {
    const answered = (state.answers ?? []).filter((a) => a.options.length > 0).length;
    return { kind: 'awaiting-marks', answered, total: quiz.data.length };
  }
  const marks = { correct: saved.correct, total: saved.total, queued: saved.queued === true };
  if (!quiz.requiredNextModule || saved.passed === null) return { kind: 'practice', ...marks };
  if (saved.passed) return { kind: 'passed', passMark: saved.passMark, ...marks };
  return { kind: 'failed', passMark: saved.passMark, passedBefore: saved.sectionComplete, ...marks };
}

/** The learner may go on: after a pass, a practice quiz, answers waiting to be marked, or a quiz passed before. */
const canGoOn = (v: Verdict) => v.kind === 'passed' || v.kind === 'practice' || v.kind === 'awaiting-marks' || (v.kind === 'failed' && v.passedBefore);

function Notices({ verdict, timedOut }: { verdict: Verdict; timedOut: boolean }) {
  return (
    <>
      {timedOut ? (
        <InlineAlert tone="info" title="Time is up">
          Questions you had not answered count as wrong.
        </InlineAlert>
      ) : null}
      {verdict.kind === 'not-saved' ? (
        <InlineAlert tone="warning" title="Your answers are not saved yet">
          {errorMessage(verdict.error)} Your answers stay on this screen: send them again when you are connected.
        </InlineAlert>
      ) : null}
      {verdict.kind === 'awaiting-marks' ? (
        <InlineAlert tone="info" title="Saved on this phone">
          Your answers are saved and will be marked when you are back online.
        </InlineAlert>
      ) : null}
      {(verdict.kind === 'practice' || verdict.kind === 'passed' || verdict.kind === 'failed') && verdict.queued ? (
        <InlineAlert tone="info" title="Saved on this phone">
          Your answers will be sent when you are back online.
        </InlineAlert>
      ) : null}
    </>
  );
}

/** What the score means, in words; never 'passed' below a pass mark, never for a practice quiz. */
function Meaning({ verdict }: { verdict: Verdict }) {
  switch (verdict.kind) {
    case 'practice':
      return (
        <p className="quiz-verdict quiz-verdict--neutral">
          Practice quiz: this score does not count toward your certificate.
        </p>
      );
    case 'passed':
      return (
        <p className="quiz-verdict quiz-verdict--pass">
          You passed: {percentCorrect(verdict.correct, verdict.total)}%, the pass mark is {verdict.passMark}%. This quiz counts toward your certificate.
        </p>
      );
    case 'failed':
      return (
        <>
          <p className="quiz-verdict quiz-verdict--fail">
            Not passed: you need {verdict.passMark}% ({rightAnswersToPass(verdict.passMark, verdict.total)} of {verdict.total} right) to pass.
          </p>
          {verdict.passedBefore ? <p className="quiz-verdict__note">You passed this quiz on an earlier attempt, so it still counts toward your certificate.</p> : null}
        </>
      );
    default:
      return null;
  }
}

function Score({ verdict }: { verdict: Verdict }) {
  if (verdict.kind === 'awaiting-marks') {
    return (
      <p className="quiz-score">
        <span className="quiz-score__value">
          {verdict.answered}/{verdict.total}
        </span>
        <span className="quiz-score__label">questions answered · not marked yet</span>
      </p>
    );
  }
  if (verdict.correct === undefined || verdict.total === undefined) return null;
  return (
    <p className="quiz-score">
      <span className="quiz-score__value">
        {verdict.correct}/{verdict.total}
      </span>
      <span className="quiz-score__label">
        {verdict.kind === 'not-saved' ? 'correct answers (not saved yet)' : 'correct answers'} · {percentCorrect(verdict.correct, verdict.total)}%
      </span>
    </p>
  );
}

export function QuizComplete({ quiz, state, online, onContinue, onSendAgain, onRetry, onViewResult }: OutcomeProps & { online: boolean; onViewResult: () => void }) {
  const heading = useFocusOnChange<HTMLHeadingElement>(state.phase, { onMount: true });
  const verdict = verdictOf(quiz, state);
  const marked = verdict.kind === 'practice' || verdict.kind === 'passed' || verdict.kind === 'failed';
  return (
    <div className="quiz quiz--outcome">
      <h2 ref={heading} tabIndex={-1} className="quiz__heading">
        Complete!
      </h2>
      <Notices verdict={verdict} timedOut={state.timedOut} />
      <Score verdict={verdict} />
      <Meaning verdict={verdict} />
      <div className="quiz__actions">
        {verdict.kind === 'not-saved' ? <Button onPress={onSendAgain}>Send again</Button> : null}
        {verdict.kind === 'failed' ? <Button onPress={onRetry}>Try again</Button> : null}
        {canGoOn(verdict) ? (
          <Button variant={verdict.kind === 'failed' ? 'secondary' : 'primary'} onPress={onContinue}>
            Next
          </Button>
        ) : null}
        {verdict.kind === 'awaiting-marks' && online ? (
          <Button variant="secondary" onPress={onSendAgain}>
            Get my marks
          </Button>
        ) : null}
        {verdict.kind === 'practice' ? (
          <Button variant="secondary" onPress={onRetry}>
            Try again
          </Button>
        ) : null}
        {marked || (verdict.kind === 'not-saved' && verdict.correct !== undefined) ? (
          <Button variant="secondary" onPress={onViewResult}>
            View Result
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function QuizResult({ quiz, state, onContinue, onSendAgain, onRetry }: OutcomeProps) {
  const heading = useFocusOnChange<HTMLHeadingElement>(state.phase, { onMount: true });
  const verdict = verdictOf(quiz, state);
  const keyed = withAnswerKey(quiz);
  const answers = state.answers ?? [];
  // The server's marks when saved; a practice quiz not saved yet is marked here with its key.
  const marks = state.saved?.questionsCorrect.length ? state.saved.questionsCorrect : null;
  const titles = (question: number, options: readonly number[]) => options.map((i) => quiz.data[question]!.options[i]?.title ?? '').join(', ');
  return (
    <div className="quiz quiz--outcome">
      <h2 ref={heading} tabIndex={-1} className="quiz__heading">
        Result
      </h2>
      <Notices verdict={verdict} timedOut={false} />
      {verdict.kind !== 'awaiting-marks' && verdict.correct !== undefined && verdict.total !== undefined ? (
        <p className="quiz-sentence">
          {resultSentence(verdict.correct, verdict.total, state.attempt)}
          {verdict.kind === 'not-saved' ? ' (not saved yet)' : ''}
        </p>
      ) : null}
      <Meaning verdict={verdict} />
      <ol className="quiz-review">
        {state.order.map((q) => {
          const question = quiz.data[q]!;
          const chosen = answers.find((a) => a.question === q)?.options ?? [];
          const right = marks ? marks[q] === true : keyed ? isAnswerCorrect(keyed.data[q]!, chosen) : false;
          // A certificate quiz never shows its key: the learner sees which answers were right, not the answers.
          const correct = keyed ? keyed.data[q]!.options.flatMap((o, i) => (o.isAnswer ? [i] : [])) : null;
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
                {correct ? (
                  <div>
                    <dt>{correct.length > 1 ? 'Correct answers:' : 'Correct answer:'}</dt>
                    <dd>{titles(q, correct)}</dd>
                  </div>
                ) : null}
              </dl>
            </li>
          );
        })}
      </ol>
      <div className="quiz__actions">
        {verdict.kind === 'not-saved' ? <Button onPress={onSendAgain}>Send again</Button> : null}
        {canGoOn(verdict) && verdict.kind !== 'failed' ? <Button onPress={onContinue}>Continue</Button> : null}
        <Button variant={verdict.kind === 'failed' ? 'primary' : 'secondary'} onPress={onRetry}>
          Retry Quiz
        </Button>
        {verdict.kind === 'failed' && verdict.passedBefore ? (
          <Button variant="secondary" onPress={onContinue}>
            Continue
          </Button>
        ) : null}
      </div>
    </div>
  );
}
