// /change-password serves three cases: a forced change on first sign-in, a voluntary change, and
// a reset from an e-mailed link (?token=…), which needs no session.
import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '@rivet/shared/client/session-context';
import { paths } from '../../paths';
import { AuthShell } from './components/auth-shell';
import { ChangePasswordForm } from './components/change-password-form';
import { ResetPasswordForm } from './components/reset-password-form';

export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const { profile } = useSession();
  const token = params.get('token');

  if (token) {
    return (
      <AuthShell title="Change Password" intro="Choose a new password for your account.">
        <ResetPasswordForm token={token} />
      </AuthShell>
    );
  }
  if (!profile) return <Navigate to={paths.login} replace />;
  return (
    <AuthShell
      title="Change Password"
      intro={profile.isFirstLogin ? 'You are about to change password. Choose your own password before you continue.' : 'You are about to change password'}
    >
      <ChangePasswordForm profile={profile} />
    </AuthShell>
  );
}
