// Institution service: Manage Partners for staff (spec 002 §2.4, §3 Partner, §4, §5 "Partner
// create", §7 Partners, §8). Kept apart from institution.ts, which the learner app loads.
// docs/decisions/026-partners.md
import * as v from 'valibot';
import { EMAIL_PATTERN } from '../domain/people';
import { INSTITUTION_ADMIN_ROLE_ID } from '../domain/permissions';
import { URL_PATTERN } from './admin-profile';
import { defineEndpoint, staffWith, type FileField } from './contract';
import { EMAIL_MAX, MAX_ID, id, personName, queryBoolean, queryId, queryInt, required, text } from './fields';

export const PARTNER_MESSAGES = {
  fullName: 'Partner Full Name is required',
  name: 'Partner Name is required',
  nameTaken: 'Name already exist',
  email: 'Email is required',
  emailInvalid: 'Not a valid email address',
  emailTaken: 'Email already exist',
  codeInvalid: 'A code is 2 to 20 letters, digits or hyphens',
  codeTaken: 'Code already exist',
  phoneInvalid: 'Not a valid phone number',
  // The spec's 'minimum of 11 letters' asks for digits (issue 30).
  phoneShort: 'minimum of 11 digits',
  type: 'Partner Type is required',
  country: 'Country is required',
  countryUnknown: 'Choose a country from the list',
  address: 'Address is required',
  url: 'Not a valid Url',
  accountNumber: 'Account Number is required',
  accountNumberInvalid: 'Not a valid Account Number',
  bank: 'Bank is required',
  bankUnknown: 'Choose a bank from the list',
  overview: 'Overview is required',
  /** Spec §5's 'institutionLogo or courseThumbNail or … cannot be empty', naming the picture the user sees (issue 30). */
  imageMissing: (label: string) => `${label} cannot be empty`,
  imageType: 'Sorry only png, jpg, gif images are accepted',
  imageSize: 'Each image may be at most 2 MB',
  adminFirstName: 'First Name is required',
  adminLastName: 'Last Name is required',
  adminUserName: 'UserName is required',
  adminUserNameInvalid: 'A user name is 3 to 60 lower-case letters, digits, dots, hyphens or underscores',
  adminUserNameTaken: 'UserName already exist',
  adminEmailTaken: 'The admin’s email address belongs to another account',
  adminRole: 'A new partner admin gets the INSTITUTION ADMIN role',
  created: 'Partner created successfully',
  updated: 'Partner updated successfully',
  deactivated: 'Record deactivated',
  activated: 'Record Activated',
  inactive: 'An inactive partner cannot be updated; activate it first',
  notFound: 'Partner not found',
} as const;

/** Spec §3: 1 Government, 2 NonProfitOrganization, 3 Others. */
export const PARTNER_TYPES = [
  { id: 1, name: 'Government' },
  { id: 2, name: 'NonProfitOrganization' },
  { id: 3, name: 'Others' },
] as const;

/** Uploads are judged by content; these are what the file input offers. */
export const PARTNER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const PARTNER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Four pictures and the text fields. */
const PARTNER_FORM_MAX_BYTES = 4 * PARTNER_IMAGE_MAX_BYTES + 512 * 1024;
/** The four pictures a partner needs (field name, label); all are required on create. */
export const PARTNER_IMAGES = [
  { field: 'Logo', label: 'Logo', url: 'logoUrl' },
  { field: 'Thumbnail', label: 'Thumbnail', url: 'thumbnailUrl' },
  { field: 'Banner', label: 'Banner', url: 'bannerUrl' },
  { field: 'CertificateLogo', label: 'Certificate Logo', url: 'certificateLogoUrl' },
] as const;
export type PartnerImageField = (typeof PARTNER_IMAGES)[number]['field'];

/**
 * Each picture's shape and smallest size, and the guidance shown beside it (decision 095): the
 * thumbnail and banner are the spec's course guidelines (1125 x 796, 1024 x 498), the logo is square,
 * the certificate logo is fitted into a wide box (150 x 62 points) at the top of the certificate.
 * A picture may be larger; its shape may differ by a tenth. The console checks this when a picture is
 * chosen (the server stores any size, shrunk to fit 1500 x 1500).
 */
export const PARTNER_IMAGE_SIZES: Record<PartnerImageField, { width: number; height: number; hint: string }> = {
  Logo: { width: 200, height: 200, hint: 'A square logo, at least 200 x 200 pixels' },
  Thumbnail: { width: 1125, height: 796, hint: '1125 x 796 pixels (or larger in that shape)' },
  Banner: { width: 1024, height: 498, hint: '1024 x 498 pixels (or larger in that shape)' },
  CertificateLogo: { width: 600, height: 248, hint: 'A wide logo for the top of the certificate, 600 x 248 pixels (or larger in that shape)' },
};

/** Whether a picture of these pixel dimensions fits its slot; the message says what it should be and what it is. */
export function partnerImageSizeProblem(field: PartnerImageField, width: number, height: number): string | null {
  const want = PARTNER_IMAGE_SIZES[field];
  const label = PARTNER_IMAGES.find((image) => image.field === field)!.label;
  const shapeOff = Math.abs(width / height / (want.width / want.height) - 1) > 0.1;
  if (!shapeOff && width >= want.width && height >= want.height) return null;
  const should = field === 'Logo' ? 'square, at least 200 x 200 pixels' : `${want.width} x ${want.height} pixels or larger in that shape`;
  return `The ${label.toLowerCase()} should be ${should}; this picture is ${width} x ${height}.`;
}

/** The four pictures as the endpoints' multipart files: required on create, optional on update (a file sent replaces the stored one). */
const partnerImageFiles = (required: boolean): Record<PartnerImageField, FileField> =>
  Object.fromEntries(
    PARTNER_IMAGES.map(({ field, label }) => [
      field,
      { description: `The ${label}: png, jpeg or gif by content, at most ${PARTNER_IMAGE_MAX_BYTES / 1_048_576} MB.${required ? '' : ' Left out, the stored one stays.'}`, required },
    ]),
  ) as Record<PartnerImageField, FileField>;

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,19}$/;
const USER_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,59}$/;
const NUBAN = /^\d{10}$/;

/** A partner's code from its short name when none is given: 'Yaba Tech' → 'YABA-TECH'. */
export function partnerCodeFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 20)
    .replace(/-+$/, '');
}

/** The partner admin's user name (the disabled field): partner code and first name, 'yaba-tech.ada'. */
export function partnerAdminUserName(code: string, firstName: string): string {
  const part = (s: string) =>
    s
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '');
  const userName = `${part(code)}.${part(firstName)}`.slice(0, 60);
  return userName.replace(/^[^a-z0-9]+/, '');
}

const email = v.pipe(required(PARTNER_MESSAGES.email, EMAIL_MAX), v.regex(EMAIL_PATTERN, PARTNER_MESSAGES.emailInvalid), v.toLowerCase());

/** Spec §5: at least 11 characters, digits with an optional leading +; spaces and dashes are dropped. */
const phone = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) => s.replace(/[\s-]/g, '')),
  v.minLength(11, PARTNER_MESSAGES.phoneShort),
  v.maxLength(15, PARTNER_MESSAGES.phoneInvalid),
  v.regex(/^\+?\d+$/, PARTNER_MESSAGES.phoneInvalid),
);

/** A choice from a list that arrives as text (a select's value, a multipart field). */
const choice = (message: string, max = MAX_ID) =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()]), ''),
    v.transform((s) => String(s).trim()),
    v.nonEmpty(message),
    v.regex(/^\d{1,10}$/, message),
    v.transform(Number),
    v.minValue(1, message),
    v.maxValue(max, message),
  );

/** Basic Info, as Update sends it (spec §7 Institution/Update). */
export const partnerBasicInfoEntries = {
  FullName: required(PARTNER_MESSAGES.fullName, 200),
  Name: required(PARTNER_MESSAGES.name, 60),
  Email: email,
  PhoneNumber: phone,
  // Optional: only an address that is filled in must be a URL (issue 30).
  Website: v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(300, PARTNER_MESSAGES.url),
    v.check((s) => s === '' || URL_PATTERN.test(s), PARTNER_MESSAGES.url),
  ),
  Address: required(PARTNER_MESSAGES.address, 300),
  Country: v.pipe(required(PARTNER_MESSAGES.country, 3), v.toUpperCase(), v.regex(/^[A-Z]{2,3}$/, PARTNER_MESSAGES.countryUnknown)),
  AccountNumber: v.pipe(required(PARTNER_MESSAGES.accountNumber, 20), v.regex(NUBAN, PARTNER_MESSAGES.accountNumberInvalid)),
  BankId: choice(PARTNER_MESSAGES.bank),
  // Multipart sends line breaks as CRLF; stored as LF.
  overView: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.replace(/\r\n?/g, '\n')),
    text(4000, { multiline: true }),
    v.nonEmpty(PARTNER_MESSAGES.overview),
  ),
};

/** Create adds the partner type and code (optional: derived from Name when blank). */
export const partnerCreateInfoEntries = {
  ...partnerBasicInfoEntries,
  InstitutionType: choice(PARTNER_MESSAGES.type, 3),
  Code: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.toUpperCase(),
    v.check((s) => s === '' || CODE_PATTERN.test(s), PARTNER_MESSAGES.codeInvalid),
  ),
};

/** Step 2, Manage Users: the partner's INSTITUTION ADMIN (the spec's UserModel). */
export const partnerAdminFields = {
  FirstName: v.pipe(required(PARTNER_MESSAGES.adminFirstName), personName()),
  LastName: v.pipe(required(PARTNER_MESSAGES.adminLastName), personName()),
  Email: email,
  PhoneNumber: phone,
  userName: v.pipe(required(PARTNER_MESSAGES.adminUserName, 60), v.toLowerCase(), v.regex(USER_NAME_PATTERN, PARTNER_MESSAGES.adminUserNameInvalid)),
};

/** The same fields as multipart sends them, with the role (always INSTITUTION ADMIN). */
export const partnerAdminEntries = {
  'UserModel.FirstName': partnerAdminFields.FirstName,
  'UserModel.LastName': partnerAdminFields.LastName,
  'UserModel.Email': partnerAdminFields.Email,
  'UserModel.PhoneNumber': partnerAdminFields.PhoneNumber,
  'UserModel.userName': partnerAdminFields.userName,
  'UserModel.Roles': v.pipe(
    v.optional(v.string(), String(INSTITUTION_ADMIN_ROLE_ID)),
    v.check((s) => s.trim() === String(INSTITUTION_ADMIN_ROLE_ID), PARTNER_MESSAGES.adminRole),
    v.transform(() => INSTITUTION_ADMIN_ROLE_ID),
  ),
};

export const createPartnerSchema = v.object({ ...partnerCreateInfoEntries, ...partnerAdminEntries });
export type CreatePartnerInput = v.InferInput<typeof createPartnerSchema>;

/** The Create Partner wizard's form: the admin nested (form libraries read dots as nesting). */
export const createPartnerFormSchema = v.object({ ...partnerCreateInfoEntries, UserModel: v.object(partnerAdminFields) });
export type CreatePartnerFormInput = v.InferInput<typeof createPartnerFormSchema>;
export type CreatePartnerFormOutput = v.InferOutput<typeof createPartnerFormSchema>;

/** The Update Partner wizard's form (the id travels apart). */
export const updatePartnerFormSchema = v.object(partnerBasicInfoEntries);
export type UpdatePartnerFormInput = v.InferInput<typeof updatePartnerFormSchema>;

export const updatePartnerSchema = v.object({
  id: v.pipe(required('id is required', 10), v.regex(/^\d{1,10}$/, 'id must be a whole number'), v.transform(Number), v.minValue(1, 'id must be a whole number'), v.maxValue(MAX_ID, 'id must be a whole number')),
  ...partnerBasicInfoEntries,
});
export type UpdatePartnerInput = v.InferInput<typeof updatePartnerSchema>;

/** A partner as Manage Partners lists it. */
export const partnerSchema = v.object({
  id: v.number(),
  name: v.string(),
  fullName: v.string(),
  code: v.string(),
  institutionType: v.number(),
  email: v.string(),
  phoneNumber: v.nullable(v.string()),
  website: v.nullable(v.string()),
  address: v.nullable(v.string()),
  /** Country code (code1) and its name. */
  country: v.nullable(v.string()),
  countryName: v.nullable(v.string()),
  overView: v.nullable(v.string()),
  logoUrl: v.nullable(v.string()),
  thumbnailUrl: v.nullable(v.string()),
  bannerUrl: v.nullable(v.string()),
  certificateLogoUrl: v.nullable(v.string()),
  isActive: v.boolean(),
  dateCreated: v.string(),
});
export type Partner = v.InferOutput<typeof partnerSchema>;

/** One partner for its detail modal and Update: the settlement account too. */
export const partnerDetailSchema = v.object({
  ...partnerSchema.entries,
  bankId: v.nullable(v.number()),
  bankName: v.nullable(v.string()),
  accountNumber: v.nullable(v.string()),
});
export type PartnerDetail = v.InferOutput<typeof partnerDetailSchema>;

const VIEW = ['viewinstitution', 'manageinstitution'] as const;

export const searchPartners = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Institution/Partners',
  summary: 'Manage Partners: partners with their contact details, searched by name (staff)',
  description:
    'The staff counterpart of Institution/Search (which learners use and which lists active partners only). Platform staff see active and inactive partners (IsActive filters); an institution’s staff (role type 1) see their own institution only (Id naming another is refused). The platform’s own record is never listed. Ordered by full name; 10 a page by default.',
  access: staffWith(...VIEW),
  confine: 'institution',
  query: v.object({
    Page: queryInt('Page', 1, 100_000, 1),
    PageSize: queryInt('PageSize', 1, 10_000, 10),
    Id: queryInt('Id', 0, MAX_ID, 0),
    IsActive: queryBoolean('IsActive'),
    Search: v.optional(text(200), ''),
  }),
  data: v.object({ items: v.array(partnerSchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const getInstitution = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Institution/GetInstitution',
  summary: 'One partner with its settlement account',
  description: 'An institution’s staff reach their own institution only (403 for another). The platform’s own record is not a partner (404).',
  access: staffWith(...VIEW),
  confine: 'institution',
  query: v.object({ Id: queryId('Id') }),
  data: partnerDetailSchema,
  errors: [400, 401, 403, 404],
});

export const queryInstitution = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Institution/QueryInstitution',
  summary: 'Whether a partner name, code or e-mail address is taken (the wizard checks on blur)',
  description: 'Answers only taken or not for each value sent (blank ones are not checked), never which partner holds it. Names and codes are compared without case, as e-mail addresses are. Id leaves that partner out (Update).',
  access: staffWith('manageinstitution'),
  query: v.object({
    code: v.optional(text(20), ''),
    name: v.optional(text(60), ''),
    email: v.optional(text(EMAIL_MAX), ''),
    Id: queryInt('Id', 0, MAX_ID, 0),
  }),
  data: v.object({ codeTaken: v.boolean(), nameTaken: v.boolean(), emailTaken: v.boolean() }),
  errors: [400, 401, 403],
});

export const createInstitution = defineEndpoint({
  service: 'Institution',
  method: 'POST',
  path: 'Institution/Create',
  summary: 'Create a partner and its INSTITUTION ADMIN (multipart: InstitutionModel fields, UserModel.* fields, and the Logo, Thumbnail, Banner and CertificateLogo files)',
  description:
    'Name, code and e-mail address are unique among partners (409 “Name already exist”, “Code already exist”, “Email already exist”), as the admin’s user name and e-mail address are among accounts. Code is derived from Name when blank. The four pictures are required (png, jpeg or gif, judged by content, at most 2 MB each; re-encoded, metadata stripped). The partner, its admin (who must change the one-time password at first sign-in) and the audit row are written in one transaction; the one-time password is then e-mailed to the admin and appears nowhere else.',
  access: staffWith('manageinstitution'),
  audit: { module: 'Institution', action: 'Create' },
  form: true,
  files: partnerImageFiles(true),
  maxBodyBytes: PARTNER_FORM_MAX_BYTES,
  body: createPartnerSchema,
  data: partnerDetailSchema,
  errors: [400, 401, 403, 409],
});

export const updateInstitution = defineEndpoint({
  service: 'Institution',
  method: 'PUT',
  path: 'Institution/Update',
  summary: 'Update a partner’s Basic Info (multipart; pictures optional: a file sent replaces the stored one)',
  description: 'Refused for an inactive partner (activate it first). Name and e-mail address stay unique (409). Partner type and code do not change. Written to the audit trail.',
  access: staffWith('manageinstitution'),
  audit: { module: 'Institution', action: 'Update' },
  form: true,
  files: partnerImageFiles(false),
  maxBodyBytes: PARTNER_FORM_MAX_BYTES,
  body: updatePartnerSchema,
  data: partnerDetailSchema,
  errors: [400, 401, 403, 404, 409],
});

export const activateDeactivateInstitution = defineEndpoint({
  service: 'Institution',
  method: 'POST',
  path: 'Institution/ActivateDeactivate',
  summary: 'Activate (isActive true) or deactivate (false) a partner',
  description:
    'A deactivated partner’s courses leave the catalogue and its staff can no longer sign in: their sessions end (refresh tokens revoked). Activating restores both. The platform’s own record cannot be changed here. Written to the audit trail.',
  access: staffWith('manageinstitution'),
  audit: { module: 'Institution', action: 'ActivateDeactivate' },
  body: v.object({ Id: id('Id'), isActive: v.boolean('isActive must be true or false') }),
  data: partnerSchema,
  errors: [400, 401, 403, 404],
});

export const partnerAdminSchema = v.object({
  id: v.string(),
  userName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  roleName: v.string(),
  isActive: v.boolean(),
});
export type PartnerAdmin = v.InferOutput<typeof partnerAdminSchema>;

export const getAdminUsers = defineEndpoint({
  service: 'Authentication',
  method: 'GET',
  path: 'Account/Admin/GetAdminUsers',
  summary: 'A partner’s staff accounts (the detail modal’s Admin Details)',
  description: 'Staff (not learners) of the institution, by name. An institution’s staff reach their own institution only.',
  access: staffWith(...VIEW),
  confine: 'institution',
  query: v.object({ institutionId: queryId('institutionId') }),
  data: v.array(partnerAdminSchema),
  errors: [400, 401, 403, 404],
});
