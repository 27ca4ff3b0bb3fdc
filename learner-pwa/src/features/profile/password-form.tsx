// Password tab: change the password without leaving the profile. This device stays signed in;
// the server signs out the learner's other devices.
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { changePassword } from '@rivet/shared/api/authentication';
import { ApiError } from '@rivet/shared/client/errors';
import { useProfile, useSessionManager } from '@rivet/shared/client/session-context';
import { FormPasswordField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { FormActions } from './form-actions';
import { passwordFormSchema, type PasswordFormInput } from './profile-forms';
import { failureOf, ResultModal, type SaveResult } from './result-modal';

const EMPTY: PasswordFormInput = { oldPassword: '', password: '', confirmPassword: '' };

export function PasswordForm({ onCancel }: { onCancel: () => void }) {
  const { api } = useSessionManager();
  const { userName } = useProfile();
  const [result, setResult] = useState<SaveResult | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm(passwordFormSchema, { defaultValues: EMPTY });
  // The cross-field rules (new ≠ current, confirmation = new) re-check a field once the learner has
  // been there, never before: an error shown early on an untouched field would vanish on the next
  // blur and move the Save button from under the pointer.
  const [oldPassword, password] = useWatch({ control: form.control, name: ['oldPassword', 'password'] });
  const { getFieldState, trigger } = form;
  useEffect(() => {
    if (getFieldState('password').isTouched) void trigger('password');
  }, [oldPassword, getFieldState, trigger]);
  useEffect(() => {
    if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
  }, [password, getFieldState, trigger]);

  const submit = useSingleSubmit(form, async (values) => {
    setSaving(true);
    try {
      const envelope = await api.send(changePassword, { body: { userName, oldPassword: values.oldPassword, password: values.password } });
      if (!envelope.success) throw new ApiError('http', envelope.description);
      form.reset(EMPTY);
      setResult({ tone: 'success', description: envelope.description });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { field, message } of error.fieldErrors) {
          if (field === 'oldPassword' || field === 'password') form.setError(field, { message });
        }
      }
      setResult(failureOf(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form className="rv-form rv-form--narrow profile-form" noValidate onSubmit={submit} aria-label="Password">
      <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
      <FormPasswordField control={form.control} name="oldPassword" label="Current Password" autoComplete="current-password" />
      <FormPasswordField
        control={form.control}
        name="password"
        label="New Password"
        autoComplete="new-password"
        description="8 to 20 characters with an uppercase and a lowercase letter, a number and a special character; no spaces"
      />
      <FormPasswordField control={form.control} name="confirmPassword" label="Confirm New Password" autoComplete="new-password" showToggle={false} />
      <FormActions isSaving={saving} onCancel={onCancel} />
      <ResultModal result={result} onClose={() => setResult(null)} />
    </form>
  );
}
