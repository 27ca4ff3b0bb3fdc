// The Platform form (spec 002 §5): name (locked on update), bank from Partner/Banks, and a 10-digit
// account number typed on a number pad. The messages come from the schema the server checks with.
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { NUBAN, PLATFORM_MESSAGES, PLATFORM_NAME_MAX, platformFormSchema, type PlatformPartner } from '@rivet/shared/api/platform';
import { errorMessage } from '@rivet/shared/client/errors';
import { FormTextField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Select } from '@rivet/shared/ui/select';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { useBanks, usePlatformCalls } from './use-platform';
import { FormDialog } from '../../components/form-dialog';

export interface PlatformFormDialogProps {
  /** The party to update; null to create one. */
  partner: PlatformPartner | null;
  onClose: () => void;
  onSaved: () => void;
}

const ACCOUNT_LENGTH = 10;

export function PlatformFormDialog({ partner, onClose, onSaved }: PlatformFormDialogProps) {
  const banks = useBanks();
  const calls = usePlatformCalls();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm(platformFormSchema, {
    defaultValues: { name: partner?.name ?? '', bankId: partner?.bankId, account: partner?.accountNumber ?? '' },
  });

  const onSubmit = useSingleSubmit(form, async (values) => {
    setFailure(null);
    setSaving(true);
    try {
      const res = partner ? await calls.update(partner.id, values) : await calls.create(values);
      toast.success(res.description || (partner ? PLATFORM_MESSAGES.updated : PLATFORM_MESSAGES.created));
      onSaved();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  });

  // A bank that has since closed is not in the list; the party's own still shows.
  const bankOptions = (banks.data ?? []).map((b) => ({ id: String(b.id), label: b.name }));
  if (partner && !bankOptions.some((b) => b.id === String(partner.bankId))) bankOptions.push({ id: String(partner.bankId), label: partner.bankName });

  return (
    <FormDialog
      title={partner ? `Update platform: ${partner.name}` : 'Create Platform'}
      formId="platform-form"
      className="platform-form"
      submitLabel={partner ? 'Update' : 'Create'}
      saving={saving}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {failure ? (
        <InlineAlert tone="error" title={partner ? 'Failed to update platform' : 'Failed to create platform'}>
          {failure}
        </InlineAlert>
      ) : null}
      <FormTextField
        control={form.control}
        name="name"
        label="Name"
        maxLength={PLATFORM_NAME_MAX}
        isDisabled={partner !== null}
        description={partner ? 'A platform’s name cannot be changed.' : undefined}
      />
      {banks.error ? (
        <ScreenState kind="error" error={banks.error} onRetry={() => void banks.refetch()} isRetrying={banks.isFetching} />
      ) : banks.isPending ? (
        <ScreenState kind="loading" label="Loading banks" />
      ) : (
        <Controller
          control={form.control}
          name="bankId"
          render={({ field, fieldState, formState }) => (
            <Select
              label="Bank"
              placeholder="Select a bank"
              items={bankOptions}
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(value === null ? undefined : Number(value))}
              onBlur={field.onBlur}
              errorMessage={fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined}
            />
          )}
        />
      )}
      <Controller
        control={form.control}
        name="account"
        render={({ field, fieldState, formState }) => (
          <TextField
            label="Account number"
            name={field.name}
            value={field.value ?? ''}
            // Digits only, as on a number pad: anything else typed or pasted (spaces, dashes) is dropped.
            onChange={(text) => field.onChange(text.replace(/\D/g, '').slice(0, ACCOUNT_LENGTH))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            inputMode="numeric"
            autoComplete="off"
            maxLength={ACCOUNT_LENGTH}
            description={NUBAN.test(field.value ?? '') ? undefined : 'The 10-digit NUBAN.'}
            errorMessage={fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined}
          />
        )}
      />
    </FormDialog>
  );
}
