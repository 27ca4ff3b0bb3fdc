// Migration 0024's repair of courses approved with a formula that does not name their partner
// (issue 28, decision 076), tested on its own SQL: the bad state is built on a migrated database,
// the migration's UPDATE is read from the migration file and run again, and it must take the
// formula off exactly the courses `formulaFitsCourse` (the rule QA and the ledger use) refuses.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formulaFitsCourse } from '@rivet/shared/domain/revenue-split';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import * as t from './schema';

const MIGRATION = fileURLToPath(new URL('../../drizzle/0024_course_authors_and_formula_repick.sql', import.meta.url));

/** The statement of migration 0024 that moves a formula naming another partner to revenue_formula_repick_from_id. */
function repickStatement(): string {
  const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
  const found = statements.filter((s) => /SET "revenue_formula_repick_from_id" = c\."revenue_formula_id"/.test(s));
  expect(found, 'one repick UPDATE in the migration').toHaveLength(1);
  return found[0]!;
}

describe.each(testDrivers())('migration 0024 re-pick of formulas on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  it('takes off exactly the formulas that do not name the course’s partner, for partner and platform courses, and leaves the rest', async () => {
    const db = app.database.db;
    const institutions = await db.select().from(t.institutions);
    const id = (code: string) => institutions.find((i) => i.code === code)!.id;
    const [unilag, lbs] = [id('UNILAG'), id('LBS')];
    const platform = institutions.find((i) => i.isPlatform)!.id;
    const fresh = (await insertInstitution(db, { name: 'MIGR', fullName: 'Migration College' })).id;

    const formula = async (name: string, partners: number[]) => {
      const [made] = await db.insert(t.revenueFormulas).values({ name }).returning();
      const share = partners.length ? Math.floor(7000 / partners.length) : 0;
      await db.insert(t.revenueFormulaParties).values([
        { formulaId: made!.id, position: 1, partyType: 0, institutionId: null, share: 10_000 - share * partners.length },
        ...partners.map((p, i) => ({ formulaId: made!.id, position: i + 2, partyType: 1, institutionId: p, share })),
      ]);
      return made!.id;
    };
    const lbsOnly = await formula('Migration LBS 30/70', [lbs]);
    const unilagOnly = await formula('Migration UNILAG 30/70', [unilag]);
    const both = await formula('Migration LBS and UNILAG', [lbs, unilag]);
    const ownerOnly = await formula('Migration platform only', []);
    // One retired: a formula's state does not matter to the repair, only whom it names.
    await db.update(t.revenueFormulas).set({ isActive: false }).where(eq(t.revenueFormulas.id, unilagOnly));

    const course = async (title: string, institutionId: number, revenueFormulaId: number | null) => (await insertCourse(db, { title, institutionId, revenueFormulaId, modules: 0 })).id;
    const bad = {
      unilagWithLbs: await course('Migration UNILAG sold by LBS', unilag, lbsOnly),
      unilagWithOwnerOnly: await course('Migration UNILAG, platform only', unilag, ownerOnly),
      freshWithLbs: await course('Migration new partner sold by LBS', fresh, lbsOnly),
      platformWithUnilag: await course('Migration platform sold by UNILAG', platform, unilagOnly),
    };
    const good = {
      unilagWithUnilag: await course('Migration UNILAG own', unilag, unilagOnly),
      unilagWithBoth: await course('Migration UNILAG shared', unilag, both),
      lbsWithBoth: await course('Migration LBS shared', lbs, both),
      platformWithOwnerOnly: await course('Migration platform own', platform, ownerOnly),
      noFormula: await course('Migration default split', unilag, null),
    };
    const all = [...Object.values(bad), ...Object.values(good)];
    const formulaOf = Object.fromEntries((await db.select({ id: t.courses.id, f: t.courses.revenueFormulaId }).from(t.courses).where(inArray(t.courses.id, all))).map((r) => [r.id, r.f]));

    await db.execute(sql.raw(repickStatement()));

    const after = await db
      .select({ id: t.courses.id, formula: t.courses.revenueFormulaId, repickFrom: t.courses.revenueFormulaRepickFromId })
      .from(t.courses)
      .where(inArray(t.courses.id, all));
    const byId = new Map(after.map((r) => [r.id, r]));
    for (const [name, courseId] of Object.entries(bad)) expect(byId.get(courseId), name).toEqual({ id: courseId, formula: null, repickFrom: formulaOf[courseId] });
    for (const [name, courseId] of Object.entries(good)) expect(byId.get(courseId), name).toEqual({ id: courseId, formula: formulaOf[courseId], repickFrom: null });

    // The SQL and the rule QA and the ledger use agree on every course the database holds.
    const parties = await db.select().from(t.revenueFormulaParties);
    const courses = await db
      .select({ id: t.courses.id, institutionId: t.courses.institutionId, isPlatform: t.institutions.isPlatform, formula: t.courses.revenueFormulaId })
      .from(t.courses)
      .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId));
    const misfits = courses.filter(
      (c) => c.formula !== null && !formulaFitsCourse(parties.filter((p) => p.formulaId === c.formula).map((p) => ({ partnerId: p.institutionId ?? 0 })), c),
    );
    expect(misfits).toEqual([]);

    // Running it again changes nothing: the repaired courses have no formula left to move.
    await db.execute(sql.raw(repickStatement()));
    const again = await db.select({ id: t.courses.id, formula: t.courses.revenueFormulaId, repickFrom: t.courses.revenueFormulaRepickFromId }).from(t.courses).where(inArray(t.courses.id, all));
    expect(new Map(again.map((r) => [r.id, r]))).toEqual(byId);
  });
});
