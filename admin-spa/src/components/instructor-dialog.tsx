// Add or rename one of a partner's instructors (decision 075): the Instructors screen's drawer and
// the course wizard's "Add instructor" both open it, so an author never leaves the step to add one.
// Save waits for a name (and, on rename, a different one); the server's reason (a name the partner
// already has) is shown in the dialog, which stays open with what was typed.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { INSTRUCTOR_MESSAGES as M, INSTRUCTOR_NAME_MAX, createInstructor, instructorName, normaliseInstructorName, updateInstructor, type ManagedInstructor } from '@rivet/shared/api/instructors';
import { errorMessage } from '@rivet/shared/client/errors';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { FormTextField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { toast } from '@rivet/shared/ui/toast';
import { FormDialog } from './form-dialog';

/** Every query that lists instructors starts with this key (the screen's and the wizard's). */
export const INSTRUCTORS_KEY = ['instructors'] as const;

const nameSchema = v.object({ name: instructorName() });

export interface InstructorDialogProps {
  /** The partner a new instructor joins, and its name for the title. */
  partner: { id: number; name: string };
  /** The instructor to rename; absent to add one. */
  instructor?: ManagedInstructor | null;
  /** What the name field starts with when adding (the wizard passes what the author typed). */
  initialName?: string;
  /** 'end' (a side drawer) on the Instructors screen; centred over the wizard. */
  placement?: 'center' | 'end';
  onClose: () => void;
  onSaved: (instructor: ManagedInstructor) => void;
}

export function InstructorDialog({ partner, instructor = null, initialName = '', placement = 'center', onClose, onSaved }: InstructorDialogProps) {
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm(nameSchema, { defaultValues: { name: instructor?.name ?? initialName } });
  const typed = normaliseInstructorName(useWatch({ control: form.control, name: 'name' }) ?? '');
  const unchanged = instructor !== null && typed === instructor.name;

  const submit = useSingleSubmit(form, async ({ name }) => {
    setFailure(null);
    setSaving(true);
    try {
      const res = instructor ? await api.send(updateInstructor, { body: { id: instructor.id, name } }) : await api.send(createInstructor, { body: { institutionId: partner.id, name } });
      toast.success(res.description || (instructor ? M.updated : M.created));
      // The wizard's dropdown and the screen's lists alike.
      await queryClient.invalidateQueries({ queryKey: INSTRUCTORS_KEY });
      onSaved(res.data);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  });
  // A portal's events still bubble through React's tree: the wizard's own form must not see this submit.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    submit(event);
  };

  return (
    <FormDialog
      title={instructor ? 'Edit Instructor' : 'Add Instructor'}
      formId="instructor-form"
      className="rv-form"
      placement={placement}
      size="sm"
      submitLabel="Save"
      saving={saving}
      isSubmitDisabled={!typed || unchanged}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {failure ? (
        <InlineAlert tone="error" title={instructor ? M.updateFailed : M.createFailed}>
          {failure}
        </InlineAlert>
      ) : null}
      <FormTextField
        control={form.control}
        name="name"
        label="Instructor Name"
        maxLength={INSTRUCTOR_NAME_MAX}
        autoComplete="off"
        autoFocus
        description={instructor ? 'Courses already saved keep the name they have.' : `Joins ${partner.name}’s instructors, offered to every author of its courses.`}
      />
    </FormDialog>
  );
}
