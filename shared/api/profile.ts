// Authentication service: a learner editing their own profile, and deleting their account. Kept
// apart from authentication.ts, which every screen loads with the session, so the first route
// does not carry these schemas.
import * as v from 'valibot';
import { AGE_BANDS } from '../domain/people';
import { SIGNED_IN, defineEndpoint, required } from './contract';
import { studentProfileSchema } from './authentication';
import { noControlCharacters, personName, text, userId } from './fields';

// ── Learner profile editing ─────────────────────────────────────────────────────────────────
// The spec's profile calls are multipart (a picture may come with them): `form: true` tells the
// server and the client to send the fields as multipart/form-data. Empty fields are omitted by
// the client and leave the stored value as it is; a field sent empty clears it.

const LETTERS_AND_SPACES = /^[\p{L}\p{M}'’ .-]+$/u;
const optionalText = (max: number) => v.optional(text(max));

/** Profile pictures: these types, at most this size. */
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PICTURE_MESSAGES = {
  type: 'Sorry only png, jpg, gif or webp images are accepted',
  size: 'The picture is too large: 2 MB at most',
} as const;

export const updateStudentProfileSchema = v.object({
  Id: userId('Id'),
  ProfileId: v.optional(text(20)),
  'UpdateProfiles.FirstName': v.optional(v.pipe(personName(), v.nonEmpty('Please input your Firstname!'))),
  'UpdateProfiles.LastName': v.optional(personName()),
  'UpdateProfiles.PhoneNumber': v.optional(
    v.pipe(v.string(), v.trim(), v.check((s) => s === '' || /^\+?\d{7,15}$/.test(s), 'Please enter numbers only (7 to 15 digits)')),
  ),
  'UpdateProfiles.Organization': optionalText(120),
  'UpdateProfiles.JobTitle': v.optional(
    v.pipe(text(80), v.check((s) => s === '' || LETTERS_AND_SPACES.test(s), 'Only alphabets and spaces please')),
  ),
  /** Country code (letters only). */
  Country: v.optional(v.pipe(v.string(), v.trim(), v.check((s) => s === '' || /^[A-Za-z]{2,3}$/.test(s), 'Only alphabets please'), v.toUpperCase())),
  Age: v.optional(v.pipe(v.string(), v.check((s) => s === '' || AGE_BANDS.includes(s), 'Please select your age'))),
});
export type UpdateStudentProfileInput = v.InferInput<typeof updateStudentProfileSchema>;

export const updateStudentProfile = defineEndpoint({
  service: 'Authentication',
  method: 'PUT',
  path: 'Account/Student/UpdateStudentProfile',
  summary: 'Update the learner’s own profile (multipart; UpdateProfiles.ProfilePix is the picture file)',
  description: `Picture: png, jpeg, gif or webp, at most 2 MB; it is re-encoded and stored under an unguessable name. Answers the updated profile.`,
  access: SIGNED_IN,
  form: true,
  files: { 'UpdateProfiles.ProfilePix': { description: 'The profile picture: png, jpeg, gif or webp, at most 2 MB.' } },
  body: updateStudentProfileSchema,
  data: studentProfileSchema,
  errors: [400, 401, 403],
});

const socialUrl = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(300, 'At most 300 characters'),
    noControlCharacters(),
    v.check((s) => s === '' || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}/i.test(s), 'Invalid url'),
  ),
);

export const updateStudentSocialSchema = v.object({
  Id: userId('Id'),
  ProfileId: v.optional(text(20)),
  Twitter: socialUrl,
  YouTube: socialUrl,
  FaceBook: socialUrl,
  LinkedIn: socialUrl,
});
export type UpdateStudentSocialInput = v.InferInput<typeof updateStudentSocialSchema>;

export const updateStudentSocial = defineEndpoint({
  service: 'Authentication',
  method: 'PUT',
  path: 'Account/Student/UpdateStudentSocial',
  summary: 'Update the learner’s social links (multipart, as the spec’s social update)',
  description: 'Designed here (the spec shows no path). Each link must be an http(s) URL; an empty one clears it.',
  access: SIGNED_IN,
  form: true,
  body: updateStudentSocialSchema,
  data: studentProfileSchema,
  errors: [400, 401, 403],
});

export const deleteStudentAccountSchema = v.object({
  password: required('Enter your password to confirm'),
});

export const deleteStudentAccount = defineEndpoint({
  service: 'Authentication',
  method: 'POST',
  path: 'Account/Student/DeleteAccount',
  summary: 'Delete the signed-in learner’s account, confirmed by their password',
  description:
    'Designed here. Personal data is anonymised (name, e-mail, phone, picture, social links, profile answers); enrolments, payments and progress stay as anonymous records for the partners’ reports and the accounts. Certificates are withdrawn. Every session ends.',
  access: SIGNED_IN,
  body: deleteStudentAccountSchema,
  data: v.object({ deleted: v.boolean() }),
  errors: [400, 401, 403, 429],
});
