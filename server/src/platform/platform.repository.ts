// Manage Platform's settlement parties and the banks they are paid through (Drizzle only; the rules
// are in platform.service.ts).
import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { containing } from '../db/shared-queries';

export interface PlatformPartnerRow {
  id: number;
  name: string;
  bankId: number;
  bankName: string;
  accountNumber: string;
  isActive: boolean;
  createdAt: Date;
}

export interface PlatformFilters {
  search: string;
  /** One party; every one when 0. */
  id: number;
  page: number;
  pageSize: number;
}

const columns = {
  id: t.platformPartners.id,
  name: t.platformPartners.name,
  bankId: t.platformPartners.bankId,
  bankName: t.banks.name,
  accountNumber: t.platformPartners.accountNumber,
  isActive: t.platformPartners.isActive,
  createdAt: t.platformPartners.createdAt,
};

export type PlatformRepository = ReturnType<typeof createPlatformRepository>;

export function createPlatformRepository(db: Database) {
  async function findIn(handle: Database, id: number): Promise<PlatformPartnerRow | null> {
    const [row] = await handle.select(columns).from(t.platformPartners).innerJoin(t.banks, eq(t.banks.id, t.platformPartners.bankId)).where(eq(t.platformPartners.id, id));
    return row ?? null;
  }

  return {
    async search(filters: PlatformFilters): Promise<{ rows: PlatformPartnerRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filters.id) conditions.push(eq(t.platformPartners.id, filters.id));
      if (filters.search) conditions.push(ilike(t.platformPartners.name, containing(filters.search)));
      const where = and(...conditions);
      const [rows, [totals]] = await Promise.all([
        db
          .select(columns)
          .from(t.platformPartners)
          .innerJoin(t.banks, eq(t.banks.id, t.platformPartners.bankId))
          .where(where)
          .orderBy(asc(t.platformPartners.name), asc(t.platformPartners.id))
          .limit(filters.pageSize)
          .offset((filters.page - 1) * filters.pageSize),
        db.select({ total: count() }).from(t.platformPartners).where(where),
      ]);
      return { rows, total: Number(totals?.total ?? 0) };
    },

    find: (id: number) => findIn(db, id),

    async bank(id: number): Promise<{ id: number; isActive: boolean } | null> {
      const [row] = await db.select({ id: t.banks.id, isActive: t.banks.isActive }).from(t.banks).where(eq(t.banks.id, id));
      return row ?? null;
    },

    /** Another party with this name, compared without regard to case. */
    async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
      const conditions: SQL[] = [sql`lower(${t.platformPartners.name}) = lower(${name})`];
      if (exceptId !== null) conditions.push(ne(t.platformPartners.id, exceptId));
      const rows = await db.select({ id: t.platformPartners.id }).from(t.platformPartners).where(and(...conditions)).limit(1);
      return rows.length > 0;
    },

    create(values: { name: string; bankId: number; accountNumber: string }, audit: (id: number) => AuditRow) {
      return db.transaction(async (tx) => {
        const [made] = await tx.insert(t.platformPartners).values(values).returning({ id: t.platformPartners.id });
        await tx.insert(t.auditTrail).values(audit(made!.id));
        return (await findIn(tx, made!.id))!;
      });
    },

    update(id: number, values: { bankId: number; accountNumber: string }, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        await tx.update(t.platformPartners).set(values).where(eq(t.platformPartners.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },

    setActive(id: number, isActive: boolean, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        await tx.update(t.platformPartners).set({ isActive }).where(eq(t.platformPartners.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },
  };
}
