// The dashboard's figures (Drizzle only; decision 052). `institutionId` null means the whole
// platform. Lagos has no daylight saving: its calendar is UTC an hour later.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { activeCourseCount } from '../db/shared-queries';

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

/** The audit rows that are changes to a course, with the What's New section each belongs to. */
export const COURSE_UPDATE_SECTIONS: Record<string, number> = {
  'Course/CreateUpdate': 0,
  'Course/UpdateOtherDetails': 1,
  'Course/Builder': 2,
  'Course/Pricing': 3,
  'Course/SurveyUpdate': 4,
  'Survey/Assign': 4,
  'Survey/UnAssign': 4,
  'Course/Toggle': 5,
  'CourseApproval/Approval': 5,
  'CourseApproval/QACourseApproval': 5,
};

export interface UpdateRow {
  id: number;
  userName: string;
  module: string;
  action: string;
  description: string;
  createdAt: Date | string;
  courseId: number;
  title: string;
}

const inScope = (institutionId: number | null, column: SQL) => (institutionId === null ? sql`true` : sql`${column} = ${institutionId}`);

export function createDashboardRepository(db: Database) {
  const all = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));

  return {
    /**
     * Enrolments per Lagos month (YYYY-MM) since `from` (a Lagos month's first instant), summed from
     * the enrolments kept per Lagos day and institution (decision 061) rather than every enrolment.
     */
    async monthlyEnrolments(institutionId: number | null, from: Date): Promise<Map<string, number>> {
      const since = new Date(from.getTime() + 3_600_000).toISOString().slice(0, 10);
      const rows = await all<{ month: string; n: number | string }>(sql`
        select to_char(date_trunc('month', d.day), 'YYYY-MM') as month, sum(d.enrolments) as n from enrolment_days d
        where d.day >= ${since}::date and ${inScope(institutionId, sql`d.institution_id`)} group by 1 having sum(d.enrolments) <> 0`);
      return new Map(rows.map((r) => [r.month, Number(r.n)]));
    },

    /** Active Courses is the admin profile's own query (decision 088), so the two figures agree. */
    async courseCounts(institutionId: number | null, now: Date) {
      const [active, [row]] = await Promise.all([
        activeCourseCount(db, institutionId, now),
        all<{ pending: number | string }>(sql`
          select count(*) filter (where not draft and approval_status in (1, 4)) as pending
          from courses c where ${inScope(institutionId, sql`c.institution_id`)}`),
      ]);
      return { active, pending: Number(row?.pending ?? 0) };
    },

    /**
     * The scope's earnings in kobo from the payment ledger: an institution's shares, or the platform
     * owner's — summed from the ledger's daily summaries (decision 061), not every ledger part.
     */
    async earningsKobo(institutionId: number | null) {
      const [row] = await all<{ kobo: number | string | null }>(
        institutionId === null
          ? sql`select sum(platform_kobo) as kobo from sales_days`
          : sql`select sum(amount_kobo) as kobo from partner_share_days where institution_id = ${institutionId}`,
      );
      return Number(row?.kobo ?? 0);
    },

    /** Learners enrolled in the scope's courses, and those of them who visited one since `activeSince`. */
    async students(institutionId: number | null, activeSince: Date) {
      const since = sql`${activeSince.toISOString()}::timestamptz`;
      const [row] = await all<{ total: number | string; active: number | string }>(
        institutionId === null
          ? sql`select (select count(*) from (select distinct user_id from enrollments) d) as total,
                       (select count(distinct user_id) from enrollments where last_visited_at >= ${since}) as active`
          : sql`with learners as (
                  select e.user_id, max(e.last_visited_at) as last_visit from enrollments e join courses c on c.id = e.course_id
                  where c.institution_id = ${institutionId} group by e.user_id
                )
                select count(*) as total, count(*) filter (where last_visit >= ${since}) as active from learners`,
      );
      return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
    },

    async courseInstitution(courseId: number) {
      const [row] = await all<{ institutionId: number }>(sql`select institution_id as "institutionId" from courses where id = ${courseId}`);
      return row ?? null;
    },

    /** The latest course changes in the audit trail, newest first. */
    async updates(filter: { institutionId: number | null; courseId: number | null; limit: number }): Promise<UpdateRow[]> {
      const keys = Object.keys(COURSE_UPDATE_SECTIONS);
      const modules = [...new Set(keys.map((k) => k.split('/')[0]!))];
      return all<UpdateRow>(sql`
        select a.id, a.user_name as "userName", a.module_name as module, a.module_action as action, a.description,
               a.created_at as "createdAt", c.id as "courseId", c.title
        from audit_trail a
        join courses c on c.id = case when a.record ~ '^[0-9]{1,9}$' then a.record::int end
        where a.module_name in (${sql.join(modules.map((m) => sql`${m}`), sql`, `)})
          and (a.module_name || '/' || a.module_action) in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})
          and ${inScope(filter.institutionId, sql`c.institution_id`)}
          and ${filter.courseId === null ? sql`true` : sql`c.id = ${filter.courseId}`}
        order by a.created_at desc, a.id desc
        limit ${filter.limit}`);
    },
  };
}

