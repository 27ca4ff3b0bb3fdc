// Demo revenue-sharing formulas (docs/decisions/042): "Standard 30/70" for each demo partner —
// 30 % to the platform owner, 70 % to the partner — and that partner's approved demo courses are
// marked as approved with it, so demo sales show their split in the ledger. Runs once: if any
// formula exists it does nothing, so formulas an admin made or switched off are left alone.
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { DEFAULT_PLATFORM_SHARE, WHOLE_FORMULA } from '@rivet/shared/domain/revenue-split';
import type { Database } from '../client';
import * as t from '../schema';

export const DEMO_FORMULA_PARTNERS = ['UNILAG', 'LBS', 'ABU'] as const;
export const demoFormulaName = (partnerCode: string) => `Standard 30/70 (${partnerCode})`;

export async function seedRevenueFormulas(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(t.revenueFormulas);
  if ((existing?.n ?? 0) > 0) return;
  const partners = await db
    .select({ id: t.institutions.id, code: t.institutions.code })
    .from(t.institutions)
    .where(inArray(t.institutions.code, [...DEMO_FORMULA_PARTNERS]));
  await db.transaction(async (tx) => {
    for (const partner of partners) {
      const [formula] = await tx.insert(t.revenueFormulas).values({ name: demoFormulaName(partner.code) }).returning({ id: t.revenueFormulas.id });
      await tx.insert(t.revenueFormulaParties).values([
        { formulaId: formula!.id, position: 1, partyType: 0, institutionId: null, share: DEFAULT_PLATFORM_SHARE },
        { formulaId: formula!.id, position: 2, partyType: 1, institutionId: partner.id, share: WHOLE_FORMULA - DEFAULT_PLATFORM_SHARE },
      ]);
      await tx
        .update(t.courses)
        .set({ revenueFormulaId: formula!.id })
        .where(and(eq(t.courses.institutionId, partner.id), eq(t.courses.approvalStatus, 2), isNull(t.courses.revenueFormulaId)));
    }
  });
}
