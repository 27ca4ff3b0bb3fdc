// Step 4, End of course Survey (spec 001 §2.1, §3 Survey, §5 "Please select a Survey", §7;
// decision 034): the author chooses one of the platform's active surveys (Survey/List), after
// looking at its questions if they wish (Survey/Details/{id}). Continue records the choice
// (Course/Survey/Update): a paid course goes on to Pricing, a free one is submitted for review.
// In review mode the step shows the chosen survey and changes nothing.
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import { SURVEY_MESSAGES as M, getSurveyDetails, listSurveys, updateCourseSurvey, type CourseSurveySaved, type SurveyDetail, type SurveySummary } from '@rivet/shared/api/course-survey';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Modal } from '@rivet/shared/ui/modal';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { toast } from '@rivet/shared/ui/toast';
import { useWizard } from '@rivet/shared/ui/wizard';
import '@rivet/shared/ui/field.css';
import './survey-step.css';

export const surveysKey = ['authoring', 'surveys', 'active'];
const surveyKey = (id: number) => ['authoring', 'survey', id];

export const NO_SURVEY_TITLE = 'There is no active survey to choose yet';
export const NO_SURVEY_TEXT =
  'Surveys are shared by every partner and are created and activated by the platform administrators (SUPER ADMIN or RIVET ADMIN) under Settings → Manage Survey. Ask one of them to activate a survey, then come back to this step; or go back to Basic Setup and turn the EOC survey off if this course should finish without one.';

const QUESTION_TYPES: Record<number, string> = { 1: 'Multiple Choice', 2: 'Free Text', 3: 'Rating' };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const createdOn = (iso: string) => new Date(iso).toLocaleDateString('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });

function useActiveSurveys() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: surveysKey,
    queryFn: ({ signal }) => api.call(listSurveys, { query: { Draft: 'false', IsActive: 'true' }, signal }),
    staleTime: 60_000,
  });
}

export interface SurveyStepProps {
  course: CourseDraft;
  /** After Course/Survey/Update succeeded: go on to Pricing, or show the submitted course. */
  onSaved: (saved: CourseSurveySaved) => Promise<void>;
}

export function SurveyStep({ course, onSaved }: SurveyStepProps) {
  const surveys = useActiveSurveys();
  return (
    <QueryState query={surveys} loadingText="Fetching surveys...">
      {(list) => <SurveyChoice course={course} surveys={list} onSaved={onSaved} />}
    </QueryState>
  );
}

function SurveyChoice({ course, surveys, onSaved }: { course: CourseDraft; surveys: SurveySummary[]; onSaved: SurveyStepProps['onSaved'] }) {
  const { api } = useSessionManager();
  const { prev } = useWizard();
  // A survey chosen before but since deactivated is no longer offered: the author chooses again.
  const [chosen, setChosen] = useState<string | null>(() => (surveys.some((s) => s.surveyId === course.surveyId) ? String(course.surveyId) : null));
  const [invalid, setInvalid] = useState(false);
  const [viewing, setViewing] = useState<SurveySummary | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const busy = useRef(false);

  const save = async () => {
    if (busy.current) return;
    setError(null);
    if (!chosen) {
      setInvalid(true);
      return;
    }
    busy.current = true;
    setPending(true);
    try {
      const answer = await api.send(updateCourseSurvey, { body: { courseId: course.courseId, surveyId: Number(chosen) } });
      toast.success(answer.description);
      await onSaved(answer.data);
    } catch (failure) {
      setError(failure);
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return (
    <div className="cw-survey">
      <p className="cw-guidance">
        Learners are asked this survey when they finish the course. Choose one of the active surveys; View questions shows what it asks.
      </p>
      {course.surveyId !== null && !chosen ? <InlineAlert tone="warning" title="The survey chosen before is no longer active: choose another." /> : null}
      {surveys.length === 0 ? (
        <InlineAlert tone="info" title={NO_SURVEY_TITLE}>
          {NO_SURVEY_TEXT}
        </InlineAlert>
      ) : (
        <RadioGroup
          className="rv-field cw-survey__group"
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setInvalid(false);
          }}
          isInvalid={invalid}
          validationBehavior="aria"
        >
          <Label className="rv-field__label">End of course Survey</Label>
          <ul className="cw-survey__list">
            {surveys.map((s) => (
              <li key={s.surveyId} className={`cw-survey__card${chosen === String(s.surveyId) ? ' cw-survey__card--chosen' : ''}`}>
                <Radio value={String(s.surveyId)} className="cw-radio cw-survey__radio">
                  <span className="cw-radio__dot" aria-hidden="true" />
                  <span className="cw-survey__title">{s.title}</span>
                </Radio>
                <p className="cw-survey__description">{s.description}</p>
                <div className="cw-survey__meta">
                  <span>
                    {plural(s.questionCount, 'question')} · created {createdOn(s.date)}
                  </span>
                  <Button variant="ghost" size="sm" onPress={() => setViewing(s)} aria-label={`View questions of ${s.title}`}>
                    View questions
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <FieldError className="rv-field__error">{M.required}</FieldError>
        </RadioGroup>
      )}
      <ErrorAlert error={error} />
      <div className="rv-wizard__actions">
        <span className="rv-wizard__spacer" />
        <Button variant="secondary" onPress={prev} isDisabled={pending}>
          Back
        </Button>
        <Button onPress={() => void save()} isPending={pending} isDisabled={surveys.length === 0}>
          {course.isPaid ? 'Continue' : 'Submit for Review'}
        </Button>
      </div>
      <SurveyQuestionsDialog
        survey={viewing}
        onClose={() => setViewing(null)}
        onChoose={(s) => {
          setChosen(String(s.surveyId));
          setInvalid(false);
          setViewing(null);
        }}
      />
    </div>
  );
}

/** A survey's questions, read from Survey/Details/{id}; "Choose this survey" when choosing. */
export function SurveyQuestionsDialog({ survey, onClose, onChoose }: { survey: Pick<SurveySummary, 'surveyId' | 'title'> | null; onClose: () => void; onChoose?: (survey: Pick<SurveySummary, 'surveyId' | 'title'>) => void }) {
  return (
    <Modal
      isOpen={survey !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      isDismissable
      size="md"
      title={survey ? survey.title : ''}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            Close
          </Button>
          {onChoose && survey ? <Button onPress={() => onChoose(survey)}>Choose this survey</Button> : null}
        </>
      }
    >
      {survey ? <SurveyQuestions surveyId={survey.surveyId} /> : null}
    </Modal>
  );
}

function SurveyQuestions({ surveyId }: { surveyId: number }) {
  const { api } = useSessionManager();
  const details = useQuery({
    queryKey: surveyKey(surveyId),
    queryFn: ({ signal }) => api.call(getSurveyDetails, { params: { id: surveyId }, signal }),
    staleTime: 60_000,
  });
  return (
    <QueryState query={details} loadingText="Fetching questions...">
      {(survey) => <QuestionList survey={survey} />}
    </QueryState>
  );
}

function QuestionList({ survey, withDescription = true }: { survey: SurveyDetail; withDescription?: boolean }) {
  if (!survey.questions.length) return <p className="cw-guidance">This survey has no questions.</p>;
  return (
    <>
      {withDescription && survey.description ? <p className="cw-survey__description cw-survey__intro">{survey.description}</p> : null}
      <ol className="cw-survey__questions">
        {survey.questions.map((q) => {
          const scale = q.questionType === 3 ? q.options[0] : undefined;
          return (
            <li key={q.surveyQuestionId}>
              <p className="cw-survey__question">{q.question}</p>
              <p className="cw-survey__type">{QUESTION_TYPES[q.questionType]}</p>
              {q.questionType === 1 ? (
                <ul className="cw-survey__options">
                  {q.options.map((o) => (
                    <li key={o.surveyQuestionOptionId}>{o.option}</li>
                  ))}
                </ul>
              ) : null}
              {q.questionType === 3 ? <p className="cw-survey__type">{`A scale from ${scale?.minValue ?? 0} to ${scale?.maxValue ?? 10}`}</p> : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** Review mode: the survey the course was given, with its questions; nothing can be changed. */
export function SurveyReview({ course }: { course: CourseDraft }) {
  const { api } = useSessionManager();
  const details = useQuery({
    queryKey: surveyKey(course.surveyId ?? 0),
    queryFn: ({ signal }) => api.call(getSurveyDetails, { params: { id: course.surveyId! }, signal }),
    enabled: course.surveyId !== null,
    staleTime: 60_000,
  });
  if (course.surveyId === null) return <InlineAlert tone="warning" title="No survey has been chosen for this course." />;
  return (
    <QueryState query={details} loadingText="Fetching survey..." notFound={<InlineAlert tone="warning" title="The survey chosen for this course can no longer be read." />}>
      {(survey) => (
        <div className="cw-survey">
          <div className="cw-survey__card cw-survey__card--chosen">
            <p className="cw-survey__title">{survey.title}</p>
            {survey.description ? <p className="cw-survey__description">{survey.description}</p> : null}
            <p className="cw-survey__meta">
              <span>
                {plural(survey.questions.length, 'question')} · {survey.isActive ? 'active' : 'no longer active'}
              </span>
            </p>
          </div>
          <QuestionList survey={survey} withDescription={false} />
        </div>
      )}
    </QueryState>
  );
}
