// Manage Platform's rules (spec 002 §2.4, §5 "Platform form"): a unique name that never changes
// once saved (payouts and reports know the party by it), an active bank, a 10-digit NUBAN (the
// contract checks its shape), and an audit row with every change.
import { PLATFORM_MESSAGES, type PlatformPartner } from '@rivet/shared/api/platform';
import { ROLE_TYPE } from '@rivet/shared/domain/permissions';
import type { Audit } from '../audit/audit';
import type { Caller } from '../http/context';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import type { PlatformFilters, PlatformPartnerRow, PlatformRepository } from './platform.repository';
import { isUniqueViolation } from '../db/errors';

function toPartner(row: PlatformPartnerRow): PlatformPartner {
  return {
    id: row.id,
    name: row.name,
    bankId: row.bankId,
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    isActive: row.isActive,
    dateCreated: row.createdAt.toISOString(),
  };
}

/** Account numbers in the audit trail show only their last four digits. */
const masked = (account: string) => `******${account.slice(-4)}`;

export type PlatformService = ReturnType<typeof createPlatformService>;

export function createPlatformService(deps: { repo: PlatformRepository }) {
  const { repo } = deps;

  async function existing(id: number): Promise<PlatformPartnerRow> {
    const row = await repo.find(id);
    if (!row) throw notFound(PLATFORM_MESSAGES.notFound);
    return row;
  }

  /** A bank from Partner/Banks: it exists and is active (or is the one the record already has). */
  async function assertBank(bankId: number, current: number | null) {
    const bank = await repo.bank(bankId);
    if (!bank || (!bank.isActive && bank.id !== current)) throw badRequest(PLATFORM_MESSAGES.bankUnknown, [{ field: 'bankId', message: PLATFORM_MESSAGES.bankUnknown }]);
  }

  /**
   * The contract asks for manageinstitution, which only platform roles may hold; a role whose
   * permissions were set by hand in the database is still refused here, since these are the
   * platform's own accounts.
   */
  function assertPlatformStaff(caller: Caller) {
    if (caller.roleType !== ROLE_TYPE.Rivet) throw forbidden();
  }

  return {
    async search(caller: Caller, query: PlatformFilters) {
      assertPlatformStaff(caller);
      const { rows, total } = await repo.search(query);
      return { items: rows.map(toPartner), totalRows: total };
    },

    async create(caller: Caller, audit: Audit, input: { name: string; bankId: number; account: string }): Promise<PlatformPartner> {
      assertPlatformStaff(caller);
      await assertBank(input.bankId, null);
      if (await repo.nameTaken(input.name, null)) throw conflict(PLATFORM_MESSAGES.nameTaken(input.name));
      try {
        const row = await repo.create({ name: input.name, bankId: input.bankId, accountNumber: input.account }, (id) =>
          audit.row(id, `Created platform ${input.name} (bank ${input.bankId}, account ${masked(input.account)})`),
        );
        return toPartner(row);
      } catch (e) {
        // Two saves of the same name at once: the unique index decides.
        if (isUniqueViolation(e)) throw conflict(PLATFORM_MESSAGES.nameTaken(input.name));
        throw e;
      }
    },

    async update(caller: Caller, audit: Audit, id: number, input: { bankId: number; accountNumber: string }): Promise<PlatformPartner> {
      assertPlatformStaff(caller);
      const row = await existing(id);
      await assertBank(input.bankId, row.bankId);
      const updated = await repo.update(
        row.id,
        input,
        audit.row(row.id, `Updated platform ${row.name}: bank ${row.bankId} → ${input.bankId}, account ${masked(row.accountNumber)} → ${masked(input.accountNumber)}`),
      );
      return toPartner(updated);
    },

    async setActive(caller: Caller, audit: Audit, id: number, isActive: boolean): Promise<PlatformPartner> {
      assertPlatformStaff(caller);
      const row = await existing(id);
      const updated = await repo.setActive(row.id, isActive, audit.row(row.id, `${isActive ? 'Activated' : 'Deactivated'} platform ${row.name}`));
      return toPartner(updated);
    },
  };
}
