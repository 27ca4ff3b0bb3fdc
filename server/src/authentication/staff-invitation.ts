// A staff account made by someone else (a partner's admin on Create Partner, a user on Manage
// Users) starts with a one-time password, e-mailed to its owner and never shown to the creator,
// stored, or logged. The account is marked must-change-password, so the password only opens the
// Change Password screen (password-change-gate.ts). docs/decisions/025-partners-platform-users.md
import { randomInt } from 'node:crypto';
import { isStrongPassword } from '@rivet/shared/domain/password';
import type { MailMessage } from '../mail/mailer';

// Look-alike characters (0/O, 1/l/I) are left out: the password is typed from an e-mail, often on a phone.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGIT = '23456789';
const SPECIAL = '#$%&*+=?@';
const ALL = UPPER + LOWER + DIGIT + SPECIAL;
const LENGTH = 14;

const pick = (set: string) => set[randomInt(set.length)]!;

/** 14 characters from a CSPRNG with one of each class the password rule asks for (≈ 84 bits). */
export function oneTimePassword(): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGIT), pick(SPECIAL)];
  while (chars.length < LENGTH) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  if (!isStrongPassword(password)) throw new Error('one-time password does not meet the password rule');
  return password;
}

export interface StaffInvitation {
  to: string;
  firstName: string;
  userName: string;
  password: string;
  /** The partner the account belongs to, or the platform's name. */
  organisation: string;
  roleName: string;
  publicUrl: string;
}

/** The welcome e-mail: the one-time password is a declared secret, so the outbox keeps it hidden. */
export function staffInvitationMail(invite: StaffInvitation): MailMessage {
  const signIn = `${invite.publicUrl}/admin/login`;
  return {
    to: invite.to,
    template: 'staff-invitation',
    secrets: [invite.password],
    values: { firstName: invite.firstName, roleName: invite.roleName, organisation: invite.organisation, signInUrl: signIn, userName: invite.userName, oneTimePassword: invite.password },
    subject: 'Your Rivet admin console account',
    text: [
      `Hello ${invite.firstName},`,
      '',
      `An account has been created for you on the Rivet admin console as ${invite.roleName} for ${invite.organisation}.`,
      '',
      `Sign in at ${signIn} with:`,
      `  Username: ${invite.userName}`,
      `  One-time password: ${invite.password}`,
      '',
      'You will be asked to choose your own password when you first sign in. If you did not expect this e-mail, tell your administrator.',
    ].join('\n'),
  };
}
