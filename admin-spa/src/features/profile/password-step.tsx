// Step 3, Password and Settings: the signed-in admin changes their password with the same form as
// every other password change (shared/ui/password-forms.tsx), framed by the wizard's buttons. This
// session stays signed in; the server signs out the admin's other sessions.
import { useState } from 'react';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { AlertDialog } from '@rivet/shared/ui/modal';
import { ChangePasswordForm } from '@rivet/shared/ui/password-forms';
import { WizardActions } from '@rivet/shared/ui/wizard';

export function PasswordStep({ onCancel }: { onCancel: () => void }) {
  const { userName } = useProfile();
  const [changed, setChanged] = useState<string | null>(null);

  return (
    <>
      <ChangePasswordForm
        userName={userName}
        className="rv-form rv-form--narrow"
        label="Password and Settings"
        onChanged={(description) => setChanged(description || 'Password changed successfully')}
        actions={({ isPending, isValid }) => (
          <WizardActions nextLabel="Change Password" isPending={isPending} isNextDisabled={!isValid}>
            <Button variant="ghost" onPress={onCancel}>
              Cancel
            </Button>
          </WizardActions>
        )}
      />
      <AlertDialog isOpen={changed !== null} tone="success" title={changed ?? ''} actionLabel="Go to Password Settings" onAction={() => setChanged(null)}>
        Use your new password the next time you sign in.
      </AlertDialog>
    </>
  );
}
