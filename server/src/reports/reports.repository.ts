// Report queries (Drizzle only; the rules and confinement are in reports.service.ts). Each report
// reads one page (limit/offset, for the screen) or one batch after a key (for exports, read in
// batches by keyset so no export holds every row: docs/decisions/050), in the same order.
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import type { Database } from '../db/client';
import { containing } from '../db/shared-queries';
import * as t from '../db/schema';

export interface ReportFilter {
  search: string;
  /** [from, to): instants; null for open. */
  from: Date | null;
  to: Date | null;
  /** null: every institution. */
  institutionId: number | null;
}

/** One page (offset) or the batch after a key (keyset); both in the report's order. */
export type Slice<K> = { limit: number; offset: number; after?: undefined } | { limit: number; after: K | null; offset?: undefined };

const within = (column: Parameters<typeof gte>[0], filter: Pick<ReportFilter, 'from' | 'to'>): SQL[] => [
  ...(filter.from ? [gte(column, filter.from)] : []),
  ...(filter.to ? [lt(column, filter.to)] : []),
];

const fullName = sql<string>`trim(${t.users.firstName} || ' ' || ${t.users.lastName})`;

/** The Lagos calendar day (yyyy-mm-dd) an instant falls on; Lagos is UTC+1 all year. */
export const lagosDay = (at: Date): string => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);

/** `day` (a Lagos date column of a summary table) within the filter's [from, to): the filter's ends are Lagos day starts. */
export const withinDays = (day: SQL, filter: Pick<ReportFilter, 'from' | 'to'>): SQL =>
  sql`${filter.from ? sql`${day} >= ${lagosDay(filter.from)}::date` : sql`true`} and ${filter.to ? sql`${day} < ${lagosDay(filter.to)}::date` : sql`true`}`;

type PaymentFilter = ReportFilter & { status: number; courseId?: number; paidDates?: boolean };

export type ReportsRepository = ReturnType<typeof createReportsRepository>;

export function createReportsRepository(db: Database) {
  // ── Audit trail ──
  function auditWhere(filter: ReportFilter & { id: number }): SQL | undefined {
    const a = t.auditTrail;
    const like = filter.search ? containing(filter.search) : null;
    return and(
      ...within(a.createdAt, filter),
      filter.institutionId ? eq(a.institutionId, filter.institutionId) : undefined,
      filter.id ? eq(a.id, filter.id) : undefined,
      like ? or(ilike(a.userName, like), ilike(a.description, like), ilike(a.record, like), ilike(a.moduleName, like), ilike(a.moduleAction, like)) : undefined,
    );
  }

  // ── Course payments (and purchases: the successful ones) ──
  function paymentWhere(filter: PaymentFilter): SQL | undefined {
    const p = t.paymentTransactions;
    const like = filter.search ? containing(filter.search) : null;
    return and(
      eq(p.status, filter.status),
      filter.institutionId ? eq(p.institutionId, filter.institutionId) : undefined,
      filter.courseId ? eq(p.courseId, filter.courseId) : undefined,
      ...within(filter.paidDates ? p.paidAt : p.createdAt, filter),
      like ? sql`${p.id} in (${matchingPayments(like)})` : undefined,
    );
  }

  /**
   * Payments whose learner's name, e-mail, course title or reference holds the search: one set of
   * ids from four trigram-indexed lookups (decision 061). An OR across the joined tables could use
   * no index and read every payment.
   */
  const matchingPayments = (like: string) => sql`
    select id from payment_transactions where email ilike ${like} or reference ilike ${like}
    union
    select p.id from payment_transactions p join users u on u.id = p.user_id where trim(u.first_name || ' ' || u.last_name) ilike ${like}
    union
    select p.id from payment_transactions p join courses c on c.id = p.course_id where c.title ilike ${like}`;

  const paymentColumns = {
    id: t.paymentTransactions.id,
    reference: t.paymentTransactions.reference,
    firstName: t.users.firstName,
    lastName: t.users.lastName,
    email: t.paymentTransactions.email,
    createdAt: t.paymentTransactions.createdAt,
    paidAt: t.paymentTransactions.paidAt,
    courseName: t.courses.title,
    institution: t.institutions.name,
    amountKobo: t.paymentTransactions.amountKobo,
    /**
     * The course's price before the discount as the payment priced it (decision 077): the payment's
     * own base price, which a later revision of the course does not change; the course's when a
     * payment has none recorded.
     */
    priceKobo: sql<number>`coalesce(nullif(${t.paymentTransactions.basePriceKobo}, 0), ${t.courses.basePriceKobo})`.mapWith(Number),
    discountKobo: t.paymentTransactions.discountKobo,
    status: t.paymentTransactions.status,
    provider: t.paymentTransactions.provider,
    channel: t.paymentTransactions.channel,
  };

  function payments(where: SQL | undefined, slice: Slice<number>) {
    const p = t.paymentTransactions;
    const q = db
      .select(paymentColumns)
      .from(p)
      .innerJoin(t.courses, eq(t.courses.id, p.courseId))
      .innerJoin(t.institutions, eq(t.institutions.id, p.institutionId))
      .leftJoin(t.users, eq(t.users.id, p.userId));
    if (slice.offset) {
      // A deep page skips its offset in the (status, id) index alone and joins only the page's rows
      // (decision 061): skipping joined rows cost a learner, course and partner look-up each.
      const ids = db.select({ id: p.id }).from(p).where(where).orderBy(desc(p.id)).limit(slice.limit).offset(slice.offset);
      return q.where(inArray(p.id, ids)).orderBy(desc(p.id));
    }
    return q
      .where(slice.after === undefined || slice.after === null ? where : and(where, lt(p.id, slice.after)))
      .orderBy(desc(p.id))
      .limit(slice.limit);
  }

  async function countPayments(filter: PaymentFilter): Promise<number> {
    const p = t.paymentTransactions;
    // Without a search the count is a sum over the daily summaries (decision 061), a few hundred
    // rows instead of every payment: by the day paid for successful payments (Course Purchase,
    // which may name a course), by the day started otherwise.
    if (!filter.search && filter.paidDates && filter.status === 1) {
      const s = t.salesDays;
      const [row] = await db
        .select({ n: sql<string>`coalesce(sum(${s.payments}), 0)` })
        .from(s)
        .where(
          and(
            filter.institutionId ? eq(s.institutionId, filter.institutionId) : undefined,
            filter.courseId ? eq(s.courseId, filter.courseId) : undefined,
            withinDays(sql`${s.day}`, filter),
          ),
        );
      return Number(row?.n ?? 0);
    }
    if (!filter.search && !filter.paidDates && !filter.courseId) {
      const d = t.paymentDayCounts;
      const [row] = await db
        .select({ n: sql<string>`coalesce(sum(${d.payments}), 0)` })
        .from(d)
        .where(and(eq(d.status, filter.status), filter.institutionId ? eq(d.institutionId, filter.institutionId) : undefined, withinDays(sql`${d.day}`, filter)));
      return Number(row?.n ?? 0);
    }
    const [row] = await db.select({ n: count() }).from(p).where(paymentWhere(filter));
    return row?.n ?? 0;
  }

  // ── Registered users (learners) ──
  function learnerWhere(filter: ReportFilter): SQL | undefined {
    const u = t.users;
    const like = filter.search ? containing(filter.search) : null;
    return and(
      eq(u.roleId, STUDENT_ROLE_ID),
      sql`${u.deletedAt} is null`,
      ...within(u.createdAt, filter),
      like
        ? or(
            ilike(fullName, like),
            ilike(u.email, like),
            sql`exists (select 1 from enrollments e join courses c on c.id = e.course_id where e.user_id = users.id and c.title ilike ${like})`,
          )
        : undefined,
    );
  }

  return {
    async auditCount(filter: ReportFilter & { id: number }): Promise<number> {
      const [row] = await db.select({ n: count() }).from(t.auditTrail).where(auditWhere(filter));
      return row?.n ?? 0;
    },
    auditRows(filter: ReportFilter & { id: number }, slice: Slice<number>) {
      const a = t.auditTrail;
      const where = auditWhere(filter);
      const q = db
        .select()
        .from(a)
        .where(slice.after === undefined || slice.after === null ? where : and(where, lt(a.id, slice.after)))
        .orderBy(desc(a.id))
        .limit(slice.limit);
      return slice.offset ? q.offset(slice.offset) : q;
    },

    paymentCount: (filter: PaymentFilter) => countPayments(filter),
    paymentRows: (filter: PaymentFilter, slice: Slice<number>) => payments(paymentWhere(filter), slice),

    async learnerCount(filter: ReportFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(t.users).where(learnerWhere(filter));
      return row?.n ?? 0;
    },
    learnerRows(filter: ReportFilter, slice: Slice<{ at: string; id: string }>) {
      const u = t.users;
      const where = learnerWhere(filter);
      const after = slice.after ? sql`(${u.createdAt}, ${u.id}) < (${slice.after.at}::timestamptz, ${slice.after.id}::uuid)` : undefined;
      const q = db
        .select({
          id: u.id,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          countryName: t.countries.countryName,
          createdAt: u.createdAt,
          // The keyset's time to the microsecond (a Date keeps milliseconds only).
          at: sql<string>`${u.createdAt}::text`,
          isActive: u.isActive,
          enrolled: sql<number>`(select count(*)::int from enrollments e where e.user_id = users.id)`,
        })
        .from(u)
        .leftJoin(t.studentProfiles, eq(t.studentProfiles.userId, u.id))
        .leftJoin(t.countries, eq(t.countries.code1, t.studentProfiles.countryCode))
        .where(and(where, after))
        .orderBy(desc(u.createdAt), desc(u.id))
        .limit(slice.limit);
      return slice.offset ? q.offset(slice.offset) : q;
    },
  };
}

export type AuditTrailRecord = Awaited<ReturnType<ReportsRepository['auditRows']>>[number];
export type PaymentRecord = Awaited<ReturnType<ReportsRepository['paymentRows']>>[number];
export type LearnerRecord = Awaited<ReturnType<ReportsRepository['learnerRows']>>[number];
