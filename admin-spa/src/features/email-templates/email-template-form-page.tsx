// Add New Template and Manage Email Notification (spec 001 §2.9, §5; spec 002 §2.10; decision 046):
// Subject, Email Category, the rich-text Message with Insert Placeholder, Preview (the form as it
// stands, on Message Preview's own screen: email-preview-page.tsx), Cancel, Update/Save, and
// the success dialog with Complete. The editor comes from the app shell (features do not import
// each other), loaded lazily so no other settings page carries Tiptap.
import { Suspense, useCallback, useRef, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import * as v from 'valibot';
import { EMAIL_MESSAGES as M, createEmailTemplateSchema, updateEmailTemplateSchema, type EmailTemplate } from '@rivet/shared/api/email-templates';
import { EMAIL_KINDS, emailKind, unknownTokens } from '@rivet/shared/domain/email-templates';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { errorMessage } from '@rivet/shared/client/errors';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { AlertDialog, Modal } from '@rivet/shared/ui/modal';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { Select } from '@rivet/shared/ui/select';
import { Spinner } from '@rivet/shared/ui/spinner';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import type { PreviewState } from './email-preview-page';
import { EMAIL_PATHS } from './email-templates-page';
import { useEmailCategories, useEmailTemplate, useEmailTemplateCalls } from './use-email-templates';
import './email-templates.css';

export interface EditorHandle {
  focus: () => void;
  insert: (text: string) => void;
}

/** The console's rich-text editor, as the app shell hands it in. */
export type MessageEditor = ComponentType<{
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  errorMessage?: string;
  description?: string;
  focusRef?: (handle: EditorHandle | null) => void;
}>;

interface Values {
  code: string;
  name: string;
  emailCategoryId: number | null;
  template: string;
}

type Errors = Partial<Record<keyof Values, string>>;

/** The form's unsaved values, kept in its history entry while Message Preview is open. */
interface DraftState {
  draft: Values;
}

const draftOf = (state: unknown): Values | null => {
  const d = (state as Partial<DraftState> | null)?.draft;
  return d && typeof d.code === 'string' && typeof d.name === 'string' && typeof d.template === 'string' ? d : null;
};

export function EmailTemplateFormPage({ Editor }: { Editor: MessageEditor }) {
  const { editemail } = useParams();
  const id = editemail === undefined ? null : Number(editemail) || -1;
  const template = useEmailTemplate(id);
  if (id === null) return <TemplateForm Editor={Editor} saved={null} />;
  return (
    <QueryState query={template} loadingLabel="Loading the e-mail template" notFound={<p>This e-mail template does not exist.</p>}>
      {(saved) => <TemplateForm Editor={Editor} saved={saved} />}
    </QueryState>
  );
}

function TemplateForm({ Editor, saved }: { Editor: MessageEditor; saved: EmailTemplate | null }) {
  const navigate = useNavigate();
  const calls = useEmailTemplateCalls();
  const queryClient = useQueryClient();
  const categories = useEmailCategories();
  const canManage = hasAnyPermission(useProfile().permissions, 'manageEmailSettings');
  const location = useLocation();
  const [values, setValues] = useState<Values>(
    () => draftOf(location.state) ?? { code: saved?.code ?? '', name: saved?.name ?? '', emailCategoryId: saved?.emailCategoryId ?? null, template: saved?.template ?? '' },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [dialog, setDialog] = useState<'placeholders' | 'done' | null>(null);
  const editor = useRef<EditorHandle | null>(null);
  const focusRef = useCallback((handle: EditorHandle | null) => {
    editor.current = handle;
  }, []);
  const kind = emailKind(values.code);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };

  /** The spec's messages for blank fields, and placeholders the e-mail does not offer. */
  function problems(): Errors {
    const input = { ...values, id: saved?.id, emailCategoryId: values.emailCategoryId ?? undefined };
    const result = saved ? v.safeParse(updateEmailTemplateSchema, input) : v.safeParse(createEmailTemplateSchema, input);
    const found: Errors = {};
    if (!result.success) {
      for (const issue of result.issues) {
        const key = issue.path?.[0]?.key as keyof Values | undefined;
        if (key && !found[key]) found[key] = issue.message;
      }
    }
    if (kind && !found.template && !found.name) {
      const unknown = unknownTokens(kind.code, values.name, values.template);
      if (unknown.length) found.template = M.unknownTokens(unknown, kind.tokens.map((t) => t.token));
    }
    return found;
  }

  async function submit() {
    const found = problems();
    setErrors(found);
    if (Object.values(found).some(Boolean) || saving) return;
    setSaving(true);
    try {
      const fields = { name: values.name, template: values.template, emailCategoryId: values.emailCategoryId! };
      if (saved) await calls.update({ id: saved.id, ...fields });
      else await calls.create({ code: values.code, ...fields });
      // The list and the form load afresh: the form keeps what it loaded for as long as it is open.
      await queryClient.invalidateQueries({ queryKey: ['email-templates'] });
      if (saved) queryClient.removeQueries({ queryKey: ['email-template', saved.id] });
      setDialog('done');
    } catch (error) {
      toast.error(saved ? 'The e-mail template was not saved' : 'The e-mail template was not created', errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  /**
   * Message Preview is a screen of its own (/configuration/preview-email). The form's values go
   * into this page's history entry first, so Back from the preview finds them as they were.
   */
  function preview() {
    const found = problems();
    setErrors(found);
    if (Object.values(found).some(Boolean) || !kind) return;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: { draft: values } satisfies DraftState });
    void navigate(EMAIL_PATHS.preview, { state: { preview: { code: kind.code, name: values.name, template: values.template } } satisfies PreviewState });
  }

  const title = saved ? 'Manage Email Notification' : 'Add New Template';
  return (
    <div className="emails-form">
      <header className="emails-form__header">
        <h1 className="emails-form__title">{title}</h1>
        <p className="emails-form__lead">
          {saved ? `${kind?.label ?? saved.code}. ` : null}Placeholders such as {'{{firstName}}'} are replaced with each recipient’s details when the e-mail is sent.
        </p>
      </header>
      <form
        className="emails-form__fields"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {saved ? null : (
          <Select
            label="Code"
            description="The e-mail the platform sends with this template"
            items={EMAIL_KINDS.map((k) => ({ id: k.code, label: `${k.label} (${k.code})` }))}
            value={values.code || null}
            onChange={(code) => set('code', code ?? '')}
            errorMessage={errors.code}
            isDisabled={!canManage}
          />
        )}
        <TextField label="Subject" value={values.name} onChange={(name) => set('name', name)} errorMessage={errors.name} isReadOnly={!canManage} />
        <Select
          label="Email Category"
          items={(categories.data ?? []).map((c) => ({ id: String(c.id), label: c.name }))}
          value={values.emailCategoryId === null ? null : String(values.emailCategoryId)}
          onChange={(chosen) => set('emailCategoryId', chosen === null ? null : Number(chosen))}
          errorMessage={errors.emailCategoryId}
          isDisabled={!canManage}
        />
        <Suspense fallback={<Spinner label="Loading the editor" />}>
          <Editor label="Message" value={values.template} onChange={(html) => set('template', html)} onBlur={() => undefined} errorMessage={errors.template} focusRef={focusRef} />
        </Suspense>
        <div className="emails-form__tools">
          <Button variant="secondary" size="sm" isDisabled={!kind || !canManage} onPress={() => setDialog('placeholders')}>
            Insert Placeholder
          </Button>
          {kind ? null : <span className="emails-form__hint">Choose the code first: each e-mail has its own placeholders.</span>}
        </div>
        <div className="emails-form__actions">
          <Button variant="secondary" onPress={preview} isDisabled={!kind}>
            Preview
          </Button>
          <span className="emails-form__spacer" />
          <Button variant="ghost" onPress={() => navigate(EMAIL_PATHS.list)}>
            Cancel
          </Button>
          {canManage ? (
            <Button type="submit" isPending={saving}>
              {saved ? 'Update' : 'Save'}
            </Button>
          ) : null}
        </div>
      </form>

      {dialog === 'placeholders' && kind ? (
        <Modal isOpen isDismissable onOpenChange={(open) => !open && setDialog(null)} title="Insert Placeholder" size="md" footer={<Button variant="secondary" onPress={() => setDialog(null)}>Close</Button>}>
          <p className="emails-form__hint">Choose one to put it where the cursor is in the message.</p>
          <ul className="emails-tokens" aria-label="Placeholders">
            {kind.tokens.map((t) => (
              <li key={t.token}>
                <Button
                  variant="ghost"
                  size="sm"
                  className="emails-tokens__button"
                  onPress={() => {
                    setDialog(null);
                    // After the dialog gives the focus back, so the editor keeps its cursor.
                    setTimeout(() => editor.current?.insert(`{{${t.token}}}`), 0);
                  }}
                >
                  <code>{`{{${t.token}}}`}</code>
                  <span>{t.label}</span>
                </Button>
              </li>
            ))}
          </ul>
        </Modal>
      ) : null}

      <AlertDialog isOpen={dialog === 'done'} tone="success" title={saved ? M.updated : M.created} actionLabel="Complete" onAction={() => navigate(EMAIL_PATHS.list)}>
        {saved ? 'The platform sends this e-mail with the new text from now on.' : 'The platform sends this e-mail with the template from now on.'}
      </AlertDialog>
    </div>
  );
}
