// Step 1, Basic Setup (spec 001 §2.2, §5): the start date is typed through §5's yyyy-mm-dd mask
// (a browser date input would show the browser's own format instead). Continue saves the draft (Course/CreateUpdate) and
// moves on to Additional Information. Platform authors also choose the partner.
import { useRef, useState, type FormEvent } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { createUpdateCourse, type CourseDraft } from '@rivet/shared/api/course-authoring';
import { COURSE_TYPES, dateAfterEdit } from '@rivet/shared/domain/course-authoring';
import { ApiError } from '@rivet/shared/client/errors';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormTextField } from '@rivet/shared/ui/form';
import { FormSelect } from '@rivet/shared/ui/form-choice';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { WizardActions } from '@rivet/shared/ui/wizard';
import { FormRadioGroup, FormSwitch } from './choice-fields';
import { BASIC_SERVER_FIELDS, basicSetupBody, type BasicSetupValues } from './course-forms';
import { useCategories, usePartners } from './use-course-wizard';

const TYPE_OPTIONS = COURSE_TYPES.map((t) => ({ id: String(t.id), label: t.name }));
const PRICING_OPTIONS = [
  { id: 'paid', label: 'Paid' },
  { id: 'free', label: 'Free' },
];

export interface BasicSetupStepProps {
  // The form's output type is the schema's; the step only reads and writes its input values.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<BasicSetupValues, unknown, any>;
  course: CourseDraft | null;
  /** Platform authors choose the partner; an institution's staff create for their own. */
  choosesPartner: boolean;
  onSaved: (courseId: number) => Promise<void>;
}

export function BasicSetupStep({ form, course, choosesPartner, onSaved }: BasicSetupStepProps) {
  const { api } = useSessionManager();
  const categories = useCategories();
  const partners = usePartners(choosesPartner && !course);
  const [error, setError] = useState<unknown>(null);
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const { control } = form;

  const categoryOptions = (categories.data?.items ?? []).map((c) => ({ id: String(c.id), label: c.name }));
  // A draft keeps a category that has since been switched off.
  if (course && !categoryOptions.some((o) => o.id === String(course.courseCategoryId))) {
    categoryOptions.push({ id: String(course.courseCategoryId), label: course.courseCategoryName });
  }

  const save = async (values: BasicSetupValues) => {
    setError(null);
    try {
      const answer = await api.send(createUpdateCourse, { body: basicSetupBody(values, course?.courseId ?? null) });
      toast.success(answer.description);
      await onSaved(answer.data);
    } catch (failure) {
      setError(failure);
      if (failure instanceof ApiError) {
        for (const { field, message } of failure.fieldErrors) {
          const name = BASIC_SERVER_FIELDS[field];
          if (name) form.setError(name, { message }, { shouldFocus: true });
        }
      }
    }
  };

  // §5: a second Continue while one save runs is ignored.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    void form.handleSubmit(save)(event).finally(() => {
      busy.current = false;
      setPending(false);
    });
  };

  return (
    <form className="rv-form cw-form" noValidate onSubmit={submit} aria-label="Basic Setup">
      {choosesPartner ? (
        course ? (
          <p className="cw-partner">
            Partner: <strong>{course.institution}</strong>
          </p>
        ) : (
          <FormSelect
            control={control}
            name="institutionId"
            label="Partner"
            placeholder={partners.isPending ? 'Loading partners…' : 'Select the partner'}
            items={(partners.data?.items ?? []).map((p) => ({ id: String(p.id), label: `${p.fullName} (${p.name})` }))}
            description="The partner institution this course belongs to."
          />
        )
      ) : null}
      <FormTextField control={control} name="title" label="Title" />
      <FormTextField control={control} name="description" label="Description" rows={4} />
      <div className="rv-form-grid">
        <FormSelect
          control={control}
          name="courseCategoryId"
          label="Course Category"
          placeholder={categories.isPending ? 'Loading categories…' : 'Select a category'}
          items={categoryOptions}
        />
        <Controller
          control={control}
          name="startDate"
          render={({ field, fieldState, formState }) => (
            <TextField
              label="Start Date"
              name={field.name}
              value={field.value}
              onChange={(typed) => field.onChange(dateAfterEdit(field.value, typed))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              inputMode="numeric"
              placeholder="yyyy-mm-dd"
              description="Year, month and day, e.g. 2026-12-01"
              errorMessage={fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined}
            />
          )}
        />
      </div>
      <ErrorAlert error={categories.error ?? partners.error} />
      <div className="rv-form-grid">
        <FormRadioGroup control={control} name="courseType" label="Course Type" options={TYPE_OPTIONS} />
        <FormRadioGroup control={control} name="pricing" label="Pricing" options={PRICING_OPTIONS} />
      </div>
      <FormSwitch control={control} name="hasSurvey" label="EOC survey" onText="activated" offText="Deactivated" description="Learners answer an end-of-course survey (chosen in a later step)." />
      <ErrorAlert error={error} />
      <WizardActions nextLabel="Continue" isPending={pending} />
    </form>
  );
}
