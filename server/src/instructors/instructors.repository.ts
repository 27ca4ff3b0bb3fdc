// A partner's instructors as the Instructors screen and the wizard's "Add instructor" change them
// (Drizzle only; the rules are in instructors.service.ts). The wizard's dropdown read
// (Instructor/List) and its save-time check stay in authoring.repository.ts.
import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { ManagedInstructor } from '@rivet/shared/api/instructors';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import { partnersCounting } from '../db/shared-queries';
import * as t from '../db/schema';

/** Courses of the instructor's partner naming them; a revision is its published course's copy, not another course. */
const courses = sql<number>`(select count(*)::int from ${t.courses} where ${t.courses.institutionId} = ${t.instructors.institutionId} and ${t.courses.instructorName} = ${t.instructors.name} and ${t.courses.revisionOfCourseId} is null)`;

const columns = {
  id: t.instructors.id,
  name: t.instructors.name,
  institutionId: t.instructors.institutionId,
  isActive: t.instructors.isActive,
  courses,
};

/** `%`, `_` and `\` typed in a search are letters, not patterns. */
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type InstructorsRepository = ReturnType<typeof createInstructorsRepository>;

/** What a write answers: the instructor, or that the partner already has one by that name. */
export type InstructorWrite = { instructor: ManagedInstructor } | { taken: string };

export function createInstructorsRepository(db: Database) {
  async function findIn(handle: Database, id: number): Promise<ManagedInstructor | null> {
    const [row] = await handle.select(columns).from(t.instructors).where(eq(t.instructors.id, id));
    return row ?? null;
  }

  /**
   * The unique index is on the exact name; “ada obi” beside “Ada Obi” is caught here, under a lock
   * on the partner's row so two saves at once are judged one after the other. NO KEY UPDATE: it
   * serialises instructor writes of the partner without holding up inserts that only reference it.
   */
  async function clashUnderLock(tx: Database, institutionId: number, name: string, exceptId: number | null): Promise<string | null> {
    await tx.execute(sql`select id from ${t.institutions} where id = ${institutionId} for no key update`);
    const [clash] = await tx
      .select({ name: t.instructors.name })
      .from(t.instructors)
      .where(and(eq(t.instructors.institutionId, institutionId), sql`lower(${t.instructors.name}) = lower(${name})`, exceptId === null ? undefined : ne(t.instructors.id, exceptId)))
      .limit(1);
    return clash?.name ?? null;
  }

  return {
    find: (id: number) => findIn(db, id),

    async partner(id: number): Promise<{ id: number; isPlatform: boolean } | null> {
      const [row] = await db.select({ id: t.institutions.id, isPlatform: t.institutions.isPlatform }).from(t.institutions).where(eq(t.institutions.id, id));
      return row ?? null;
    },

    /** Partners (never the platform's own record), by name, with their active instructors counted. */
    async partners(institutionId: number | null, page: { page: number; pageSize: number }) {
      const { items, totalRows } = await partnersCounting(db, { table: t.instructors, institutionId: t.instructors.institutionId, isActive: t.instructors.isActive }, institutionId, page);
      return { items: items.map(({ active, ...partner }) => ({ ...partner, activeInstructors: active })), totalRows };
    },

    async search(filters: { institutionId: number; search: string; isActive: boolean | null; page: number; pageSize: number }) {
      const where: SQL[] = [eq(t.instructors.institutionId, filters.institutionId)];
      if (filters.search) where.push(ilike(t.instructors.name, `%${likeEscaped(filters.search)}%`));
      if (filters.isActive !== null) where.push(eq(t.instructors.isActive, filters.isActive));
      const [items, [total]] = await Promise.all([
        db
          .select(columns)
          .from(t.instructors)
          .where(and(...where))
          .orderBy(sql`lower(${t.instructors.name})`, asc(t.instructors.id))
          .limit(filters.pageSize)
          .offset((filters.page - 1) * filters.pageSize),
        db.select({ n: count() }).from(t.instructors).where(and(...where)),
      ]);
      return { items, totalRows: Number(total?.n ?? 0) };
    },

    create(values: { institutionId: number; name: string }, audit: (id: number) => AuditRow): Promise<InstructorWrite> {
      return db.transaction(async (tx) => {
        const taken = await clashUnderLock(tx, values.institutionId, values.name, null);
        if (taken !== null) return { taken };
        const [made] = await tx.insert(t.instructors).values({ ...values, isActive: true }).returning({ id: t.instructors.id });
        await tx.insert(t.auditTrail).values(audit(made!.id));
        return { instructor: (await findIn(tx, made!.id))! };
      });
    },

    rename(row: { id: number; institutionId: number }, name: string, auditRow: AuditRow): Promise<InstructorWrite> {
      return db.transaction(async (tx) => {
        const taken = await clashUnderLock(tx, row.institutionId, name, row.id);
        if (taken !== null) return { taken };
        await tx.update(t.instructors).set({ name }).where(eq(t.instructors.id, row.id));
        await tx.insert(t.auditTrail).values(auditRow);
        return { instructor: (await findIn(tx, row.id))! };
      });
    },

    setActive(id: number, isActive: boolean, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        await tx.update(t.instructors).set({ isActive }).where(eq(t.instructors.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },
  };
}
