// Update Profile (spec 002 §2.13, §4 "Profile wizard"): Basic Info, Public Profile, Password and
// Settings, on the shared Wizard. Steps 1 and 2 are one form: Next checks step 1, Save on step 2
// sends both (Account/Admin/UpdateAdminUser); step 3 changes the password on its own.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminProfile } from '@rivet/shared/api/authentication';
import { useProfile } from '@rivet/shared/client/session-context';
import { ButtonLink } from '@rivet/shared/ui/button';
import { useSchemaForm } from '@rivet/shared/ui/form';
import { usePictureChoice } from '@rivet/shared/ui/picture-picker';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { Wizard, useWizardStep } from '@rivet/shared/ui/wizard';
import { paths } from '../../paths';
import { BasicInfoStep } from './basic-info-step';
import { PasswordStep } from './password-step';
import { profileFormSchema, profileFormValues, WIZARD_STEPS } from './profile-forms';
import { PublicProfileStep } from './public-profile-step';
import { useAdminProfile } from './use-admin-profile';
import './update-profile.css';

export function UpdateProfilePage() {
  const { userId } = useProfile();
  const query = useAdminProfile(userId);
  return (
    <div className="update-profile">
      <div className="update-profile__top">
        <h1 className="update-profile__title">Update Profile</h1>
        <ButtonLink variant="ghost" href={paths.profile}>
          Back to profile
        </ButtonLink>
      </div>
      <QueryState query={query} loadingText="Fetching profile...">
        {(profile) => <ProfileWizard profile={profile} />}
      </QueryState>
    </div>
  );
}

function ProfileWizard({ profile }: { profile: AdminProfile }) {
  const navigate = useNavigate();
  const [step, setStep] = useWizardStep(WIZARD_STEPS.length);
  const form = useSchemaForm(profileFormSchema, { defaultValues: profileFormValues(profile) });
  const [picture, setPicture] = usePictureChoice();
  const [pictureError, setPictureError] = useState<string | null>(null);
  // Steps 1 and 2 are one form, so a step is open from the list once step 1 has been passed
  // (or the profile is complete already); step 3 stands alone and is always open.
  const [basicPassed, setBasicPassed] = useState(false);
  const reachable = (i: number) => i === 2 || i === 0 || basicPassed;

  return (
    <Wizard title="Update Profile" steps={WIZARD_STEPS} step={step} onStepChange={setStep} reachable={reachable}>
      {step === 0 ? (
        <BasicInfoStep
          form={form}
          profile={profile}
          picture={picture}
          onPicture={setPicture}
          pictureError={pictureError}
          onPictureError={setPictureError}
          onPassed={() => setBasicPassed(true)}
          onCancel={() => void navigate(paths.profile)}
        />
      ) : step === 1 ? (
        <PublicProfileStep form={form} profile={profile} picture={picture} onPictureError={setPictureError} onCancel={() => void navigate(paths.profile)} />
      ) : (
        <PasswordStep onCancel={() => void navigate(paths.profile)} />
      )}
    </Wizard>
  );
}
