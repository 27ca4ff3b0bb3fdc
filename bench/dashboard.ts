// The dashboard's statistics at scale (decision 052): on a generated PostgreSQL data set of 100,000
// payments (each with its ledger rows and an enrolment), 50,000 learners and 2,000 courses, the
// latency of each dashboard call for platform staff (the whole platform) and for a partner's admin,
// one request at a time after a warm-up. Budget (issue 17): p95 ≤ 100 ms.
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '../server/src/db/client';
import { DEMO_ACCOUNTS, seed } from '../server/src/db/seed/seed';
import { percentiles, withoutSummaryTriggers, withScratchDatabase, withServer } from './server';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 50_000);
const COURSES = Number(process.env.BENCH_COURSES ?? 2_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

async function generate(url: string) {
  const handle = await openPostgres(url);
  const db = handle.db;
  await seed(db, { demo: true });
  await db.execute(sql`update users set must_change_password = false where user_name = ${DEMO_ACCOUNTS.institutionAdmin.userName}`);
  // One transaction, so the bulk load's session setting (withoutSummaryTriggers) holds on its one connection.
  await handle.db.transaction(async (db) => withoutSummaryTriggers((text) => db.execute(sql.raw(text)), async () => {
    await db.execute(sql`
      insert into courses (institution_id, course_category_id, language_id, title, description, course_level, approval_status, draft, is_active, publish_date, is_paid, price_kobo, base_price_kobo, vat_kobo, gateway_charge_kobo, search_text)
      select p.ids[1 + g % array_length(p.ids, 1)], (select min(id) from course_categories), (select min(id) from languages),
             'Bench course ' || g, 'A generated course.', 1 + g % 3, case when g % 10 = 3 then 1 else 2 end, g % 17 = 5, g % 23 <> 0,
             timestamptz '2025-01-01' + (g % 600) * interval '1 day', true, 1075000, 1000000, 50000, 25000, 'Bench course ' || g
      from generate_series(1, ${COURSES}) g, (select array_agg(id order by id) as ids from institutions where not is_platform) p`);
    await db.execute(sql`
      insert into users (user_name, email, first_name, last_name, password_hash, role_id)
      select 'bench.learner' || g || '@example.com', 'bench.learner' || g || '@example.com', 'Learner', 'No ' || g, 'x', 12
      from generate_series(1, ${LEARNERS}) g`);
    // Payment i: learner i mod L, course (7i + i div L) mod C: no learner buys a course twice.
    await db.execute(sql`
      with l as (select array_agg(id order by user_name) as ids from users where user_name like 'bench.learner%'),
           c as (select array_agg(id order by id) as ids, array_agg(institution_id order by id) as inst from courses where title like 'Bench course %' and not draft)
      insert into payment_transactions (reference, user_id, course_id, institution_id, status, provider, email, base_price_kobo, discount_kobo, vat_kobo, gateway_charge_kobo, amount_kobo, created_at, updated_at, paid_at)
      select 'bench-' || g, l.ids[1 + g % ${LEARNERS}], c.ids[1 + (7 * g + g / ${LEARNERS}) % array_length(c.ids, 1)], c.inst[1 + (7 * g + g / ${LEARNERS}) % array_length(c.ids, 1)],
             case when g % 20 = 0 then 2 else 1 end, 'sandbox', 'bench@example.com', 1000000, 0, 50000, 25000, 1075000,
             now() - (g % 540) * interval '1 day', now() - (g % 540) * interval '1 day', now() - (g % 540) * interval '1 day'
      from generate_series(1, ${PAYMENTS}) g, l, c`);
    await db.execute(sql`
      insert into payment_splits (payment_id, position, party_type, institution_id, amount_kobo)
      select id, 1, 0, null, 300000 from payment_transactions where reference like 'bench-%' and status = 1
      union all
      select id, 2, 1, institution_id, 700000 from payment_transactions where reference like 'bench-%' and status = 1`);
    await db.execute(sql`
      insert into enrollments (user_id, course_id, source, amount_paid_kobo, enrolled_at, last_visited_at)
      select user_id, course_id, 'payment', amount_kobo, paid_at, case when id % 3 = 0 then null else paid_at + (id % 90) * interval '1 day' end
      from payment_transactions where reference like 'bench-%' and status = 1
      on conflict do nothing`);
  }));
  await db.execute(sql`vacuum analyze`);
  await handle.close();
}

async function signIn(url: string, account: { userName: string; password: string }) {
  const res = await fetch(`${url}/api/Authentication/Account/Admin/SignIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: account.userName, password: account.password }) });
  const body = (await res.json()) as { data: { accessToken: string } };
  if (!res.ok) throw new Error(`sign-in ${account.userName}: ${res.status}`);
  return body.data.accessToken;
}

async function measure(url: string, token: string, path: string) {
  const get = async () => {
    const started = performance.now();
    const res = await fetch(`${url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await get();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await get());
  return { ...percentiles(samples.sort((a, b) => a - b)), load: +loadavg()[0]!.toFixed(1) };
}

const CALLS = ['Course/Course/DashboardStats', 'Course/Course/FetchMonthlyEnrollmentStatistics', 'Course/Course/GetInstitutionCourseStatistic', 'Course/Course/UpdateHistory', 'Report/Report/GetCourseInsights'];

export async function dashboardBench() {
  return withScratchDatabase('rivet_bench_dashboard', async (url) => {
    await generate(url);
    const dir = mkdtempSync(join(tmpdir(), 'rivet-bench-'));
    try {
      return await withServer({ DATABASE_URL: url, DATA_DIR: dir }, 18_321, async (base) => {
        const callers = { platform: await signIn(base, DEMO_ACCOUNTS.superAdmin), 'partner (UNILAG)': await signIn(base, DEMO_ACCOUNTS.institutionAdmin) };
        const rows = [];
        for (const [caller, token] of Object.entries(callers)) for (const call of CALLS) rows.push({ caller, call: call.split('/').pop(), ...(await measure(base, token, call)) });
        return rows;
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Dashboard calls over ${PAYMENTS} payments, ${LEARNERS} learners, ${COURSES} courses on PostgreSQL, ${SAMPLES} sequential requests each (budget: p95 ≤ 100 ms)`);
  console.table(await dashboardBench());
}
