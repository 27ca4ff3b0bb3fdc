// Two ways in: a signed-in learner asked to change their password, or anyone holding the link
// from a reset e-mail (?token=…), who has no current password to give.
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { changePassword, changePasswordFormSchema, resetPassword, resetPasswordFormSchema } from '@rivet/shared/api/authentication';
import { ApiError } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormPasswordField, useSchemaForm } from '@rivet/shared/ui/form';
import { paths } from '../../paths';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import './auth.css';

export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { profile } = useSession();
  const location = useLocation();

  if (token) return <ResetWithToken token={token} />;
  if (!profile) return <Navigate to={paths.home} replace state={{ from: location.pathname }} />;
  return <ChangeSignedIn userName={profile.userName} />;
}

function Shell({ lead, children }: { lead: string; children: React.ReactNode }) {
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="change-title">
        <h1 id="change-title" className="auth-card__title">
          Change Password
        </h1>
        <p className="auth-card__lead">{lead}</p>
        {children}
      </section>
    </div>
  );
}

function ChangeSignedIn({ userName }: { userName: string }) {
  const manager = useSessionManager();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm(changePasswordFormSchema, { defaultValues: { userName, oldPassword: '', password: '', confirmPassword: '' } });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const envelope = await manager.api.send(changePassword, {
        body: { userName: values.userName, oldPassword: values.oldPassword, password: values.password },
      });
      if (!envelope.success) throw new ApiError('http', envelope.description);
      // The server signs out the user's other sessions; this one starts again from the sign-in panel.
      await manager.signOut();
      void navigate(paths.passwordChanged, { replace: true });
    } catch (caught) {
      setError(caught);
    }
  });

  return (
    <Shell lead="You are about to change password">
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <FormPasswordField control={form.control} name="oldPassword" label="Current Password" autoComplete="current-password" deps="password" />
        <FormPasswordField control={form.control} name="password" label="New Password" autoComplete="new-password" showToggle={false} deps="confirmPassword" />
        <FormPasswordField control={form.control} name="confirmPassword" label="Confirm New Password" autoComplete="new-password" showToggle={false} />
        <ErrorAlert error={error} />
        <Button type="submit" fullWidth size="lg" isPending={form.formState.isSubmitting}>
          Change Password
        </Button>
      </form>
    </Shell>
  );
}

function ResetWithToken({ token }: { token: string }) {
  const { api } = useSessionManager();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm(resetPasswordFormSchema, { defaultValues: { token, password: '', confirmPassword: '' } });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const envelope = await api.send(resetPassword, { body: { token: values.token, password: values.password } });
      if (!envelope.success) throw new ApiError('http', envelope.description);
      void navigate(paths.passwordChanged, { replace: true });
    } catch (caught) {
      setError(caught);
    }
  });

  return (
    <Shell lead="You are about to change password">
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <FormPasswordField control={form.control} name="password" label="New Password" autoComplete="new-password" deps="confirmPassword" />
        <FormPasswordField control={form.control} name="confirmPassword" label="Confirm New Password" autoComplete="new-password" showToggle={false} />
        {form.formState.errors.token ? <ErrorAlert error={new Error(form.formState.errors.token.message)} /> : null}
        <ErrorAlert error={error} />
        <Button type="submit" fullWidth size="lg" isPending={form.formState.isSubmitting}>
          Change Password
        </Button>
      </form>
    </Shell>
  );
}
