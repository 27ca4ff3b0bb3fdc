// What the privacy notice promises about keeping data (docs/decisions/019), made true: a daily
// purge of sign-in records, spent reset links and copies of e-mails once their time is up.
// Accounts, learning and payment records have their own rules (deletion, decision 009). The
// periods are the ones staff set on Privacy & Settings (privacy_settings, decision 090).
import { and, lt, or, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { readPrivacySettings } from './privacy.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeResult {
  signInRecords: number;
  resetLinks: number;
  emailCopies: number;
}

export function createRetentionRepository(db: Database) {
  return {
    async purgeExpired(now: Date): Promise<PurgeResult> {
      const periods = await readPrivacySettings(db);
      const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
      const signIn = before(periods.signInRecordsDays);
      const signInRecords = await db
        .delete(t.refreshTokens)
        .where(or(lt(t.refreshTokens.expiresAt, signIn), and(isNotNull(t.refreshTokens.revokedAt), lt(t.refreshTokens.revokedAt, signIn))))
        .returning({ id: t.refreshTokens.id });
      const resetLinks = await db
        .delete(t.passwordResetTokens)
        .where(lt(t.passwordResetTokens.expiresAt, before(periods.resetLinksDays)))
        .returning({ id: t.passwordResetTokens.id });
      const emailCopies = await db
        .delete(t.emailOutbox)
        .where(lt(t.emailOutbox.createdAt, before(periods.emailCopiesDays)))
        .returning({ id: t.emailOutbox.id });
      return { signInRecords: signInRecords.length, resetLinks: resetLinks.length, emailCopies: emailCopies.length };
    },
  };
}
