// Manage Discounts' rules (spec 002 §5 "Discount create"; docs/decisions/044): the form's checks
// with the spec's messages, an active partner, the partner's own courses, codes unique across all
// discounts, a bulk file checked row by row and stored whole or not at all, and an audit row with
// every change. The contract lets only the two platform admin roles through (§6).
import {
  BULK_ERRORS_SHOWN,
  DISCOUNT_TYPE,
  DISCOUNT_UI_MESSAGES as M,
  chargeTypeName,
  discountProblems,
  discountTypeName,
  type Discount,
} from '@rivet/shared/api/discounts';
import { discountStatus, lagosDate, normalizeCode } from '@rivet/shared/domain/discount';
import { koboToNaira, nairaToKobo } from '@rivet/shared/domain/money';
import { DISCOUNT_CHARGE } from '@rivet/shared/domain/pricing';
import type { Audit } from '../audit/audit';
import type { Clock } from '../http/clock';
import { badRequest, conflict, notFound } from '../http/errors';
import { readBulkCodes, rowProblems } from './bulk-codes';
import type { DiscountRepository, DiscountRow } from './discounts.repository';
import { isUniqueViolation, violatedUnique } from '../db/errors';

/** The index that keeps one name per partner (migration 0027, decision 082). */
const DISCOUNT_NAME_INDEX = 'discounts_partner_name_key';

export type DiscountService = ReturnType<typeof createDiscountService>;

/** The row as the console reads it; `today` is the Lagos day its status is judged on. */
const toDiscount = (row: DiscountRow, today: string): Discount => ({
  id: row.id,
  name: row.name,
  description: row.description,
  code: row.code,
  codeCount: row.codeCount,
  codesRedeemed: row.codesRedeemed,
  startDate: row.startDate,
  endDate: row.endDate,
  discountType: row.discountType,
  discountTypeName: discountTypeName(row.discountType),
  discountChargeType: row.chargeType,
  discountChargeTypeName: chargeTypeName(row.chargeType),
  amount: row.chargeType === DISCOUNT_CHARGE.flat ? koboToNaira(row.amount) : row.amount,
  usageLimit: row.usageLimit,
  usageCount: row.usageCount,
  allCoursesDiscount: row.allCourses,
  courseTitle: row.courses,
  institutionId: row.institutionId,
  institution: row.institutionName ?? 'All partners',
  isActive: row.isActive,
  status: discountStatus(row, today),
  dateCreated: row.createdAt.toISOString(),
});

const refuse = (problems: { field: string; message: string }[]) => badRequest(problems[0]!.message, problems);

export interface CreateDiscountInput {
  Name: string;
  Description: string;
  DiscountType: number;
  DiscountChargeType: number;
  InstitutionId: number;
  StartDate: string;
  EndDate: string;
  Amount: string;
  SetUsageLimit: boolean;
  UsageLimit: string;
  AllCoursesDiscount: boolean;
  CourseId: number[];
  Code: string;
}

export function createDiscountService(deps: { repo: DiscountRepository; clock: Clock }) {
  const { repo, clock } = deps;
  const view = (row: DiscountRow) => toDiscount(row, lagosDate(clock.now()));

  async function existing(id: number): Promise<DiscountRow> {
    const row = await repo.find(id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  return {
    async search(filter: { institutionId: number; search: string; page: number; pageSize: number }) {
      const { items, totalRows } = await repo.search(filter);
      return { items: items.map(view), totalRows };
    },

    get: async (id: number) => view(await existing(id)),

    async create(audit: Audit, createdBy: string, input: CreateDiscountInput, file: File | undefined): Promise<Discount> {
      const problems = discountProblems({
        discountType: input.DiscountType,
        chargeType: input.DiscountChargeType,
        amount: input.Amount,
        startDate: input.StartDate,
        endDate: input.EndDate,
        setUsageLimit: input.SetUsageLimit,
        usageLimit: input.UsageLimit,
        code: input.Code,
        allCourses: input.AllCoursesDiscount,
        courseIds: input.CourseId,
        hasFile: file !== undefined && file.size > 0,
      });
      if (problems.length) throw refuse(problems);

      const partner = await repo.partner(input.InstitutionId);
      if (!partner) throw badRequest(M.partnerNotFound, [{ field: 'InstitutionId', message: M.partnerNotFound }]);
      if (!partner.isActive) throw badRequest(M.partnerInactive, [{ field: 'InstitutionId', message: M.partnerInactive }]);
      if (!input.AllCoursesDiscount) {
        const own = new Set((await repo.partnerCourses(input.InstitutionId)).map((c) => c.id));
        if (input.CourseId.some((id) => !own.has(id))) throw badRequest(M.courseNotPartners, [{ field: 'CourseId', message: M.courseNotPartners }]);
      }

      let codes: { row: number; code: string }[];
      if (input.DiscountType === DISCOUNT_TYPE.default) codes = [{ row: 0, code: normalizeCode(input.Code) }];
      else {
        const parsed = readBulkCodes(new Uint8Array(await file!.arrayBuffer()));
        // Codes other discounts hold are reported with the file's own problems, in one answer.
        const taken = new Set(await repo.takenCodes(parsed.codes.map((c) => c.code)));
        const problems = [...parsed.problems, ...parsed.codes.filter((c) => taken.has(c.code)).map((c) => ({ row: c.row, code: c.code, reason: M.rowTaken }))];
        if (problems.length) throw rowProblems(problems, BULK_ERRORS_SHOWN);
        codes = parsed.codes;
      }

      const amount = input.DiscountChargeType === DISCOUNT_CHARGE.flat ? nairaToKobo(Number(input.Amount)) : Number(input.Amount);
      const made = await repo
        .create(
        {
          institutionId: input.InstitutionId,
          name: input.Name,
          description: input.Description,
          discountType: input.DiscountType,
          chargeType: input.DiscountChargeType,
          amount,
          startDate: input.StartDate,
          endDate: input.EndDate,
          usageLimit: input.SetUsageLimit ? Number(input.UsageLimit) : null,
          allCourses: input.AllCoursesDiscount,
          courseIds: input.AllCoursesDiscount ? [] : input.CourseId,
          codes: codes.map((c) => c.code),
          createdBy,
        },
        (id) =>
          audit.row(
            id,
            `Created ${discountTypeName(input.DiscountType).toLowerCase()} discount ${input.Name} (${input.DiscountChargeType === DISCOUNT_CHARGE.flat ? `₦${input.Amount} off` : `${input.Amount}% off`}) with ${
              codes.length === 1 ? `code ${codes[0]!.code}` : `${codes.length} codes`
            }`,
          ),
        )
        .catch((error: unknown) => {
          // Another discount took one of the codes between the check and the insert: nothing was stored.
          if (violatedUnique(error) === DISCOUNT_NAME_INDEX) throw conflict(M.nameTaken(input.Name));
          if (isUniqueViolation(error)) throw conflict(input.DiscountType === DISCOUNT_TYPE.default ? M.codeTaken(codes[0]!.code) : M.codesTakenMeanwhile);
          throw error;
        });
      if ('refused' in made) {
        if (made.refused === 'partner-inactive') throw badRequest(M.partnerInactive, [{ field: 'InstitutionId', message: M.partnerInactive }]);
        if (input.DiscountType === DISCOUNT_TYPE.default) throw conflict(M.codeTaken(codes[0]!.code));
        const taken = new Set(made.codes);
        throw rowProblems(
          codes.filter((c) => taken.has(c.code)).map((c) => ({ row: c.row, code: c.code, reason: M.rowTaken })),
          BULK_ERRORS_SHOWN,
        );
      }
      return view(made);
    },

    async update(
      audit: Audit,
      input: { id: number; name?: string | null; description?: string | null; startDate?: string | null; endDate?: string | null; setUsage?: boolean | null; usageLimit?: number | null },
    ): Promise<Discount> {
      const result = await repo.update(input.id, (current) => {
        const set: Record<string, unknown> = {};
        const said: string[] = [];
        if (input.name && input.name !== current.name) {
          set.name = input.name;
          said.push(`name ${current.name} → ${input.name}`);
        }
        if (input.description && input.description !== current.description) {
          set.description = input.description;
          said.push('description');
        }
        const startDate = input.startDate || current.startDate;
        const endDate = input.endDate || current.endDate;
        if (endDate < startDate) return { refused: M.endBeforeStart };
        if (startDate !== current.startDate) {
          set.startDate = startDate;
          said.push(`start ${current.startDate} → ${startDate}`);
        }
        if (endDate !== current.endDate) {
          set.endDate = endDate;
          said.push(`end ${current.endDate} → ${endDate}`);
        }
        let usageLimit = current.usageLimit;
        if (input.setUsage === false) usageLimit = null;
        else if (input.usageLimit !== undefined && input.usageLimit !== null) usageLimit = input.usageLimit;
        else if (input.setUsage === true && current.usageLimit === null) return { refused: M.usageLimitRequired };
        if (usageLimit !== null && usageLimit < current.usageCount) return { refused: M.usageBelowUses(current.usageCount) };
        if (usageLimit !== current.usageLimit) {
          set.usageLimit = usageLimit;
          said.push(`usage limit ${current.usageLimit ?? 'none'} → ${usageLimit ?? 'none'}`);
        }
        return { set, audit: audit.row(input.id, `Updated discount ${current.name}: ${said.length ? said.join(', ') : 'nothing changed'}`) };
      }).catch((error: unknown) => {
        if (violatedUnique(error) === DISCOUNT_NAME_INDEX) throw conflict(M.nameTaken(input.name!));
        throw error;
      });
      if ('refused' in result) {
        if (result.refused === 'not-found') throw notFound(M.notFound);
        const field = result.refused === M.endBeforeStart ? 'endDate' : 'usageLimit';
        throw badRequest(result.refused, [{ field, message: result.refused }]);
      }
      return view(result);
    },

    async toggle(audit: Audit, id: number, isActive: boolean): Promise<Discount> {
      const row = await existing(id);
      if (row.isActive === isActive) {
        audit.waive('already in the state asked for: nothing changed');
        return view(row);
      }
      // Switching on a discount whose end date has passed would turn on nothing (decision 080).
      if (isActive && discountStatus(row, lagosDate(clock.now())) === 'expired') throw conflict(M.expiredActivate);
      return view(await repo.setActive(id, isActive, audit.row(id, `${isActive ? 'Activated' : 'Deactivated'} discount ${row.name}`)));
    },
  };
}
