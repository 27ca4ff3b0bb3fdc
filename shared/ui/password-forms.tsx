// The password forms of both apps: ask for a reset link, set a password from the link, change it
// while signed in. Fields, wording, validation and calls are one; each app frames them (its own
// page shell) and decides where the user goes next through the callbacks.
import { useState, type ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Form } from 'react-aria-components';
import * as v from 'valibot';
import {
  changePassword,
  changePasswordFormSchema,
  forgotPassword,
  forgotPasswordSchema,
  learnerForgotPasswordFormSchema,
  resetPassword,
  resetPasswordFormSchema,
} from '../api/authentication';
import { ApiError } from '../client/errors';
import { useSessionManager } from '../client/session-context';
import { PASSWORD_MAX, PASSWORD_MIN } from '../domain/password';
import { Button } from './button';
import { ErrorAlert } from './error-alert';
import { FormPasswordField, FormTextField, useSchemaForm, useSingleSubmit, type AnyControl } from './form';
import { AlertDialog } from './modal';
import './password-forms.css';

/** Said before anyone gets it wrong, so the rule is not a surprise. */
export const PASSWORD_HINT = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters, with an uppercase and a lowercase letter, a number and a special character.`;

/** A call whose envelope says it failed counts as failed, with the server's description. */
function succeeded<T extends { success: boolean; description: string }>(envelope: T): T {
  if (!envelope.success) throw new ApiError('http', envelope.description);
  return envelope;
}

function Footer({ children }: { children?: ReactNode }) {
  return children ? <div className="rv-auth-form__footer">{children}</div> : null;
}

const staffForgotSchema = v.pick(forgotPasswordSchema, ['userName']);

/**
 * Asks for a reset link, then says so in the spec's "Password Reset" dialog, whose "Got it" calls
 * `onDone`. Staff give their user name; learners their e-mail address, and the field says so
 * (spec: the learner form is an e-mail form). The answer never says whether the account exists.
 */
export function ForgotPasswordForm({
  audience,
  onDone,
  footer,
  autoFocus,
}: {
  audience: 'staff' | 'learner';
  onDone: () => void;
  footer?: ReactNode;
  autoFocus?: boolean;
}) {
  const { api } = useSessionManager();
  const [error, setError] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const student = audience === 'learner';
  const form = useSchemaForm(student ? learnerForgotPasswordFormSchema : staffForgotSchema, { defaultValues: { userName: '' } });

  const submit = useSingleSubmit(form, async ({ userName }) => {
    setError(null);
    try {
      succeeded(await api.send(forgotPassword, { body: { userName, student } }));
      setSentTo(userName);
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <>
      <Form className="rv-auth-form" onSubmit={submit} validationBehavior="aria">
        {student ? (
          <FormTextField control={form.control} name="userName" label="Email" type="email" inputMode="email" autoComplete="username" autoFocus={autoFocus} />
        ) : (
          <FormTextField control={form.control} name="userName" label="Username" autoComplete="username" autoFocus={autoFocus} />
        )}
        <ErrorAlert error={error} />
        <Button type="submit" size="lg" fullWidth isPending={form.formState.isSubmitting}>
          Reset Password
        </Button>
        <Footer>{footer}</Footer>
      </Form>
      <AlertDialog isOpen={sentTo !== null} tone="success" title="Password Reset" actionLabel="Got it" onAction={onDone}>
        {student ? (
          <>
            If an account exists for <strong>{sentTo}</strong>, we have sent it an e-mail with a link to reset your password. Check your
            e-mail (and the spam folder); the link works for 30 minutes.
          </>
        ) : (
          <>
            If <strong>{sentTo}</strong> has a staff account, we have sent a link to its e-mail address to set a new password. The link works
            for 30 minutes.
          </>
        )}
      </AlertDialog>
    </>
  );
}

/** The new password twice (fields `password` and `confirmPassword`); the confirmation is checked again as the password changes. */
function NewPasswordFields<T extends FieldValues>({
  control,
  showToggle,
  autoFocus,
}: {
  control: AnyControl<T>;
  showToggle: boolean;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormPasswordField
        control={control}
        name={'password' as FieldPath<T>}
        label="New Password"
        autoComplete="new-password"
        description={PASSWORD_HINT}
        showToggle={showToggle}
        deps={'confirmPassword' as FieldPath<T>}
        autoFocus={autoFocus}
      />
      <FormPasswordField control={control} name={'confirmPassword' as FieldPath<T>} label="Confirm New Password" autoComplete="new-password" showToggle={false} />
    </>
  );
}

/** Sets a new password from the link in a reset e-mail: no current password, no session needed. */
export function ResetPasswordForm({ token, onDone, footer, autoFocus }: { token: string; onDone: () => void; footer?: ReactNode; autoFocus?: boolean }) {
  const { api } = useSessionManager();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm(resetPasswordFormSchema, { defaultValues: { token, password: '', confirmPassword: '' } });

  const submit = useSingleSubmit(form, async ({ confirmPassword: _confirm, ...body }) => {
    setError(null);
    try {
      succeeded(await api.send(resetPassword, { body }));
      onDone();
    } catch (failure) {
      setError(failure);
    }
  });

  const tokenError = form.formState.errors.token?.message;
  return (
    <Form className="rv-auth-form" onSubmit={submit} validationBehavior="aria">
      <NewPasswordFields control={form.control} showToggle autoFocus={autoFocus} />
      <ErrorAlert error={error ?? (tokenError ? new Error(tokenError) : null)} />
      <Button type="submit" size="lg" fullWidth isPending={form.formState.isSubmitting}>
        Change Password
      </Button>
      <Footer>{footer}</Footer>
    </Form>
  );
}

/**
 * Changes the password of the signed-in user; `onChanged` gets the server's description and the
 * form is emptied. `actions` replaces the full-width submit button (the admin profile wizard shows
 * its own step buttons); it gets whether a call is under way and whether the form is valid.
 */
export function ChangePasswordForm({
  userName,
  onChanged,
  footer,
  autoFocus,
  className,
  label,
  actions,
}: {
  userName: string;
  onChanged: (description: string) => Promise<void> | void;
  footer?: ReactNode;
  autoFocus?: boolean;
  className?: string;
  /** The form's accessible name, when the page holds more than one form. */
  label?: string;
  actions?: (state: { isPending: boolean; isValid: boolean }) => ReactNode;
}) {
  const { api } = useSessionManager();
  const [error, setError] = useState<unknown>(null);
  const empty = { userName, oldPassword: '', password: '', confirmPassword: '' };
  const form = useSchemaForm(changePasswordFormSchema, { defaultValues: empty });

  const submit = useSingleSubmit(form, async ({ confirmPassword: _confirm, ...body }) => {
    setError(null);
    try {
      const { description } = succeeded(await api.send(changePassword, { body }));
      form.reset(empty);
      await onChanged(description);
    } catch (failure) {
      setError(failure);
      // 'Current password is incorrect' and the like also mark the field they are about.
      if (failure instanceof ApiError) {
        for (const { field, message } of failure.fieldErrors) {
          if (field === 'oldPassword' || field === 'password') form.setError(field, { message });
        }
      }
    }
  });

  const isPending = form.formState.isSubmitting;
  return (
    <Form className={className ?? 'rv-auth-form'} onSubmit={submit} validationBehavior="aria" aria-label={label}>
      {/* Lets a password manager file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
      <FormPasswordField
        control={form.control}
        name="oldPassword"
        label="Current Password"
        autoComplete="current-password"
        deps="password"
        autoFocus={autoFocus}
      />
      {/* The current password may be shown to check it; the new one is typed twice instead. */}
      <NewPasswordFields control={form.control} showToggle={false} />
      <ErrorAlert error={error} />
      {actions ? (
        actions({ isPending, isValid: form.formState.isValid })
      ) : (
        <Button type="submit" size="lg" fullWidth isPending={isPending}>
          Change Password
        </Button>
      )}
      <Footer>{footer}</Footer>
    </Form>
  );
}
