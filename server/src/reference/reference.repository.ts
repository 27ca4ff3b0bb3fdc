// Drizzle queries for reference data: countries, course categories, languages, banks.
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

/** A page, or everything when `page` is null. */
export type Paging = { page: number; pageSize: number } | null;

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;

/**
 * The shared reads every visitor's first screens ask for, as prepared statements (decision 065):
 * drizzle builds each one's SQL once rather than per request (building it was most of the
 * server's own time on a category list), and on PostgreSQL each is parsed and planned once per
 * connection under its name. The same SQL and parameters as the query builder sent.
 */
function referenceStatements(db: Database) {
  const cc = t.courseCategories;
  const categoryColumns = { id: cc.id, name: cc.name, code: cc.code, isActive: cc.isActive };
  const activeCategory = eq(cc.isActive, sql.placeholder('active'));
  const lang = t.languages;
  const activeLanguage = eq(lang.isActive, sql.placeholder('active'));
  const languageColumns = { id: lang.id, name: lang.name };
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const categoryItems = (where: SQL | undefined) => db.select(categoryColumns).from(cc).where(where).orderBy(asc(cc.name));
  const languageItems = (where: SQL | undefined) => db.select(languageColumns).from(lang).where(where).orderBy(asc(lang.id));
  return {
    countries: db.select({ id: t.countries.id, countryName: t.countries.countryName, code1: t.countries.code1 }).from(t.countries).prepare('reference_countries'),
    categories: {
      active: {
        items: categoryItems(activeCategory).prepare('reference_categories_active'),
        page: categoryItems(activeCategory).limit(limit).offset(offset).prepare('reference_categories_active_page'),
        total: db.select({ n: count() }).from(cc).where(activeCategory).prepare('reference_categories_active_total'),
      },
      all: {
        items: categoryItems(undefined).prepare('reference_categories_all'),
        page: categoryItems(undefined).limit(limit).offset(offset).prepare('reference_categories_all_page'),
        total: db.select({ n: count() }).from(cc).prepare('reference_categories_all_total'),
      },
    },
    languages: {
      active: {
        items: languageItems(activeLanguage).prepare('reference_languages_active'),
        page: languageItems(activeLanguage).limit(limit).offset(offset).prepare('reference_languages_active_page'),
        total: db.select({ n: count() }).from(lang).where(activeLanguage).prepare('reference_languages_active_total'),
      },
      all: {
        items: languageItems(undefined).prepare('reference_languages_all'),
        page: languageItems(undefined).limit(limit).offset(offset).prepare('reference_languages_all_page'),
        total: db.select({ n: count() }).from(lang).prepare('reference_languages_all_total'),
      },
    },
  };
}

export function createReferenceRepository(db: Database) {
  const { countries, categories, languages } = referenceStatements(db);
  return {
    countries() {
      return countries.execute();
    },

    banks(id: number | null) {
      return db
        .select({ id: t.banks.id, name: t.banks.name, code: t.banks.code })
        .from(t.banks)
        .where(id === null ? eq(t.banks.isActive, true) : eq(t.banks.id, id))
        .orderBy(asc(t.banks.name));
    },

    async courseCategories(activeOnly: boolean, paging: Paging) {
      const statements = activeOnly ? categories.active : categories.all;
      const items = paging ? await statements.page.execute({ active: true, limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize }) : await statements.items.execute({ active: true });
      const [total] = await statements.total.execute({ active: true });
      return { items, totalRows: total?.n ?? items.length };
    },

    async languages(activeOnly: boolean, paging: Paging) {
      const statements = activeOnly ? languages.active : languages.all;
      const items = paging ? await statements.page.execute({ active: true, limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize }) : await statements.items.execute({ active: true });
      const [total] = await statements.total.execute({ active: true });
      return { items, totalRows: total?.n ?? items.length };
    },
  };
}
