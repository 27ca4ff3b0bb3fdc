// What the privacy notice promises about keeping data (docs/decisions/019), made true: a daily
// purge of sign-in records, spent reset links and copies of e-mails once their time is up.
// Accounts, learning and payment records have their own rules (deletion, decision 009).
import { and, lt, or, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long each kind of record is kept after it stops being needed (the notice's figures). */
export const RETENTION = {
  /** Sign-in records (address, browser): up to 12 months after the session ended. */
  signInRecordsDays: 365,
  /** Reset links last 30 minutes; their (hashed) rows go a day later. */
  resetLinksDays: 1,
  /** Copies of e-mails in the outbox. */
  emailCopiesDays: 90,
} as const;

export interface PurgeResult {
  signInRecords: number;
  resetLinks: number;
  emailCopies: number;
}

export function createRetentionRepository(db: Database) {
  return {
    async purgeExpired(now: Date): Promise<PurgeResult> {
      const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
      const signIn = before(RETENTION.signInRecordsDays);
      const signInRecords = await db
        .delete(t.refreshTokens)
        .where(or(lt(t.refreshTokens.expiresAt, signIn), and(isNotNull(t.refreshTokens.revokedAt), lt(t.refreshTokens.revokedAt, signIn))))
        .returning({ id: t.refreshTokens.id });
      const resetLinks = await db
        .delete(t.passwordResetTokens)
        .where(lt(t.passwordResetTokens.expiresAt, before(RETENTION.resetLinksDays)))
        .returning({ id: t.passwordResetTokens.id });
      const emailCopies = await db
        .delete(t.emailOutbox)
        .where(lt(t.emailOutbox.createdAt, before(RETENTION.emailCopiesDays)))
        .returning({ id: t.emailOutbox.id });
      return { signInRecords: signInRecords.length, resetLinks: resetLinks.length, emailCopies: emailCopies.length };
    },
  };
}
