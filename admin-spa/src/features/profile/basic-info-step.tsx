// Step 1, Basic Info: picture, names, e-mail, phone, addresses. Next checks these fields and that
// a picture exists or is chosen (spec §5 "Upload a profile image"); nothing is sent yet.
import type { FormEvent } from 'react';
import { ADMIN_PROFILE_MESSAGES } from '@rivet/shared/api/admin-profile';
import type { AdminProfile } from '@rivet/shared/api/authentication';
import { FormTextField } from '@rivet/shared/ui/form';
import { PicturePicker, type PictureChoice } from '@rivet/shared/ui/picture-picker';
import { Button } from '@rivet/shared/ui/button';
import { WizardActions, useWizard } from '@rivet/shared/ui/wizard';
import { BASIC_FIELDS, type ProfileForm } from './profile-forms';

export const PICTURE_HINT = 'A photo of you, with no text: JPG, PNG, GIF or WebP, up to 2 MB. It is shown in a circle, so keep your face in the middle.';

export interface BasicInfoStepProps {
  form: ProfileForm;
  profile: AdminProfile;
  picture: PictureChoice | null;
  onPicture: (file: File | null) => void;
  pictureError: string | null;
  onPictureError: (message: string | null) => void;
  onPassed: () => void;
  onCancel: () => void;
}

export function BasicInfoStep({ form, profile, picture, onPicture, pictureError, onPictureError, onPassed, onCancel }: BasicInfoStepProps) {
  const { next } = useWizard();
  const { control } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = await form.trigger(BASIC_FIELDS, { shouldFocus: true });
    const hasPicture = Boolean(picture || profile.profilePixUrl);
    if (!hasPicture) onPictureError(ADMIN_PROFILE_MESSAGES.picture);
    if (!valid || !hasPicture || pictureError) return;
    onPassed();
    next();
  };

  return (
    <form className="rv-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Basic Info">
      <PicturePicker
        firstName={profile.user.firstName}
        lastName={profile.user.lastName}
        current={profile.profilePixUrl}
        choice={picture}
        onChange={(file) => {
          onPicture(file);
          if (file) onPictureError(null);
        }}
        error={pictureError}
        onError={onPictureError}
        hint={PICTURE_HINT}
      />
      <div className="rv-form-grid">
        <FormTextField control={control} name="FirstName" label="First Name" autoComplete="given-name" />
        <FormTextField control={control} name="LastName" label="Last Name" autoComplete="family-name" />
        <FormTextField control={control} name="Email" label="Email" type="email" autoComplete="email" />
        <FormTextField control={control} name="PhoneNumber" label="Phone Number" type="tel" autoComplete="tel" description="At least 11 digits, e.g. 08031234567" />
        <FormTextField control={control} name="Address1" label="Address 1" autoComplete="address-line1" />
        <FormTextField control={control} name="Address2" label="Address 2 (optional)" autoComplete="address-line2" />
      </div>
      <WizardActions>
        <Button variant="ghost" onPress={onCancel}>
          Cancel
        </Button>
      </WizardActions>
    </form>
  );
}
