// Course Insights and a course's enrolled students (Drizzle only; decision 052). Money in kobo.
// Amounts learners paid come from successful payments; the platform's and the partners' shares
// from the payment ledger (payment_splits, decision 042), so the columns add up to the payments.
import { sql, type SQL } from 'drizzle-orm';
import { TRANSACTION_STATUS } from '@rivet/shared/api/payment';
import { rowsOf, type Database } from '../db/client';
import { containing } from '../db/shared-queries';

export type CourseInsightsRepository = ReturnType<typeof createCourseInsightsRepository>;

/** [from, to) instants; either end open. */
export interface Period {
  from: Date | null;
  to: Date | null;
}

export interface InsightFilters extends Period {
  institutionId: number | null;
  search: string;
}

/** One page (offset) or the batch after a key (keyset, for exports), in the report's order. */
export type Slice<K> = { limit: number; offset: number; after?: undefined } | { limit: number; after: K | null; offset?: undefined };

/** Course Insights' order is by name then id. */
export interface InsightKey {
  title: string;
  id: number;
}

/** Enrolled students' order is newest enrolment first; `at` is the timestamp as text, to the microsecond. */
export interface StudentKey {
  at: string;
  id: number;
}

export interface StudentFilters extends Period {
  courseId: number;
  search: string;
}

export interface InsightRow {
  courseId: number;
  title: string;
  courseName: string;
  institution: string;
  enrolled: string | number;
  amount: string | number;
  discount: string | number;
  vat: string | number;
  gateway: string | number;
  platform: string | number;
  partners: string | number;
}

export interface StudentRow {
  enrollmentId: number;
  at: string;
  firstName: string;
  lastName: string;
  enrolledAt: Date | string;
  lastVisitedAt: Date | string | null;
  amount: number | null;
  discount: number | null;
  basePrice: number | null;
  vat: number | null;
  gateway: number | null;
}

const within = (column: SQL, p: Period) =>
  sql.join([sql`true`, ...(p.from ? [sql`${column} >= ${p.from.toISOString()}::timestamptz`] : []), ...(p.to ? [sql`${column} < ${p.to.toISOString()}::timestamptz`] : [])], sql` and `);

/** The scope's submitted courses matching the search (courses c). */
function scopedCourses(f: InsightFilters): SQL {
  const scope = f.institutionId === null ? sql`true` : sql`c.institution_id = ${f.institutionId}`;
  const search = f.search ? sql`c.title ilike ${containing(f.search)}` : sql`true`;
  return sql`not c.draft and ${scope} and ${search}`;
}

/** The course's enrolments matching the search and dates (enrollments e join users u). */
function enrolledStudents(f: StudentFilters): SQL {
  const like = containing(f.search);
  const search = f.search ? sql`(u.first_name ilike ${like} or u.last_name ilike ${like} or u.email ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like})` : sql`true`;
  return sql`e.course_id = ${f.courseId} and ${search} and ${within(sql`e.enrolled_at`, f)}`;
}

export function createCourseInsightsRepository(db: Database) {
  const all = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));

  return {
    /**
     * One page of the scope's submitted courses by name, with their figures. The page's courses are
     * chosen first and only their payments read (index on course_id, status), so a page costs the
     * same whatever the number of payments.
     */
    insights(f: InsightFilters, slice: Slice<InsightKey>): Promise<InsightRow[]> {
      const after = slice.after ? sql`(c.title, c.id) > (${slice.after.title}, ${slice.after.id})` : sql`true`;
      return all<InsightRow>(sql`
        with scoped as (
          select c.id, c.title, c.institution_id
          from courses c
          where ${scopedCourses(f)} and ${after}
          order by c.title, c.id
          limit ${slice.limit} offset ${slice.offset ?? 0}
        )
        select s.id as "courseId", s.title, s.title as "courseName", i.name as institution,
               coalesce(e.n, 0) as enrolled, coalesce(p.amount, 0) as amount, coalesce(p.discount, 0) as discount,
               coalesce(p.vat, 0) as vat, coalesce(p.gateway, 0) as gateway, coalesce(sh.platform, 0) as platform,
               coalesce(sh.partners, 0) as partners
        from scoped s
        join institutions i on i.id = s.institution_id
        left join lateral (
          select count(*) as n from enrollments e where e.course_id = s.id and ${within(sql`e.enrolled_at`, f)}
        ) e on true
        left join lateral (
          select sum(pt.amount_kobo) as amount, sum(pt.discount_kobo) as discount, sum(pt.vat_kobo) as vat, sum(pt.gateway_charge_kobo) as gateway
          from payment_transactions pt
          where pt.course_id = s.id and pt.status = ${TRANSACTION_STATUS.successful} and ${within(sql`coalesce(pt.paid_at, pt.updated_at)`, f)}
        ) p on true
        left join lateral (
          select sum(ps.amount_kobo) filter (where ps.institution_id is null) as platform,
                 sum(ps.amount_kobo) filter (where ps.institution_id is not null) as partners
          from payment_transactions pt join payment_splits ps on ps.payment_id = pt.id
          where pt.course_id = s.id and pt.status = ${TRANSACTION_STATUS.successful} and ${within(sql`coalesce(pt.paid_at, pt.updated_at)`, f)}
        ) sh on true
        order by s.title, s.id`);
    },

    async insightCount(f: InsightFilters): Promise<number> {
      const [row] = await all<{ n: string | number }>(sql`select count(*) as n from courses c where ${scopedCourses(f)}`);
      return Number(row?.n ?? 0);
    },

    async course(courseId: number) {
      const [row] = await all<{ courseId: number; courseName: string; institutionId: number; institution: string }>(sql`
        select c.id as "courseId", c.title as "courseName", c.institution_id as "institutionId", i.name as institution
        from courses c join institutions i on i.id = c.institution_id where c.id = ${courseId}`);
      return row ?? null;
    },

    /** One page of the course's learners, newest enrolment first, with their successful payment. */
    students(f: StudentFilters, slice: Slice<StudentKey>): Promise<StudentRow[]> {
      const after = slice.after ? sql`(e.enrolled_at, e.id) < (${slice.after.at}::timestamptz, ${slice.after.id})` : sql`true`;
      return all<StudentRow>(sql`
        select e.id as "enrollmentId", e.enrolled_at::text as at, u.first_name as "firstName", u.last_name as "lastName", e.enrolled_at as "enrolledAt", e.last_visited_at as "lastVisitedAt",
               p.amount_kobo as amount, p.discount_kobo as discount, p.base_price_kobo as "basePrice", p.vat_kobo as vat,
               p.gateway_charge_kobo as gateway
        from enrollments e
        join users u on u.id = e.user_id
        left join lateral (
          select amount_kobo, discount_kobo, base_price_kobo, vat_kobo, gateway_charge_kobo from payment_transactions pt
          where pt.user_id = e.user_id and pt.course_id = e.course_id and pt.status = ${TRANSACTION_STATUS.successful}
          order by pt.paid_at desc nulls last, pt.id desc limit 1
        ) p on true
        where ${enrolledStudents(f)} and ${after}
        order by e.enrolled_at desc, e.id desc
        limit ${slice.limit} offset ${slice.offset ?? 0}`);
    },

    async studentCount(f: StudentFilters): Promise<number> {
      const [row] = await all<{ n: string | number }>(sql`select count(*) as n from enrollments e join users u on u.id = e.user_id where ${enrolledStudents(f)}`);
      return Number(row?.n ?? 0);
    },
  };
}
