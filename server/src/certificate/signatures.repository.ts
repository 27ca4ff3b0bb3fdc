// Certificate signatories as Certificate Settings changes them (Drizzle only; the rules are in
// signatures.service.ts). The PDF's own read of the active ones stays in certificate.repository.ts.
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import { partnersCounting } from '../db/shared-queries';
import * as t from '../db/schema';

export interface SignatureRow {
  id: number;
  institutionId: number;
  name: string;
  jobTitle: string;
  signatureUrl: string | null;
  isActive: boolean;
}

const columns = {
  id: t.certificateSignatures.id,
  institutionId: t.certificateSignatures.institutionId,
  name: t.certificateSignatures.name,
  jobTitle: t.certificateSignatures.jobTitle,
  signatureUrl: t.certificateSignatures.signatureUrl,
  isActive: t.certificateSignatures.isActive,
};

export type SignaturesRepository = ReturnType<typeof createSignaturesRepository>;

export function createSignaturesRepository(db: Database) {
  async function findIn(handle: Database, id: number): Promise<SignatureRow | null> {
    const [row] = await handle.select(columns).from(t.certificateSignatures).where(eq(t.certificateSignatures.id, id));
    return row ?? null;
  }

  /**
   * The partner's row, locked, so two activations at once count the active signatories one after
   * the other and never both pass the limit.
   */
  async function lockPartner(tx: Database, institutionId: number) {
    await tx.execute(sql`select id from ${t.institutions} where id = ${institutionId} for update`);
  }

  async function activeCount(tx: Database, institutionId: number, exceptId: number | null): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(t.certificateSignatures)
      .where(and(eq(t.certificateSignatures.institutionId, institutionId), eq(t.certificateSignatures.isActive, true), exceptId === null ? undefined : ne(t.certificateSignatures.id, exceptId)));
    return Number(row?.n ?? 0);
  }

  return {
    find: (id: number) => findIn(db, id),

    async partner(id: number): Promise<{ id: number; isPlatform: boolean } | null> {
      const [row] = await db.select({ id: t.institutions.id, isPlatform: t.institutions.isPlatform }).from(t.institutions).where(eq(t.institutions.id, id));
      return row ?? null;
    },

    /**
     * Partners by name, with their active signatories counted; with `includePlatform` the platform's
     * own record first (its signatories sign for partners that have none, decision 079).
     */
    async partners(institutionId: number | null, page: { page: number; pageSize: number }, includePlatform = false) {
      const { items, totalRows } = await partnersCounting(db, { table: t.certificateSignatures, institutionId: t.certificateSignatures.institutionId, isActive: t.certificateSignatures.isActive }, institutionId, page, { includePlatform });
      return { items: items.map(({ active, ...partner }) => ({ ...partner, activeSignatures: active })), totalRows };
    },

    list(institutionId: number) {
      return db.select(columns).from(t.certificateSignatures).where(eq(t.certificateSignatures.institutionId, institutionId)).orderBy(asc(t.certificateSignatures.id));
    },

    /** Inserts an active signatory unless the partner already has `maxActive`; null when it has. */
    create(values: { institutionId: number; name: string; jobTitle: string; signatureUrl: string }, maxActive: number, audit: (id: number) => AuditRow) {
      return db.transaction(async (tx) => {
        await lockPartner(tx, values.institutionId);
        if ((await activeCount(tx, values.institutionId, null)) >= maxActive) return null;
        const [made] = await tx.insert(t.certificateSignatures).values({ ...values, isActive: true }).returning({ id: t.certificateSignatures.id });
        await tx.insert(t.auditTrail).values(audit(made!.id));
        return (await findIn(tx, made!.id))!;
      });
    },

    update(id: number, values: { name: string; jobTitle: string; signatureUrl?: string }, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        await tx.update(t.certificateSignatures).set(values).where(eq(t.certificateSignatures.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },

    /** Activation counts the others under the partner's lock; null when the limit is reached. */
    setActive(row: SignatureRow, isActive: boolean, maxActive: number, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        if (isActive) {
          await lockPartner(tx, row.institutionId);
          if ((await activeCount(tx, row.institutionId, row.id)) >= maxActive) return null;
        }
        await tx.update(t.certificateSignatures).set({ isActive }).where(eq(t.certificateSignatures.id, row.id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, row.id))!;
      });
    },
  };
}
