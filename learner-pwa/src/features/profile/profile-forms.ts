// The profile editor's forms. Their rules are the contract's own (shared/api/profile), taken
// field by field: the call's multipart names ('UpdateProfiles.FirstName') are dotted, which
// react-hook-form would read as nested paths, so the forms use plain names and map them back here.
import * as v from 'valibot';
import type { StudentProfile } from '@rivet/shared/api/authentication';
import { updateStudentProfileSchema, updateStudentSocialSchema, type UpdateStudentProfileInput, type UpdateStudentSocialInput } from '@rivet/shared/api/profile';
import { required } from '@rivet/shared/api/contract';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '@rivet/shared/domain/password';
import { AGE_BANDS } from '@rivet/shared/domain/people';

const profile = updateStudentProfileSchema.entries;
const social = updateStudentSocialSchema.entries;

export const generalFormSchema = v.object({
  firstName: profile['UpdateProfiles.FirstName'],
  lastName: profile['UpdateProfiles.LastName'],
  phoneNumber: profile['UpdateProfiles.PhoneNumber'],
  organization: profile['UpdateProfiles.Organization'],
  jobTitle: profile['UpdateProfiles.JobTitle'],
  country: profile.Country,
  age: profile.Age,
});
export type GeneralFormInput = v.InferInput<typeof generalFormSchema>;
export type GeneralFormOutput = v.InferOutput<typeof generalFormSchema>;

export const socialFormSchema = v.object({
  twitter: social.Twitter,
  youtube: social.YouTube,
  facebook: social.FaceBook,
  linkedin: social.LinkedIn,
});
export type SocialFormInput = v.InferInput<typeof socialFormSchema>;
export type SocialFormOutput = v.InferOutput<typeof socialFormSchema>;

const SAME_PASSWORD = 'Current password and New password can not be the same';
const MISMATCH = 'New password and Confirm password must be the same';

/** The Password tab has its own wording in the spec ('Enter current password', 'Please input your  New Password!'). */
export const passwordFormSchema = v.pipe(
  v.object({
    oldPassword: required('Enter current password'),
    password: v.pipe(required('Please input your  New Password!'), v.check(isStrongPassword, PASSWORD_RULE_MESSAGE)),
    confirmPassword: required('Confirm New Password is required'),
  }),
  v.forward(v.partialCheck([['oldPassword'], ['password']], (i) => i.oldPassword !== i.password, SAME_PASSWORD), ['password']),
  v.forward(v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, MISMATCH), ['confirmPassword']),
);
export type PasswordFormInput = v.InferInput<typeof passwordFormSchema>;

/** Form field ← the server's field name, to show a refused value where it was typed. */
export const GENERAL_FIELDS: Record<string, keyof GeneralFormInput | 'picture'> = {
  'UpdateProfiles.FirstName': 'firstName',
  'UpdateProfiles.LastName': 'lastName',
  'UpdateProfiles.PhoneNumber': 'phoneNumber',
  'UpdateProfiles.Organization': 'organization',
  'UpdateProfiles.JobTitle': 'jobTitle',
  'UpdateProfiles.ProfilePix': 'picture',
  Country: 'country',
  Age: 'age',
};

export const SOCIAL_FIELDS: Record<string, keyof SocialFormInput> = {
  Twitter: 'twitter',
  YouTube: 'youtube',
  FaceBook: 'facebook',
  LinkedIn: 'linkedin',
};

export function generalValues(p: StudentProfile): Required<GeneralFormInput> {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    phoneNumber: p.phoneNumber ?? '',
    organization: p.organization ?? '',
    jobTitle: p.jobTitle ?? '',
    country: p.country ?? '',
    age: p.age ?? '',
  };
}

export function socialValues(p: StudentProfile): Required<SocialFormInput> {
  return { twitter: p.twitter ?? '', youtube: p.youtube ?? '', facebook: p.facebook ?? '', linkedin: p.linkedin ?? '' };
}

/**
 * The client leaves empty fields out of a multipart body and the server keeps a field left out,
 * so a field the learner emptied is sent as one space, which the server trims to empty and clears
 * (docs/decisions/009).
 */
function sent(value: string | undefined, stored: string | null): string | undefined {
  if (value) return value;
  return stored ? ' ' : undefined;
}

export function profileUpdateBody(p: StudentProfile, values: GeneralFormOutput): UpdateStudentProfileInput {
  return {
    Id: p.userId,
    ProfileId: String(p.profileId),
    'UpdateProfiles.FirstName': values.firstName,
    'UpdateProfiles.LastName': sent(values.lastName, p.lastName),
    'UpdateProfiles.PhoneNumber': sent(values.phoneNumber, p.phoneNumber),
    'UpdateProfiles.Organization': sent(values.organization, p.organization),
    'UpdateProfiles.JobTitle': sent(values.jobTitle, p.jobTitle),
    Country: values.country || undefined,
    Age: values.age || undefined,
  };
}

export function socialUpdateBody(p: StudentProfile, values: SocialFormOutput): UpdateStudentSocialInput {
  return {
    Id: p.userId,
    ProfileId: String(p.profileId),
    Twitter: sent(values.twitter, p.twitter),
    YouTube: sent(values.youtube, p.youtube),
    FaceBook: sent(values.facebook, p.facebook),
    LinkedIn: sent(values.linkedin, p.linkedin),
  };
}

/**
 * The same bands as sign-up (decision 019). A band from before the terms' minimum age was applied
 * (e.g. '15-19') is still shown, so the form says what is stored; saving asks for a current one.
 */
export function ageOptions(stored: string | null): { id: string; label: string }[] {
  const bands = stored && !AGE_BANDS.includes(stored) ? [stored, ...AGE_BANDS] : AGE_BANDS;
  return bands.map((band) => ({ id: band, label: band }));
}
