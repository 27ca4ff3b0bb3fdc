import { useNavigate } from 'react-router';
import { Link } from '@rivet/shared/ui/link';
import { ForgotPasswordForm } from '@rivet/shared/ui/password-forms';
import { useHydrating } from '../../hooks/use-hydrating';
import { paths } from '../../paths';
import './auth.css';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  // Drawn by the server (docs/decisions/073): the form takes no input until the app has taken the page over.
  const hydrating = useHydrating();
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title" className="auth-card__title">
          Forgot password
        </h1>
        <p className="auth-card__lead">Put in your email to reset your password</p>
        <div inert={hydrating}>
          <ForgotPasswordForm audience="learner" onDone={() => void navigate(paths.login, { replace: true })} />
        </div>
        <p className="auth-card__footer">
          <Link href={paths.login}>Back to Login</Link>
        </p>
      </section>
    </div>
  );
}
