// Step 2, Public Profile: headline, biography and links. Save sends steps 1 and 2 together
// (Account/Admin/UpdateAdminUser); the success popup's Complete returns to the profile.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { updateAdminUser, ADMIN_PROFILE_MESSAGES } from '@rivet/shared/api/admin-profile';
import type { AdminProfile } from '@rivet/shared/api/authentication';
import { ApiError } from '@rivet/shared/client/errors';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormTextField } from '@rivet/shared/ui/form';
import { AlertDialog } from '@rivet/shared/ui/modal';
import type { PictureChoice } from '@rivet/shared/ui/picture-picker';
import { WizardActions, useWizard } from '@rivet/shared/ui/wizard';
import { paths } from '../../paths';
import { BASIC_FIELDS, updateBody, type ProfileField, type ProfileForm, type ProfileFormOutput } from './profile-forms';
import { useAdminProfileSaved } from './use-admin-profile';

const URL_HINT = 'A full address starting with https://';

export interface PublicProfileStepProps {
  form: ProfileForm;
  profile: AdminProfile;
  picture: PictureChoice | null;
  onPictureError: (message: string | null) => void;
  onCancel: () => void;
}

export function PublicProfileStep({ form, profile, picture, onPictureError, onCancel }: PublicProfileStepProps) {
  const { api } = useSessionManager();
  const { goTo } = useWizard();
  const navigate = useNavigate();
  const saved = useAdminProfileSaved();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<AdminProfile | null>(null);
  const { control } = form;

  const saving = useRef<'idle' | 'busy' | 'saved'>('idle');

  const send = async (values: ProfileFormOutput) => {
    setError(null);
    if (!picture && !profile.profilePixUrl) {
      onPictureError(ADMIN_PROFILE_MESSAGES.picture);
      goTo(0);
      return;
    }
    try {
      const answer = await api.send(updateAdminUser, {
        body: updateBody(profile, values),
        files: picture ? { ProfilePix: picture.file } : undefined,
      });
      // Saved: the popup's Complete leads away; nothing is sent again meanwhile.
      saving.current = 'saved';
      setDone(answer.data);
    } catch (failure) {
      setError(failure);
      if (failure instanceof ApiError) {
        let backToBasic = false;
        for (const { field, message } of failure.fieldErrors) {
          if (field === 'ProfilePix') {
            onPictureError(message);
            backToBasic = true;
          } else if (field in form.getValues()) {
            form.setError(field as ProfileField, { message }, { shouldFocus: false });
            backToBasic ||= BASIC_FIELDS.includes(field as ProfileField);
          }
        }
        if (backToBasic) goTo(0);
      }
    }
  };

  // Save checks both steps: a step 1 field found wrong (e.g. opened at ?step=2) is shown there.
  // A second press while one save runs is ignored.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving.current !== 'idle') return;
    saving.current = 'busy';
    const showBasic = (errors: Partial<Record<ProfileField, unknown>>) => {
      if (BASIC_FIELDS.some((field) => errors[field])) goTo(0);
    };
    void form.handleSubmit(send, showBasic)(event).finally(() => {
      if (saving.current === 'busy') saving.current = 'idle';
    });
  };

  return (
    <form className="rv-form" noValidate onSubmit={submit} aria-label="Public Profile">
      <div className="rv-form-grid">
        <FormTextField control={control} name="Headline" label="Headline" description="e.g. E-learning lead, University of Lagos" />
        <FormTextField control={control} name="Website" label="Website" type="url" description={URL_HINT} />
      </div>
      <FormTextField control={control} name="Biography" label="Biography" rows={4} />
      <div className="rv-form-grid">
        <FormTextField control={control} name="Twitter" label="Twitter" type="url" description={URL_HINT} />
        <FormTextField control={control} name="YouTube" label="YouTube" type="url" description={URL_HINT} />
        <FormTextField control={control} name="FaceBook" label="FaceBook" type="url" description={URL_HINT} />
        <FormTextField control={control} name="LinkedIn" label="LinkedIn" type="url" description={URL_HINT} />
      </div>
      <ErrorAlert error={error} />
      <WizardActions nextLabel="Save" isPending={form.formState.isSubmitting} isNextDisabled={!form.formState.isValid}>
        <Button variant="ghost" onPress={onCancel}>
          Cancel
        </Button>
      </WizardActions>
      <AlertDialog
        isOpen={done !== null}
        tone="success"
        title={ADMIN_PROFILE_MESSAGES.updated}
        actionLabel="Complete"
        onAction={() => {
          if (done) saved(done);
          setDone(null);
          void navigate(paths.profile);
        }}
      >
        Your details are saved.
      </AlertDialog>
    </form>
  );
}
