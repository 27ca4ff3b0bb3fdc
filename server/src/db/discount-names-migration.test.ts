// Migration 0027 (decision 082) over a database whose discounts already share names in one partner:
// the oldest keeps its name, later ones say they are duplicates, other partners' names are left
// alone, nothing is deleted, and the index then refuses a new case twin.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violatedUnique } from './errors';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import * as t from './schema';

const MIGRATION = fileURLToPath(new URL('../../drizzle/0027_discount_names_per_partner.sql', import.meta.url));

describe.each(testDrivers())('migration 0027 over twin discount names on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  it('renames later twins within a partner only, then refuses a new one', async () => {
    const db = app.database.db;
    await db.execute(sql.raw('DROP INDEX "discounts_partner_name_key"'));
    const [a, b] = await db.select({ id: t.institutions.id }).from(t.institutions).where(inArray(t.institutions.code, ['UNILAG', 'LBS'])).orderBy(asc(t.institutions.code));
    const common = { description: 'd', chargeType: 2, amount: 10, startDate: '2026-01-01', endDate: '2030-12-31' };
    const rows = await db
      .insert(t.discounts)
      .values([
        { ...common, institutionId: a!.id, name: 'Twin Sale' },
        { ...common, institutionId: a!.id, name: 'TWIN SALE' },
        { ...common, institutionId: b!.id, name: 'twin sale' },
        { ...common, institutionId: null, name: 'Twin Sale' },
        { ...common, institutionId: null, name: 'twin SALE' },
      ])
      .returning({ id: t.discounts.id });
    const statements = readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const statement of statements) await db.execute(sql.raw(statement));

    const after = await db.select({ id: t.discounts.id, name: t.discounts.name }).from(t.discounts).where(inArray(t.discounts.id, rows.map((r) => r.id))).orderBy(asc(t.discounts.id));
    expect(after.map((r) => r.name)).toEqual(['Twin Sale', `TWIN SALE (duplicate #${rows[1]!.id})`, 'twin sale', 'Twin Sale', `twin SALE (duplicate #${rows[4]!.id})`]);
    const refused = await db
      .insert(t.discounts)
      .values({ ...common, institutionId: b!.id, name: 'TWIN sale' })
      .then(() => null)
      .catch((error: unknown) => violatedUnique(error));
    expect(refused).toBe('discounts_partner_name_key');
  });
});
