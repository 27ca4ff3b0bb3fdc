import { useNavigate } from 'react-router';
import { Button } from '@rivet/shared/ui/button';
import { paths } from '../../paths';
import { AuthShell } from './components/auth-shell';

export function PasswordChangedPage() {
  const navigate = useNavigate();
  return (
    <AuthShell title="Password Changed" intro="Your password has been changed. Sign in with your new password.">
      <Button size="lg" fullWidth autoFocus onPress={() => void navigate(paths.login, { replace: true })}>
        Got it
      </Button>
    </AuthShell>
  );
}
