import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { createRetentionRepository } from './retention.repository';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDrivers())('keeping data no longer than the privacy notice says, on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  it('purges sign-in records a year after they ended, spent reset links, and e-mail copies after 90 days', async () => {
    const db = app.database.db;
    const now = new Date('2027-06-01T00:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const [user] = await db.select().from(t.users).where(eq(t.users.userName, DEMO_ACCOUNTS.learner.userName));
    const token = (tag: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      familyId: crypto.randomUUID(),
      userId: user!.id,
      tokenHash: `hash-${tag}`,
      app: 'learner',
      expiresAt,
      revokedAt,
      ip: '10.0.0.1',
      userAgent: 'phone',
    });
    await db.insert(t.refreshTokens).values([
      token('expired-long-ago', ago(400)),
      token('revoked-long-ago', ago(-20), ago(370)),
      token('expired-recently', ago(100)),
      token('live', ago(-20)),
    ]);
    await db.insert(t.passwordResetTokens).values([
      { userId: user!.id, tokenHash: 'reset-old', expiresAt: ago(2) },
      { userId: user!.id, tokenHash: 'reset-live', expiresAt: ago(-0.01) },
    ]);
    await db.insert(t.emailOutbox).values([
      { recipient: 'a@demo.ng', subject: 'old', text: 'x', status: 'sent', createdAt: ago(91) },
      { recipient: 'a@demo.ng', subject: 'recent', text: 'x', status: 'sent', createdAt: ago(89) },
    ]);

    const purged = await createRetentionRepository(db).purgeExpired(now);

    expect(purged).toEqual({ signInRecords: 2, resetLinks: 1, emailCopies: 1 });
    const hashes = (await db.select({ h: t.refreshTokens.tokenHash }).from(t.refreshTokens)).map((r) => r.h);
    expect(hashes).toEqual(expect.arrayContaining(['hash-expired-recently', 'hash-live']));
    expect(hashes).not.toEqual(expect.arrayContaining(['hash-expired-long-ago']));
    expect(hashes).not.toContain('hash-revoked-long-ago');
    expect((await db.select({ h: t.passwordResetTokens.tokenHash }).from(t.passwordResetTokens)).map((r) => r.h)).toContain('reset-live');
    expect((await db.select({ s: t.emailOutbox.subject }).from(t.emailOutbox)).map((r) => r.s)).toEqual(['recent']);
  });

  it('uses the periods staff set on Privacy & Settings, not the notice’s defaults', async () => {
    const db = app.database.db;
    await db.update(t.privacySettings).set({ signInRecordsDays: 60, resetLinksDays: 3, emailCopiesDays: 30 }).where(eq(t.privacySettings.id, 1));
    try {
      const now = new Date('2027-09-01T00:00:00Z');
      const ago = (days: number) => new Date(now.getTime() - days * DAY);
      const [user] = await db.select().from(t.users).where(eq(t.users.userName, DEMO_ACCOUNTS.learner.userName));
      await db.insert(t.refreshTokens).values([
        { familyId: crypto.randomUUID(), userId: user!.id, tokenHash: 'set-61', app: 'learner', expiresAt: ago(61) },
        { familyId: crypto.randomUUID(), userId: user!.id, tokenHash: 'set-59', app: 'learner', expiresAt: ago(59) },
      ]);
      await db.insert(t.passwordResetTokens).values([
        { userId: user!.id, tokenHash: 'set-reset-2', expiresAt: ago(2) },
        { userId: user!.id, tokenHash: 'set-reset-4', expiresAt: ago(4) },
      ]);
      await db.insert(t.emailOutbox).values([
        { recipient: 'a@demo.ng', subject: 'set-31', text: 'x', status: 'sent', createdAt: ago(31) },
        { recipient: 'a@demo.ng', subject: 'set-29', text: 'x', status: 'sent', createdAt: ago(29) },
      ]);

      await createRetentionRepository(db).purgeExpired(now);

      const hashes = (await db.select({ h: t.refreshTokens.tokenHash }).from(t.refreshTokens)).map((r) => r.h);
      expect(hashes).toContain('set-59');
      expect(hashes).not.toContain('set-61');
      const resets = (await db.select({ h: t.passwordResetTokens.tokenHash }).from(t.passwordResetTokens)).map((r) => r.h);
      expect(resets).toContain('set-reset-2');
      expect(resets).not.toContain('set-reset-4');
      const mail = (await db.select({ s: t.emailOutbox.subject }).from(t.emailOutbox)).map((r) => r.s);
      expect(mail).toContain('set-29');
      expect(mail).not.toContain('set-31');
    } finally {
      await db.update(t.privacySettings).set({ signInRecordsDays: 365, resetLinksDays: 1, emailCopiesDays: 90 }).where(eq(t.privacySettings.id, 1));
    }
  });
});
