// Create a Course (spec 001 §2.1): the course wizard's first three steps. A new course starts at
// Basic Setup; /create-course?courseId=N opens a draft at its stored step (Course/Update/{id}).
// The step indicator lists every step the course will have (survey and pricing as §2.1 says).
// Pricing opens once the curriculum is complete; the survey step is not built yet, so a paid
// course with a survey goes from Build Curriculum straight to Pricing (decision 032). A course
// submitted for review shows that instead of the wizard.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import { wizardSteps, STEP } from '@rivet/shared/domain/course-authoring';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { ButtonLink } from '@rivet/shared/ui/button';
import { useSchemaForm } from '@rivet/shared/ui/form';
import { QueryState, ScreenState } from '@rivet/shared/ui/screen-state';
import { Wizard } from '@rivet/shared/ui/wizard';
import { paths } from '../../paths';
import { AdditionalInfoStep } from './additional-info-step';
import { BasicSetupStep } from './basic-setup-step';
import { CurriculumStep } from './curriculum-step';
import { CourseSubmitted, PricingStep } from './pricing-step';
import { additionalInfoFormSchema, additionalInfoValues, basicSetupFormSchema, basicSetupValues } from './course-forms';
import { courseKey, useCourseDraft } from './use-course-wizard';
import './course-wizard.css';

/** Basic Setup, Additional Information and Build Curriculum: the steps every course has. */
const BUILT_STEPS = 3;

const courseIdFrom = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

export function CreateCoursePage() {
  const [params] = useSearchParams();
  const courseId = courseIdFrom(params.get('courseId'));
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
            course.draft ? <CourseWizard key={course.courseId} course={course} /> : <CourseSubmitted course={course} createHref={paths.createCourse} dashboardHref={paths.dashboard} />
          }
        </QueryState>
      )}
    </div>
  );
}

function CourseWizard({ course }: { course: CourseDraft | null }) {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const choosesPartner = !isInstitutionScoped(profile.roleType);
  const basicForm = useSchemaForm(basicSetupFormSchema(choosesPartner), { defaultValues: basicSetupValues(course) });
  const additionalForm = useSchemaForm(additionalInfoFormSchema, { defaultValues: course ? additionalInfoValues(course) : undefined });

  // The indicator follows the Basic Setup choices as they are made (survey, paid).
  const pricing = basicForm.watch('pricing');
  const hasSurvey = basicForm.watch('hasSurvey');
  const steps = useMemo(() => wizardSteps({ hasSurvey, isPaid: pricing === 'paid' }), [hasSurvey, pricing]);

  // Pricing is the one later step built; it opens once Build Curriculum is complete (stored step 4+).
  const pricingIndex = course?.isPaid ? steps.findIndex((st) => st.id === 'pricing') : -1;
  const last = pricingIndex >= 0 ? pricingIndex : BUILT_STEPS - 1;
  const toIndex = (stepNo: number) => (pricingIndex >= 0 && stepNo > STEP.curriculum ? pricingIndex : Math.min(stepNo - 1, BUILT_STEPS - 1));
  // Opened without ?step, a course resumes at its stored step.
  const stored = toIndex(course?.stepNo ?? STEP.basic);
  const raw = Number(params.get('step'));
  const asked = Number.isInteger(raw) && raw >= 1 ? raw - 1 : null;
  const openable = (i: number) => i < BUILT_STEPS || i === pricingIndex;
  const step = course && asked !== null && openable(asked) ? asked : course ? stored : 0;
  const setStep = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('step', String(Math.min(next, last) + 1));
        return copy;
      },
      { replace: true },
    );
  // Additional Information opens once the draft exists, Build Curriculum once it is complete,
  // Pricing once the curriculum is.
  const reachable = (i: number) => course !== null && i === pricingIndex ? course.stepNo > STEP.curriculum : i < BUILT_STEPS && (i === 0 || (course !== null && course.stepNo > i));
  // A step not reached yet (typed into the address) shows the furthest one reached.
  const shown = course ? (reachable(step) ? step : stored) : 0;

  return (
    <Wizard title="Create a Course" steps={steps} step={shown} onStepChange={setStep} reachable={reachable}>
      {shown === 0 || !course ? (
        <BasicSetupStep
          form={basicForm}
          course={course}
          choosesPartner={choosesPartner}
          onSaved={async (courseId) => {
            await queryClient.invalidateQueries({ queryKey: courseKey(courseId) });
            setParams((current) => {
              const copy = new URLSearchParams(current);
              copy.set('courseId', String(courseId));
              copy.set('step', '2');
              return copy;
            });
          }}
        />
      ) : shown === 1 ? (
        <AdditionalInfoStep
          form={additionalForm}
          course={course}
          onSaved={(saved, continued) => {
            queryClient.setQueryData(courseKey(saved.courseId), saved);
            additionalForm.reset(additionalInfoValues(saved));
            if (continued) setStep(2);
          }}
        />
      ) : shown === 2 ? (
        <CurriculumStep
          course={course}
          onContinued={async () => {
            await queryClient.invalidateQueries({ queryKey: courseKey(course.courseId) });
            if (pricingIndex >= 0) setStep(pricingIndex);
          }}
        />
      ) : (
        <PricingStep course={course} onSubmitted={() => queryClient.invalidateQueries({ queryKey: courseKey(course.courseId) })} />
      )}
    </Wizard>
  );
}
