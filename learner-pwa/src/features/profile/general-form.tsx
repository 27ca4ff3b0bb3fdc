// General tab: picture, names, phone, organization, job title, country and age band.
import { useState } from 'react';
import type { StudentProfile } from '@rivet/shared/api/authentication';
import { updateStudentProfile } from '@rivet/shared/api/profile';
import { ApiError } from '@rivet/shared/client/errors';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { FormTextField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { FormSelect } from '@rivet/shared/ui/form-choice';
import { useCountries } from '../../api/use-countries';
import { FormActions } from './form-actions';
import { PicturePicker, usePictureChoice } from '@rivet/shared/ui/picture-picker';
import { GENERAL_FIELDS, ageOptions, generalFormSchema, generalValues, profileUpdateBody, type GeneralFormOutput } from './profile-forms';
import { failureOf, ResultModal, type SaveResult } from './result-modal';
import { useProfileSaved } from './use-student-profile';

export function GeneralForm({ profile, onCancel }: { profile: StudentProfile; onCancel: () => void }) {
  const { api } = useSessionManager();
  const saved = useProfileSaved();
  const countries = useCountries();
  const [picture, setPicture] = usePictureChoice();
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [result, setResult] = useState<SaveResult | null>(null);
  const form = useSchemaForm(generalFormSchema, { defaultValues: generalValues(profile) });
  const [saving, setSaving] = useState(false);

  const submit = useSingleSubmit(form, async (values: GeneralFormOutput) => {
    if (pictureError) return;
    setSaving(true);
    try {
      const envelope = await api.send(updateStudentProfile, {
        body: profileUpdateBody(profile, values),
        files: picture ? { 'UpdateProfiles.ProfilePix': picture.file } : undefined,
      });
      if (!envelope.success) throw new ApiError('http', envelope.description);
      saved(envelope.data);
      form.reset(generalValues(envelope.data));
      setPicture(null);
      setResult({ tone: 'success', description: envelope.description });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { field, message } of error.fieldErrors) {
          const name = GENERAL_FIELDS[field];
          if (name === 'picture') setPictureError(message);
          else if (name) form.setError(name, { message });
        }
      }
      setResult(failureOf(error));
    } finally {
      setSaving(false);
    }
  });

  const countryOptions = (countries.data ?? []).map((c) => ({ id: c.code1, label: c.countryName }));
  // A stored country missing from the list (the list failed to load) still shows as chosen.
  if (profile.country && !countryOptions.some((c) => c.id === profile.country)) {
    countryOptions.unshift({ id: profile.country, label: profile.countryName ?? profile.country });
  }

  return (
    <form className="rv-form profile-form" noValidate onSubmit={submit} aria-label="General">
      <PicturePicker
        firstName={profile.firstName}
        lastName={profile.lastName}
        current={profile.profilePixUrl}
        choice={picture}
        onChange={setPicture}
        error={pictureError}
        onError={setPictureError}
        isDisabled={saving}
      />
      <div className="rv-form-grid">
        <FormTextField control={form.control} name="firstName" label="First Name" autoComplete="given-name" />
        <FormTextField control={form.control} name="lastName" label="Last Name" autoComplete="family-name" />
        <FormTextField control={form.control} name="phoneNumber" label="Phone Number" type="tel" inputMode="numeric" autoComplete="tel" placeholder="08012345678" />
        <FormTextField control={form.control} name="organization" label="Organization" autoComplete="organization" />
        <FormTextField control={form.control} name="jobTitle" label="Job Title" autoComplete="organization-title" />
        <FormSelect
          control={form.control}
          name="country"
          label="Country"
          items={countryOptions}
          placeholder={countries.isPending ? 'Loading…' : 'Select a country'}
        />
        <FormSelect control={form.control} name="age" label="Age" items={ageOptions(profile.age)} placeholder="Select your age" />
      </div>
      {countries.isError ? <ErrorAlert error={countries.error} /> : null}
      <FormActions isSaving={saving} onCancel={onCancel} />
      <ResultModal result={result} onClose={() => setResult(null)} />
    </form>
  );
}
