// The Update Profile wizard's forms. Steps 1 and 2 are one form over the contract's own fields
// (shared/api/admin-profile), sent together by step 2's Save; step 3 is the change-password form.
import type { UseFormReturn } from 'react-hook-form';
import * as v from 'valibot';
import type { AdminProfile } from '@rivet/shared/api/authentication';
import { adminBasicInfoEntries, adminPublicProfileEntries, type UpdateAdminUserInput } from '@rivet/shared/api/admin-profile';

export const profileFormSchema = v.object({ ...adminBasicInfoEntries, ...adminPublicProfileEntries });
export type ProfileFormInput = v.InferInput<typeof profileFormSchema>;
export type ProfileFormOutput = v.InferOutput<typeof profileFormSchema>;
export type ProfileField = keyof ProfileFormInput;
export type ProfileForm = UseFormReturn<ProfileFormInput, unknown, ProfileFormOutput>;

export const BASIC_FIELDS = Object.keys(adminBasicInfoEntries) as ProfileField[];
export const PUBLIC_FIELDS = Object.keys(adminPublicProfileEntries) as ProfileField[];

export const WIZARD_STEPS = [
  { id: 'basic', title: 'Basic Info' },
  { id: 'public', title: 'Public Profile' },
  { id: 'password', title: 'Password and Settings' },
] as const;

export function profileFormValues(p: AdminProfile): Record<ProfileField, string> {
  return {
    FirstName: p.user.firstName,
    LastName: p.user.lastName,
    Email: p.user.email,
    PhoneNumber: p.user.phoneNumber ?? '',
    Address1: p.address1 ?? '',
    Address2: p.address2 ?? '',
    Headline: p.headline ?? '',
    Biography: p.biography ?? '',
    Website: p.website ?? '',
    Twitter: p.twitter ?? '',
    YouTube: p.youTube ?? '',
    FaceBook: p.faceBook ?? '',
    LinkedIn: p.linkedIn ?? '',
  };
}

/**
 * The client leaves empty fields out of a multipart body, and the server keeps a field left out;
 * a field the admin emptied is sent as one space, which the server trims to empty and clears.
 */
function sent(value: string | undefined, stored: string | null): string | undefined {
  if (value) return value;
  return stored ? ' ' : undefined;
}

export function updateBody(p: AdminProfile, values: ProfileFormOutput): UpdateAdminUserInput {
  return {
    Id: String(p.id),
    ProfileId: String(p.id),
    CurrentUserId: p.userId,
    UserId: p.userId,
    FirstName: values.FirstName,
    LastName: values.LastName,
    Email: values.Email,
    PhoneNumber: values.PhoneNumber,
    Address1: values.Address1,
    Address2: sent(values.Address2, p.address2),
    Headline: sent(values.Headline, p.headline),
    Biography: sent(values.Biography, p.biography),
    Website: sent(values.Website, p.website),
    Twitter: sent(values.Twitter, p.twitter),
    YouTube: sent(values.YouTube, p.youTube),
    FaceBook: sent(values.FaceBook, p.faceBook),
    LinkedIn: sent(values.LinkedIn, p.linkedIn),
  };
}
