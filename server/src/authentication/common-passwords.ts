// The common-password check lives on the server only: the list (~49k entries) is too heavy to
// ship to phones, and the server's message reaches the form as the response description.
import { dictionary } from '@zxcvbn-ts/language-common';

const common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * True when the password is a common one, ignoring case and the usual decorations people add
 * to satisfy a strength rule (a capital letter, leading or trailing digits and symbols).
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  const stem = lower.replace(/[^a-z]+$/, '').replace(/^[^a-z]+/, '');
  return stem.length >= 4 && common.has(stem);
}
