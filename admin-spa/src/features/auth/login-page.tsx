import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Navigate, useNavigate } from 'react-router';
import { adminSignIn, adminSignInSchema } from '@rivet/shared/api/authentication';
import { SESSION_TIMED_OUT } from '@rivet/shared/client/errors';
import { adminDestination } from '@rivet/shared/domain/sign-in-destination';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormPasswordField, FormTextField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Link } from '@rivet/shared/ui/link';
import { toast } from '@rivet/shared/ui/toast';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { paths } from '../../paths';
import { AuthShell } from './components/auth-shell';

export function LoginPage() {
  const manager = useSessionManager();
  const { profile, timedOut } = useSession();
  const navigate = useNavigate();
  // Only someone who arrives already signed in is sent on; a sign-in from this page navigates itself.
  const [arrivedSignedIn] = useState(() => profile !== null);
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm(adminSignInSchema, { defaultValues: { userName: '', password: '' } });

  const submit = useSingleSubmit(form, async (body) => {
    setError(null);
    try {
      const session = await manager.api.call(adminSignIn, { body });
      const saved = manager.savedLocation();
      manager.signedIn(session);
      manager.clearSavedLocation();
      toast.success('Login successfully');
      void navigate(adminDestination({ userId: session.userId, isFirstLogin: session.isFirstLogin, saved }), { replace: true });
    } catch (failure) {
      setError(failure);
    }
  });

  if (arrivedSignedIn && profile) {
    return <Navigate to={profile.isFirstLogin ? paths.changePassword : paths.dashboard} replace />;
  }

  return (
    <AuthShell title="Welcome to the admin app" intro="Sign in with your staff username and password.">
      {timedOut && !error ? <InlineAlert tone="warning" title={SESSION_TIMED_OUT}>Please sign in again to continue.</InlineAlert> : null}
      <ErrorAlert error={error} />
      <Form className="auth-form" onSubmit={submit} validationBehavior="aria">
        <FormTextField control={form.control} name="userName" label="Username" autoComplete="username" autoFocus />
        <FormPasswordField control={form.control} name="password" label="Password" autoComplete="current-password" />
        <div className="auth-form__row">
          <Link href={paths.forgotPassword}>Forgot Password</Link>
        </div>
        <Button type="submit" size="lg" fullWidth isPending={form.formState.isSubmitting}>
          Login
        </Button>
      </Form>
    </AuthShell>
  );
}
