// Authentication service: accounts, sessions, passwords and permissions.
import * as v from 'valibot';
import { EMAIL_PATTERN, AGE_BANDS } from '../domain/people';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '../domain/password';
import { PUBLIC, SIGNED_IN, defineEndpoint, required, staffWith } from './contract';
import { EMAIL_MAX, MAX_ID, NAME_MAX, int, noControlCharacters, personName, text, userId } from './fields';

const strongPassword = (requiredMessage: string) =>
  v.pipe(v.optional(v.string(requiredMessage), ''), v.nonEmpty(requiredMessage), noControlCharacters(), v.check(isStrongPassword, PASSWORD_RULE_MESSAGE));

const email = (requiredMessage: string) =>
  v.pipe(required(requiredMessage, EMAIL_MAX), v.regex(EMAIL_PATTERN, 'Not a valid email address'), v.toLowerCase());

/** Which front end a session belongs to; each keeps its own refresh cookie. */
export const appSchema = v.optional(v.picklist(['learner', 'admin']), 'learner');
export type AppName = 'learner' | 'admin';

export const sessionSchema = v.object({
  userId: v.string(),
  userName: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  profilePix: v.nullable(v.string()),
  role: v.string(),
  roleId: v.number(),
  roleType: v.number(),
  permissions: v.array(v.string()),
  isFirstLogin: v.boolean(),
  studentProfileId: v.nullable(v.number()),
  staffProfileId: v.nullable(v.number()),
  institutionId: v.nullable(v.number()),
  institutionName: v.nullable(v.string()),
  institutionCode: v.nullable(v.string()),
  institutionLogo: v.nullable(v.string()),
  accessToken: v.string(),
  /** ISO date-time at which the access token stops being accepted. */
  accessTokenExpiry: v.string(),
  /** ISO date-time until which the refresh cookie keeps the session alive. */
  refreshTokenExpiry: v.string(),
});
export type Session = v.InferOutput<typeof sessionSchema>;

export const studentSignInSchema = v.object({
  userName: email('email is required'),
  password: required('Password is required'),
});
export type StudentSignInInput = v.InferInput<typeof studentSignInSchema>;

export const adminSignInSchema = v.object({
  userName: v.pipe(required('Username is required'), v.toLowerCase()),
  password: required('Password is required'),
});
export type AdminSignInInput = v.InferInput<typeof adminSignInSchema>;

export const studentSignIn = defineEndpoint({
  service: 'Authentication',
  method: 'POST',
  path: 'Account/Student/SignIn',
  summary: 'Learner sign-in with e-mail and password',
  description:
    'Returns the session with a short-lived access token and sets the learner refresh cookie (httpOnly). Rate limited per address and per account.',
  access: PUBLIC,
  body: studentSignInSchema,
  data: sessionSchema,
  errors: [400, 401, 429],
});

export const adminSignIn = defineEndpoint({
  service: 'Authentication',
  method: 'POST',
  path: 'Account/Admin/SignIn',
  summary: 'Staff sign-in with user name and password',
  description: 'Returns the staff session and sets the admin refresh cookie (httpOnly). Learner accounts are refused.',
  access: PUBLIC,
  body: adminSignInSchema,
  data: sessionSchema,
  errors: [400, 401, 429],
});

const ageSchema = v.pipe(required('Please select your age'), v.picklist(AGE_BANDS as string[], 'Please select your age'));

/** The register call's body. `roles`, `institutionId` and `id` are accepted for compatibility and ignored: every sign-up is a learner. */
export const registerInputSchema = v.object({
  // The names and the country follow the profile form's rules, so a profile saved later keeps them.
  firstName: v.pipe(required('Please input your Firstname!', NAME_MAX), personName()),
  lastName: v.optional(personName(), ''),
  middleName: v.optional(personName(), ''),
  email: email('Please input your Email!'),
  password: strongPassword('Please input your Password!'),
  age: ageSchema,
  country: v.pipe(required('Please select a country'), v.regex(/^[A-Za-z]{2,3}$/, 'Please select a country')),
  institutionId: v.optional(v.nullable(int('institutionId', 0, MAX_ID))),
  institutionCode: v.optional(v.nullable(text(64))),
  roles: v.optional(v.unknown()),
  id: v.optional(v.unknown()),
});
export type RegisterInput = v.InferInput<typeof registerInputSchema>;
export type RegisterData = v.InferOutput<typeof registerInputSchema>;

/** The sign-up form: the call's fields plus confirmation and the terms box. */
export const registerFormSchema = v.pipe(
  v.object({
    ...registerInputSchema.entries,
    confirmPassword: required('Please input your Password again!'),
    acceptTerms: v.literal(true, 'Please accept the terms of use'),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, 'New password and Confirm password must be the same'),
    ['confirmPassword'],
  ),
);
export type RegisterFormInput = v.InferInput<typeof registerFormSchema>;

export const register = defineEndpoint({
  service: 'Authentication',
  method: 'POST',
  path: 'Account/Student/Register',
  summary: 'Create a learner account',
  description:
    'Creates a learner with the student role and signs them in: the answer is the session (as Student/SignIn answers, `userId` included) and the learner refresh cookie is set. Refuses an e-mail already registered (409) and common passwords (400).',
  access: PUBLIC,
  body: registerInputSchema,
  data: sessionSchema,
  errors: [400, 409, 429],
});

export const forgotPasswordSchema = v.object({
  userName: required('Username is required'),
  student: v.optional(v.boolean(), true),
});
export type ForgotPasswordInput = v.InferInput<typeof forgotPasswordSchema>;

/** The learner build's form: its one field is the e-mail address, and it says so. */
export const learnerForgotPasswordFormSchema = v.object({
  userName: email('Email is required'),
  student: v.optional(v.boolean(), true),
});

export const forgotPassword = defineEndpoint({
  service: 'Authentication',
  method: 'POST',
  path: 'Account/User/ForgotPassword',
  summary: 'Request a password reset link',
  description:
    'Always answers the same way, whether or not the account exists. When it does, a single-use link valid for 30 minutes is e-mailed (or kept in the mail outbox when no SMTP server is configured).',
  access: PUBLIC,
  body: forgotPasswordSchema,
  data: v.null(),
  errors: [400, 429],
});

const changePasswordFields = {
  userName: v.pipe(text(EMAIL_MAX), v.toLowerCase()),
  oldPassword: required('Current Password is required'),
  password: strongPassword('New Password is required'),
};

const SAME_PASSWORD_MESSAGE = 'Current password and New password can not be the same';

// The check is written inside each pipe (not shared as one constant) so valibot infers its input
// from that pipe's object; a shared constant does not type-check.
export const changePasswordInputSchema = v.pipe(
  v.object(changePasswordFields),
  v.forward(v.partialCheck([['oldPassword'], ['password']], (i) => i.oldPassword !== i.password, SAME_PASSWORD_MESSAGE), ['password']),
);
export type ChangePasswordInput = v.InferInput<typeof changePasswordInputSchema>;

export const changePasswordFormSchema = v.pipe(
  v.object({ ...changePasswordFields, confirmPassword: required('Confirm New Password is required') }),
  v.forward(v.partialCheck([['oldPassword'], ['password']], (i) => i.oldPassword !== i.password, SAME_PASSWORD_MESSAGE), ['password']),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, 'New password and Confirm password must be the same'),
    ['confirmPassword'],
  ),
);
export type ChangePasswordFormInput = v.InferInput<typeof changePasswordFormSchema>;

export const changePassword = defineEndpoint({
  service: 'Authentication',
  method: 'POST',
  path: 'Account/User/ChangePassword',
  summary: 'Change the signed-in user’s password (forced on first staff sign-in, or voluntary)',
  description: 'userName must be the signed-in user. Other sessions of the user are signed out.',
  access: SIGNED_IN,
  body: changePasswordInputSchema,
  data: v.null(),
  errors: [400, 401, 403],
});

export const resetPasswordInputSchema = v.object({
  token: required('This password reset link is not valid.'),
  password: strongPassword('New Password is required'),
});

export const resetPasswordFormSchema = v.pipe(
  v.object({ ...resetPasswordInputSchema.entries, confirmPassword: required('Confirm New Password is required') }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, 'New password and Confirm password must be the same'),
    ['confirmPassword'],
  ),
);
export type ResetPasswordFormInput = v.InferInput<typeof resetPasswordFormSchema>;

export const resetPassword = defineEndpoint({
  service: 'Authentication',
  method: 'POST',
  path: 'Account/User/ResetPassword',
  summary: 'Set a new password with the link from a reset e-mail',
  description: 'Designed here (the spec shows no path). The token is single-use and expires after 30 minutes; every session of the user is signed out.',
  access: PUBLIC,
  body: resetPasswordInputSchema,
  data: v.null(),
  errors: [400, 429],
});

export const refreshToken = defineEndpoint({
  service: 'Authentication',
  method: 'POST',
  path: 'Account/RefreshToken',
  summary: 'Exchange the refresh cookie for a new access token',
  description:
    'The refresh token travels only in its httpOnly cookie (never in the body, never readable by scripts) and is rotated on every use. Presenting a token that was already used revokes its whole family: the answer is 401 "Session timed out".',
  access: PUBLIC,
  body: v.object({ app: appSchema }),
  data: sessionSchema,
  errors: [401],
});

export const signOut = defineEndpoint({
  service: 'Authentication',
  method: 'POST',
  path: 'Account/SignOut',
  summary: 'Sign out: revoke the refresh token family and clear its cookie',
  access: PUBLIC,
  body: v.object({ app: appSchema }),
  data: v.null(),
});

export const permissionSchema = v.object({
  id: v.number(),
  name: v.string(),
  permissionGroupingName: v.string(),
  userTypeName: v.string(),
});

export const getAllPermissions = defineEndpoint({
  service: 'Authentication',
  method: 'GET',
  path: 'RolePermissionManager/GetAllPermissions',
  summary: 'All permissions, with their grouping and the role types that may hold them',
  access: staffWith(),
  data: v.array(permissionSchema),
  errors: [401, 403],
});

export const userIdQuerySchema = v.object({ userId: userId() });

export const studentProfileSchema = v.object({
  userId: v.string(),
  profileId: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  age: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  country: v.nullable(v.string()),
  countryName: v.nullable(v.string()),
  organization: v.nullable(v.string()),
  jobTitle: v.nullable(v.string()),
  profilePixUrl: v.nullable(v.string()),
  facebook: v.nullable(v.string()),
  twitter: v.nullable(v.string()),
  youtube: v.nullable(v.string()),
  linkedin: v.nullable(v.string()),
  dateCreated: v.string(),
});
export type StudentProfile = v.InferOutput<typeof studentProfileSchema>;

export const getStudentByUserId = defineEndpoint({
  service: 'Authentication',
  method: 'GET',
  path: 'Account/Student/GetStudentByUserId',
  summary: 'A learner’s profile',
  description: 'A learner may read only their own profile; platform staff with viewuser or manageuser may read any.',
  access: SIGNED_IN,
  query: userIdQuerySchema,
  data: studentProfileSchema,
  errors: [401, 403, 404],
});

export const adminProfileSchema = v.object({
  id: v.number(),
  userId: v.string(),
  userName: v.string(),
  address1: v.nullable(v.string()),
  address2: v.nullable(v.string()),
  profilePixUrl: v.nullable(v.string()),
  headline: v.nullable(v.string()),
  biography: v.nullable(v.string()),
  website: v.nullable(v.string()),
  twitter: v.nullable(v.string()),
  youTube: v.nullable(v.string()),
  faceBook: v.nullable(v.string()),
  linkedIn: v.nullable(v.string()),
  role: v.string(),
  roleId: v.number(),
  isActive: v.boolean(),
  institutionId: v.nullable(v.number()),
  institutionName: v.nullable(v.string()),
  institutionCode: v.nullable(v.string()),
  /** Live courses (approved, published, active, of an active partner) of the staff member's institution, or of the whole platform for platform staff: the dashboard's Active Courses (decision 088). */
  activeCourses: v.number(),
  /** In-app notifications not yet past, current or upcoming (the Notification Manager's Current tab; decision 088). */
  notifications: v.number(),
  user: v.object({ firstName: v.string(), lastName: v.string(), email: v.string(), phoneNumber: v.nullable(v.string()) }),
});
export type AdminProfile = v.InferOutput<typeof adminProfileSchema>;

export const getAdminByUserId = defineEndpoint({
  service: 'Authentication',
  method: 'GET',
  path: 'Account/Admin/GetAdminByUserId',
  summary: 'A staff member’s profile',
  description: 'Staff may read their own profile. Reading another needs viewuser or manageuser; institution roles may read only staff of their own institution.',
  access: staffWith(),
  confine: 'institution',
  query: userIdQuerySchema,
  data: adminProfileSchema,
  errors: [401, 403, 404],
});
