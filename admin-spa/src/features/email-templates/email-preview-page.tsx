// Message Preview (spec 002 §2.10, route /configuration/preview-email; decision 049): the form's
// subject and message as they stand, with sample values for the placeholders, read-only; an e-mail
// input (the signed-in staff member's own address to start with) and Send Test Email, "Email is
// required" when blank (§5), and the server's refusal of an address that is not staff's under the
// field (decision 083); the success dialog "Email Sent Successfully"; Back to the form, which
// gets its unsaved values back. The form hands its values over in the navigation state, so a
// preview opened on its own (a reload, a typed address) has nothing to show and says so.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import * as v from 'valibot';
import { EMAIL_MESSAGES as M, testRecipientSchema } from '@rivet/shared/api/email-templates';
import { renderBody, renderSubject, sampleValues } from '@rivet/shared/domain/email-templates';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { errorMessage, isApiError } from '@rivet/shared/client/errors';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { AlertDialog } from '@rivet/shared/ui/modal';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { EMAIL_PATHS } from './email-templates-page';
import { useEmailTemplateCalls } from './use-email-templates';
import './email-templates.css';

/** What the form hands to the preview: the e-mail's code and the subject and message as typed. */
export interface PreviewState {
  preview: { code: string; name: string; template: string };
}

const previewOf = (state: unknown): PreviewState['preview'] | null => {
  const p = (state as Partial<PreviewState> | null)?.preview;
  return p && typeof p.code === 'string' && typeof p.name === 'string' && typeof p.template === 'string' ? p : null;
};

export function EmailPreviewPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const profile = useProfile();
  const calls = useEmailTemplateCalls();
  const canSend = hasAnyPermission(profile.permissions, 'manageEmailSettings');
  const preview = previewOf(location.state);
  const [email, setEmail] = useState(profile.email);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Back to the form it came from (which restores its values), or to the list when opened directly.
  const back = () => (preview && location.key !== 'default' ? navigate(-1) : navigate(EMAIL_PATHS.list));

  if (!preview) {
    return (
      <div className="emails-form">
        <h1 className="emails-form__title">Message Preview</h1>
        <ScreenState kind="empty" title="Nothing to preview" text="Open Preview from an e-mail template to see it here with sample values." />
        <div>
          <Button variant="secondary" onPress={() => navigate(EMAIL_PATHS.list)}>
            Back to the e-mail templates
          </Button>
        </div>
      </div>
    );
  }

  const samples = sampleValues(preview.code);
  async function send() {
    const checked = v.safeParse(testRecipientSchema, email);
    if (!checked.success) {
      setError(checked.issues[0].message);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      setSentTo((await calls.sendTest({ code: preview!.code, name: preview!.name, template: preview!.template, recipients: [checked.output] })).data.to);
    } catch (failure) {
      // An address the server refuses (not a staff member's) is the field's error, where it was typed.
      const refused = isApiError(failure) ? failure.fieldErrors.find((f) => f.field === 'recipients') : undefined;
      if (refused) setError(refused.message);
      else toast.error('The test e-mail was not sent', errorMessage(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="emails-form">
      <div>
        <Button variant="ghost" size="sm" onPress={back}>
          ← Back
        </Button>
      </div>
      <header className="emails-form__header">
        <h1 className="emails-form__title">Message Preview</h1>
        <p className="emails-form__lead">Sample content is used for the placeholders.</p>
      </header>
      <dl className="emails-preview">
        <dt>Subject</dt>
        <dd className="emails-preview__subject">{renderSubject(preview.name, samples)}</dd>
        <dt>Message</dt>
        {/* The editor's own HTML (its allow-listed tags) with escaped sample values; the server sanitises again on save. */}
        <dd className="emails-preview__body" dangerouslySetInnerHTML={{ __html: renderBody(preview.template, samples) }} />
      </dl>
      {canSend ? (
        <form
          className="emails-preview__send"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(undefined);
            }}
            errorMessage={error}
            description="Your own address or another staff member’s: tests go to nobody outside"
          />
          <Button type="submit" isPending={sending}>
            Send Test Email
          </Button>
        </form>
      ) : null}
      <AlertDialog isOpen={sentTo !== null} tone="success" title={M.sent} actionLabel="Complete" onAction={back}>
        The test e-mail was sent to {sentTo}.
      </AlertDialog>
    </div>
  );
}
