import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertDialog } from '@rivet/shared/ui/modal';
import { Link } from '@rivet/shared/ui/link';
import { ForgotPasswordForm } from '@rivet/shared/ui/password-forms';
import { paths } from '../../paths';
import { AuthShell } from './components/auth-shell';

// The route keeps the spec's path, /forget-password; everything else says "forgot".
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthShell title="Forgot Password" intro="Put in your username to reset your password">
      <ForgotPasswordForm audience="staff" autoFocus onSent={setSentTo} footer={<Link href={paths.login}>Back to login</Link>} />
      <AlertDialog
        isOpen={sentTo !== null}
        tone="success"
        title="Password Reset"
        actionLabel="Got it"
        onAction={() => void navigate(paths.login, { replace: true })}
      >
        If <strong>{sentTo}</strong> has a staff account, we have sent a link to its e-mail address to set a new password. The link works
        for 30 minutes.
      </AlertDialog>
    </AuthShell>
  );
}
