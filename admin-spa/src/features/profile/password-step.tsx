// Step 3, Password and Settings: the signed-in admin changes their password (Account/User/
// ChangePassword with UserName, OldPassword, Password). This session stays signed in; the server
// signs out the admin's other sessions.
import { useState } from 'react';
import { changePassword, changePasswordFormSchema } from '@rivet/shared/api/authentication';
import { ApiError } from '@rivet/shared/client/errors';
import { useProfile, useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormPasswordField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { AlertDialog } from '@rivet/shared/ui/modal';
import { WizardActions } from '@rivet/shared/ui/wizard';

const PASSWORD_HINT = '8 to 20 characters with an uppercase and a lowercase letter, a number and a special character; no spaces';

export function PasswordStep({ onCancel }: { onCancel: () => void }) {
  const { api } = useSessionManager();
  const { userName } = useProfile();
  const empty = { userName, oldPassword: '', password: '', confirmPassword: '' };
  const form = useSchemaForm(changePasswordFormSchema, { defaultValues: empty });
  const [error, setError] = useState<unknown>(null);
  const [changed, setChanged] = useState<string | null>(null);

  const submit = useSingleSubmit(form, async ({ confirmPassword: _confirm, ...body }) => {
    setError(null);
    try {
      const { description } = await api.send(changePassword, { body });
      form.reset(empty);
      setChanged(description || 'Password changed successfully');
    } catch (failure) {
      setError(failure);
      if (failure instanceof ApiError) {
        for (const { field, message } of failure.fieldErrors) {
          if (field === 'oldPassword' || field === 'password') form.setError(field, { message });
        }
      }
    }
  });

  return (
    <form className="update-profile__form update-profile__form--narrow" noValidate onSubmit={submit} aria-label="Password and Settings">
      <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
      <FormPasswordField control={form.control} name="oldPassword" label="Current Password" autoComplete="current-password" />
      <FormPasswordField control={form.control} name="password" label="New Password" autoComplete="new-password" description={PASSWORD_HINT} deps="confirmPassword" />
      <FormPasswordField control={form.control} name="confirmPassword" label="Confirm New Password" autoComplete="new-password" showToggle={false} />
      <ErrorAlert error={error} />
      <WizardActions nextLabel="Change Password" isPending={form.formState.isSubmitting} isNextDisabled={!form.formState.isValid}>
        <Button variant="ghost" onPress={onCancel}>
          Cancel
        </Button>
      </WizardActions>
      <AlertDialog isOpen={changed !== null} tone="success" title={changed ?? ''} actionLabel="Go to Password Settings" onAction={() => setChanged(null)}>
        Use your new password the next time you sign in.
      </AlertDialog>
    </form>
  );
}
