// Revenue sharing's rules (spec 002 §5 "Revenue creation"; docs/decisions/038, 042): the checks of
// shared/domain/revenue-split.ts with the spec's messages, partners that exist and are active, a
// unique name, and an audit row with every change. The contract lets only the two platform admin
// roles through (§6).
import type { Revenue, RevenuePartner } from '@rivet/shared/api/revenue';
import { REVENUE_UI_MESSAGES as M } from '@rivet/shared/api/revenue';
import { formulaProblems, REVENUE_PARTY_TYPE, shareOfPercent, type FormulaParty } from '@rivet/shared/domain/revenue-split';
import type { Audit } from '../audit/audit';
import { badRequest, conflict, notFound } from '../http/errors';
import type { FormulaRow, RevenueRepository } from './revenue.repository';
import { violatedUnique } from '../db/errors';

export type RevenueService = ReturnType<typeof createRevenueService>;

const toRevenue = (row: FormulaRow): Revenue => ({ id: row.id, name: row.name, dateCreated: row.createdAt.toISOString(), isActive: row.isActive, courses: row.courses });

/** Hundredths of a percent back to the percent staff typed (3_333 → 33.33). */
const percentOf = (share: number) => share / 100;

export function createRevenueService(deps: { repo: RevenueRepository }) {
  const { repo } = deps;

  async function existing(id: number): Promise<FormulaRow> {
    const row = await repo.find(id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  return {
    async search(filter: { search: string; id: number; page: number; pageSize: number }) {
      const { items, totalRows } = await repo.search(filter);
      return { items: items.map(toRevenue), totalRows };
    },

    async partners(formulaId: number): Promise<RevenuePartner[]> {
      await existing(formulaId);
      const rows = await repo.parties(formulaId);
      return rows.map((r) => ({
        id: r.id,
        sNo: r.position,
        partnerId: r.institutionId ?? 0,
        revenuePatnerType: r.partyType,
        percentage: percentOf(r.share),
        partnerName: r.partnerName,
      }));
    },

    async create(
      audit: Audit,
      createdBy: string,
      // The contract's checks make both present; its optional() (for the spec's message) leaves them optional in the type.
      input: { name: string; revenuePartnerModel: { revenuePatnerType?: number; partnerId?: number; percentage: number }[] },
    ): Promise<Revenue> {
      // The contract has checked each field; here the formula as a whole (order, twice, 100 %).
      const parties: FormulaParty[] = input.revenuePartnerModel.map((p) => ({
        partnerId: p.partnerId ?? 0,
        partyType: p.revenuePatnerType === REVENUE_PARTY_TYPE.platformOwner ? 0 : 1,
        share: shareOfPercent(p.percentage)!,
      }));
      const problems = formulaProblems(parties);
      if (problems.length) throw badRequest(problems[0]!, problems.map((message) => ({ field: 'revenuePartnerModel', message })));

      const partnerIds = parties.slice(1).map((p) => p.partnerId);
      const found = await repo.partners(partnerIds);
      if (found.length !== partnerIds.length) throw badRequest(M.partnerNotFound);
      const inactive = found.find((p) => !p.isActive);
      if (inactive) throw badRequest(M.partnerInactive(inactive.name));
      if (await repo.nameTaken(input.name)) throw conflict(M.nameTaken(input.name));

      const said = parties.map((p, i) => `${i === 0 ? 'Platform Owner' : (found.find((f) => f.id === p.partnerId)?.name ?? p.partnerId)} ${percentOf(p.share)}%`).join(', ');
      const made = await repo
        .create(
          { name: input.name, createdBy, parties: parties.map((p) => ({ partyType: p.partyType, institutionId: p.partyType === 0 ? null : p.partnerId, share: p.share })) },
          (id) => audit.row(id, `Created revenue formula ${input.name}: ${said}`),
        )
        .catch((error: unknown) => {
          // Two saves of one name at once both pass the check above; the index lets one through.
          if (violatedUnique(error) === 'revenue_formulas_name_key') throw conflict(M.nameTaken(input.name));
          throw error;
        });
      // A partner deactivated between the check above and the transaction's lock.
      if (made === 'partner-inactive') throw badRequest(M.partnerInactive('A chosen partner'));
      return toRevenue(made);
    },

    async toggle(audit: Audit, id: number, isActive: boolean): Promise<Revenue> {
      const row = await existing(id);
      if (row.isActive === isActive) {
        audit.waive('already in the state asked for: nothing changed');
        return toRevenue(row);
      }
      const inUse = row.courses ? ` (${row.courses} course${row.courses === 1 ? '' : 's'} keep being split by it)` : '';
      return toRevenue(await repo.setActive(id, isActive, audit.row(id, `${isActive ? 'Activated' : 'Deactivated'} revenue formula ${row.name}${isActive ? '' : inUse}`)));
    },
  };
}
