// Authentication service: a staff member editing their own profile (spec 002 §2.13, §5; 000 §7
// "PUT Account/Admin/UpdateAdminUser"). Kept apart from authentication.ts, which every screen loads
// with the session, so the first route does not carry these schemas.
import * as v from 'valibot';
import { EMAIL_PATTERN } from '../domain/people';
import { defineEndpoint, required, staffWith } from './contract';
import { adminProfileSchema } from './authentication';
import { EMAIL_MAX, MAX_TEXT, noControlCharacters, personName, text, userId } from './fields';

export const ADMIN_PROFILE_MESSAGES = {
  firstName: 'First Name is required',
  lastName: 'Last Name is required',
  email: 'Email is required',
  emailInvalid: 'Not a valid email address',
  phone: 'Phone number is required',
  phoneInvalid: 'Not a valid phone number',
  address1: 'Address 1 is required',
  picture: 'Upload a profile image',
  url: 'Not a valid Url',
  updated: 'Basic Info and Public Profile Updated Successfully',
  emailTaken: 'Email already exist',
} as const;

/** Spec §9: a phone number has at least 11 characters; digits with an optional leading +. */
const PHONE_PATTERN = /^\+?\d{11,15}$/;
export const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i;

const phone = v.pipe(
  required(ADMIN_PROFILE_MESSAGES.phone, 20),
  v.transform((s) => s.replace(/[\s-]/g, '')),
  v.regex(PHONE_PATTERN, ADMIN_PROFILE_MESSAGES.phoneInvalid),
);

/** Optional link: left out keeps the stored one, blank clears it, anything else must be an http(s) URL. */
const link = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(300, 'At most 300 characters'), noControlCharacters(), v.check((s) => s === '' || URL_PATTERN.test(s), ADMIN_PROFILE_MESSAGES.url)),
);

/** Basic Info (wizard step 1): the fields the spec requires, and Address 2. */
export const adminBasicInfoEntries = {
  FirstName: v.pipe(required(ADMIN_PROFILE_MESSAGES.firstName), personName()),
  LastName: v.pipe(required(ADMIN_PROFILE_MESSAGES.lastName), personName()),
  Email: v.pipe(required(ADMIN_PROFILE_MESSAGES.email, EMAIL_MAX), v.regex(EMAIL_PATTERN, ADMIN_PROFILE_MESSAGES.emailInvalid), v.toLowerCase()),
  PhoneNumber: phone,
  Address1: required(ADMIN_PROFILE_MESSAGES.address1, 200),
  Address2: v.optional(text(200)),
};

/** Public Profile (wizard step 2): all optional; the links must be URLs. */
export const adminPublicProfileEntries = {
  Headline: v.optional(text(120)),
  // Multipart sends line breaks as CRLF; stored as LF.
  Biography: v.optional(v.pipe(v.string(), v.transform((s) => s.replace(/\r\n?/g, '\n')), text(MAX_TEXT, { multiline: true }))),
  Website: link,
  Twitter: link,
  YouTube: link,
  FaceBook: link,
  LinkedIn: link,
};

export const updateAdminUserSchema = v.object({
  /** The staff profile's id (the spec's Id / ProfileId); when sent it must be the caller's own. */
  Id: v.optional(text(20)),
  ProfileId: v.optional(text(20)),
  CurrentUserId: v.optional(userId('CurrentUserId')),
  UserId: userId('UserId'),
  ...adminBasicInfoEntries,
  ...adminPublicProfileEntries,
});
export type UpdateAdminUserInput = v.InferInput<typeof updateAdminUserSchema>;

export const updateAdminUser = defineEndpoint({
  service: 'Authentication',
  method: 'PUT',
  path: 'Account/Admin/UpdateAdminUser',
  summary: 'Update the signed-in staff member’s own profile (multipart; ProfilePix is the picture file)',
  description:
    'Basic Info and Public Profile in one call. UserId must be the caller. A picture is required once: 400 “Upload a profile image” while none is stored and none is sent. The picture (png, jpeg, gif or webp, at most 2 MB) is re-encoded and stored under an unguessable name. An optional field left out keeps its value; sent blank, it is cleared. Answers the updated profile; the change is written to the audit trail.',
  access: staffWith(),
  audit: { module: 'Authentication', action: 'UpdateAdminUser' },
  form: true,
  files: { ProfilePix: { description: 'The profile picture: png, jpeg, gif or webp, at most 2 MB. Required while none is stored.' } },
  body: updateAdminUserSchema,
  data: adminProfileSchema,
  errors: [400, 401, 403, 409],
});
