// What the authentication and profile services answer, in one place (tests assert these).

export const MESSAGES = {
  invalidLearnerCredentials: 'Invalid email or password',
  invalidStaffCredentials: 'Invalid username or password',
  deactivated: 'Your account has been deactivated. Please contact your admin.',
  institutionInactive: 'Your institution’s account is not active. Please contact the platform team.',
  sessionTimedOut: 'Session timed out',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  studentCreated: 'Student created successfully',
  resetRequested: 'If an account matches what you entered, we have sent a link to reset your password to its email address. The link works once and expires in 30 minutes.',
  resetInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  passwordChangeRequired: 'Change your password before continuing.',
  notYourAccount: 'You can only change your own password.',
  userNotFound: 'User not found',
  notYourProfile: 'You can only change your own profile.',
  countryRequired: 'Please select a country',
  profileUpdated: 'Profile updated successfully',
  socialUpdated: 'Social links updated successfully',
  wrongPassword: 'The password is not correct',
  staffCannotDelete: 'Staff accounts cannot be deleted here. Please contact the platform team.',
  accountDeleted: 'Your account has been deleted',
} as const;

/** Where the user name and e-mail of a deleted account point: unique, and never deliverable (RFC 2606). */
export const deletedIdentifier = (userId: string) => `deleted-${userId}@deleted.invalid`;
