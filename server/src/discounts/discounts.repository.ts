// Discounts, their codes and courses (Drizzle only; the rules are in discounts.service.ts).
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { containing, notARevision } from '../db/shared-queries';

export type DiscountRow = typeof t.discounts.$inferSelect & {
  institutionName: string | null;
  code: string | null;
  codeCount: number;
  codesRedeemed: number;
  courses: { id: number; title: string }[];
};

export interface NewDiscount {
  institutionId: number;
  name: string;
  description: string;
  discountType: number;
  chargeType: number;
  amount: number;
  startDate: string;
  endDate: string;
  usageLimit: number | null;
  allCourses: boolean;
  courseIds: number[];
  codes: string[];
  createdBy: string;
}

// Spelled out: inside a single-table select Drizzle leaves columns unqualified.
const codeCount = sql<number>`(select count(*)::int from discount_codes where discount_codes.discount_id = discounts.id)`;
const codesRedeemed = sql<number>`(select count(*)::int from discount_codes where discount_codes.discount_id = discounts.id and discount_codes.redeemed_at is not null)`;
const firstCode = sql<string | null>`(select min(code) from discount_codes where discount_codes.discount_id = discounts.id)`;
const INSERT_BATCH = 1000;

export type DiscountRepository = ReturnType<typeof createDiscountRepository>;

export function createDiscountRepository(db: Database) {
  async function withDetails(handle: Database, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<DiscountRow[]> {
    let query = handle
      .select({ discount: t.discounts, institutionName: t.institutions.fullName, codeCount, codesRedeemed, firstCode })
      .from(t.discounts)
      .leftJoin(t.institutions, eq(t.institutions.id, t.discounts.institutionId))
      .where(where)
      .orderBy(desc(t.discounts.createdAt), desc(t.discounts.id))
      .$dynamic();
    if (page) query = query.limit(page.limit).offset(page.offset);
    const rows = await query;
    const ids = rows.map((r) => r.discount.id);
    const courses = ids.length
      ? await handle
          .select({ discountId: t.discountCourses.discountId, id: t.courses.id, title: t.courses.title })
          .from(t.discountCourses)
          .innerJoin(t.courses, eq(t.courses.id, t.discountCourses.courseId))
          .where(inArray(t.discountCourses.discountId, ids))
          .orderBy(asc(t.courses.title))
      : [];
    return rows.map((r) => ({
      ...r.discount,
      institutionName: r.institutionName,
      code: r.discount.discountType === 1 ? r.firstCode : null,
      codeCount: r.codeCount,
      codesRedeemed: r.codesRedeemed,
      courses: courses.filter((c) => c.discountId === r.discount.id).map(({ id, title }) => ({ id, title })),
    }));
  }

  const findIn = async (handle: Database, id: number) => (await withDetails(handle, eq(t.discounts.id, id)))[0] ?? null;

  return {
    find: (id: number) => findIn(db, id),

    async search(filter: { institutionId: number; search: string; page: number; pageSize: number }) {
      const conditions: SQL[] = [];
      if (filter.institutionId) conditions.push(eq(t.discounts.institutionId, filter.institutionId));
      if (filter.search) {
        const like = containing(filter.search);
        conditions.push(
          or(
            ilike(t.discounts.name, like),
            ilike(t.discounts.description, like),
            sql`exists (select 1 from discount_codes where discount_codes.discount_id = ${t.discounts.id} and discount_codes.code = ${filter.search.trim().toUpperCase()})`,
          )!,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [total] = await db.select({ n: count() }).from(t.discounts).where(where);
      const items = await withDetails(db, where, { limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize });
      return { items, totalRows: total?.n ?? 0 };
    },

    async partner(id: number): Promise<{ id: number; isActive: boolean } | null> {
      const [row] = await db
        .select({ id: t.institutions.id, isActive: t.institutions.isActive })
        .from(t.institutions)
        .where(and(eq(t.institutions.id, id), eq(t.institutions.isPlatform, false)));
      return row ?? null;
    },

    /** Which of these codes some discount already has. */
    async takenCodes(codes: readonly string[]): Promise<string[]> {
      const taken: string[] = [];
      for (let at = 0; at < codes.length; at += INSERT_BATCH) {
        const rows = await db.select({ code: t.discountCodes.code }).from(t.discountCodes).where(inArray(t.discountCodes.code, codes.slice(at, at + INSERT_BATCH)));
        taken.push(...rows.map((r) => r.code));
      }
      return taken;
    },

    partnerCourses(institutionId: number) {
      return db
        .select({ id: t.courses.id, title: t.courses.title, isActive: t.courses.isActive })
        .from(t.courses)
        .where(and(eq(t.courses.institutionId, institutionId), notARevision()))
        .orderBy(asc(t.courses.title));
    },

    /**
     * One transaction: the partner is locked (FOR SHARE) and checked active again, the codes are
     * checked against every discount's, and the discount, all its codes and courses and the audit
     * row are written together, or nothing is.
     */
    create(values: NewDiscount, audit: (id: number) => AuditRow): Promise<DiscountRow | { refused: 'partner-inactive' } | { refused: 'taken'; codes: string[] }> {
      return db.transaction(async (tx) => {
        const [partner] = await tx
          .select({ id: t.institutions.id })
          .from(t.institutions)
          .where(and(eq(t.institutions.id, values.institutionId), eq(t.institutions.isActive, true), eq(t.institutions.isPlatform, false)))
          .for('share');
        if (!partner) return { refused: 'partner-inactive' as const };
        const taken: string[] = [];
        for (let at = 0; at < values.codes.length; at += INSERT_BATCH) {
          const batch = values.codes.slice(at, at + INSERT_BATCH);
          const rows = await tx.select({ code: t.discountCodes.code }).from(t.discountCodes).where(inArray(t.discountCodes.code, batch));
          taken.push(...rows.map((r) => r.code));
        }
        if (taken.length) return { refused: 'taken' as const, codes: taken };
        const { codes, courseIds, ...discount } = values;
        const [made] = await tx.insert(t.discounts).values(discount).returning({ id: t.discounts.id });
        const id = made!.id;
        for (let at = 0; at < codes.length; at += INSERT_BATCH) {
          await tx.insert(t.discountCodes).values(codes.slice(at, at + INSERT_BATCH).map((code) => ({ discountId: id, code })));
        }
        if (!values.allCourses && courseIds.length) await tx.insert(t.discountCourses).values(courseIds.map((courseId) => ({ discountId: id, courseId })));
        await tx.insert(t.auditTrail).values(audit(id));
        return (await findIn(tx, id))!;
      });
    },

    /** Under a row lock, so a limit is never set below a use counted meanwhile. */
    update(
      id: number,
      change: (current: typeof t.discounts.$inferSelect) => { set: Partial<typeof t.discounts.$inferInsert>; audit: AuditRow } | { refused: string },
    ): Promise<DiscountRow | { refused: string }> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(t.discounts).where(eq(t.discounts.id, id)).for('update');
        if (!current) return { refused: 'not-found' };
        const decided = change(current);
        if ('refused' in decided) return decided;
        if (Object.keys(decided.set).length) await tx.update(t.discounts).set(decided.set).where(eq(t.discounts.id, id));
        await tx.insert(t.auditTrail).values(decided.audit);
        return (await findIn(tx, id))!;
      });
    },

    setActive(id: number, isActive: boolean, auditRow: AuditRow): Promise<DiscountRow> {
      return db.transaction(async (tx) => {
        await tx.update(t.discounts).set({ isActive }).where(eq(t.discounts.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },
  };
}
