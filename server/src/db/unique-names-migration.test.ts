// Migration 0026 (decision 082) on a database that already holds case variants, as a real one may:
// the tables are put back as they were before it (exact-case uniques only), twins that differ only
// in case are written, and the migration file runs as it will in production. The oldest row of each
// keeps its value, later ones are renamed to say so, nothing is deleted, and the indexes then hold.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import * as t from './schema';

const MIGRATION = fileURLToPath(new URL('../../drizzle/0026_case_insensitive_uniques.sql', import.meta.url));

/** The tables' unique rules before migration 0026. */
const BEFORE_0026 = [
  'DROP INDEX "course_categories_name_key"',
  'DROP INDEX "course_categories_code_key"',
  'DROP INDEX "institutions_name_key"',
  'DROP INDEX "institutions_code_key"',
  'DROP INDEX "institutions_email_key"',
  'DROP INDEX "revenue_formulas_name_key"',
  'DROP INDEX "roles_name_key"',
  'DROP INDEX "email_templates_code_key"',
  'DROP INDEX "instructors_institution_name_key"',
  'ALTER TABLE "discount_codes" DROP CONSTRAINT "discount_codes_code_upper"',
  'ALTER TABLE "course_categories" ADD CONSTRAINT "course_categories_code_unique" UNIQUE("code")',
  'ALTER TABLE "institutions" ADD CONSTRAINT "institutions_name_unique" UNIQUE("name")',
  'ALTER TABLE "institutions" ADD CONSTRAINT "institutions_code_unique" UNIQUE("code")',
  'ALTER TABLE "roles" ADD CONSTRAINT "roles_name_unique" UNIQUE("name")',
  'CREATE UNIQUE INDEX "email_templates_code_key" ON "email_templates" USING btree ("code")',
  'CREATE UNIQUE INDEX "instructors_institution_name_key" ON "instructors" USING btree ("institution_id","name")',
];

describe.each(testDrivers())('migration 0026 over case-variant duplicates on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  it('keeps the oldest of each, renames the later ones deterministically, deletes nothing, and then refuses new twins', async () => {
    const db = app.database.db;
    for (const statement of BEFORE_0026) await db.execute(sql.raw(statement));

    await db.insert(t.roles).values([
      { id: 901, name: 'Auditor', roleType: 1 },
      { id: 902, name: 'AUDITOR', roleType: 1 },
      { id: 903, name: 'auditor', roleType: 1 },
    ]);
    const categories = await db
      .insert(t.courseCategories)
      .values([
        { name: 'Dup Cat', code: 'DUP-CAT' },
        { name: 'DUP CAT', code: 'DUP-CAT-2' },
        { name: 'Other Cat', code: 'dup-cat' },
      ])
      .returning();
    const partners = await db
      .insert(t.institutions)
      .values([
        { name: 'DupPartner', fullName: 'Dup Partner One', code: 'DUPP', email: 'office@dup.ng' },
        { name: 'DUPPARTNER', fullName: 'Dup Partner Two', code: 'DUPP-2', email: 'desk@dup.ng' },
        { name: 'Third Dup', fullName: 'Dup Partner Three', code: 'dupp', email: 'Office@Dup.ng' },
      ])
      .returning();
    const formulas = await db.insert(t.revenueFormulas).values([{ name: 'Dup Formula' }, { name: 'dup formula' }]).returning();
    const [approved] = await db.select().from(t.emailTemplates).where(eq(t.emailTemplates.code, 'course-approved'));
    const [twinTemplate] = await db.insert(t.emailTemplates).values({ code: 'Course-Approved', name: 'Twin', template: '<p>x</p>', emailCategoryId: approved!.emailCategoryId }).returning();
    const [a, b] = partners;
    const instructors = await db
      .insert(t.instructors)
      .values([
        { institutionId: a!.id, name: 'Ada Obi' },
        { institutionId: a!.id, name: 'ADA OBI' },
        { institutionId: b!.id, name: 'ada obi' },
      ])
      .returning();
    const [discount] = await db
      .insert(t.discounts)
      .values({ name: 'Dup codes', description: 'x', chargeType: 2, amount: 10, startDate: '2026-01-01', endDate: '2026-12-31' })
      .returning();
    const codes = await db
      .insert(t.discountCodes)
      .values(['DUPCODE', 'dupcode', 'lonely'].map((code) => ({ discountId: discount!.id, code })))
      .returning();

    const statements = readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const statement of statements) await db.execute(sql.raw(statement));

    expect((await db.select({ id: t.roles.id, name: t.roles.name }).from(t.roles).where(inArray(t.roles.id, [901, 902, 903])).orderBy(asc(t.roles.id))).map((r) => r.name)).toEqual([
      'Auditor',
      'AUDITOR (duplicate #902)',
      'auditor (duplicate #903)',
    ]);
    const categoriesAfter = await db.select().from(t.courseCategories).where(inArray(t.courseCategories.id, categories.map((c) => c.id))).orderBy(asc(t.courseCategories.id));
    expect(categoriesAfter.map((c) => [c.name, c.code])).toEqual([
      ['Dup Cat', 'DUP-CAT'],
      [`DUP CAT (duplicate #${categories[1]!.id})`, 'DUP-CAT-2'],
      ['Other Cat', `dup-cat-${categories[2]!.id}`],
    ]);
    const partnersAfter = await db.select().from(t.institutions).where(inArray(t.institutions.id, partners.map((p) => p.id))).orderBy(asc(t.institutions.id));
    expect(partnersAfter.map((p) => [p.name, p.code, p.email])).toEqual([
      ['DupPartner', 'DUPP', 'office@dup.ng'],
      [`DUPPARTNER (duplicate #${b!.id})`, 'DUPP-2', 'desk@dup.ng'],
      ['Third Dup', `dupp-${partners[2]!.id}`, `Office+duplicate-${partners[2]!.id}@Dup.ng`],
    ]);
    expect((await db.select().from(t.revenueFormulas).where(inArray(t.revenueFormulas.id, formulas.map((f) => f.id))).orderBy(asc(t.revenueFormulas.id))).map((f) => f.name)).toEqual([
      'Dup Formula',
      `dup formula (duplicate #${formulas[1]!.id})`,
    ]);
    const templates = await db.select().from(t.emailTemplates).where(inArray(t.emailTemplates.id, [approved!.id, twinTemplate!.id])).orderBy(asc(t.emailTemplates.id));
    expect(templates.map((x) => [x.code, x.isActive])).toEqual([
      ['course-approved', approved!.isActive],
      [`Course-Approved-duplicate-${twinTemplate!.id}`, false],
    ]);
    expect((await db.select().from(t.instructors).where(inArray(t.instructors.id, instructors.map((i) => i.id))).orderBy(asc(t.instructors.id))).map((i) => i.name)).toEqual([
      'Ada Obi',
      `ADA OBI (duplicate #${instructors[1]!.id})`,
      // Another partner's instructor of the same name is no duplicate.
      'ada obi',
    ]);
    expect((await db.select().from(t.discountCodes).where(inArray(t.discountCodes.id, codes.map((c) => c.id))).orderBy(asc(t.discountCodes.id))).map((c) => c.code)).toEqual([
      'DUPCODE',
      `DUPCODE-${codes[1]!.id}`,
      'LONELY',
    ]);

    // The indexes are in place: a new case variant is refused by the database itself.
    const refused = async (write: () => Promise<unknown>) => {
      const error = await write().then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUniqueViolation(error), String(error)).toBe(true);
    };
    await refused(() => db.insert(t.roles).values({ id: 904, name: 'AUDITor', roleType: 1 }));
    await refused(() => db.insert(t.courseCategories).values({ name: 'dUP cAT', code: 'NEW-CODE' }));
    await refused(() => db.insert(t.institutions).values({ name: 'New One', fullName: 'New One', code: 'NEW1', email: 'OFFICE@dup.ng' }));
    await refused(() => db.insert(t.revenueFormulas).values({ name: 'DUP FORMULA' }));
    await refused(() => db.insert(t.instructors).values({ institutionId: a!.id, name: 'ada OBI' }));
    const lower = await db
      .insert(t.discountCodes)
      .values({ discountId: discount!.id, code: 'lower' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(lower, 'discount codes are stored upper case').not.toBeNull();
  });
});
