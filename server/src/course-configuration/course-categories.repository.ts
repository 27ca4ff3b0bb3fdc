// Course categories as Course Configuration changes them (Drizzle only; the rules are in
// course-categories.service.ts). The lists everyone reads stay in reference.repository.ts.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export interface CategoryRow {
  id: number;
  name: string;
  code: string;
  isActive: boolean;
}

const columns = { id: t.courseCategories.id, name: t.courseCategories.name, code: t.courseCategories.code, isActive: t.courseCategories.isActive };

export type CourseCategoriesRepository = ReturnType<typeof createCourseCategoriesRepository>;

export function createCourseCategoriesRepository(db: Database) {
  async function findIn(handle: Database, id: number): Promise<CategoryRow | null> {
    const [row] = await handle.select(columns).from(t.courseCategories).where(eq(t.courseCategories.id, id));
    return row ?? null;
  }

  return {
    find: (id: number) => findIn(db, id),

    /** Another category with this name (whatever its case) or this code. */
    async clash(values: { name?: string; code?: string }, exceptId: number | null): Promise<'name' | 'code' | null> {
      const others: SQL | undefined = exceptId === null ? undefined : ne(t.courseCategories.id, exceptId);
      if (values.name !== undefined) {
        const rows = await db.select({ id: t.courseCategories.id }).from(t.courseCategories).where(and(sql`lower(${t.courseCategories.name}) = lower(${values.name})`, others)).limit(1);
        if (rows.length) return 'name';
      }
      if (values.code !== undefined) {
        const rows = await db.select({ id: t.courseCategories.id }).from(t.courseCategories).where(and(eq(t.courseCategories.code, values.code), others)).limit(1);
        if (rows.length) return 'code';
      }
      return null;
    },

    create(values: { name: string; code: string }, audit: (id: number) => AuditRow) {
      return db.transaction(async (tx) => {
        const [made] = await tx.insert(t.courseCategories).values(values).returning({ id: t.courseCategories.id });
        await tx.insert(t.auditTrail).values(audit(made!.id));
        return (await findIn(tx, made!.id))!;
      });
    },

    /**
     * A new name reaches the courses' search text in the same transaction (the search_words
     * trigger then learns its words), so learners find a course by its category's new name.
     */
    update(id: number, values: { name?: string; code?: string }, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        await tx.update(t.courseCategories).set(values).where(eq(t.courseCategories.id, id));
        if (values.name !== undefined) {
          await tx
            .update(t.courses)
            .set({ searchText: sql`concat_ws(' ', ${t.courses.title}, ${t.courses.headline}, ${t.courses.description}, ${values.name}::text, ${t.institutions.name}, ${t.institutions.fullName})` })
            .from(t.institutions)
            .where(and(eq(t.institutions.id, t.courses.institutionId), eq(t.courses.courseCategoryId, id)));
        }
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },

    setActive(id: number, isActive: boolean, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        await tx.update(t.courseCategories).set({ isActive }).where(eq(t.courseCategories.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },
  };
}
