// Writing a survey (spec 001 §2.9, §5): the title and description first (Proceed), then the
// questions (Back, Save as draft, Confirm). A new survey starts with one Free Text question;
// deleting the last one leaves a blank one; a rating's boxes run from the range given, and each
// added box extends it by one. A survey learners have answered keeps its questions (decision 047).
import { useState } from 'react';
import * as v from 'valibot';
import type { SurveyDetail } from '@rivet/shared/api/course-survey';
import { MANAGE_SURVEY_MESSAGES as M, MAX_RATING_BOXES, RATING_LIMIT, SURVEY_OPTION_MAX, SURVEY_QUESTION_MAX, SURVEY_TITLE_MAX, createSurveySchema, type CreateSurveyInput } from '@rivet/shared/api/manage-survey';
import { errorMessage } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { Select } from '@rivet/shared/ui/select';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { useSurveyCalls, useSurveyDetails, type SurveyTab } from './use-manage-survey';
import '../../components/console-page.css';

export interface DraftQuestion {
  key: number;
  questionType: 1 | 2 | 3;
  question: string;
  options: string[];
  minValue: number;
  maxValue: number;
}

let nextKey = 1;
export const blankQuestion = (): DraftQuestion => ({ key: nextKey++, questionType: 2, question: '', options: ['', ''], minValue: 1, maxValue: 5 });

const TYPES = [
  { id: '1', label: 'Multiple Choice' },
  { id: '2', label: 'Free Text' },
  { id: '3', label: 'Rating' },
];

export function toBody(title: string, description: string, questions: readonly DraftQuestion[]): CreateSurveyInput {
  return {
    title,
    description,
    questions: questions.map((q) =>
      q.questionType === 1
        ? { questionType: 1, question: q.question, options: q.options.map((option) => ({ option })) }
        : q.questionType === 2
          ? { questionType: 2, question: q.question }
          : { questionType: 3, question: q.question, minValue: q.minValue, maxValue: q.maxValue },
    ),
  };
}

function fromDetail(detail: SurveyDetail): DraftQuestion[] {
  return detail.questions.map((q) => ({
    key: nextKey++,
    questionType: q.questionType,
    question: q.question,
    options: q.questionType === 1 ? q.options.map((o) => o.option) : ['', ''],
    minValue: q.questionType === 3 ? (q.options[0]?.minValue ?? 0) : 1,
    maxValue: q.questionType === 3 ? (q.options[0]?.maxValue ?? 10) : 5,
  }));
}

export function SurveyBuilder({ surveyId, onDone }: { surveyId: number | null; onDone: (tab?: SurveyTab) => void }) {
  const details = useSurveyDetails(surveyId);
  if (surveyId !== null && details.error && !details.data) return <ScreenState kind="error" error={details.error} onRetry={() => void details.refetch()} />;
  if (surveyId !== null && !details.data) return <ScreenState kind="loading" label="Loading survey" />;
  return <BuilderForm survey={details.data ?? null} onDone={onDone} />;
}

function BuilderForm({ survey, onDone }: { survey: SurveyDetail | null; onDone: (tab?: SurveyTab) => void }) {
  const calls = useSurveyCalls();
  const [step, setStep] = useState<1 | 2>(1);
  const [title, setTitle] = useState(survey?.title ?? '');
  const [description, setDescription] = useState(survey?.description ?? '');
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => (survey && survey.questions.length ? fromDetail(survey) : [blankQuestion()]));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState<'draft' | 'confirm' | null>(null);
  const locked = (survey?.responses ?? 0) > 0;
  const canDraft = survey === null || survey.draft;

  const proceed = () => {
    if (!title.trim()) return setProblem(M.titleRequired);
    setProblem(null);
    setStep(2);
  };

  const patch = (key: number, change: Partial<DraftQuestion>) => {
    setProblem(null);
    setQuestions((qs) => qs.map((q) => (q.key === key ? { ...q, ...change } : q)));
  };
  const remove = (key: number) => setQuestions((qs) => (qs.length === 1 ? [blankQuestion()] : qs.filter((q) => q.key !== key)));

  async function save(draft: boolean) {
    const body = toBody(title, description, questions);
    const checked = v.safeParse(createSurveySchema, body);
    if (!checked.success) {
      setProblem(checked.issues[0].message);
      return;
    }
    setProblem(null);
    setSaving(draft ? 'draft' : 'confirm');
    try {
      const res = survey ? await calls.update(survey.surveyId, body, draft) : await calls.create(body, draft);
      toast.success(res.description);
      onDone(draft ? 'draft' : 'active');
    } catch (error) {
      setProblem(errorMessage(error));
      setSaving(null);
    }
  }

  return (
    <div className="ms ms-builder">
      <header className="console-page__header">
        <div>
          <h1 className="console-page__title">{survey ? (survey.draft ? 'Edit draft survey' : 'Edit survey') : 'Create survey'}</h1>
          <p className="console-page__lead">Step {step} of 2: {step === 1 ? 'title and description' : 'questions'}</p>
        </div>
        <Button variant="ghost" onPress={() => onDone()}>
          Cancel
        </Button>
      </header>
      {problem ? (
        <InlineAlert tone="error" title="Please check the survey">
          {problem}
        </InlineAlert>
      ) : null}
      {step === 1 ? (
        <form
          className="ms-builder__card rv-form"
          onSubmit={(e) => {
            e.preventDefault();
            proceed();
          }}
        >
          <TextField label="Title" value={title} onChange={setTitle} maxLength={SURVEY_TITLE_MAX} autoFocus isRequired />
          <TextField label="Description" value={description} onChange={setDescription} maxLength={2000} rows={4} description="What learners read above the questions." />
          <div className="ms-builder__footer">
            <Button type="submit">Proceed</Button>
          </div>
        </form>
      ) : (
        <div className="ms-builder__questions">
          {locked ? (
            <InlineAlert tone="info" title="This survey has responses">
              Its questions can no longer be changed, so that every answer keeps its question. You can still change the title and description; create a new survey for new questions.
            </InlineAlert>
          ) : null}
          <ol className="ms-builder__list">
            {questions.map((q, i) => (
              <li key={q.key} className="ms-builder__card">
                <QuestionEditor index={i} question={q} locked={locked} onChange={(change) => patch(q.key, change)} onDelete={() => remove(q.key)} />
              </li>
            ))}
          </ol>
          {locked ? null : (
            <Button variant="secondary" onPress={() => setQuestions((qs) => [...qs, blankQuestion()])}>
              Add question
            </Button>
          )}
          <div className="ms-builder__footer">
            <Button
              variant="ghost"
              onPress={() => {
                setProblem(null);
                setStep(1);
              }}
              isDisabled={saving !== null}
            >
              Back
            </Button>
            {canDraft ? (
              <Button variant="secondary" onPress={() => void save(true)} isPending={saving === 'draft'} isDisabled={saving === 'confirm'}>
                Save as draft
              </Button>
            ) : null}
            <Button onPress={() => void save(false)} isPending={saving === 'confirm'} isDisabled={saving === 'draft'}>
              Confirm
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

function QuestionEditor({ index, question: q, locked, onChange, onDelete }: { index: number; question: DraftQuestion; locked: boolean; onChange: (change: Partial<DraftQuestion>) => void; onDelete: () => void }) {
  const boxes = Array.from({ length: Math.max(0, q.maxValue - q.minValue + 1) }, (_, i) => q.minValue + i);
  const number = (text: string, fallback: number) => {
    const n = Number.parseInt(text, 10);
    return Number.isFinite(n) ? Math.min(RATING_LIMIT, Math.max(0, n)) : fallback;
  };
  return (
    <fieldset className="ms-question" disabled={locked}>
      <legend className="ms-question__legend">Question {index + 1}</legend>
      <div className="ms-question__row">
        <TextField label="Question" value={q.question} onChange={(question) => onChange({ question })} maxLength={SURVEY_QUESTION_MAX} isReadOnly={locked} className="ms-question__text" />
        <Select label="Type" items={TYPES} value={String(q.questionType)} onChange={(id) => onChange({ questionType: Number(id ?? 2) as 1 | 2 | 3 })} isDisabled={locked} className="ms-question__type" />
        {locked ? null : (
          <IconButton aria-label={`Delete question ${index + 1}`} onPress={onDelete} className="ms-question__delete">
            <TrashIcon />
          </IconButton>
        )}
      </div>
      {q.questionType === 1 ? (
        <div className="ms-question__options">
          {q.options.map((option, j) => (
            <div key={j} className="ms-question__option">
              <TextField label={`Option ${j + 1}`} value={option} onChange={(text) => onChange({ options: q.options.map((o, k) => (k === j ? text : o)) })} maxLength={SURVEY_OPTION_MAX} isReadOnly={locked} />
              {locked || q.options.length <= 2 ? null : (
                <IconButton aria-label={`Remove option ${j + 1} of question ${index + 1}`} onPress={() => onChange({ options: q.options.filter((_, k) => k !== j) })}>
                  <TrashIcon />
                </IconButton>
              )}
            </div>
          ))}
          {locked || q.options.length >= 20 ? null : (
            <Button variant="ghost" size="sm" onPress={() => onChange({ options: [...q.options, ''] })}>
              Add option
            </Button>
          )}
        </div>
      ) : null}
      {q.questionType === 2 ? <p className="ms-question__hint">Learners answer in their own words.</p> : null}
      {q.questionType === 3 ? (
        <div className="ms-question__rating">
          <div className="ms-question__range">
            <TextField label="From" inputMode="numeric" value={String(q.minValue)} onChange={(t) => onChange({ minValue: number(t, q.minValue) })} isReadOnly={locked} />
            <TextField label="To" inputMode="numeric" value={String(q.maxValue)} onChange={(t) => onChange({ maxValue: number(t, q.maxValue) })} isReadOnly={locked} />
          </div>
          <div className="ms-question__boxes" aria-label={`Rating scale of question ${index + 1}`} role="group">
            {boxes.map((b) => (
              <span key={b} className="ms-question__box">
                {b}
              </span>
            ))}
          </div>
          {locked ? null : (
            <div className="ms-question__box-actions">
              <Button variant="ghost" size="sm" onPress={() => onChange({ maxValue: q.maxValue + 1 })} isDisabled={boxes.length >= MAX_RATING_BOXES || q.maxValue >= RATING_LIMIT}>
                Add box
              </Button>
              <Button variant="ghost" size="sm" onPress={() => onChange({ maxValue: q.maxValue - 1 })} isDisabled={boxes.length <= 2}>
                Remove box
              </Button>
            </div>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}

function TrashIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
