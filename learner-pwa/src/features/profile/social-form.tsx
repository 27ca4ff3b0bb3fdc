// Social Integration tab: the learner's Twitter, YouTube, FaceBook and LinkedIn links.
import { useState } from 'react';
import type { StudentProfile } from '@rivet/shared/api/authentication';
import { updateStudentSocial } from '@rivet/shared/api/profile';
import { ApiError } from '@rivet/shared/client/errors';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { FormTextField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { FormActions } from './form-actions';
import { SOCIAL_FIELDS, socialFormSchema, socialUpdateBody, socialValues, type SocialFormOutput } from './profile-forms';
import { failureOf, ResultModal, type SaveResult } from './result-modal';
import { useProfileSaved } from './use-student-profile';

const LINKS = [
  { name: 'twitter', label: 'Twitter', placeholder: 'https://x.com/you' },
  { name: 'youtube', label: 'YouTube', placeholder: 'https://youtube.com/@you' },
  { name: 'facebook', label: 'FaceBook', placeholder: 'https://facebook.com/you' },
  { name: 'linkedin', label: 'LinkedIn', placeholder: 'https://linkedin.com/in/you' },
] as const;

export function SocialForm({ profile, onCancel }: { profile: StudentProfile; onCancel: () => void }) {
  const { api } = useSessionManager();
  const saved = useProfileSaved();
  const [result, setResult] = useState<SaveResult | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm(socialFormSchema, { defaultValues: socialValues(profile) });

  const submit = useSingleSubmit(form, async (values: SocialFormOutput) => {
    setSaving(true);
    try {
      const envelope = await api.send(updateStudentSocial, { body: socialUpdateBody(profile, values) });
      if (!envelope.success) throw new ApiError('http', envelope.description);
      saved(envelope.data);
      form.reset(socialValues(envelope.data));
      setResult({ tone: 'success', description: envelope.description });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { field, message } of error.fieldErrors) {
          const name = SOCIAL_FIELDS[field];
          if (name) form.setError(name, { message });
        }
      }
      setResult(failureOf(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form className="rv-form profile-form" noValidate onSubmit={submit} aria-label="Social Integration">
      <p className="profile-form__lead">Add the pages where people can find you. Each link starts with https://</p>
      <div className="rv-form-grid">
        {LINKS.map((link) => (
          <FormTextField key={link.name} control={form.control} name={link.name} label={link.label} type="url" inputMode="url" autoComplete="url" placeholder={link.placeholder} />
        ))}
      </div>
      <FormActions isSaving={saving} onCancel={onCancel} />
      <ResultModal result={result} onClose={() => setResult(null)} />
    </form>
  );
}
