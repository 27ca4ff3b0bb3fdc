// One question (spec: Quiz flow; Validation — Quiz scoring): single choice as radio buttons,
// multiple choice as checkboxes with 'Select all that apply'. Check Answer stays disabled until
// something is chosen; checking locks the choice and says 'Correct Answer' or 'Wrong Answer',
// then Proceed goes on. A certificate quiz has no key on the phone (decision 017): Proceed follows
// a choice, and the last question's button submits the answers for marking.
import { useId } from 'react';
import { Checkbox, CheckboxGroup, Radio, RadioGroup, Text } from 'react-aria-components';
import type { Quiz } from '@rivet/shared/api/learning';
import { Button } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { RichText } from '../../../components/rich-text';
import { useFocusOnChange } from '../use-focus-on-change';
import { currentQuestion, hasKey, type QuizState } from './quiz-state';
import { QuizTimer } from './quiz-timer';

export interface QuizQuestionProps {
  quiz: Quiz;
  state: QuizState;
  secondsLeft: number | null;
  onChoose: (options: number[]) => void;
  onCheck: () => void;
  onProceed: () => void;
}

function OptionText({ title, description }: { title: string; description: string }) {
  return (
    <span className="quiz-option__text">
      <span className="quiz-option__title">{title}</span>
      {description ? <span className="quiz-option__description">{description}</span> : null}
    </span>
  );
}

export function QuizQuestion({ quiz, state, secondsLeft, onChoose, onCheck, onProceed }: QuizQuestionProps) {
  const stored = currentQuestion(state);
  const question = quiz.data[stored]!;
  const chosen = state.chosen[stored] ?? [];
  const checked = stored in state.checked;
  const keyed = hasKey(quiz);
  const last = state.current + 1 >= state.order.length;
  const shownOptions = state.optionOrder[stored] ?? question.options.map((_, i) => i);
  const counter = `Question ${state.current + 1} of ${state.order.length}`;
  const heading = useFocusOnChange<HTMLHeadingElement>(`${state.attempt}:${state.current}`, { onMount: true });
  const textId = useId();

  return (
    <div className="quiz">
      <div className="quiz__bar">
        <div className="quiz__progress" aria-hidden="true">
          <span style={{ width: `${((state.current + 1) / state.order.length) * 100}%` }} />
        </div>
        {secondsLeft !== null ? <QuizTimer secondsLeft={secondsLeft} /> : null}
      </div>
      <h2 ref={heading} tabIndex={-1} className="quiz__heading quiz__heading--small">
        {counter}
      </h2>
      <div id={textId} className="quiz__question">
        <RichText html={question.question} />
      </div>
      {question.type === 0 ? (
        <RadioGroup
          className="quiz-options"
          aria-labelledby={textId}
          value={chosen[0] !== undefined ? String(chosen[0]) : null}
          onChange={(value) => onChoose([Number(value)])}
          isDisabled={checked}
        >
          {shownOptions.map((i) => (
            <Radio key={i} value={String(i)} className="quiz-option quiz-option--radio">
              <span className="quiz-option__control" aria-hidden="true" />
              <OptionText {...question.options[i]!} />
            </Radio>
          ))}
        </RadioGroup>
      ) : (
        <CheckboxGroup
          className="quiz-options"
          aria-labelledby={textId}
          value={chosen.map(String)}
          onChange={(values) => onChoose(values.map(Number))}
          isDisabled={checked}
        >
          <Text slot="description" className="quiz-options__hint">
            Select all that apply
          </Text>
          {shownOptions.map((i) => (
            <Checkbox key={i} value={String(i)} className="quiz-option quiz-option--checkbox">
              <span className="quiz-option__control" aria-hidden="true">
                <svg viewBox="0 0 18 18" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="3">
                  <path d="M3 9.5l4 4 8-9" />
                </svg>
              </span>
              <OptionText {...question.options[i]!} />
            </Checkbox>
          ))}
        </CheckboxGroup>
      )}
      <div className="quiz__feedback" aria-live="polite">
        {checked ? <InlineAlert tone={state.checked[stored] ? 'success' : 'error'} title={state.checked[stored] ? 'Correct Answer' : 'Wrong Answer'} /> : null}
      </div>
      <div className="quiz__actions">
        {!keyed ? (
          <Button isDisabled={chosen.length === 0} onPress={onProceed}>
            {last ? 'Submit answers' : 'Proceed'}
          </Button>
        ) : checked ? (
          <Button autoFocus onPress={onProceed}>
            Proceed
          </Button>
        ) : (
          <Button isDisabled={chosen.length === 0} onPress={onCheck}>
            Check Answer
          </Button>
        )}
      </div>
    </div>
  );
}
