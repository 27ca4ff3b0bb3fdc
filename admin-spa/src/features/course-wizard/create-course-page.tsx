// Create a Course (spec 001 §2.1): the course wizard. A new course starts at Basic Setup;
// /create-course?courseId=N opens a draft at its stored step (Course/Update/{id}). The step
// indicator lists every step the course will have: End of course Survey only with a survey,
// Pricing only when paid, numbered 4 without the survey step and 5 with it (§2.1's note). A
// course submitted for review shows that instead of the wizard. With ?courseReview=true the same
// wizard opens read-only for reviewers (course-review.tsx, decision 034).
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import { wizardSteps, STEP, type WizardStepDef } from '@rivet/shared/domain/course-authoring';
import { APPROVAL_STATUS, reviewOutcomeText } from '@rivet/shared/domain/course-lifecycle';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { ButtonLink } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { useSchemaForm } from '@rivet/shared/ui/form';
import { QueryState, ScreenState } from '@rivet/shared/ui/screen-state';
import { Wizard } from '@rivet/shared/ui/wizard';
import { useUpdateSearchParams } from '../../components/use-update-search-params';
import { paths } from '../../paths';
import { AdditionalInfoStep } from './additional-info-step';
import { BasicSetupStep } from './basic-setup-step';
import { CourseReviewPage, type ReviewActionsSlot } from './course-review';
import { CurriculumStep } from './curriculum-step';
import { CourseSubmitted, PricingStep } from './pricing-step';
import { additionalInfoFormSchema, additionalInfoValues, basicSetupFormSchema, basicSetupValues } from './course-forms';
import { SurveyStep } from './survey-step';
import { courseKey, useCourseDraft } from './use-course-wizard';
import './course-wizard.css';

/** The step an opened course resumes at: the furthest of its steps its stored number has reached. */
export function resumeIndex(steps: readonly WizardStepDef[], stepNo: number): number {
  return steps.reduce((found, s, i) => (s.stepNo <= stepNo ? i : found), 0);
}

const courseIdFrom = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

export function CreateCoursePage({ reviewActions }: { reviewActions?: ReviewActionsSlot } = {}) {
  const [params] = useSearchParams();
  const courseId = courseIdFrom(params.get('courseId'));
  if (params.get('courseReview') === 'true') return <CourseReviewPage courseId={courseId} reviewActions={reviewActions} />;
  return <CourseAuthoringPage courseId={courseId} />;
}

function CourseAuthoringPage({ courseId }: { courseId: number | null }) {
  const query = useCourseDraft(courseId);
  return (
    <div className="create-course">
      <h1 className="create-course__title">Create a Course</h1>
      {courseId === null ? (
        <CourseWizard course={null} />
      ) : (
        <QueryState
          query={query}
          loadingText="Fetching course..."
          notFound={
            <ScreenState
              kind="error"
              text="Error: Course not found"
              actions={
                <ButtonLink variant="secondary" href={paths.createCourse}>
                  Start a new course
                </ButtonLink>
              }
            />
          }
        >
          {(course) =>
            // A rejected course goes back to its author: the first save makes it a draft again (decision 043).
            course.draft || course.approvalStatus === APPROVAL_STATUS.rejected ? (
              <>
                {course.revisionOfCourseId ? (
                  <InlineAlert tone="info" title="You are updating a published course">
                    Learners keep the published version until this update is approved. Submit it for review when it is ready.
                  </InlineAlert>
                ) : null}
                {course.reviewComment ? (
                  <InlineAlert tone="warning" title={course.draft ? 'This course was rejected: change it and submit it again' : (reviewOutcomeText(course.approvalStatus) ?? '')}>
                    <span className="cw-review-comment">
                      <strong>Reviewer’s comment:</strong> {course.reviewComment}
                    </span>
                  </InlineAlert>
                ) : null}
                <CourseWizard key={course.courseId} course={course} />
              </>
            ) : (
              <CourseSubmitted course={course} createHref={paths.createCourse} dashboardHref={paths.dashboard} />
            )
          }
        </QueryState>
      )}
    </div>
  );
}

function CourseWizard({ course }: { course: CourseDraft | null }) {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const choosesPartner = !isInstitutionScoped(profile.roleType);
  const basicForm = useSchemaForm(basicSetupFormSchema(choosesPartner), { defaultValues: basicSetupValues(course) });
  const additionalForm = useSchemaForm(additionalInfoFormSchema, { defaultValues: course ? additionalInfoValues(course) : undefined });

  // The indicator follows the Basic Setup choices as they are made (survey, paid).
  const pricing = basicForm.watch('pricing');
  const hasSurvey = basicForm.watch('hasSurvey');
  const steps = useMemo(() => wizardSteps({ hasSurvey, isPaid: pricing === 'paid' }), [hasSurvey, pricing]);

  const stored = resumeIndex(steps, course?.stepNo ?? STEP.basic);
  const last = steps.length - 1;
  // Opened without ?step, a course resumes at its stored step.
  const raw = Number(params.get('step'));
  const asked = Number.isInteger(raw) && raw >= 1 && raw <= steps.length ? raw - 1 : null;
  const step = course && asked !== null ? asked : course ? stored : 0;
  const setStep = (next: number) =>
    updateParams((query) => query.set('step', String(Math.min(next, last) + 1)), { replace: true });
  // A step opens once the course's stored number has reached it: Additional Information once the
  // draft exists, Build Curriculum once it is complete, the survey and Pricing after the curriculum.
  const reachable = (i: number) => i === 0 || (course !== null && i <= last && steps[i]!.stepNo <= course.stepNo);
  // A step not reached yet (typed into the address) shows the furthest one reached.
  const shown = course ? (reachable(step) ? step : stored) : 0;
  const current = course ? steps[shown]!.id : 'basic';
  const refresh = () => (course ? queryClient.invalidateQueries({ queryKey: courseKey(course.courseId) }) : Promise.resolve());

  return (
    <Wizard title="Create a Course" steps={steps} step={shown} onStepChange={setStep} reachable={reachable}>
      {current === 'basic' || !course ? (
        <BasicSetupStep
          form={basicForm}
          course={course}
          choosesPartner={choosesPartner}
          onSaved={async (courseId) => {
            await queryClient.invalidateQueries({ queryKey: courseKey(courseId) });
            updateParams((next) => {
              next.set('courseId', String(courseId));
              next.set('step', '2');
            });
          }}
        />
      ) : current === 'additional' ? (
        <AdditionalInfoStep
          form={additionalForm}
          course={course}
          onSaved={(saved, continued) => {
            queryClient.setQueryData(courseKey(saved.courseId), saved);
            additionalForm.reset(additionalInfoValues(saved));
            if (continued) setStep(2);
          }}
        />
      ) : current === 'curriculum' ? (
        <CurriculumStep
          course={course}
          onContinued={async () => {
            await refresh();
            // The survey step or Pricing follows; a free course without a survey was submitted.
            if (shown < last) setStep(shown + 1);
          }}
        />
      ) : current === 'survey' ? (
        <SurveyStep
          course={course}
          onSaved={async (saved) => {
            await refresh();
            if (!saved.submitted && shown < last) setStep(shown + 1);
          }}
        />
      ) : (
        <PricingStep course={course} onSubmitted={refresh} />
      )}
    </Wizard>
  );
}
