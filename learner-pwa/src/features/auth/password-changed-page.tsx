import { useNavigate } from 'react-router';
import { Button } from '@rivet/shared/ui/button';
import { paths } from '../../paths';
import './auth.css';

export function PasswordChangedPage() {
  const navigate = useNavigate();
  return (
    <div className="auth-page">
      <section className="auth-card auth-card--center" aria-labelledby="changed-title">
        <svg className="auth-card__icon" width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <circle cx="12" cy="12" r="10" />
          <path d="M7 12.5l3.5 3.5L17 9" />
        </svg>
        <h1 id="changed-title" className="auth-card__title">
          Password Changed
        </h1>
        <p className="auth-card__lead">Your password has been changed. Sign in with your new password to continue learning.</p>
        <Button fullWidth size="lg" onPress={() => void navigate(paths.login, { replace: true })}>
          Got it
        </Button>
      </section>
    </div>
  );
}
