// Drizzle queries for reference data: countries, course categories, languages, banks.
import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

/** A page, or everything when `page` is null. */
export type Paging = { page: number; pageSize: number } | null;

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;

export function createReferenceRepository(db: Database) {
  return {
    countries() {
      return db.select({ id: t.countries.id, countryName: t.countries.countryName, code1: t.countries.code1 }).from(t.countries);
    },

    banks(id: number | null) {
      return db
        .select({ id: t.banks.id, name: t.banks.name, code: t.banks.code })
        .from(t.banks)
        .where(id === null ? eq(t.banks.isActive, true) : eq(t.banks.id, id))
        .orderBy(asc(t.banks.name));
    },

    async courseCategories(activeOnly: boolean, paging: Paging) {
      const where: SQL | undefined = activeOnly ? eq(t.courseCategories.isActive, true) : undefined;
      const base = db
        .select({ id: t.courseCategories.id, name: t.courseCategories.name, code: t.courseCategories.code, isActive: t.courseCategories.isActive })
        .from(t.courseCategories)
        .where(where)
        .orderBy(asc(t.courseCategories.name));
      const items = paging ? await base.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize) : await base;
      const [total] = await db.select({ n: count() }).from(t.courseCategories).where(where);
      return { items, totalRows: total?.n ?? items.length };
    },

    async languages(activeOnly: boolean, paging: Paging) {
      const where: SQL | undefined = activeOnly ? eq(t.languages.isActive, true) : undefined;
      const base = db.select({ id: t.languages.id, name: t.languages.name }).from(t.languages).where(where).orderBy(asc(t.languages.id));
      const items = paging ? await base.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize) : await base;
      const [total] = await db.select({ n: count() }).from(t.languages).where(where);
      return { items, totalRows: total?.n ?? items.length };
    },
  };
}
