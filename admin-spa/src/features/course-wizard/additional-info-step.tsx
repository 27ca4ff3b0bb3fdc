// Step 2, Additional Information (spec 001 §2.3, §5): every field is checked on Save Draft and on
// Continue. Save Draft keeps the step (stepNo 2); Continue records step 3 and opens Build Curriculum.
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Controller, useController, type UseFormReturn } from 'react-hook-form';
import { COURSE_AUTHORING_MESSAGES as M, updateOtherDetails, type CourseDraft } from '@rivet/shared/api/course-authoring';
import { COURSE_LEVELS, effortAfterEdit } from '@rivet/shared/domain/course-authoring';
import { ApiError } from '@rivet/shared/client/errors';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormTextField } from '@rivet/shared/ui/form';
import { FormSelect } from '@rivet/shared/ui/form-choice';
import { PicturePicker, usePictureChoice } from '@rivet/shared/ui/picture-picker';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { useWizard } from '@rivet/shared/ui/wizard';
import { FormSwitch } from './choice-fields';
import { ADDITIONAL_SERVER_FIELDS, additionalInfoBody, checkCourseImage, type AdditionalInfoField, type AdditionalInfoValues } from './course-forms';
import { InstructorPicker, NOT_LISTED, knownInstructor } from './instructor-picker';
import { KEEP_PROMO, PromoVideoField, promoFields, type PromoChoice } from './promo-video-field';
import { useInstructors, useLanguages } from './use-course-wizard';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

const LEVEL_OPTIONS = COURSE_LEVELS.map((l) => ({ id: String(l.id), label: l.name }));
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

export interface AdditionalInfoStepProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<AdditionalInfoValues, unknown, any>;
  course: CourseDraft;
  /** `continued`: Continue (not Save Draft) saved it, so the wizard moves on. */
  onSaved: (course: CourseDraft, continued: boolean) => void;
}

export function AdditionalInfoStep({ form, course, onSaved }: AdditionalInfoStepProps) {
  const { api } = useSessionManager();
  const { prev } = useWizard();
  const languages = useLanguages();
  const instructors = useInstructors(course.institutionId);
  const [thumbnail, setThumbnail] = usePictureChoice();
  const [banner, setBanner] = usePictureChoice();
  const [thumbnailError, setThumbnailError] = useState<string | null>(null);
  const [bannerError, setBannerError] = useState<string | null>(null);
  const [promo, setPromo] = useState<PromoChoice>(KEEP_PROMO);
  const [promoBusy, setPromoBusy] = useState(false);
  const [promoError, setPromoError] = useState<string | null>(null);
  const onPromoBusy = useCallback((value: boolean) => setPromoBusy(value), []);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState<'draft' | 'continue' | null>(null);
  const busy = useRef(false);
  const { control } = form;

  const save = (stepNo: '2' | '3') => async (values: AdditionalInfoValues) => {
    setError(null);
    try {
      const answer = await api.send(updateOtherDetails, {
        body: { ...additionalInfoBody(values, course.courseId, stepNo), ...promoFields(promo) },
        files: { ...(thumbnail ? { CourseThumbNail: thumbnail.file } : {}), ...(banner ? { CourseBanner: banner.file } : {}) },
      });
      toast.success(answer.description);
      setThumbnail(null);
      setBanner(null);
      setPromo(KEEP_PROMO);
      onSaved(answer.data, stepNo === '3');
    } catch (failure) {
      setError(failure);
      if (failure instanceof ApiError) {
        for (const { field, message } of failure.fieldErrors) {
          if (field === 'CourseThumbNail') setThumbnailError(message);
          else if (field === 'CourseBanner') setBannerError(message);
          else if (field === 'CoursePromotionalVideo') setPromoError(message);
          else if (ADDITIONAL_SERVER_FIELDS[field]) form.setError(ADDITIONAL_SERVER_FIELDS[field], { message }, { shouldFocus: true });
        }
      }
    }
  };

  /** Both buttons check every field (§5); a press while a save runs is ignored. */
  const submit = (mode: 'draft' | 'continue') => {
    // The buttons are disabled meanwhile; Enter in a field still submits the form.
    if (busy.current || promoBusy) return;
    busy.current = true;
    setPending(mode);
    const imagesOk = checkImages();
    void form
      .handleSubmit(async (values) => {
        // Caught here rather than by the server: the author can add the instructor on the spot.
        const instructor = knownInstructor(instructorNames, values.instructorName);
        if (!instructor) form.setError('instructorName', { message: NOT_LISTED(values.instructorName.trim(), course.institution) }, { shouldFocus: true });
        else if (imagesOk) await save(mode === 'draft' ? '2' : '3')({ ...values, instructorName: instructor });
      })()
      .finally(() => {
        busy.current = false;
        setPending(null);
      });
  };

  const checkImages = () => {
    const noThumbnail = !thumbnail && !course.courseThumbNailUrl;
    const noBanner = !banner && !course.courseBannerUrl;
    if (noThumbnail) setThumbnailError(M.thumbnail);
    if (noBanner) setBannerError(M.banner);
    return !noThumbnail && !noBanner && !thumbnailError && !bannerError;
  };

  const activeInstructors = (instructors.data ?? []).map((i) => i.name);
  // The name the course has stays acceptable when its instructor is no longer active (decision 075).
  const instructorNames = course.instructorName ? [...activeInstructors, course.instructorName] : activeInstructors;

  return (
    <form
      className="rv-form cw-form"
      noValidate
      aria-label="Additional Information"
      onSubmit={(event) => {
        event.preventDefault();
        submit('continue');
      }}
    >
      <p className="cw-guidance">Give the course a headline, its images and a short background summary of at least 50 words.</p>
      <FormTextField control={control} name="headLine" label="Course Headline" />
      <RichTextField form={form} name="overView" label="Course Overview" description="What the course is about and who it is for." />
      <div className="rv-form-grid">
        <FormSelect control={control} name="courseLevel" label="Course Level" items={LEVEL_OPTIONS} placeholder="Select a level" />
        <FormSelect control={control} name="languageId" label="Language" items={(languages.data?.items ?? []).map((l) => ({ id: String(l.id), label: l.name }))} placeholder={languages.isPending ? 'Loading languages…' : 'Select a language'} />
      </div>
      <RichTextField form={form} name="objectives" label="Course Objectives" description="What learners will be able to do by the end." />
      <div className="rv-form-grid">
        <Controller
          control={control}
          name="effort"
          render={({ field, fieldState, formState }) => (
            <TextField
              label="Course Effort"
              name={field.name}
              value={field.value}
              onChange={(typed) => field.onChange(effortAfterEdit(field.value, typed))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              inputMode="numeric"
              placeholder="2 to 4 hours per week"
              description="Type two numbers: hours per week from N (1–9) to M (up to 59)."
              errorMessage={fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined}
            />
          )}
        />
        <InstructorPicker control={control} partner={{ id: course.institutionId, name: course.institution }} active={activeInstructors} stored={course.instructorName} isLoading={instructors.isPending} />
      </div>
      <ErrorAlert error={languages.error ?? instructors.error} />
      <div className="cw-images">
        <PicturePicker
          firstName=""
          lastName=""
          preview="image"
          title="Course thumbnail"
          hint="Guideline 1125 x 796 px. PNG, JPG or GIF, up to 4 MB."
          types={IMAGE_TYPES}
          check={checkCourseImage}
          current={course.courseThumbNailUrl}
          choice={thumbnail}
          onChange={(file) => {
            setThumbnail(file);
            if (file) setThumbnailError(null);
          }}
          error={thumbnailError}
          onError={setThumbnailError}
        />
        <PicturePicker
          firstName=""
          lastName=""
          preview="image"
          title="Course banner"
          hint="Guideline 1024 x 498 px. PNG, JPG or GIF, up to 4 MB."
          types={IMAGE_TYPES}
          check={checkCourseImage}
          current={course.courseBannerUrl}
          choice={banner}
          onChange={(file) => {
            setBanner(file);
            if (file) setBannerError(null);
          }}
          error={bannerError}
          onError={setBannerError}
        />
      </div>
      <PromoVideoField
        course={course}
        choice={promo}
        onChoiceChange={(choice) => {
          setPromo(choice);
          setPromoError(null);
        }}
        onBusyChange={onPromoBusy}
        error={promoError}
      />
      <FormSwitch control={control} name="promote" label="Promote Course" onText="on" offText="off" description="Shows the course among the featured courses on the learner landing page once it is published." />
      <ErrorAlert error={error} />
      {promoBusy ? (
        <p className="cw-wait" role="status">
          {M.promoUploading}
        </p>
      ) : null}
      <div className="rv-wizard__actions">
        <span className="rv-wizard__spacer" />
        <Button variant="secondary" onPress={prev} isDisabled={pending !== null}>
          Back
        </Button>
        <Button variant="secondary" onPress={() => submit('draft')} isPending={pending === 'draft'} isDisabled={pending === 'continue' || promoBusy}>
          Save Draft
        </Button>
        <Button type="submit" isPending={pending === 'continue'} isDisabled={pending === 'draft' || promoBusy}>
          Continue
        </Button>
      </div>
    </form>
  );
}

function RichTextField({ form, name, label, description }: { form: AdditionalInfoStepProps['form']; name: Extract<AdditionalInfoField, 'overView' | 'objectives'>; label: string; description: string }) {
  const { field, fieldState, formState } = useController({ control: form.control, name });
  return (
    <Suspense fallback={<EditorLoading label={label} />}>
      <RichTextEditor
        label={label}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        description={description}
        focusRef={field.ref}
        errorMessage={fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined}
      />
    </Suspense>
  );
}

function EditorLoading({ label }: { label: string }) {
  return (
    <div className="rv-field">
      <span className="rv-field__label">{label}</span>
      <div className="cw-editor-loading" role="status">
        Loading the editor…
      </div>
    </div>
  );
}
