// Change while signed in: forced on a first sign-in, or chosen by the user.
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { changePassword, changePasswordFormSchema } from '@rivet/shared/api/authentication';
import { isApiError } from '@rivet/shared/client/errors';
import type { SessionProfile } from '@rivet/shared/client/session';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormPasswordField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { toast } from '@rivet/shared/ui/toast';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { paths } from '../../../paths';
import { PASSWORD_HINT } from './password-rule';

export function ChangePasswordForm({ profile }: { profile: SessionProfile }) {
  const manager = useSessionManager();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const forced = profile.isFirstLogin;
  const form = useSchemaForm(changePasswordFormSchema, {
    defaultValues: { userName: profile.userName, oldPassword: '', password: '', confirmPassword: '' },
  });

  // The server's session is the truth about isFirstLogin; fall back to a local update only when it
  // cannot be asked (a rejected refresh already ends the session and sends the user to sign in).
  async function clearFirstLogin() {
    try {
      await manager.api.refresh();
    } catch (failure) {
      if (isApiError(failure) && failure.kind === 'session-expired') throw failure;
      manager.updateProfile({ isFirstLogin: false });
    }
  }

  const submit = useSingleSubmit(form, async ({ confirmPassword: _confirm, ...body }) => {
    setError(null);
    try {
      const { description } = await manager.api.send(changePassword, { body });
      if (forced) await clearFirstLogin();
      toast.success(description || 'Password changed successfully');
      void navigate(paths.dashboard, { replace: true });
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <>
      <ErrorAlert error={error} />
      <Form className="auth-form" onSubmit={submit} validationBehavior="aria">
        <input type="text" name="username" autoComplete="username" value={profile.userName} readOnly hidden />
        <FormPasswordField control={form.control} name="oldPassword" label="Current Password" autoComplete="current-password" autoFocus />
        <FormPasswordField
          control={form.control}
          name="password"
          label="New Password"
          autoComplete="new-password"
          description={PASSWORD_HINT}
          showToggle={false}
        />
        <FormPasswordField control={form.control} name="confirmPassword" label="Confirm New Password" autoComplete="new-password" showToggle={false} />
        <Button type="submit" size="lg" fullWidth isPending={form.formState.isSubmitting}>
          Change Password
        </Button>
        <div className="auth-form__footer">
          {forced ? (
            <Button variant="ghost" onPress={() => void manager.signOut().then(() => navigate(paths.login, { replace: true }))}>
              Logout
            </Button>
          ) : (
            <ButtonLink variant="ghost" href={paths.dashboard}>
              Back to dashboard
            </ButtonLink>
          )}
        </div>
      </Form>
    </>
  );
}
