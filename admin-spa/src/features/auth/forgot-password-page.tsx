import { useNavigate } from 'react-router';
import { Link } from '@rivet/shared/ui/link';
import { ForgotPasswordForm } from '@rivet/shared/ui/password-forms';
import { paths } from '../../paths';
import { AuthShell } from './components/auth-shell';

// The route keeps the spec's path, /forget-password; everything else says "forgot".
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  return (
    <AuthShell title="Forgot Password" intro="Put in your username to reset your password">
      <ForgotPasswordForm
        audience="staff"
        autoFocus
        onDone={() => void navigate(paths.login, { replace: true })}
        footer={<Link href={paths.login}>Back to login</Link>}
      />
    </AuthShell>
  );
}
