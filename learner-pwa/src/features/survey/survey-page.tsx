// The post-course survey (/course/:id/survey; spec: Post-course survey, States — Survey step).
// Step 0 intro, 1 the questions one at a time, 2 done ('Course Completed' when skipped, or when
// there is no survey to take; 'Survey Submitted' otherwise). The steps and answers follow
// shared/domain/survey.ts; answers go out once, through learner-events' submitSurvey.
import { useEffect, useReducer, useRef, type Ref } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Survey } from '@rivet/shared/api/learning';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { INITIAL_SURVEY, isAnswered, responseItems, surveyProgress, surveyReducer, type SurveyStep } from '@rivet/shared/domain/survey';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { toast } from '@rivet/shared/ui/toast';
import { invalidateLearning } from '../../api/use-learning';
import { submitSurvey } from '../../api/learner-events';
import { ProgressBar } from '../../components/progress-bar/progress-bar';
import { paths } from '../../paths';
import { SurveyQuestionField } from './survey-question';
import { surveyKey, useCourseSurvey } from './use-course-survey';
import './survey.css';

export const SURVEY_SUBMIT_FAILED = 'Failed to submit survey, please try again';

export function SurveyPage() {
  const { id } = useParams();
  const courseId = Number(id);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const survey = useCourseSurvey(valid ? courseId : null);

  if (!valid) {
    return (
      <div className="page survey">
        <div className="survey__card">
          <h1 className="survey__title">Survey not found</h1>
          <p className="survey__text">This address does not lead to a course survey.</p>
          <ButtonLink href={paths.dashboard}>Go to your dashboard</ButtonLink>
        </div>
      </div>
    );
  }
  if (survey.isPending) return <ScreenState kind="loading" page className="page" label="Loading survey" />;
  // Spec: if the survey fetch fails (or there is none for the course), the survey is over: step 2, as skipped.
  if (survey.isError || survey.data.questions.length === 0) return <SurveyDone courseId={courseId} skipped />;
  return <SurveyFlow courseId={courseId} survey={survey.data} />;
}

function SurveyFlow({ courseId, survey }: { courseId: number; survey: Survey }) {
  const [state, dispatch] = useReducer(surveyReducer, INITIAL_SURVEY);
  const { api } = useSessionManager();
  const userId = useSession().profile?.userId ?? '';
  const queryClient = useQueryClient();
  const { questions } = survey;

  const submission = useMutation({
    // The outbox keeps the answers when offline: the mutation must run, not wait for the network.
    networkMode: 'always',
    mutationFn: () => submitSurvey(api, userId, courseId, responseItems(questions, state.answers)),
    onSuccess: () => {
      dispatch({ type: 'submitted' });
      queryClient.setQueryData<Survey>(surveyKey(userId, courseId), (old) => (old ? { ...old, submitted: true } : old));
      void invalidateLearning(queryClient);
    },
    // Spec: loading stops so the learner can try again; the answers stay.
    onError: () => toast.error(SURVEY_SUBMIT_FAILED),
  });

  // A learner who has answered already (another device, an earlier visit) sees the end.
  const step: SurveyStep = survey.submitted && state.step !== 2 ? 2 : state.step;
  const headingRef = useFocusOnChange<HTMLHeadingElement>(step);

  if (step === 2) return <SurveyDone courseId={courseId} skipped={state.step === 2 && state.skipped} headingRef={headingRef} />;

  if (step === 0) {
    const count = questions.length;
    return (
      <div className="page survey">
        <div className="survey__card">
          <p className="survey__eyebrow">Course survey</p>
          <h1 className="survey__title" ref={headingRef} tabIndex={-1}>
            {survey.title}
          </h1>
          {survey.description ? <p className="survey__text">{survey.description}</p> : null}
          <ul className="survey__facts">
            <li>
              <FactIcon path="M5 6h14M5 12h14M5 18h9" />
              {count} {count === 1 ? 'question' : 'questions'}
            </li>
            <li>
              <FactIcon path="M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" />
              Less than 5 Minutes
            </li>
          </ul>
          <div className="survey__actions">
            <Button onPress={() => dispatch({ type: 'start' })}>Start Survey</Button>
            <Button variant="ghost" onPress={() => dispatch({ type: 'skip' })}>
              Skip survey
            </Button>
          </div>
        </div>
      </div>
    );
  }

  const question = questions[state.index]!;
  const answer = state.answers[question.surveyQuestionId];
  const last = state.index === questions.length - 1;
  const answered = isAnswered(question, answer);
  const counter = `Question ${state.index + 1} of ${questions.length}`;

  const forward = () => {
    if (!answered || submission.isPending) return;
    if (last) submission.mutate();
    else dispatch({ type: 'next', total: questions.length });
  };

  return (
    <div className="page survey">
      <form
        className="survey__card"
        aria-labelledby="survey-title"
        onSubmit={(event) => {
          event.preventDefault();
          forward();
        }}
      >
        <h1 id="survey-title" className="survey__eyebrow survey__eyebrow--heading" ref={headingRef} tabIndex={-1}>
          {survey.title}
        </h1>
        <ProgressBar label="Survey progress" value={surveyProgress(state.index, questions.length)} showValue={false} hideLabel valueLabel={counter} />
        <p className="survey__counter" aria-live="polite">
          {counter}
        </p>
        <SurveyQuestionField
          key={question.surveyQuestionId}
          question={question}
          answer={answer}
          isDisabled={submission.isPending}
          onAnswer={(value) => dispatch({ type: 'answer', questionId: question.surveyQuestionId, answer: value })}
        />
        <div className="survey__nav">
          <Button variant="secondary" isDisabled={state.index === 0 || submission.isPending} onPress={() => dispatch({ type: 'previous' })}>
            Previous
          </Button>
          <Button type="submit" isDisabled={!answered} isPending={submission.isPending}>
            {last ? 'Submit' : 'Next'}
          </Button>
        </div>
      </form>
    </div>
  );
}

function SurveyDone({ courseId, skipped, headingRef }: { courseId: number; skipped: boolean; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <div className="page survey">
      <div className="survey__card survey__card--done">
        <svg className="survey__done-icon" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true">
          <circle cx="24" cy="24" r="22" />
          <path d="M14 24.5l7 7 13-15" />
        </svg>
        <h1 className="survey__title" ref={headingRef} tabIndex={-1}>
          {skipped ? 'Course Completed' : 'Survey Submitted'}
        </h1>
        <p className="survey__text">
          {skipped ? 'Well done on completing the course! ' : 'Thank you for your feedback! '}
          What learners tell us is shared anonymously with the course’s educators, to help them make their courses better.
        </p>
        <p className="survey__text survey__privacy">
          Read how we handle your data in our <Link href={paths.privacy}>privacy policy</Link>.
        </p>
        <div className="survey__actions survey__actions--done">
          <ButtonLink href={paths.courseCompletedFor(courseId)}>View your Achievement</ButtonLink>
          <ButtonLink variant="secondary" href={paths.discovery}>
            Explore more courses
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

function FactIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="survey__fact-icon">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Moves focus to the step's heading when the step changes (not on first render), so screen readers follow. */
function useFocusOnChange<T extends HTMLElement>(step: SurveyStep) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [step]);
  return ref;
}
