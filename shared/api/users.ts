// Authentication service: Manage Users (spec 002 §2.5, §3 "Admin user", §4 "Partner and user
// isActive", §5 "User create/update", §7 "Users and roles"). Staff accounts only: learners are
// never listed or changed here. docs/decisions/028-manage-users.md
import * as v from 'valibot';
import { EMAIL_PATTERN } from '../domain/people';
import { defineEndpoint, staffWith } from './contract';
import { EMAIL_MAX, MAX_ID, id, noControlCharacters, optionalQueryInt, personName, queryBoolean, queryId, queryInt, required, text, userId } from './fields';

export const USER_MESSAGES = {
  firstName: 'Firstname is required',
  lastName: 'Lastname is required',
  userName: 'Username is required',
  userNameInvalid: 'A username has 3 to 50 letters, digits, dots, hyphens or underscores',
  email: 'Email is required',
  emailInvalid: 'Not a valid email address',
  phoneInvalid: 'Not a valid phone number',
  role: 'Role is required',
  institution: 'Institution is required',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deactivated: 'Record deactivated',
  activated: 'Record Activated',
  notFound: 'User not found',
  institutionNotFound: 'Institution not found',
  roleNotFound: 'Role not found',
  roleInactive: 'This role is deactivated; activate it in Role Management first',
  platformRoleForPartner: 'Partner staff can only be given institution roles',
  partnerRoleForPlatform: 'Rivet staff can only be given Rivet roles',
  platformStaffOnly: 'Only a super admin can give Rivet roles or change Rivet staff',
  notYourself: 'You cannot deactivate your own account',
  ownRole: 'You cannot change your own role',
  lastSuperAdmin: 'The last active SUPER ADMIN cannot be deactivated or given another role',
  userNameTaken: 'Username already exist',
  emailTaken: 'Email already exist',
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  deactivateFailed: 'Failed to deactivate user',
  activateFailed: 'Failed to activate user',
} as const;

/** Spec §9: user listing pages of 50. */
export const USER_PAGE_SIZE = 50;
export const USER_NAME_MAX = 50;

/** Lower-cased; no '@', so a staff user name can never be a learner's (their user name is their e-mail). */
const USER_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9._-]{1,48})[a-z0-9]$/;
/** Spec §9: at least 11 characters; digits with an optional leading + (as on the admin profile). */
export const PHONE_PATTERN = /^\+?\d{11,15}$/;

const firstName = v.pipe(required(USER_MESSAGES.firstName), personName());
const lastName = v.pipe(required(USER_MESSAGES.lastName), personName());
/** Optional: blank is none; spaces and hyphens people type are dropped. */
const phoneNumber = v.optional(
  v.pipe(
    v.string(USER_MESSAGES.phoneInvalid),
    v.maxLength(20, USER_MESSAGES.phoneInvalid),
    noControlCharacters(),
    v.transform((s) => s.replace(/[\s-]/g, '')),
    v.check((s) => s === '' || PHONE_PATTERN.test(s), USER_MESSAGES.phoneInvalid),
  ),
  '',
);

/** The Create User form's fields (spec §5); the same schema checks the request on the server. */
export const createUserFormSchema = v.object({
  firstName,
  lastName,
  userName: v.pipe(required(USER_MESSAGES.userName, USER_NAME_MAX), v.toLowerCase(), v.regex(USER_NAME_PATTERN, USER_MESSAGES.userNameInvalid)),
  email: v.pipe(required(USER_MESSAGES.email, EMAIL_MAX), v.regex(EMAIL_PATTERN, USER_MESSAGES.emailInvalid), v.toLowerCase()),
  phoneNumber,
  /** The role id (the spec's `roles`). */
  roles: id('Role', USER_MESSAGES.role),
});
export type CreateUserFormInput = v.InferInput<typeof createUserFormSchema>;

export const createUserSchema = v.object({
  ...createUserFormSchema.entries,
  /** Required of platform callers; an institution's own staff always create in their own institution. */
  institutionId: v.optional(v.nullable(v.pipe(v.number(USER_MESSAGES.institution), v.integer(USER_MESSAGES.institution), v.minValue(0), v.maxValue(MAX_ID)))),
  /** Sent by the spec's form; the institution id decides. */
  institutionCode: v.optional(v.nullable(text(64))),
});
export type CreateUserInput = v.InferInput<typeof createUserSchema>;

/** The Update User form: user name and e-mail never change (spec §5). */
export const updateUserFormSchema = v.object({ firstName, lastName, phoneNumber, roleId: id('Role', USER_MESSAGES.role) });
export type UpdateUserFormInput = v.InferInput<typeof updateUserFormSchema>;

export const adminUserSchema = v.object({
  id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  userName: v.string(),
  email: v.string(),
  phoneNumber: v.nullable(v.string()),
  roleId: v.number(),
  roleName: v.string(),
  roleType: v.number(),
  isActive: v.boolean(),
  profilePixUrl: v.nullable(v.string()),
  institutionId: v.nullable(v.number()),
  institutionName: v.nullable(v.string()),
  /** Has not yet replaced the one-time password with their own. */
  mustChangePassword: v.boolean(),
});
export type AdminUser = v.InferOutput<typeof adminUserSchema>;

const READ = ['viewuser', 'manageuser'] as const;

export const getUserInfoByInstitutionId = defineEndpoint({
  service: 'Authentication',
  method: 'GET',
  path: 'Account/User/GetUserInfoByInstitutionId',
  summary: 'Staff users, searched by name, user name or e-mail; 50 a page',
  description:
    'Learners are never listed. Platform staff list one institution (institutionid) or all (0 or absent); institution staff always get their own institution, and asking for another is refused (403). isActive filters by status. Ordered by name.',
  access: staffWith(...READ),
  confine: 'institution',
  query: v.object({
    search: v.optional(text(100), ''),
    Page: queryInt('Page', 1, 100_000, 1),
    PageSize: queryInt('PageSize', 1, 1000, USER_PAGE_SIZE),
    institutionid: optionalQueryInt('institutionid', 0, MAX_ID),
    isActive: queryBoolean('isActive'),
  }),
  data: v.object({ items: v.array(adminUserSchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const createAdminUser = defineEndpoint({
  service: 'Authentication',
  method: 'POST',
  path: 'Account/Admin/Create',
  summary: 'Create a staff user; their one-time password is e-mailed to them',
  description:
    'The user must choose their own password at first sign-in. Institution staff create users in their own institution only, with institution roles. Platform staff give Rivet roles to users of the platform’s own institution and institution roles to partner users; only a super admin gives SUPER ADMIN. User names and e-mails are unique (409). Written to the audit trail. The password is never in the response.',
  access: staffWith('manageuser'),
  audit: { module: 'User', action: 'Create' },
  confine: 'institution',
  body: createUserSchema,
  data: adminUserSchema,
  errors: [400, 401, 403, 404, 409],
});

export const updateUserInfo = defineEndpoint({
  service: 'Authentication',
  method: 'PUT',
  path: 'Account/Admin/UpdateUserInfo',
  summary: 'Change a staff user’s names, phone number and role (user name and e-mail never change)',
  description:
    'The role rules of Create apply. Nobody changes their own role, and the last active SUPER ADMIN keeps theirs. A new role reaches the user at their next token refresh. Written to the audit trail.',
  access: staffWith('manageuser'),
  audit: { module: 'User', action: 'UpdateUserInfo' },
  confine: 'institution',
  query: v.object({
    UserId: userId('UserId'),
    firstName,
    lastName,
    phoneNumber,
    roleId: queryId('roleId', USER_MESSAGES.role),
  }),
  data: adminUserSchema,
  errors: [400, 401, 403, 404],
});

export const activateDeactivateUser = defineEndpoint({
  service: 'Authentication',
  method: 'DELETE',
  path: 'Account/User/ActivateDeactivateUser',
  summary: 'Activate (isActive=true) or deactivate (isActive=false) a staff user',
  description:
    'Deactivating revokes every refresh token of the user in the same transaction, so no session outlives it by more than its access token (at most 15 minutes); they cannot sign in until reactivated, and reactivation restores no session. Nobody deactivates themselves, and the last active SUPER ADMIN stays active. Written to the audit trail.',
  access: staffWith('manageuser'),
  audit: { module: 'User', action: 'ActivateDeactivateUser' },
  confine: 'institution',
  query: v.object({
    id: userId('id'),
    isActive: v.pipe(
      v.string('isActive must be true or false'),
      v.toLowerCase(),
      v.picklist(['true', 'false'], 'isActive must be true or false'),
      v.transform((s) => s === 'true'),
    ),
  }),
  data: adminUserSchema,
  errors: [400, 401, 403, 404],
});
