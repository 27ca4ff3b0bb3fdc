// /change-password serves three cases: a forced change on first sign-in, a voluntary change, and
// a reset from an e-mailed link (?token=…), which needs no session.
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@rivet/shared/client/errors';
import type { SessionManager } from '@rivet/shared/client/session';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import { ChangePasswordForm, ResetPasswordForm } from '@rivet/shared/ui/password-forms';
import { toast } from '@rivet/shared/ui/toast';
import { paths } from '../../paths';
import { AuthShell } from './components/auth-shell';

// The server's session is the truth about isFirstLogin; fall back to a local update only when it
// cannot be asked (a rejected refresh already ends the session and sends the user to sign in).
async function clearFirstLogin(manager: SessionManager) {
  try {
    await manager.api.refresh();
  } catch (failure) {
    if (isApiError(failure) && failure.kind === 'session-expired') throw failure;
    manager.updateProfile({ isFirstLogin: false });
  }
}

export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const { profile } = useSession();
  const manager = useSessionManager();
  const navigate = useNavigate();
  const token = params.get('token');

  if (token) {
    return (
      <AuthShell title="Change Password" intro="Choose a new password for your account.">
        <ResetPasswordForm
          token={token}
          autoFocus
          onDone={() => void navigate(paths.passwordChanged, { replace: true })}
          footer={<Link href={paths.login}>Back to login</Link>}
        />
      </AuthShell>
    );
  }
  if (!profile) return <Navigate to={paths.login} replace />;
  const forced = profile.isFirstLogin;
  return (
    <AuthShell
      title="Change Password"
      intro={forced ? 'You are about to change password. Choose your own password before you continue.' : 'You are about to change password'}
    >
      <ChangePasswordForm
        userName={profile.userName}
        autoFocus
        onChanged={async (description) => {
          if (forced) await clearFirstLogin(manager);
          toast.success(description || 'Password changed successfully');
          void navigate(paths.dashboard, { replace: true });
        }}
        footer={
          forced ? (
            <Button variant="ghost" onPress={() => void manager.signOut().then(() => navigate(paths.login, { replace: true }))}>
              Logout
            </Button>
          ) : (
            <ButtonLink variant="ghost" href={paths.dashboard}>
              Back to dashboard
            </ButtonLink>
          )
        }
      />
    </AuthShell>
  );
}
