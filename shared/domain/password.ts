// The spec's password rule, shared by every form and by the server.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

export const PASSWORD_RULE_MESSAGE =
  'Password must contain at least 8 characters, an uppercase alphabet, a lower case alphabet, a number and special character';

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different one.';

const STRONG = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9\s])\S{8,20}$/;

export function isStrongPassword(password: string): boolean {
  return STRONG.test(password);
}
