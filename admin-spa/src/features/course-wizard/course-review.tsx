// Review Course (spec 001 §2.1, §2.4, §6; decision 034): the course wizard opened with
// ?courseReview=true&courseId=N. The same steps as Create a Course, every field read-only: Continue
// and Back only move (Back in the curriculum goes to step 2 without the "You will lose your
// progress" question), Bulk Upload, Add Course Module and Save Draft are not there, and nothing
// is ever written — this screen makes GET requests only. The decision (Approve and Reject, through
// the `reviewActions` slot, decision 043) is on the last step for every reviewer: Pricing for a paid
// course (§2.7), else the survey step or Build Curriculum; no step before it has them, so an
// Approve is never followed by a Continue (decision 078). A revision shows what it changes above
// the steps (revision-changes.tsx).
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import { getCurriculum, type Curriculum } from '@rivet/shared/api/course-curriculum';
import { STEP, wizardSteps, type WizardStepDef } from '@rivet/shared/domain/course-authoring';
import { APPROVAL_STATUS } from '@rivet/shared/domain/course-lifecycle';
import { PREVIEW_MESSAGES, hasContentEverywhere } from '@rivet/shared/domain/course-preview';
import { ASSET_TYPE, ASSET_TYPE_LABELS, QUESTION_TYPE_LABELS, type AssetTypeCode } from '@rivet/shared/domain/curriculum';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useProfile, useSessionManager } from '@rivet/shared/client/session-context';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { QueryState, ScreenState } from '@rivet/shared/ui/screen-state';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { Wizard, useWizard, useWizardStep } from '@rivet/shared/ui/wizard';
import { coursePreviewPath, paths } from '../../paths';
import { isBuilt } from '../../screens';
import { StoredRichText } from './stored-rich-text';
import { ReviewQuestionButton } from './curriculum-quiz-dialogs';
import { SurveyReview } from './survey-step';
import { curriculumKey } from './curriculum-step';
import { RevisionChangesPanel } from './revision-changes';
import { useCourseDraft, useLanguages } from './use-course-wizard';
import './course-review.css';

/**
 * What the reviewer may do at the approval point (issue 16: Approve and Reject, §2.8, §6). Gets the
 * course and whether the reviewer has reached that point; renders nothing to leave it empty.
 */
export type ReviewActionsSlot = (props: { course: CourseDraft }) => ReactNode;

export const REVIEW_TITLE = 'Review Course';
export const STILL_A_DRAFT = 'This course has not been submitted for review yet: it can be reviewed once its author submits it.';

/** The course list a reviewer came from: Approve Course once issue 16 builds it, else the dashboard. */
export const reviewBackHref = () => (isBuilt(paths.approveCourse) ? paths.approveCourse : paths.dashboard);

export function CourseReviewPage({ courseId, reviewActions }: { courseId: number | null; reviewActions?: ReviewActionsSlot }) {
  // Only reviewers reach review mode (screen-access.ts: the ?courseReview=true rule).
  const query = useCourseDraft(courseId);
  const back = reviewBackHref();
  return (
    <div className="create-course">
      <div className="cw-review-header">
        <ButtonLink variant="ghost" size="sm" href={back} aria-label={back === paths.dashboard ? 'Back to the dashboard' : 'Back to the course list'}>
          <span aria-hidden="true">←</span> Back
        </ButtonLink>
        <h1 className="create-course__title">{REVIEW_TITLE}</h1>
      </div>
      {courseId === null ? (
        <ScreenState kind="error" text="Error: Course not found" />
      ) : (
        <QueryState query={query} loadingText="Fetching course..." notFound={<ScreenState kind="error" text="Error: Course not found" />}>
          {(course) => (course.draft ? <InlineAlert tone="info" title={STILL_A_DRAFT} /> : <ReviewWizard key={course.courseId} course={course} reviewActions={reviewActions} />)}
        </QueryState>
      )}
    </div>
  );
}

/**
 * Whether this reviewer decides on the course at its stage (§6: manageCourseQA at status 4, or
 * approvecourse at status 1; the approval feature's `approvalRole` is the same rule, and the server's
 * lifecycle has the last word). Only says what the wizard tells the reviewer.
 */
export function decidesNow(permissions: readonly string[], course: Pick<CourseDraft, 'approvalStatus' | 'draft'>): boolean {
  if (course.draft) return false;
  if (course.approvalStatus === APPROVAL_STATUS.pendingQa) return hasAnyPermission(permissions, 'manageCourseQA');
  if (course.approvalStatus === APPROVAL_STATUS.pendingReview) return hasAnyPermission(permissions, 'approvecourse');
  return false;
}

/** What a reviewer who does not decide at this stage reads where the decision would be (§2.4, §6). */
export function notDecidingText(course: Pick<CourseDraft, 'approvalStatus'>): string | null {
  if (course.approvalStatus === APPROVAL_STATUS.pendingQa) return 'This course waits for QA review: only QA reviewers (Manage Course QA) approve or reject it at this stage.';
  if (course.approvalStatus === APPROVAL_STATUS.pendingReview) return 'This course waits for its partner’s approvers: only they approve or reject it at this stage.';
  return null;
}

function ReviewWizard({ course, reviewActions }: { course: CourseDraft; reviewActions?: ReviewActionsSlot }) {
  // The stored course decides the steps: survey only with one, Pricing (4 or 5) only when paid.
  const steps = wizardSteps(course);
  const [step, setStep] = useWizardStep(steps.length);
  const current = steps[step]!;
  const last = steps.length - 1;
  const decides = decidesNow(useProfile().permissions, course);
  const waiting = decides ? null : notDecidingText(course);
  return (
    <Wizard title={REVIEW_TITLE} steps={steps} step={step} onStepChange={setStep} readOnly>
      <p className="cw-review-course">
        <strong>{course.title}</strong> · {course.institution}
        {course.revisionOfCourseId ? <> · update of published course #{course.revisionOfCourseId}</> : null}
      </p>
      {course.revisionOfCourseId ? <RevisionChangesPanel courseId={course.courseId} publishedCourseId={course.revisionOfCourseId} /> : null}
      {step < last && decides && reviewActions ? (
        <p className="cw-guidance cw-review-where">
          Approve and Reject are on the last step, {steps[last]!.title} (step {last + 1}), once you have read the course.
        </p>
      ) : null}
      <ReviewStepBody step={current} course={course} />
      {step === last && waiting ? <InlineAlert tone="info" title={waiting} className="cw-review-waiting" /> : null}
      <ReviewActionsRow isLast={step === last}>{step === last && reviewActions ? reviewActions({ course }) : null}</ReviewActionsRow>
    </Wizard>
  );
}

function ReviewStepBody({ step, course }: { step: WizardStepDef; course: CourseDraft }) {
  switch (step.id) {
    case 'basic':
      return <BasicSetupReview course={course} />;
    case 'additional':
      return <AdditionalInfoReview course={course} />;
    case 'curriculum':
      return <CurriculumReview course={course} />;
    case 'survey':
      return <SurveyReview course={course} />;
    case 'pricing':
      return <PricingReview course={course} />;
  }
}

/** Back and Continue only move; the last step has no Continue: the decision (`children`) is there, beside Back. */
function ReviewActionsRow({ isLast, children }: { isLast: boolean; children?: ReactNode }) {
  const { isFirst, prev, next } = useWizard();
  return (
    <div className="rv-wizard__actions">
      <span className="rv-wizard__spacer" />
      {!isFirst ? (
        <Button variant="secondary" onPress={prev}>
          Back
        </Button>
      ) : null}
      {!isLast ? <Button onPress={next}>Continue</Button> : null}
      {children ? <div className="cw-review-actions">{children}</div> : null}
    </div>
  );
}

const Field = ({ label, value }: { label: string; value: string | null | undefined }) => <TextField label={label} value={value ?? ''} isReadOnly />;

function BasicSetupReview({ course }: { course: CourseDraft }) {
  return (
    <div className="rv-form cw-form">
      <Field label="Partner" value={course.institution} />
      <Field label="Title" value={course.title} />
      <TextField label="Description" value={course.description} rows={4} isReadOnly />
      <div className="rv-form-grid">
        <Field label="Course Category" value={course.courseCategoryName} />
        <Field label="Start Date" value={course.startDate} />
        <Field label="Course Type" value={course.courseTypeName} />
        <Field label="Pricing" value={course.isPaid ? 'Paid' : 'Free'} />
      </div>
      <Field label="EOC survey" value={course.hasSurvey ? 'activated' : 'Deactivated'} />
    </div>
  );
}

function AdditionalInfoReview({ course }: { course: CourseDraft }) {
  const languages = useLanguages();
  const language = languages.data?.items.find((l) => l.id === course.languageId)?.name ?? (languages.isPending ? 'Loading…' : '');
  return (
    <div className="rv-form cw-form">
      <Field label="Course Headline" value={course.headLine} />
      <ReadOnlyRichText label="Course Overview" html={course.overView} />
      <div className="rv-form-grid">
        <Field label="Course Level" value={course.courseLevelName} />
        <Field label="Language" value={language} />
        <Field label="Course Effort" value={course.effort} />
        <Field label="Instructor Name" value={course.instructorName} />
      </div>
      <ReadOnlyRichText label="Course Objectives" html={course.objectives} />
      <div className="cw-images">
        <ReadOnlyImage label="Course thumbnail" url={course.courseThumbNailUrl} />
        <ReadOnlyImage label="Course banner" url={course.courseBannerUrl} />
      </div>
      <figure className="cw-review-image">
        <figcaption className="rv-field__label">Promotional video</figcaption>
        {course.coursePromotionalVideoUrl ? (
          <video src={course.coursePromotionalVideoUrl} controls preload="metadata" aria-label="Promotional video" />
        ) : (
          <p className="cw-guidance">None</p>
        )}
      </figure>
      <Field label="Promote Course" value={course.promote ? 'activated' : 'Deactivated'} />
    </div>
  );
}

function ReadOnlyRichText({ label, html }: { label: string; html: string | null }) {
  const id = `cw-review-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="rv-field">
      <span className="rv-field__label" id={id}>
        {label}
      </span>
      <div className="cw-review-richtext" role="region" aria-labelledby={id}>
        <StoredRichText html={html} />
      </div>
    </div>
  );
}

function ReadOnlyImage({ label, url }: { label: string; url: string | null }) {
  return (
    <figure className="cw-review-image">
      <figcaption className="rv-field__label">{label}</figcaption>
      {url ? <img src={url} alt={label} /> : <p className="cw-guidance">None</p>}
    </figure>
  );
}

function CurriculumReview({ course }: { course: CourseDraft }) {
  const { api } = useSessionManager();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: curriculumKey(course.courseId),
    queryFn: ({ signal }) => api.call(getCurriculum, { params: { id: course.courseId }, signal }),
  });
  // §2.1: step 3 has Preview Course in review mode too (decision 035).
  const preview = (curriculum: Curriculum) => {
    if (!hasContentEverywhere(curriculum.courseModules)) return void toast.warning(PREVIEW_MESSAGES.noContent);
    void navigate(coursePreviewPath(course.courseId), {
      state: { returnTo: `${paths.createCourse}?courseId=${course.courseId}&courseReview=true&step=${STEP.curriculum}`, returnLabel: 'Back to Review Course' },
    });
  };
  return (
    <QueryState query={query} loadingText="Fetching curriculum...">
      {(curriculum) => (
        <>
          <CurriculumOutline curriculum={curriculum} />
          <div className="cw-review-preview">
            <Button variant="secondary" onPress={() => preview(curriculum)}>
              Preview Course
            </Button>
          </div>
        </>
      )}
    </QueryState>
  );
}

type Asset = Curriculum['courseModules'][number]['items'][number]['courseModuleItemAssets'][number];

function CurriculumOutline({ curriculum }: { curriculum: Curriculum }) {
  if (!curriculum.courseModules.length) return <p className="cw-guidance">This course has no modules.</p>;
  return (
    <ol className="cw-review-modules" aria-label="Course modules">
      {curriculum.courseModules.map((module, m) => (
        <li key={module.courseModuleId} className="cw-review-module">
          <h3 className="cw-review-module__title">
            Module {m + 1}: {module.title}
          </h3>
          <ol className="cw-review-sections" aria-label={`Sections of module ${m + 1}`}>
            {module.items.map((section, s) => (
              <li key={section.courseModuleItemId} className="cw-review-section">
                <h4 className="cw-review-section__title">
                  Section {m + 1}.{s + 1}: {section.title}
                </h4>
                <ul className="cw-review-assets">
                  {section.courseModuleItemAssets.map((asset) => (
                    <li key={asset.courseModuleItemAssetId} className="cw-review-asset">
                      <AssetReview asset={asset} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

function AssetReview({ asset }: { asset: Asset }) {
  const kind = ASSET_TYPE_LABELS[asset.assetType as AssetTypeCode] ?? 'Content';
  return (
    <>
      <p className="cw-review-asset__head">
        <span className="cw-review-asset__kind">{kind}</span> {asset.title}
      </p>
      {asset.assetType === ASSET_TYPE.article && asset.body ? (
        <details className="cw-review-details">
          <summary>Read the article</summary>
          <StoredRichText html={asset.body} />
        </details>
      ) : null}
      {asset.assetType === ASSET_TYPE.quiz && asset.quiz ? (
        <details className="cw-review-details">
          <summary>
            {asset.quiz.data.length} question{asset.quiz.data.length === 1 ? '' : 's'}
            {asset.quiz.requiredNextModule ? ` · required for certificate, pass mark ${asset.quiz.passMark}%` : ''}
            {asset.quiz.timed ? ` · ${asset.quiz.duration} minutes` : ''}
          </summary>
          <ol className="cw-review-questions">
            {asset.quiz.data.map((q, i) => (
              <li key={i}>
                <span className="cw-survey__type">{QUESTION_TYPE_LABELS[q.type as 0 | 1]}</span>
                <StoredRichText html={q.question} />
                <ul>
                  {q.options.map((o, j) => (
                    <li key={j}>
                      {o.title}
                      {o.isAnswer ? <strong> (correct)</strong> : null}
                    </li>
                  ))}
                </ul>
                <ReviewQuestionButton question={q} number={i + 1} quizName={asset.title} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {asset.url && asset.assetType !== ASSET_TYPE.article && asset.assetType !== ASSET_TYPE.quiz ? <p className="cw-guidance">Uploaded file</p> : null}
    </>
  );
}

const naira = (n: number) => `₦${n.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function PricingReview({ course }: { course: CourseDraft }) {
  return (
    <div className="cw-pricing__grid">
      <Field label="Currency" value="NGN" />
      <Field label="Base Price" value={naira(course.basePrice)} />
      <Field label="VAT" value={naira(course.vat)} />
      <Field label="Gateway Charge" value={naira(course.gatewayCharge)} />
      <Field label="Total Price" value={naira(course.coursePrice)} />
    </div>
  );
}
