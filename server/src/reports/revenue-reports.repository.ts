// Revenue report queries (Drizzle only): every figure is a sum of the payment split ledger
// (payment_splits, decision 042) or of the successful payments it splits, so the reports add up
// to the payments; dates are the day the payment was made. Rows come in a stable order with a key for export batches (decision 050).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { containing } from '../db/shared-queries';
import type { ReportFilter, Slice } from './reports.repository';

const SUCCESSFUL = 1;
const PLATFORM_OWNER = 0;
const PARTNER = 1;

/** `column` within the filter's [from, to), or true. */
const between = (column: SQL, f: Pick<ReportFilter, 'from' | 'to'>): SQL =>
  sql`${f.from ? sql`${column} >= ${f.from.toISOString()}::timestamptz` : sql`true`} and ${f.to ? sql`${column} < ${f.to.toISOString()}::timestamptz` : sql`true`}`;

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

export interface PartnerRevenueRecord {
  id: number;
  name: string;
  courses: number;
  enrolled: number;
  revenueKobo: string | number;
}

export interface MonthRecord {
  month: string;
  payments: number;
  learners: number;
  amountKobo: string | number;
  discountKobo: string | number;
  vatKobo: string | number;
  gatewayKobo: string | number;
  platformKobo: string | number;
  partnerKobo: string | number;
}

export interface InsightTotalsRecord extends Omit<MonthRecord, 'month'> {
  courses: number;
}

export type RevenueReportsRepository = ReturnType<typeof createRevenueReportsRepository>;

export function createRevenueReportsRepository(db: Database) {
  /** Partners (not the platform's own record) matching the filter, by id. */
  function institutionWhere(filter: ReportFilter, includePlatform: boolean): SQL {
    return sql`${includePlatform ? sql`true` : sql`not i.is_platform`}
      and ${filter.institutionId ? sql`i.id = ${filter.institutionId}` : sql`true`}
      and ${filter.search ? sql`(i.name ilike ${containing(filter.search)} or i.full_name ilike ${containing(filter.search)})` : sql`true`}`;
  }

  const sliceSql = (slice: Slice<number>) =>
    slice.after === undefined ? sql`order by i.id limit ${slice.limit} offset ${slice.offset}` : sql`${slice.after === null ? sql`` : sql`and i.id > ${slice.after}`} order by i.id limit ${slice.limit}`;

  /** Courses of the partner, and learners enrolled in them within the dates. */
  const partnerCounts = (filter: ReportFilter) => sql`
    (select count(*)::int from courses c where c.institution_id = i.id and c.approval_status = 2 and not c.draft and c.revision_of_course_id is null) as "courses",
    (select count(*)::int from enrollments e join courses c on c.id = e.course_id where c.institution_id = i.id and ${between(sql`e.enrolled_at`, filter)}) as "enrolled"`;

  async function countInstitutions(filter: ReportFilter, includePlatform: boolean): Promise<number> {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from institutions i where ${institutionWhere(filter, includePlatform)}`));
    return row?.n ?? 0;
  }

  // ── Course revenue insights, month by month ──
  const insightWhere = (filter: ReportFilter) => sql`p.status = ${SUCCESSFUL}
      and ${filter.institutionId ? sql`p.institution_id = ${filter.institutionId}` : sql`true`}
      and ${between(sql`p.paid_at`, filter)}
      and ${filter.search ? sql`c.title ilike ${containing(filter.search)}` : sql`true`}`;

  const month = sql`to_char(p.paid_at at time zone 'Africa/Lagos', 'YYYY-MM')`;
  const insightSums = sql`
    count(*)::int as "payments",
    count(distinct p.user_id)::int as "learners",
    coalesce(sum(p.amount_kobo), 0)::bigint as "amountKobo",
    coalesce(sum(p.discount_kobo), 0)::bigint as "discountKobo",
    coalesce(sum(p.vat_kobo), 0)::bigint as "vatKobo",
    coalesce(sum(p.gateway_charge_kobo), 0)::bigint as "gatewayKobo",
    coalesce(sum(s.platform), 0)::bigint as "platformKobo",
    coalesce(sum(s.partner), 0)::bigint as "partnerKobo"`;
  const insightFrom = sql`from payment_transactions p
      join courses c on c.id = p.course_id
      left join lateral (
        select sum(case when ps.party_type = ${PLATFORM_OWNER} then ps.amount_kobo else 0 end) as platform,
               sum(case when ps.party_type = ${PARTNER} then ps.amount_kobo else 0 end) as partner
        from payment_splits ps where ps.payment_id = p.id
      ) s on true`;

  return {
    partnerCount: (filter: ReportFilter) => countInstitutions(filter, false),
    async partnerRows(filter: ReportFilter, slice: Slice<number>): Promise<PartnerRevenueRecord[]> {
      return rowsOf(
        await db.execute(sql`select i.id, i.name, ${partnerCounts(filter)},
            (select coalesce(sum(s.amount_kobo), 0)::bigint from payment_splits s join payment_transactions p on p.id = s.payment_id
              where s.party_type = ${PARTNER} and s.institution_id = i.id and ${between(sql`p.paid_at`, filter)}) as "revenueKobo"
          from institutions i where ${institutionWhere(filter, false)} ${sliceSql(slice)}`),
      );
    },

    institutionCount: (filter: ReportFilter) => countInstitutions(filter, true),
    /** The platform owner's share of the sales of each institution's courses. */
    async institutionRows(filter: ReportFilter, slice: Slice<number>): Promise<PartnerRevenueRecord[]> {
      return rowsOf(
        await db.execute(sql`select i.id, i.name, ${partnerCounts(filter)},
            (select coalesce(sum(s.amount_kobo), 0)::bigint from payment_transactions p join payment_splits s on s.payment_id = p.id
              where p.institution_id = i.id and p.status = ${SUCCESSFUL} and s.party_type = ${PLATFORM_OWNER} and ${between(sql`p.paid_at`, filter)}) as "revenueKobo"
          from institutions i where ${institutionWhere(filter, true)} ${sliceSql(slice)}`),
      );
    },

    async insightMonthCount(filter: ReportFilter): Promise<number> {
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(distinct ${month})::int as n from payment_transactions p join courses c on c.id = p.course_id where ${insightWhere(filter)}`));
      return row?.n ?? 0;
    },
    async insightMonths(filter: ReportFilter, slice: Slice<string>): Promise<MonthRecord[]> {
      const page = slice.after === undefined ? sql`limit ${slice.limit} offset ${slice.offset}` : sql`limit ${slice.limit}`;
      const after = slice.after ? sql`having ${month} < ${slice.after}` : sql``;
      return rowsOf(await db.execute(sql`select ${month} as "month", ${insightSums} ${insightFrom} where ${insightWhere(filter)} group by 1 ${after} order by 1 desc ${page}`));
    },
    async insightTotals(filter: ReportFilter): Promise<InsightTotalsRecord> {
      const [row] = rowsOf<InsightTotalsRecord>(await db.execute(sql`select count(distinct p.course_id)::int as "courses", ${insightSums} ${insightFrom} where ${insightWhere(filter)}`));
      return row!;
    },
  };
}
