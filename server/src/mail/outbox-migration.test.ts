// Messages kept before migration 0008 held whole password-reset links; the migration hides them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/client';
import * as t from '../db/schema';
import { HIDDEN } from './mailer';

describe('migration 0008 (outbox secrets)', () => {
  const before = mkdtempSync(join(tmpdir(), 'rivet-migrations-'));
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it('hides reset tokens already kept in the outbox and names their template', async () => {
    // The migrations as they were before 0008.
    cpSync(MIGRATIONS_DIR, before, { recursive: true });
    const journalFile = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === '0008_outbox_secrets'));
    writeFileSync(journalFile, JSON.stringify(journal));

    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      const db = drizzle(client, { schema: t });
      await migrate(db, { migrationsFolder: before });
      await client.query(
        `insert into email_outbox (recipient, subject, text, status) values
          ('ada@demo.ng', 'Reset your Rivet password', 'Open this link:\nhttp://localhost:8080/change-password?token=abc123secret\n\nThanks', 'queued'),
          ('ada@demo.ng', 'Your Rivet receipt: Excel', 'Reference: RVT-1', 'sent')`,
      );
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const rows = await db.select().from(t.emailOutbox).orderBy(t.emailOutbox.id);
      expect(rows.map((r) => [r.template, r.status])).toEqual([
        ['password-reset', 'not-sent'],
        ['payment-receipt', 'sent'],
      ]);
      expect(rows[0]!.text).toBe(`Open this link:\nhttp://localhost:8080/change-password?token=${HIDDEN}\n\nThanks`);
      expect(rows[1]!.text).toBe('Reference: RVT-1');
    } finally {
      await client.close();
    }
  });
});
