// Account deletion (docs/decisions/009): the learner confirms with their password, then once more
// in a dialog. Personal data goes; enrolments, payments and progress stay as anonymous records.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteStudentAccount, deleteStudentAccountSchema } from '@rivet/shared/api/profile';
import { ApiError } from '@rivet/shared/client/errors';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormPasswordField, useSchemaForm } from '@rivet/shared/ui/form';
import { Modal } from '@rivet/shared/ui/modal';
import { toast } from '@rivet/shared/ui/toast';
import { paths } from '../../paths';

export const ACCOUNT_DELETED = 'Your account has been deleted';

export function DeleteAccountPanel({ userName }: { userName: string }) {
  const manager = useSessionManager();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm(deleteStudentAccountSchema, { defaultValues: { password: '' } });

  const ask = form.handleSubmit(() => {
    setError(null);
    setConfirming(true);
  });

  async function remove() {
    setDeleting(true);
    try {
      const envelope = await manager.api.send(deleteStudentAccount, { body: { password: form.getValues('password') ?? '' } });
      if (!envelope.success) throw new ApiError('http', envelope.description);
      // Leave the signed-in page first, so the route guard has nothing to say, then end the session
      // the way logout does (the server has already revoked it and cleared the cookie).
      void navigate(paths.home, { replace: true });
      await manager.signOut();
      try {
        sessionStorage.clear();
      } catch {
        // Storage blocked: nothing was kept there either.
      }
      toast.success(ACCOUNT_DELETED);
    } catch (caught) {
      setConfirming(false);
      setDeleting(false);
      const wrong = caught instanceof ApiError ? caught.fieldErrors.find((f) => f.field === 'password') : undefined;
      if (wrong) form.setError('password', { message: wrong.message });
      else setError(caught);
    }
  }

  return (
    <section className="profile-delete" aria-labelledby="profile-delete-title">
      <h2 id="profile-delete-title" className="profile-delete__title">
        Delete account
      </h2>
      <div className="profile-delete__columns">
        <div>
          <p className="profile-delete__lead">Deleting your account cannot be undone.</p>
          <ul className="profile-delete__list">
            <li>
              <strong>Removed:</strong> your name, e-mail address, phone number, picture, organization, job title, country, age band and social
              links. You are signed out on every device and your certificates are withdrawn: download any you want to keep first.
            </li>
            <li>
              <strong>Kept, without your name:</strong> your enrolments, payments, progress and quiz results, because partners and our accounts
              need them.
            </li>
            <li>You can register again with the same e-mail address later, as a new learner.</li>
          </ul>
        </div>
        <form className="profile-delete__form" noValidate onSubmit={(event) => void ask(event)} aria-label="Delete account">
          <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
          <FormPasswordField control={form.control} name="password" label="Your password" autoComplete="current-password" />
          <ErrorAlert error={error} />
          <Button type="submit" variant="danger">
            Delete my account
          </Button>
        </form>
      </div>
      <Modal
        isOpen={confirming}
        onOpenChange={(open) => {
          if (!open && !deleting) setConfirming(false);
        }}
        isDismissable={!deleting}
        role="alertdialog"
        title="Delete your account?"
        footer={
          <>
            <Button variant="secondary" onPress={() => setConfirming(false)} isDisabled={deleting}>
              Keep my account
            </Button>
            <Button variant="danger" onPress={() => void remove()} isPending={deleting}>
              Delete account
            </Button>
          </>
        }
      >
        <p>Your personal details will be erased at once and you will be signed out. This cannot be undone.</p>
      </Modal>
    </section>
  );
}
