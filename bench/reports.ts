// Reports at scale on PostgreSQL (issue 17; decisions 050, 051): a generated data set of 100,000
// successful payments (plus 10,000 pending and failed) by 50,000 learners over 2,000 courses, with
// their ledger rows and enrolments, and 100,000 audit rows. Prints the p95 of one report page per
// report (budget ≤ 100 ms), and an export of 100,000 rows — as base64 in the envelope and as the
// streamed download — with its seconds and the server's peak RSS. Figures only; nothing asserted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, percentiles, withoutSummaryTriggers, withScratchDatabase, withServer } from './server';

const PORT = 18_431;
const SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 40);
const LEARNERS = 50_000;
const COURSES = 2_000;
const PAID = 100_000;
const OTHER = 10_000;

/** The machine's 1-minute load average, printed beside each figure: on a shared 2-core machine it decides them. */
const loadAverage = () => +loadavg()[0]!.toFixed(1);

function rssMiB(pid: number): number {
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
}

async function generate(databaseUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await withoutSummaryTriggers((text) => db.query(text), async () => {
      await db.query(`
        insert into courses (institution_id, course_category_id, language_id, title, description, course_level, approval_status, draft, is_active, is_paid,
                             base_price_kobo, vat_kobo, gateway_charge_kobo, price_kobo, publish_date, search_text)
        select (array(select id from institutions where not is_platform order by id))[1 + g % (select count(*) from institutions where not is_platform)::int],
               (select min(id) from course_categories), (select min(id) from languages), 'Bench Course ' || g, 'A generated course.', 1, 2, false, true, true,
               1000000, 50000, 15000, 1065000, now() - interval '400 days', 'Bench Course ' || g
        from generate_series(1, ${COURSES}) g`);
      await db.query(`
        insert into users (user_name, email, first_name, last_name, password_hash, role_id, created_at)
        select 'bench' || g || '@bench.ng', 'bench' || g || '@bench.ng', 'Bench', 'Learner' || g, 'x', 12, now() - (g || ' minutes')::interval
        from generate_series(1, ${LEARNERS}) g`);
      await db.query(`create temporary table bench_learners as select row_number() over (order by id) as n, id from users where user_name like 'bench%@bench.ng'`);
      await db.query(`create temporary table bench_courses as select row_number() over (order by id) as n, id, institution_id from courses where title like 'Bench Course %'`);
      await db.query(`
        insert into payment_transactions (reference, user_id, course_id, institution_id, status, provider, channel, email, base_price_kobo, discount_kobo, vat_kobo,
                                          gateway_charge_kobo, amount_kobo, created_at, paid_at)
        select 'BENCH-' || g, l.id, c.id, c.institution_id, case when g <= ${PAID} then 1 when g % 2 = 0 then 0 else 2 end, 'sandbox', 'card', 'bench' || l.n || '@bench.ng',
               1000000, 0, 50000, 15000, 1065000, now() - ((g % 365) || ' days')::interval, case when g <= ${PAID} then now() - ((g % 365) || ' days')::interval end
        from generate_series(1, ${PAID + OTHER}) g
        join bench_learners l on l.n = 1 + g % ${LEARNERS}
        join bench_courses c on c.n = 1 + (g * 7) % ${COURSES}`);
      // The default formula's split (30 % platform, 70 % partner) of 1,000,000 kobo of revenue each.
      await db.query(`
        insert into payment_splits (payment_id, formula_id, position, party_type, institution_id, amount_kobo)
        select p.id, null, s.position, s.party_type, case when s.party_type = 1 then p.institution_id end, s.amount
        from payment_transactions p cross join (values (1, 0, 300000), (2, 1, 700000)) as s(position, party_type, amount)
        where p.reference like 'BENCH-%' and p.status = 1`);
      await db.query(`
        insert into enrollments (user_id, course_id, source, amount_paid_kobo, enrolled_at)
        select user_id, course_id, 'payment', amount_kobo, paid_at from payment_transactions where reference like 'BENCH-%' and status = 1
        on conflict do nothing`);
      await db.query(`
        insert into audit_trail (user_name, module_name, module_action, record, description, ip_address, browser, created_at)
        select 'bench.staff', 'Course', 'Update', g::text, 'Bench change ' || g, '10.0.0.1',
               'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', now() - (g || ' seconds')::interval
        from generate_series(1, 100000) g`);
    });
    // What autovacuum would have done by the time anyone reads reports: statistics and the visibility map (index-only scans).
    await db.query('vacuum analyze');
  } finally {
    await db.end();
  }
}

async function timedGet(url: string, path: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/Report/Report/${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return performance.now() - started;
}

export async function reportsBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rivet-bench-reports-'));
  try {
    return await withScratchDatabase('bench_reports', (databaseUrl) =>
      withServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, PORT, async (url, pid) => {
        const generating = performance.now();
        await generate(databaseUrl);
        const generatedSeconds = +((performance.now() - generating) / 1000).toFixed(1);
        const { DEMO_ACCOUNTS } = await import('../server/src/db/seed/seed');
        const session = await call(url, '/Authentication/Account/Admin/SignIn', { json: { userName: DEMO_ACCOUNTS.superAdmin.userName, password: DEMO_ACCOUNTS.superAdmin.password } });
        const token: string = session.accessToken;
        const unilag = (await call(url, '/Institution/Institution/Search?Search=UNILAG&PageSize=1')).items[0].id as number;

        const pages: [string, string][] = [
          ['Course Payment, page 1', 'GetCoursePayment?TransactionStatus=1'],
          ['Course Payment, page 500', 'GetCoursePayment?TransactionStatus=1&Page=500'],
          ['Course Payment, one partner', `GetCoursePayment?TransactionStatus=1&InstitutionId=${unilag}`],
          ['Course Payment, a search', 'GetCoursePayment?TransactionStatus=1&Search=Learner4242'],
          ['Course Payment, a month', 'GetCoursePayment?TransactionStatus=1&StartDate=2026-01-01&EndDate=2026-01-31'],
          ['Course Payment, pending', 'GetCoursePayment?TransactionStatus=0'],
          ['Course Purchase, page 1', 'GetCoursePurchase'],
          ['Audit Trail, page 1', 'AuditTrail'],
          ['Audit Trail, a search', 'AuditTrail?Search=change%204242'],
          ['Manage Registered Users, page 1', 'GetRegisteredUsers'],
          ['Revenue Per Partner', 'GetRevenuePerPartner'],
          ['Platform Revenue', 'GetRevenuePerInstitution'],
          ['Course Revenue Insights', 'GetCourseInsightsOverview'],
        ];
        const rows: Record<string, string | number>[] = [];
        for (const [name, path] of pages) {
          for (let i = 0; i < 3; i++) await timedGet(url, path, token);
          const samples: number[] = [];
          for (let i = 0; i < SAMPLES; i++) samples.push(await timedGet(url, path, token));
          samples.sort((a, b) => a - b);
          rows.push({ report: name, ...percentiles(samples), load: loadAverage() });
        }

        // Both ways at two sizes: memory that does not grow with the rows is what "streamed" means.
        const exports: Record<string, string | number>[] = [];
        for (const [how, query] of [
          ['streamed download, one month', 'Export=true&Download=true&StartDate=2026-01-01&EndDate=2026-01-31'],
          ['base64 in the envelope (§4), one month', 'Export=true&Page=1&PageSize=1000000&StartDate=2026-01-01&EndDate=2026-01-31'],
          ['streamed download', 'Export=true&Download=true'],
          ['base64 in the envelope (§4)', 'Export=true&Page=1&PageSize=1000000'],
          ['streamed download, again', 'Export=true&Download=true'],
          ['base64 in the envelope (§4), again', 'Export=true&Page=1&PageSize=1000000'],
        ] as const) {
          const before = rssMiB(pid);
          let peak = before;
          const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 25);
          const started = performance.now();
          const res = await fetch(`${url}/api/Report/Report/GetCoursePayment?TransactionStatus=1&${query}`, { headers: { authorization: `Bearer ${token}` } });
          const body = await res.arrayBuffer();
          const seconds = +((performance.now() - started) / 1000).toFixed(2);
          clearInterval(sampler);
          const envelope = how.startsWith('base64') ? (JSON.parse(Buffer.from(body).toString()) as { data: { file: string; totalRows: number } }).data : null;
          const bytes = envelope ? Buffer.from(envelope.file, 'base64').length : body.byteLength;
          const rowCount = envelope ? envelope.totalRows.toLocaleString('en') : how.includes('month') ? 'a month of' : PAID.toLocaleString('en');
          exports.push({ export: `Course Payment, ${rowCount} rows, ${how}`, seconds, fileMB: +(bytes / 1e6).toFixed(2), rssBeforeMiB: before, rssPeakMiB: peak, rssRiseMiB: peak - before, load: loadAverage() });
        }
        return { generatedSeconds, pages: rows, exports };
      }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await reportsBench();
  console.log(`Generated in ${result.generatedSeconds} s`);
  console.table(result.pages);
  console.table(result.exports);
}
