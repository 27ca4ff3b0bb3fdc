// The "Create Course Category" / "Edit Course Category" side drawer (spec 001 §2.9, §5): name and
// code, Save disabled until both are filled, and on edit only the changed field is sent. The code
// is shown as it will be stored (upper case, dashes), so what is typed is what is saved.
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CATEGORY_CODE_MAX, CATEGORY_MESSAGES as M, CATEGORY_NAME_MAX, createCategorySchema, normaliseCategoryCode } from '@rivet/shared/api/course-configuration';
import type { CourseCategory } from '@rivet/shared/api/reference';
import { errorMessage } from '@rivet/shared/client/errors';
import { FormTextField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { FormDialog } from '../../components/form-dialog';
import { useCourseCategoryCalls } from './use-course-categories';

export interface CategoryDrawerProps {
  /** The category to edit; null to create one. */
  category: CourseCategory | null;
  onClose: () => void;
  onSaved: () => void;
}

export function CategoryDrawer({ category, onClose, onSaved }: CategoryDrawerProps) {
  const calls = useCourseCategoryCalls();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm(createCategorySchema, { defaultValues: { name: category?.name ?? '', code: category?.code ?? '' } });
  const [name, code] = useWatch({ control: form.control, name: ['name', 'code'] });
  const filled = Boolean(name?.trim()) && Boolean(code?.trim());
  const unchanged = category !== null && name?.trim() === category.name && normaliseCategoryCode(code?.trim() ?? '') === category.code;

  const onSubmit = useSingleSubmit(form, async (values) => {
    setFailure(null);
    setSaving(true);
    try {
      const res = category
        ? await calls.update(category.id, {
            ...(values.name !== category.name ? { name: values.name } : {}),
            ...(values.code !== category.code ? { code: values.code } : {}),
          })
        : await calls.create(values);
      toast.success(res.description || (category ? M.updated : M.created));
      onSaved();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormDialog
      title={category ? 'Edit Course Category' : 'Create Course Category'}
      formId="course-category-form"
      className="rv-form"
      placement="end"
      submitLabel="Save"
      saving={saving}
      isSubmitDisabled={!filled || unchanged}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {failure ? (
        <InlineAlert tone="error" title={category ? 'Failed to update course category' : 'Failed to create course category'}>
          {failure}
        </InlineAlert>
      ) : null}
      <FormTextField control={form.control} name="name" label="Name" maxLength={CATEGORY_NAME_MAX} autoFocus />
      <Controller
        control={form.control}
        name="code"
        render={({ field, fieldState, formState }) => (
          <TextField
            label="Code"
            name={field.name}
            value={field.value ?? ''}
            onChange={(text) => field.onChange(normaliseCategoryCode(text))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            autoComplete="off"
            maxLength={CATEGORY_CODE_MAX}
            description="Capital letters, digits and dashes, e.g. DIGITAL-SKILLS."
            errorMessage={fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined}
          />
        )}
      />
    </FormDialog>
  );
}
