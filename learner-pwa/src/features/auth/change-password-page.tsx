// Two ways in: a signed-in learner asked to change their password, or anyone holding the link
// from a reset e-mail (?token=…), who has no current password to give.
import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { ChangePasswordForm, ResetPasswordForm } from '@rivet/shared/ui/password-forms';
import { paths } from '../../paths';
import './auth.css';

export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { profile } = useSession();
  const manager = useSessionManager();
  const navigate = useNavigate();
  const location = useLocation();
  const changed = () => void navigate(paths.passwordChanged, { replace: true });

  if (token) {
    return (
      <Shell>
        <ResetPasswordForm token={token} onDone={changed} />
      </Shell>
    );
  }
  if (!profile) return <Navigate to={paths.home} replace state={{ from: location.pathname }} />;
  return (
    <Shell>
      <ChangePasswordForm
        userName={profile.userName}
        onChanged={async () => {
          // The server signs out the user's other sessions; this one starts again from the sign-in panel.
          await manager.signOut();
          changed();
        }}
      />
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="change-title">
        <h1 id="change-title" className="auth-card__title">
          Change Password
        </h1>
        <p className="auth-card__lead">You are about to change password</p>
        {children}
      </section>
    </div>
  );
}
