// Set a new password from the link in a reset e-mail; no current password, no session needed.
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { resetPassword, resetPasswordFormSchema } from '@rivet/shared/api/authentication';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormPasswordField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { Link } from '@rivet/shared/ui/link';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { paths } from '../../../paths';
import { PASSWORD_HINT } from './password-rule';

export function ResetPasswordForm({ token }: { token: string }) {
  const manager = useSessionManager();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm(resetPasswordFormSchema, { defaultValues: { token, password: '', confirmPassword: '' } });

  const submit = useSingleSubmit(form, async ({ confirmPassword: _confirm, ...body }) => {
    setError(null);
    try {
      await manager.api.call(resetPassword, { body });
      void navigate(paths.passwordChanged, { replace: true });
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <>
      <ErrorAlert error={error ?? (form.formState.errors.token ? new Error(form.formState.errors.token.message) : null)} />
      <Form className="auth-form" onSubmit={submit} validationBehavior="aria">
        <FormPasswordField
          control={form.control}
          name="password"
          label="New Password"
          autoComplete="new-password"
          description={PASSWORD_HINT}
          autoFocus
        />
        <FormPasswordField control={form.control} name="confirmPassword" label="Confirm New Password" autoComplete="new-password" showToggle={false} />
        <Button type="submit" size="lg" fullWidth isPending={form.formState.isSubmitting}>
          Change Password
        </Button>
        <div className="auth-form__footer">
          <Link href={paths.login}>Back to login</Link>
        </div>
      </Form>
    </>
  );
}
