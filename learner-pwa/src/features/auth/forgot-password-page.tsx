import { useState } from 'react';
import { useNavigate } from 'react-router';
import { forgotPassword, learnerForgotPasswordFormSchema } from '@rivet/shared/api/authentication';
import { ApiError } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormTextField, useSchemaForm } from '@rivet/shared/ui/form';
import { Link } from '@rivet/shared/ui/link';
import { AlertDialog } from '@rivet/shared/ui/modal';
import { paths } from '../../paths';
import { useSessionManager } from '@rivet/shared/client/session-context';
import './auth.css';

export function ForgotPasswordPage() {
  const { api } = useSessionManager();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm(learnerForgotPasswordFormSchema, { defaultValues: { userName: '', student: true } });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const envelope = await api.send(forgotPassword, { body: { userName: values.userName, student: true } });
      if (!envelope.success) throw new ApiError('http', envelope.description);
      setSentTo(values.userName);
    } catch (caught) {
      setError(caught);
    }
  });

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title" className="auth-card__title">
          Forgot password
        </h1>
        <p className="auth-card__lead">Put in your email to reset your password</p>
        <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
          <FormTextField control={form.control} name="userName" label="Email" type="email" inputMode="email" autoComplete="username" />
          <ErrorAlert error={error} />
          <Button type="submit" fullWidth size="lg" isPending={form.formState.isSubmitting}>
            Reset Password
          </Button>
        </form>
        <p className="auth-card__footer">
          <Link href={paths.login}>Back to Login</Link>
        </p>
      </section>
      <AlertDialog
        isOpen={sentTo !== null}
        tone="success"
        title="Password Reset"
        actionLabel="Got it"
        onAction={() => void navigate(paths.login, { replace: true })}
      >
        If an account exists for <strong>{sentTo}</strong>, we have sent it an e-mail with a link to reset your password. Check your
        e-mail (and the spam folder); the link works for 30 minutes.
      </AlertDialog>
    </div>
  );
}
