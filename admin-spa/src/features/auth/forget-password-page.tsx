import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from 'react-router';
import * as v from 'valibot';
import { forgotPassword, forgotPasswordSchema } from '@rivet/shared/api/authentication';
import { AlertDialog } from '@rivet/shared/ui/modal';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormTextField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { Link } from '@rivet/shared/ui/link';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { paths } from '../../paths';
import { AuthShell } from './components/auth-shell';

// Staff reset by user name; the student flag is fixed, not a field.
const formSchema = v.pick(forgotPasswordSchema, ['userName']);

export function ForgetPasswordPage() {
  const manager = useSessionManager();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm(formSchema, { defaultValues: { userName: '' } });

  const submit = useSingleSubmit(form, async ({ userName }) => {
    setError(null);
    try {
      await manager.api.call(forgotPassword, { body: { userName, student: false } });
      setSentTo(userName);
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <AuthShell title="Forgot Password" intro="Put in your username to reset your password">
      <ErrorAlert error={error} />
      <Form className="auth-form" onSubmit={submit} validationBehavior="aria">
        <FormTextField control={form.control} name="userName" label="Username" autoComplete="username" autoFocus />
        <Button type="submit" size="lg" fullWidth isPending={form.formState.isSubmitting}>
          Reset Password
        </Button>
        <div className="auth-form__footer">
          <Link href={paths.login}>Back to login</Link>
        </div>
      </Form>
      <AlertDialog
        isOpen={sentTo !== null}
        tone="success"
        title="Password Reset"
        actionLabel="Got it"
        onAction={() => void navigate(paths.login, { replace: true })}
      >
        If <strong>{sentTo}</strong> has a staff account, we have sent a link to its e-mail address to set a new password. The link works
        for 30 minutes.
      </AlertDialog>
    </AuthShell>
  );
}
