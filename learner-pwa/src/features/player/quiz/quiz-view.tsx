// A quiz section (spec: Quiz flow): intro, questions, 'Complete!', result. A quiz Required for
// Certificate says what it takes to pass before it starts, and is marked by the server alone.
import { useEffect, useEffectEvent, useRef } from 'react';
import type { Quiz } from '@rivet/shared/api/learning';
import { rightAnswersToPass, type ChosenAnswer } from '@rivet/shared/domain/quiz';
import { Button } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { RichText } from '../../../components/rich-text';
import { useOnline } from '../../../offline/network';
import { useFocusOnChange } from '../use-focus-on-change';
import { QuizComplete, QuizResult } from './quiz-outcome';
import { QuizQuestion } from './quiz-question';
import type { SavedScore } from './quiz-state';
import { useQuiz } from './use-quiz';
import './quiz.css';

export interface QuizViewProps {
  quiz: Quiz;
  /** The learner passed this quiz on an earlier visit. */
  passedBefore: boolean;
  submit: (answers: ChosenAnswer[], localScore: number | undefined) => Promise<SavedScore>;
  /** Next or Continue: the section's end. */
  onContinue: () => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function QuizIntro({ quiz, passedBefore, onStart, onSkip }: { quiz: Quiz; passedBefore: boolean; onStart: () => void; onSkip: () => void }) {
  const total = quiz.data.length;
  return (
    <div className="quiz quiz--intro">
      <h2 className="quiz__heading">{quiz.name}</h2>
      <RichText html={quiz.description} className="quiz__description" />
      <ul className="quiz-facts">
        <li>{plural(total, 'question', 'questions')}</li>
        {quiz.timed ? <li>Time limit: {plural(quiz.duration, 'minute', 'minutes')}</li> : null}
        {quiz.requiredNextModule ? null : <li>Practice quiz</li>}
      </ul>
      {quiz.requiredNextModule ? (
        <div className="quiz-requirement">
          <p className="quiz-requirement__title">Required for your certificate</p>
          <p className="quiz-requirement__mark">
            Pass mark: {quiz.passMark}% ({rightAnswersToPass(quiz.passMark, total)} of {total} right)
          </p>
          <p>Choose an answer to each question; your answers are marked when you submit them. You can take the quiz again.</p>
        </div>
      ) : (
        <p className="quiz__description">Practice quiz: check each answer as you go. Your score does not count toward your certificate.</p>
      )}
      {passedBefore ? (
        quiz.requiredNextModule ? (
          <InlineAlert tone="success" title="You have passed this quiz.">
            You can take it again, or go on.
          </InlineAlert>
        ) : (
          <InlineAlert tone="info" title="You have taken this practice quiz.">
            You can take it again, or go on.
          </InlineAlert>
        )
      ) : null}
      <div className="quiz__actions">
        <Button onPress={onStart}>Start Quiz</Button>
        {passedBefore ? (
          <Button variant="secondary" onPress={onSkip}>
            Next
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function QuizSending() {
  const heading = useFocusOnChange<HTMLHeadingElement>('sending', { onMount: true });
  return (
    <div className="quiz quiz--sending">
      <h2 ref={heading} tabIndex={-1} className="visually-hidden">
        Submitting
      </h2>
      <ScreenState kind="loading" text="Submitting your answers…" />
    </div>
  );
}

export function QuizView({ quiz, passedBefore, submit, onContinue }: QuizViewProps) {
  const { state, secondsLeft, start, retry, choose, check, proceed, viewResult, sendAgain } = useQuiz(quiz, { submit });
  // Answers kept on the phone for marking are sent again when the network is back: the same
  // attempt (same event id), so the server marks it once and answers its marks to every resend.
  // Only when the network comes back, so a server that keeps failing is not asked in a loop.
  const online = useOnline();
  const wasOnline = useRef(online);
  const askForMarks = useEffectEvent(() => {
    if (state.phase === 'complete' && state.saved?.awaitingMarks) sendAgain();
  });
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack) askForMarks();
  }, [online]);
  const view = {
    intro: () => <QuizIntro quiz={quiz} passedBefore={passedBefore} onStart={start} onSkip={onContinue} />,
    question: () => <QuizQuestion quiz={quiz} state={state} secondsLeft={secondsLeft} onChoose={choose} onCheck={check} onProceed={proceed} />,
    submitting: () => <QuizSending />,
    complete: () => <QuizComplete quiz={quiz} state={state} online={online} onContinue={onContinue} onSendAgain={sendAgain} onRetry={retry} onViewResult={viewResult} />,
    result: () => <QuizResult quiz={quiz} state={state} onContinue={onContinue} onSendAgain={sendAgain} onRetry={retry} />,
  }[state.phase];
  // A region of its own: its Next (the quiz's way on) sits beside the player's Next section button.
  return (
    <section className="quiz-region" aria-label={quiz.name}>
      {view()}
    </section>
  );
}
