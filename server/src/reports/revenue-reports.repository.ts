// Revenue report queries (Drizzle only): every figure is a sum of the payment split ledger
// (payment_splits, decision 042) or of the successful payments it splits, so the reports add up
// to the payments; dates are the day the payment was made. Rows come in a stable order with a key for export batches (decision 050).
// The sums are read from the daily summaries the database keeps beside the ledger (decision 061:
// sales_days, partner_share_days, enrolment_days, sales_month_learners, sales_learners), a few
// thousand rows instead of every payment and ledger part; the tests check they equal the raw sums.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { containing } from '../db/shared-queries';
import { withinDays, type ReportFilter, type Slice } from './reports.repository';

const SUCCESSFUL = 1;

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
  function institutionWhere(filter: ReportFilter): SQL {
    return sql`not i.is_platform
      and ${filter.institutionId ? sql`i.id = ${filter.institutionId}` : sql`true`}
      and ${filter.search ? sql`(i.name ilike ${containing(filter.search)} or i.full_name ilike ${containing(filter.search)})` : sql`true`}`;
  }

  const sliceSql = (slice: Slice<number>) =>
    slice.after === undefined ? sql`order by i.id limit ${slice.limit} offset ${slice.offset}` : sql`${slice.after === null ? sql`` : sql`and i.id > ${slice.after}`} order by i.id limit ${slice.limit}`;

  /** Courses of the partner, and learners enrolled in them within the dates. */
  const partnerCounts = (filter: ReportFilter) => sql`
    (select count(*)::int from courses c where c.institution_id = i.id and c.approval_status = 2 and not c.draft and c.revision_of_course_id is null) as "courses",
    (select coalesce(sum(d.enrolments), 0)::int from enrolment_days d where d.institution_id = i.id and ${withinDays(sql`d.day`, filter)}) as "enrolled"`;

  async function countPartners(filter: ReportFilter): Promise<number> {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from institutions i where ${institutionWhere(filter)}`));
    return row?.n ?? 0;
  }

  // ── Course revenue insights, month by month ──
  // Sums come from sales_days (searched by the course's title). Distinct learners cannot be added
  // up across days, so they come from the learner sets the database keeps per month and overall
  // when the whole of each month is asked for, and from the payments themselves otherwise.
  const salesWhere = (filter: ReportFilter) => sql`d.payments <> 0
      and ${filter.institutionId ? sql`d.institution_id = ${filter.institutionId}` : sql`true`}
      and ${withinDays(sql`d.day`, filter)}
      and ${filter.search ? sql`d.course_id in (select c.id from courses c where c.title ilike ${containing(filter.search)})` : sql`true`}`;
  const month = sql`to_char(d.day, 'YYYY-MM')`;
  const sumsOf = (alias: 'd' | 'm') =>
    sql.raw(`coalesce(sum(${alias}.payments), 0)::int as "payments",
    coalesce(sum(${alias}.amount_kobo), 0)::bigint as "amountKobo",
    coalesce(sum(${alias}.discount_kobo), 0)::bigint as "discountKobo",
    coalesce(sum(${alias}.vat_kobo), 0)::bigint as "vatKobo",
    coalesce(sum(${alias}.gateway_kobo), 0)::bigint as "gatewayKobo",
    coalesce(sum(${alias}.platform_kobo), 0)::bigint as "platformKobo",
    coalesce(sum(${alias}.partner_kobo), 0)::bigint as "partnerKobo"`);
  const salesSums = sumsOf('d');
  /** The filter asks for whole months of every course: the kept learner sets answer it. */
  const wholeMonths = (filter: ReportFilter) => !filter.search && !filter.from && !filter.to;
  const scope = (filter: ReportFilter) => filter.institutionId ?? 0;
  /** Successful payments within the filter (and `extra`), for the learner counts the sets cannot give. */
  const paymentsWhere = (filter: ReportFilter, extra: SQL = sql`true`) => sql`p.status = ${SUCCESSFUL} and p.user_id is not null
      and ${filter.institutionId ? sql`p.institution_id = ${filter.institutionId}` : sql`true`}
      and ${between(sql`p.paid_at`, filter)}
      and ${filter.search ? sql`p.course_id in (select c.id from courses c where c.title ilike ${containing(filter.search)})` : sql`true`}
      and ${extra}`;

  async function learnersByMonth(filter: ReportFilter, months: string[]): Promise<Map<string, number>> {
    if (!months.length) return new Map();
    const list = sql.join(months.map((m) => sql`${`${m}-01`}::date`), sql`, `);
    const rows = rowsOf<{ month: string; n: number }>(
      await db.execute(
        wholeMonths(filter)
          ? sql`select to_char(l.month, 'YYYY-MM') as month, count(*)::int as n from sales_month_learners l where l.scope_id = ${scope(filter)} and l.month in (${list}) group by l.month`
          : sql`select to_char(p.paid_at at time zone 'Africa/Lagos', 'YYYY-MM') as month, count(distinct p.user_id)::int as n from payment_transactions p
                where ${paymentsWhere(filter, sql`date_trunc('month', p.paid_at at time zone 'Africa/Lagos')::date in (${list})`)} group by 1`,
      ),
    );
    return new Map(rows.map((r) => [r.month, r.n]));
  }

  return {
    partnerCount: (filter: ReportFilter) => countPartners(filter),
    async partnerRows(filter: ReportFilter, slice: Slice<number>): Promise<PartnerRevenueRecord[]> {
      return rowsOf(
        await db.execute(sql`select i.id, i.name, ${partnerCounts(filter)},
            (select coalesce(sum(d.amount_kobo), 0)::bigint from partner_share_days d where d.institution_id = i.id and ${withinDays(sql`d.day`, filter)}) as "revenueKobo"
          from institutions i where ${institutionWhere(filter)} ${sliceSql(slice)}`),
      );
    },

    /** The platform's active settlement parties (Manage Platform), oldest first, and the platform's own name. */
    async settlementParties(): Promise<{ parties: { id: number; name: string }[]; platformName: string }> {
      const parties = rowsOf<{ id: number; name: string }>(await db.execute(sql`select p.id, p.name from platform_partners p where p.is_active order by p.id`));
      const [platform] = rowsOf<{ name: string }>(await db.execute(sql`select i.name from institutions i where i.is_platform order by i.id limit 1`));
      return { parties, platformName: platform?.name ?? 'Platform' };
    },
    /**
     * The platform owner's ledger parts (party type 0) of the sales within the filter — of one
     * partner's courses when the filter names one —, the approved courses they come from and the
     * learners enrolled in those within the dates.
     */
    async platformShare(filter: ReportFilter): Promise<{ revenueKobo: number; courses: number; enrolled: number }> {
      const scope = (column: SQL) => (filter.institutionId ? sql`${column} = ${filter.institutionId}` : sql`true`);
      const [row] = rowsOf<{ revenueKobo: string | number; courses: number; enrolled: number }>(
        await db.execute(sql`select
            (select coalesce(sum(d.platform_kobo), 0)::bigint from sales_days d where ${scope(sql`d.institution_id`)} and ${withinDays(sql`d.day`, filter)}) as "revenueKobo",
            (select count(*)::int from courses c where ${scope(sql`c.institution_id`)} and c.approval_status = 2 and not c.draft and c.revision_of_course_id is null) as "courses",
            (select coalesce(sum(d.enrolments), 0)::int from enrolment_days d where ${scope(sql`d.institution_id`)} and ${withinDays(sql`d.day`, filter)}) as "enrolled"`),
      );
      return { revenueKobo: Number(row?.revenueKobo ?? 0), courses: row?.courses ?? 0, enrolled: row?.enrolled ?? 0 };
    },

    async insightMonthCount(filter: ReportFilter): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(
          wholeMonths(filter)
            ? sql`select count(*)::int as n from sales_months m where m.scope_id = ${scope(filter)} and m.payments <> 0`
            : sql`select count(distinct date_trunc('month', d.day))::int as n from sales_days d where ${salesWhere(filter)}`,
        ),
      );
      return row?.n ?? 0;
    },
    async insightMonths(filter: ReportFilter, slice: Slice<string>): Promise<MonthRecord[]> {
      const page = slice.after === undefined ? sql`limit ${slice.limit} offset ${slice.offset}` : sql`limit ${slice.limit}`;
      if (wholeMonths(filter)) {
        const after = slice.after ? sql`and m.month < ${`${slice.after}-01`}::date` : sql``;
        return rowsOf(
          await db.execute(sql`select to_char(m.month, 'YYYY-MM') as "month", m.payments, m.learners, m.amount_kobo as "amountKobo", m.discount_kobo as "discountKobo",
              m.vat_kobo as "vatKobo", m.gateway_kobo as "gatewayKobo", m.platform_kobo as "platformKobo", m.partner_kobo as "partnerKobo"
            from sales_months m where m.scope_id = ${scope(filter)} and m.payments <> 0 ${after} order by m.month desc ${page}`),
        );
      }
      const after = slice.after ? sql`having ${month} < ${slice.after}` : sql``;
      const months = rowsOf<Omit<MonthRecord, 'learners'>>(
        await db.execute(sql`select ${month} as "month", ${salesSums} from sales_days d where ${salesWhere(filter)} group by 1 ${after} order by 1 desc ${page}`),
      );
      const learners = await learnersByMonth(filter, months.map((m) => m.month));
      return months.map((m) => ({ ...m, learners: learners.get(m.month) ?? 0 }));
    },
    async insightTotals(filter: ReportFilter): Promise<InsightTotalsRecord> {
      if (wholeMonths(filter)) {
        const [row] = rowsOf<InsightTotalsRecord>(
          await db.execute(sql`select
              (select count(*)::int from sales_courses c where c.scope_id = ${scope(filter)}) as "courses",
              (select count(*)::int from sales_learners l where l.scope_id = ${scope(filter)}) as "learners",
              ${sumsOf('m')}
            from sales_months m where m.scope_id = ${scope(filter)}`),
        );
        return row!;
      }
      const [sums] = rowsOf<Omit<InsightTotalsRecord, 'learners'>>(
        await db.execute(sql`select count(distinct d.course_id)::int as "courses", ${salesSums} from sales_days d where ${salesWhere(filter)}`),
      );
      const [learners] = rowsOf<{ n: number }>(await db.execute(sql`select count(distinct p.user_id)::int as n from payment_transactions p where ${paymentsWhere(filter)}`));
      return { ...sums!, learners: learners?.n ?? 0 };
    },
  };
}
