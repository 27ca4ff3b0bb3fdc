// Revenue-sharing formulas (Drizzle only; the rules are in revenue.service.ts). A formula and its
// parties are written once and never edited: only is_active changes (docs/decisions/038, 042).
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { containing } from '../db/shared-queries';

export interface FormulaRow {
  id: number;
  name: string;
  createdAt: Date;
  isActive: boolean;
  courses: number;
}

export interface PartyRow {
  id: number;
  position: number;
  partyType: number;
  institutionId: number | null;
  share: number;
  partnerName: string;
}

export interface NewParty {
  partyType: 0 | 1;
  institutionId: number | null;
  share: number;
}

// Spelled out: in a single-table select Drizzle leaves columns unqualified, and "id" inside the
// subquery would be the course's.
const coursesUsing = sql<number>`(select count(*)::int from courses where courses.revenue_formula_id = revenue_formulas.id)`;

const columns = {
  id: t.revenueFormulas.id,
  name: t.revenueFormulas.name,
  createdAt: t.revenueFormulas.createdAt,
  isActive: t.revenueFormulas.isActive,
  courses: coursesUsing,
};

/** LIKE's own characters in a search are meant literally. */

export type RevenueRepository = ReturnType<typeof createRevenueRepository>;

export function createRevenueRepository(db: Database) {
  async function findIn(handle: Database, id: number): Promise<FormulaRow | null> {
    const [row] = await handle.select(columns).from(t.revenueFormulas).where(eq(t.revenueFormulas.id, id));
    return row ?? null;
  }

  return {
    find: (id: number) => findIn(db, id),

    async search(filter: { search: string; id: number; page: number; pageSize: number }): Promise<{ items: FormulaRow[]; totalRows: number }> {
      const conditions: SQL[] = [];
      if (filter.search) conditions.push(ilike(t.revenueFormulas.name, containing(filter.search)));
      if (filter.id) conditions.push(eq(t.revenueFormulas.id, filter.id));
      const where = conditions.length ? and(...conditions) : undefined;
      const [total] = await db.select({ n: count() }).from(t.revenueFormulas).where(where);
      const items = await db
        .select(columns)
        .from(t.revenueFormulas)
        .where(where)
        .orderBy(desc(t.revenueFormulas.createdAt), desc(t.revenueFormulas.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      return { items, totalRows: total?.n ?? 0 };
    },

    /** The parties in order, each with its display name (the platform's own for the owner). */
    async parties(formulaId: number): Promise<PartyRow[]> {
      const [platform] = await db.select({ name: t.institutions.fullName }).from(t.institutions).where(eq(t.institutions.isPlatform, true)).limit(1);
      const rows = await db
        .select({
          id: t.revenueFormulaParties.id,
          position: t.revenueFormulaParties.position,
          partyType: t.revenueFormulaParties.partyType,
          institutionId: t.revenueFormulaParties.institutionId,
          share: t.revenueFormulaParties.share,
          institutionName: t.institutions.fullName,
        })
        .from(t.revenueFormulaParties)
        .leftJoin(t.institutions, eq(t.institutions.id, t.revenueFormulaParties.institutionId))
        .where(eq(t.revenueFormulaParties.formulaId, formulaId))
        .orderBy(asc(t.revenueFormulaParties.position));
      return rows.map(({ institutionName, ...r }) => ({ ...r, partnerName: r.institutionId === null ? (platform?.name ?? 'Platform Owner') : (institutionName ?? '') }));
    },

    /** Partners (never the platform's own record) by id, with whether each is active. */
    async partners(ids: readonly number[]): Promise<{ id: number; name: string; isActive: boolean }[]> {
      if (!ids.length) return [];
      return db
        .select({ id: t.institutions.id, name: t.institutions.fullName, isActive: t.institutions.isActive })
        .from(t.institutions)
        .where(and(inArray(t.institutions.id, [...ids]), eq(t.institutions.isPlatform, false)));
    },

    async nameTaken(name: string): Promise<boolean> {
      const rows = await db.select({ id: t.revenueFormulas.id }).from(t.revenueFormulas).where(sql`lower(${t.revenueFormulas.name}) = lower(${name})`).limit(1);
      return rows.length > 0;
    },

    /**
     * The partners are locked (FOR SHARE) and checked active again inside the transaction, so a
     * partner deactivated while the form was open cannot slip into the formula.
     */
    create(values: { name: string; createdBy: string; parties: readonly NewParty[] }, audit: (id: number) => AuditRow): Promise<FormulaRow | 'partner-inactive'> {
      return db.transaction(async (tx) => {
        const partnerIds = values.parties.flatMap((p) => (p.institutionId === null ? [] : [p.institutionId]));
        if (partnerIds.length) {
          const locked = await tx
            .select({ id: t.institutions.id })
            .from(t.institutions)
            .where(and(inArray(t.institutions.id, partnerIds), eq(t.institutions.isActive, true), eq(t.institutions.isPlatform, false)))
            .for('share');
          if (locked.length !== new Set(partnerIds).size) return 'partner-inactive' as const;
        }
        const [made] = await tx.insert(t.revenueFormulas).values({ name: values.name, createdBy: values.createdBy }).returning({ id: t.revenueFormulas.id });
        await tx.insert(t.revenueFormulaParties).values(values.parties.map((p, i) => ({ formulaId: made!.id, position: i + 1, ...p })));
        await tx.insert(t.auditTrail).values(audit(made!.id));
        return (await findIn(tx, made!.id))!;
      });
    },

    setActive(id: number, isActive: boolean, auditRow: AuditRow): Promise<FormulaRow> {
      return db.transaction(async (tx) => {
        await tx.update(t.revenueFormulas).set({ isActive }).where(eq(t.revenueFormulas.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },
  };
}
