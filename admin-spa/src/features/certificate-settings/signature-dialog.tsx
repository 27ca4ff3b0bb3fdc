// "Create or Update Certificate Signature" (spec 001 §2.9, §5): name, job title and the signature
// picture; Save waits until all three are present (on update the stored picture counts).
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { SIGNATURE_JOB_TITLE_MAX, SIGNATURE_MAX_BYTES, SIGNATURE_MESSAGES as M, SIGNATURE_NAME_MAX, type CertificateSignature } from '@rivet/shared/api/certificate-settings';
import { required } from '@rivet/shared/api/fields';
import { errorMessage } from '@rivet/shared/client/errors';
import { FormTextField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { PicturePicker, usePictureChoice } from '@rivet/shared/ui/picture-picker';
import { toast } from '@rivet/shared/ui/toast';
import { FormDialog } from '../../components/form-dialog';
import { useSignatureCalls } from './use-signatures';

const SIGNATURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const signatoryForm = v.object({
  name: required(M.name, SIGNATURE_NAME_MAX),
  jobTitle: required(M.jobTitle, SIGNATURE_JOB_TITLE_MAX),
});

export function checkSignature(file: File): string | null {
  if (!(SIGNATURE_TYPES as readonly string[]).includes(file.type)) return M.signatureType;
  if (file.size > SIGNATURE_MAX_BYTES) return M.signatureSize;
  return null;
}

export interface SignatureDialogProps {
  institutionId: number;
  partnerName: string;
  /** The signatory to update; null to add one. */
  signature: CertificateSignature | null;
  onClose: () => void;
  onSaved: () => void;
}

export function SignatureDialog({ institutionId, partnerName, signature, onClose, onSaved }: SignatureDialogProps) {
  const calls = useSignatureCalls();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [picture, setPicture] = usePictureChoice();
  const [pictureError, setPictureError] = useState<string | null>(null);
  const form = useSchemaForm(signatoryForm, { defaultValues: { name: signature?.name ?? '', jobTitle: signature?.jobTitle ?? '' } });
  const [name, jobTitle] = useWatch({ control: form.control, name: ['name', 'jobTitle'] });
  const complete = Boolean(name?.trim()) && Boolean(jobTitle?.trim()) && Boolean(picture || signature?.signatureUrl);

  const onSubmit = useSingleSubmit(form, async (values) => {
    setFailure(null);
    setSaving(true);
    try {
      const file = picture?.file ?? null;
      const res = signature ? await calls.update(signature.id, values, file) : await calls.create(institutionId, values, file);
      toast.success(res.description || (signature ? M.updated : M.created));
      onSaved();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormDialog
      title="Create or Update Certificate Signature"
      label={`${signature ? 'Update' : 'Add'} a signatory${partnerName ? ` of ${partnerName}` : ''}`}
      formId="signature-form"
      className="rv-form"
      size="md"
      submitLabel={signature ? 'Update' : 'Save'}
      saving={saving}
      isSubmitDisabled={!complete}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {partnerName ? <p className="signatures__dialog-partner">{partnerName}</p> : null}
      {failure ? (
        <InlineAlert tone="error" title={signature ? M.updateFailed : M.createFailed}>
          {failure}
        </InlineAlert>
      ) : null}
      <FormTextField control={form.control} name="name" label="Name" maxLength={SIGNATURE_NAME_MAX} autoFocus />
      <FormTextField control={form.control} name="jobTitle" label="Job Title" maxLength={SIGNATURE_JOB_TITLE_MAX} />
      <PicturePicker
        firstName=""
        lastName=""
        preview="image"
        title="Signature"
        hint="A signature on a plain or transparent background. PNG, JPG or WebP, up to 1 MB."
        types={SIGNATURE_TYPES}
        check={checkSignature}
        current={signature?.signatureUrl ?? null}
        choice={picture}
        onChange={(file) => {
          setPicture(file);
          if (file) setPictureError(null);
        }}
        error={pictureError}
        onError={setPictureError}
        isDisabled={saving}
      />
    </FormDialog>
  );
}
