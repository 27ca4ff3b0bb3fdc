// The sign-in panel on the landing page (spec: /login redirects here).
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { studentSignIn, studentSignInSchema } from '@rivet/shared/api/authentication';
import { ApiError } from '@rivet/shared/client/errors';
import { learnerDestination } from '@rivet/shared/domain/sign-in-destination';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { useLightForm } from '@rivet/shared/ui/light-form';
import { PasswordField } from '@rivet/shared/ui/password-field';
import { TextField } from '@rivet/shared/ui/text-field';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Link } from '@rivet/shared/ui/link';
import { toast } from '@rivet/shared/ui/toast';
import { paths } from '../../paths';
import { readSignInState, signInReasonText } from '../../sign-in-state';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { ExternalLogins } from './external-logins';
import './auth.css';

export function SignInPanel() {
  const manager = useSessionManager();
  const { profile, timedOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<unknown>(null);
  const panelRef = useRef<HTMLElement>(null);
  // The light binding keeps the form library out of the landing page's first load (decision 004).
  const form = useLightForm(studentSignInSchema, { userName: '', password: '' });
  const carriedState = readSignInState(location.state);
  const reason = signInReasonText(carriedState);

  // The header's 'Sign In' (and /login) land on '/#sign-in': bring the panel into view on phones.
  useEffect(() => {
    if (location.hash === '#sign-in' && panelRef.current) {
      panelRef.current.scrollIntoView({ block: 'start' });
      panelRef.current.querySelector('input')?.focus({ preventScroll: true });
    }
  }, [location.hash, location.key]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const envelope = await manager.api.send(studentSignIn, { body: values });
      if (!envelope.success) throw new ApiError('http', envelope.description);
      const session = envelope.data;
      const carried = carriedState.from ?? null;
      const destination = learnerDestination({
        userId: session.userId,
        isFirstLogin: session.isFirstLogin,
        carried,
        saved: manager.savedLocation(),
      });
      manager.signedIn(session);
      manager.clearSavedLocation();
      toast.success('Login successfully');
      void navigate(destination, { replace: true });
    } catch (caught) {
      setError(caught);
    }
  });

  if (profile) {
    return (
      <section className="auth-card sign-in-panel" aria-labelledby="sign-in-title" id="sign-in" ref={panelRef}>
        <h2 id="sign-in-title" className="auth-card__title">
          Welcome back, {profile.firstName}
        </h2>
        <p className="auth-card__lead">You are signed in. Pick up where you left off.</p>
        <div className="auth-card__actions">
          <ButtonLink href={paths.dashboard} fullWidth>
            My Dashboard
          </ButtonLink>
          <ButtonLink href={paths.discovery} variant="secondary" fullWidth>
            Explore courses
          </ButtonLink>
        </div>
      </section>
    );
  }

  return (
    <section className="auth-card sign-in-panel" aria-labelledby="sign-in-title" id="sign-in" ref={panelRef}>
      <h2 id="sign-in-title" className="auth-card__title">
        Sign In
      </h2>
      <p className="auth-card__lead">
        New user?{' '}
        {/* Sign-up carries the same return route, so a new learner comes back to the course too. */}
        <Link href={paths.register} routerOptions={carriedState.from ? { state: carriedState } : undefined} className="auth-card__strong-link">
          create an account
        </Link>
      </p>
      <form className="auth-form" noValidate onSubmit={submit}>
        {timedOut ? <InlineAlert tone="warning" title="Session timed out" /> : reason ? <InlineAlert tone="info" title={reason} /> : null}
        <TextField {...form.field('userName')} label="Email" type="email" autoComplete="username" inputMode="email" placeholder="you@example.com" />
        <PasswordField {...form.field('password')} label="Password" autoComplete="current-password" />
        <div className="auth-form__row">
          <Link href={paths.forgotPassword}>Forgot password?</Link>
        </div>
        <ErrorAlert error={error} />
        <Button type="submit" fullWidth size="lg" isPending={form.submitting}>
          Start learning
        </Button>
      </form>
      <ExternalLogins title="Or sign in with" />
    </section>
  );
}
