// The facts behind Getting started (decision 079), each one small indexed read of the partner's own
// rows. "Able to approve" is the rule Approval Settings and review use (decision 041): an active,
// undeleted user of the partner whose active partner role holds approvecourse.
import { sql } from 'drizzle-orm';
import { APPROVAL_STATUS } from '@rivet/shared/domain/course-lifecycle';
import { ROLE_TYPE } from '@rivet/shared/domain/permissions';
import { rowsOf, type Database } from '../db/client';

export type GettingStartedRepository = ReturnType<typeof createGettingStartedRepository>;

export interface PartnerRow {
  id: number;
  fullName: string;
  isPlatform: boolean;
  isActive: boolean;
  accountNumber: string | null;
  bankName: string | null;
  bankActive: boolean | null;
}

/** `u` (users) joined to `r` (roles) is someone of institution `institutionId` who may approve now. */
const ableToApprove = (institutionId: number) => sql`u.institution_id = ${institutionId} and u.is_active and u.deleted_at is null
  and r.role_type = ${ROLE_TYPE.Institution} and r.is_active
  and exists (select 1 from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = r.id and p.name = 'approvecourse')`;

export function createGettingStartedRepository(db: Database) {
  const all = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
  const one = async (query: ReturnType<typeof sql>) => Number((await all<{ n: number | string }>(query))[0]?.n ?? 0);

  return {
    async partner(id: number): Promise<PartnerRow | null> {
      const [row] = await all<{ id: number; full_name: string; is_platform: boolean; is_active: boolean; account_number: string | null; bank_name: string | null; bank_active: boolean | null }>(sql`
        select i.id, i.full_name, i.is_platform, i.is_active, i.account_number, b.name as bank_name, b.is_active as bank_active
        from institutions i left join banks b on b.id = i.bank_id where i.id = ${id}`);
      return row
        ? { id: row.id, fullName: row.full_name, isPlatform: row.is_platform, isActive: row.is_active, accountNumber: row.account_number, bankName: row.bank_name, bankActive: row.bank_active }
        : null;
    },

    /** The platform's own record: its full name and how many active signatories it has. */
    async platform(): Promise<{ name: string; signatories: number }> {
      const [row] = await all<{ full_name: string; n: number | string }>(sql`
        select i.full_name, (select count(*) from certificate_signatures s where s.institution_id = i.id and s.is_active) as n
        from institutions i where i.is_platform order by i.id limit 1`);
      return { name: row?.full_name ?? 'Rivet', signatories: Number(row?.n ?? 0) };
    },

    instructors: (institutionId: number) => one(sql`select count(*) as n from instructors where institution_id = ${institutionId} and is_active`),

    signatories: (institutionId: number) => one(sql`select count(*) as n from certificate_signatures where institution_id = ${institutionId} and is_active`),

    approvers: (institutionId: number) => one(sql`select count(*) as n from users u join roles r on r.id = u.role_id where ${ableToApprove(institutionId)}`),

    /**
     * The partner's active workflows, each with whether a level has fewer users able to approve than
     * it needs approvals: a course routed there would wait for ever (decision 041's consequence).
     */
    async workflows(institutionId: number): Promise<{ name: string; stuck: boolean }[]> {
      const rows = await all<{ name: string; stuck: boolean }>(sql`
        select w.name, coalesce(bool_or(coalesce(able.n, 0) < l.approvals), true) as stuck
        from approval_workflows w
        left join workflow_levels l on l.workflow_id = w.id
        left join lateral (
          select count(*) as n from workflow_level_users wu join users u on u.id = wu.user_id join roles r on r.id = u.role_id
          where wu.level_id = l.id and ${ableToApprove(institutionId)}
        ) able on true
        where w.institution_id = ${institutionId} and w.is_active
        group by w.id, w.name order by w.name, w.id`);
      return rows.map((r) => ({ name: r.name, stuck: r.stuck === true || String(r.stuck) === 't' }));
    },

    revenueFormulas: (institutionId: number) =>
      one(sql`select count(distinct f.id) as n from revenue_formulas f join revenue_formula_parties p on p.formula_id = f.id
              where f.is_active and p.institution_id = ${institutionId}`),

    publishedCourses: (institutionId: number) => one(sql`select count(*) as n from courses where institution_id = ${institutionId} and approval_status = ${APPROVAL_STATUS.approved}`),
  };
}
