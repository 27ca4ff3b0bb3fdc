// Quiz Setup and the question editor (spec 001 §2.5, §5): the quiz's settings in one modal, each
// question in another ("Add Question" / "Update Question"), judged by the shared rules
// (shared/domain/curriculum.ts) that Course/Builder applies too. A reviewer opens a question in the
// same modal as "Review Question" (§2.5): every field read-only, Close instead of saving.
import { useState, type ReactNode } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import {
  QUESTION_TYPE,
  QUESTION_TYPE_LABELS,
  QUIZ_LIMITS,
  questionProblems,
  quizSetupProblems,
  type Problem,
  type QuizContent,
  type QuizQuestion,
} from '@rivet/shared/domain/curriculum';
import { Button } from '@rivet/shared/ui/button';
import { Checkbox } from '@rivet/shared/ui/checkbox';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { Modal } from '@rivet/shared/ui/modal';
import { TextField } from '@rivet/shared/ui/text-field';
import { RichText, StateSwitch, WholeNumberField, wholeNumber } from './curriculum-fields';
import { StoredRichText } from './stored-rich-text';

export type QuizSetup = Omit<QuizContent, 'data'>;

const messageFor = (problems: Problem[], field: string) => problems.find((p) => p.field === field)?.message;

interface SetupText {
  name: string;
  description: string;
  timed: boolean;
  duration: string;
  pointPerQuestion: string;
  requiredNextModule: boolean;
  passMark: string;
  randomize: boolean;
}

const toText = (quiz: QuizSetup): SetupText => ({
  name: quiz.name,
  description: quiz.description,
  timed: quiz.timed,
  duration: quiz.timed ? String(quiz.duration) : '',
  pointPerQuestion: String(quiz.pointPerQuestion),
  requiredNextModule: quiz.requiredNextModule,
  passMark: quiz.requiredNextModule ? String(quiz.passMark) : '',
  randomize: quiz.randomize,
});

const fromText = (text: SetupText): QuizSetup => ({
  name: text.name.trim(),
  description: text.description.trim(),
  timed: text.timed,
  duration: text.timed ? wholeNumber(text.duration) : 0,
  pointPerQuestion: wholeNumber(text.pointPerQuestion),
  requiredNextModule: text.requiredNextModule,
  passMark: text.requiredNextModule ? wholeNumber(text.passMark) : 0,
  randomize: text.randomize,
});

/** "Quiz Setup": name, description, timing, points, Required for Certificate and pass mark, randomize. */
export function QuizSetupDialog({ initial, onSave, onCancel }: { initial: QuizSetup; onSave: (setup: QuizSetup) => void; onCancel: () => void }) {
  const [text, setText] = useState(() => toText(initial));
  const [submitted, setSubmitted] = useState(false);
  const setup = fromText(text);
  const problems = submitted ? quizSetupProblems(setup) : [];
  const change = (patch: Partial<SetupText>) => setText((current) => ({ ...current, ...patch }));

  const save = () => {
    setSubmitted(true);
    if (quizSetupProblems(setup).length === 0) onSave(setup);
  };

  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      isDismissable
      title="Quiz Setup"
      size="md"
      footer={
        <>
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
          <Button onPress={save}>Save</Button>
        </>
      }
    >
      <form
        className="rv-form cw-dialog-form"
        noValidate
        aria-label="Quiz Setup"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextField label="Quiz Name" value={text.name} onChange={(name) => change({ name })} errorMessage={messageFor(problems, 'name')} autoFocus />
        <TextField label="Description" rows={3} value={text.description} onChange={(description) => change({ description })} errorMessage={messageFor(problems, 'description')} />
        <div className="rv-form-grid">
          <StateSwitch label="Timed" isSelected={text.timed} onChange={(timed) => change({ timed, duration: timed ? text.duration || '10' : '' })} />
          <WholeNumberField
            label="Duration (minutes)"
            value={text.duration}
            onChange={(duration) => change({ duration })}
            isDisabled={!text.timed}
            description={`${QUIZ_LIMITS.duration.min} to ${QUIZ_LIMITS.duration.max} minutes, when timed.`}
            errorMessage={messageFor(problems, 'duration')}
          />
          <StateSwitch label="Required for Certificate" isSelected={text.requiredNextModule} onChange={(required) => change({ requiredNextModule: required, passMark: required ? text.passMark || '50' : '' })} />
          <WholeNumberField
            label="Pass Mark (%)"
            value={text.passMark}
            onChange={(passMark) => change({ passMark })}
            isDisabled={!text.requiredNextModule}
            description={`${QUIZ_LIMITS.passMark.min} to ${QUIZ_LIMITS.passMark.max} percent, when required for the certificate.`}
            errorMessage={messageFor(problems, 'passMark')}
          />
          <WholeNumberField
            label="Point per Question"
            value={text.pointPerQuestion}
            onChange={(pointPerQuestion) => change({ pointPerQuestion })}
            description={`${QUIZ_LIMITS.pointPerQuestion.min} to ${QUIZ_LIMITS.pointPerQuestion.max}.`}
            errorMessage={messageFor(problems, 'pointPerQuestion')}
          />
          <StateSwitch label="Randomize questions" isSelected={text.randomize} onChange={(randomize) => change({ randomize })} />
        </div>
        {/* Enter in a field saves, as in the other dialogs. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

export const QUESTION_DIALOG_TITLES = { add: 'Add Question', update: 'Update Question', review: 'Review Question' } as const;

/**
 * The question editor: the question (rich text), its options, the correct answer(s). In 'review'
 * mode (the reviewer's wizard) nothing can change and nothing is saved: `onSave` is not called.
 */
export function QuestionDialog({
  mode,
  initial,
  onSave,
  onCancel,
}: {
  mode: keyof typeof QUESTION_DIALOG_TITLES;
  initial: QuizQuestion;
  onSave?: (question: QuizQuestion) => void;
  onCancel: () => void;
}) {
  const readOnly = mode === 'review';
  const [question, setQuestion] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const problems = submitted ? questionProblems(question) : [];
  const single = question.type === QUESTION_TYPE.single;
  const listProblems = problems.filter((p) => p.field === 'options').map((p) => p.message);

  const setOption = (index: number, patch: Partial<QuizQuestion['options'][number]>) =>
    setQuestion((q) => ({ ...q, options: q.options.map((o, i) => (i === index ? { ...o, ...patch } : o)) }));
  const chooseSingle = (index: number) => setQuestion((q) => ({ ...q, options: q.options.map((o, i) => ({ ...o, isAnswer: i === index })) }));
  const removeOption = (index: number) => setQuestion((q) => ({ ...q, options: q.options.filter((_, i) => i !== index) }));
  const addOption = () => setQuestion((q) => ({ ...q, options: [...q.options, { title: '', description: '', isAnswer: false }] }));

  const save = () => {
    setSubmitted(true);
    if (!readOnly && questionProblems(question).length === 0) onSave?.(question);
  };

  const correctIndex = question.options.findIndex((o) => o.isAnswer);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      isDismissable
      title={QUESTION_DIALOG_TITLES[mode]}
      size="lg"
      footer={
        readOnly ? (
          <Button variant="secondary" onPress={onCancel} autoFocus>
            Close
          </Button>
        ) : (
        <>
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
          <Button onPress={save}>{QUESTION_DIALOG_TITLES[mode]}</Button>
        </>
        )
      }
    >
      <div className="cw-dialog-form">
        <p className="cw-question-type">{QUESTION_TYPE_LABELS[question.type]}</p>
        {readOnly ? (
          <ReadOnlyQuestion html={question.question} />
        ) : (
          <RichText label="Question" value={question.question} onChange={(html) => setQuestion((q) => ({ ...q, question: html }))} errorMessage={messageFor(problems, 'question')} />
        )}
        <fieldset className="cw-options">
          <legend className="rv-field__label">Options {readOnly ? '' : single ? '(choose the one correct answer)' : '(tick every correct answer)'}</legend>
          {question.options.map((option, i) => (
            <OptionRow key={i} index={i} option={option} problems={problems} onChange={setOption} onRemove={removeOption} readOnly={readOnly}>
              {single ? null : (
                <Checkbox isSelected={option.isAnswer} isReadOnly={readOnly} onChange={(isAnswer) => setOption(i, { isAnswer })} aria-label={`Option ${i + 1} is a correct answer`}>
                  Correct
                </Checkbox>
              )}
            </OptionRow>
          ))}
          {single && question.options.length ? (
            // Apart from the option fields: a radio group takes the arrow keys, which the text fields need.
            <RadioGroup
              className="rv-field cw-radios"
              orientation="horizontal"
              isReadOnly={readOnly}
              value={correctIndex >= 0 ? String(correctIndex) : null}
              onChange={(value) => chooseSingle(Number(value))}
            >
              <Label className="rv-field__label">Correct answer</Label>
              <div className="cw-radios__options">
                {question.options.map((option, i) => (
                  <Radio key={i} value={String(i)} className="cw-radio">
                    <span className="cw-radio__dot" aria-hidden="true" />
                    {option.title.trim() || `Option ${i + 1} (no answer yet)`}
                  </Radio>
                ))}
              </div>
            </RadioGroup>
          ) : null}
          {listProblems.length ? (
            <div role="alert" className="cw-options__errors">
              {listProblems.map((m) => (
                <p key={m} className="rv-field__error">
                  {m}
                </p>
              ))}
            </div>
          ) : null}
          {readOnly ? null : (
            <div>
              <Button variant="secondary" size="sm" onPress={addOption}>
                Add Option
              </Button>
            </div>
          )}
        </fieldset>
      </div>
    </Modal>
  );
}

function OptionRow({
  index,
  option,
  problems,
  onChange,
  onRemove,
  readOnly = false,
  children,
}: {
  index: number;
  option: QuizQuestion['options'][number];
  problems: Problem[];
  onChange: (index: number, patch: Partial<QuizQuestion['options'][number]>) => void;
  onRemove: (index: number) => void;
  readOnly?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="cw-option">
      <TextField label={`Option ${index + 1}`} value={option.title} isReadOnly={readOnly} onChange={(title) => onChange(index, { title })} errorMessage={messageFor(problems, `options.${index}.title`)} />
      <TextField label="Explanation (optional)" value={option.description} isReadOnly={readOnly} onChange={(description) => onChange(index, { description })} />
      <div className="cw-option__actions">
        {children}
        {readOnly ? null : (
          <IconButton aria-label={`Remove option ${index + 1}`} onPress={() => onRemove(index)}>
            <TrashIcon />
          </IconButton>
        )}
      </div>
    </div>
  );
}

/** A reviewer's way into a question: "Review" opens it in the question editor, read-only (§2.5). */
export function ReviewQuestionButton({ question, number, quizName }: { question: QuizQuestion; number: number; quizName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onPress={() => setOpen(true)} aria-label={`Review question ${number} of ${quizName}`}>
        Review
      </Button>
      {open ? <QuestionDialog mode="review" initial={question} onCancel={() => setOpen(false)} /> : null}
    </>
  );
}

/** The question as stored, read-only (the editor itself is not loaded for a reviewer). */
function ReadOnlyQuestion({ html }: { html: string }) {
  return (
    <div className="rv-field">
      <span className="rv-field__label" id="cw-review-question-label">
        Question
      </span>
      <div className="cw-review-richtext" role="region" aria-labelledby="cw-review-question-label">
        <StoredRichText html={html} />
      </div>
    </div>
  );
}

export function TrashIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
