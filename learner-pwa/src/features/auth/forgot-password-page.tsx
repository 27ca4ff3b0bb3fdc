import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@rivet/shared/ui/link';
import { AlertDialog } from '@rivet/shared/ui/modal';
import { ForgotPasswordForm } from '@rivet/shared/ui/password-forms';
import { paths } from '../../paths';
import './auth.css';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title" className="auth-card__title">
          Forgot password
        </h1>
        <p className="auth-card__lead">Put in your email to reset your password</p>
        <ForgotPasswordForm audience="learner" onSent={setSentTo} />
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
