// A quiz section (spec: Quiz flow): intro, questions, 'Complete!', result.
import type { Quiz } from '@rivet/shared/api/learning';
import type { ChosenAnswer } from '@rivet/shared/domain/quiz';
import { Button } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Spinner } from '@rivet/shared/ui/spinner';
import { RichText } from '../../../components/rich-text';
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
  submit: (answers: ChosenAnswer[], localScore: number) => Promise<SavedScore>;
  /** Skip or Continue after a pass: the section's end. */
  onContinue: () => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function QuizIntro({ quiz, passedBefore, onStart, onSkip }: { quiz: Quiz; passedBefore: boolean; onStart: () => void; onSkip: () => void }) {
  return (
    <div className="quiz quiz--intro">
      <h2 className="quiz__heading">{quiz.name}</h2>
      <RichText html={quiz.description} className="quiz__description" />
      <ul className="quiz-facts">
        <li>{plural(quiz.data.length, 'question', 'questions')}</li>
        {quiz.timed ? <li>Time limit: {plural(quiz.duration, 'minute', 'minutes')}</li> : null}
        {quiz.requiredNextModule ? <li>Pass mark: {quiz.passMark}%</li> : null}
      </ul>
      {passedBefore ? <InlineAlert tone="success" title="You have passed this quiz.">You can take it again, or skip it.</InlineAlert> : null}
      <div className="quiz__actions">
        <Button onPress={onStart}>Start Quiz</Button>
        {passedBefore ? (
          <Button variant="secondary" onPress={onSkip}>
            Skip
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
      <Spinner size="lg" />
      <p role="status">Submitting your answers…</p>
    </div>
  );
}

export function QuizView({ quiz, passedBefore, submit, onContinue }: QuizViewProps) {
  const { state, secondsLeft, start, retry, choose, check, proceed, viewResult, sendAgain } = useQuiz(quiz, { submit });
  switch (state.phase) {
    case 'intro':
      return <QuizIntro quiz={quiz} passedBefore={passedBefore} onStart={start} onSkip={onContinue} />;
    case 'question':
      return <QuizQuestion quiz={quiz} state={state} secondsLeft={secondsLeft} onChoose={choose} onCheck={check} onProceed={proceed} />;
    case 'submitting':
      return <QuizSending />;
    case 'complete':
      return <QuizComplete quiz={quiz} state={state} onContinue={onContinue} onSendAgain={sendAgain} onViewResult={viewResult} />;
    case 'result':
      return <QuizResult quiz={quiz} state={state} onContinue={onContinue} onSendAgain={sendAgain} onRetry={retry} />;
  }
}
