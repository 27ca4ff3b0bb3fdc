import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as ref from '@rivet/shared/api/reference';
import { HOME_COUNTRY_CODE } from '@rivet/shared/domain/people';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';

export function registerReferenceRoutes(app: Hono<AppEnv>, db: Database): void {
  // The home country first (most learners and partners are there), then the rest by name as
  // people read it: sorted here, since the database's collation may put 'Åland Islands' last.
  bind(app, ref.listCountries, async () => {
    const rows = await db.select({ id: t.countries.id, countryName: t.countries.countryName, code1: t.countries.code1 }).from(t.countries);
    const byName = new Intl.Collator('en', { sensitivity: 'base' });
    return { data: rows.sort((a, b) => Number(b.code1 === HOME_COUNTRY_CODE) - Number(a.code1 === HOME_COUNTRY_CODE) || byName.compare(a.countryName, b.countryName)) };
  });

  bind(app, ref.listCourseCategories, async ({ query }) => {
    const where: SQL | undefined = query.IsActive === true ? eq(t.courseCategories.isActive, true) : undefined;
    const base = db
      .select({ id: t.courseCategories.id, name: t.courseCategories.name, code: t.courseCategories.code, isActive: t.courseCategories.isActive })
      .from(t.courseCategories)
      .where(where)
      .orderBy(asc(t.courseCategories.name));
    const items = query.UsePaging ? await base.limit(query.PageSize).offset((query.Page - 1) * query.PageSize) : await base;
    const [total] = await db.select({ n: count() }).from(t.courseCategories).where(where);
    return { data: { items, totalRows: total?.n ?? items.length } };
  });

  bind(app, ref.listLanguages, async ({ query }) => {
    const where = query.isActive === true ? and(eq(t.languages.isActive, true)) : undefined;
    const base = db.select({ id: t.languages.id, name: t.languages.name }).from(t.languages).where(where).orderBy(asc(t.languages.id));
    const items = query.usePaging ? await base.limit(query.pageSize).offset((query.page - 1) * query.pageSize) : await base;
    const [total] = await db.select({ n: count() }).from(t.languages).where(where);
    return { data: { items, totalRows: total?.n ?? items.length } };
  });
}
