// The report summaries the database keeps by trigger (migration 0022, decision 061) must equal the
// raw sums over payments, ledger parts and enrolments, whichever way those rows were written:
// checkout's order (payment, then ledger), ledger before the status, a refusal after success,
// a learner deleting their account, an enrolment removed.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../db/client';
import * as t from '../db/schema';
import { recordPaymentSplit } from '../db/shared-queries';
import { insertLearner, insertPayment } from '../testing/report-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const LAGOS_DAY = (column: string) => `(${column} at time zone 'Africa/Lagos')::date`;
const LAGOS_MONTH = (column: string) => `date_trunc('month', ${column} at time zone 'Africa/Lagos')::date`;

/** Each summary as the triggers keep it (zero rows left out) and as the raw rows give it, sorted alike. */
const PAIRS: Record<string, [kept: string, raw: string]> = {
  payment_day_counts: [
    `select day::text, institution_id, status, payments from payment_day_counts where payments <> 0`,
    `select ${LAGOS_DAY('created_at')}::text as day, institution_id, status, count(*)::int as payments from payment_transactions group by 1, 2, 3`,
  ],
  sales_days: [
    `select day::text, course_id, institution_id, payments, amount_kobo::text, discount_kobo::text, vat_kobo::text, gateway_kobo::text, platform_kobo::text, partner_kobo::text
       from sales_days where payments <> 0 or platform_kobo <> 0 or partner_kobo <> 0`,
    `select ${LAGOS_DAY('p.paid_at')}::text as day, p.course_id, min(p.institution_id) as institution_id, count(*)::int as payments, sum(p.amount_kobo)::text as amount_kobo,
            sum(p.discount_kobo)::text as discount_kobo, sum(p.vat_kobo)::text as vat_kobo, sum(p.gateway_charge_kobo)::text as gateway_kobo,
            coalesce(sum(s.platform), 0)::text as platform_kobo, coalesce(sum(s.partner), 0)::text as partner_kobo
       from payment_transactions p
       left join (select payment_id, sum(amount_kobo) filter (where party_type = 0) as platform, sum(amount_kobo) filter (where party_type = 1) as partner
                  from payment_splits group by payment_id) s on s.payment_id = p.id
      where p.status = 1 and p.paid_at is not null group by 1, 2`,
  ],
  partner_share_days: [
    `select day::text, institution_id, amount_kobo::text from partner_share_days where amount_kobo <> 0`,
    `select ${LAGOS_DAY('p.paid_at')}::text as day, s.institution_id, sum(s.amount_kobo)::text as amount_kobo
       from payment_splits s join payment_transactions p on p.id = s.payment_id
      where s.party_type = 1 and s.institution_id is not null and p.status = 1 and p.paid_at is not null group by 1, 2`,
  ],
  sales_month_learners: [
    `select month::text, scope_id, user_id::text, payments from sales_month_learners`,
    `select ${LAGOS_MONTH('paid_at')}::text as month, institution_id as scope_id, user_id::text, count(*)::int as payments
       from payment_transactions where status = 1 and paid_at is not null and user_id is not null group by 1, 2, 3
     union all
     select ${LAGOS_MONTH('paid_at')}::text, 0, user_id::text, count(*)::int
       from payment_transactions where status = 1 and paid_at is not null and user_id is not null group by 1, 3`,
  ],
  sales_learners: [
    `select scope_id, user_id::text, payments from sales_learners`,
    `select institution_id as scope_id, user_id::text, count(*)::int as payments from payment_transactions where status = 1 and paid_at is not null and user_id is not null group by 1, 2
     union all
     select 0, user_id::text, count(*)::int from payment_transactions where status = 1 and paid_at is not null and user_id is not null group by 2`,
  ],
  sales_months: [
    `select scope_id, month::text, payments, learners, amount_kobo::text, discount_kobo::text, vat_kobo::text, gateway_kobo::text, platform_kobo::text, partner_kobo::text
       from sales_months where payments <> 0 or learners <> 0 or platform_kobo <> 0 or partner_kobo <> 0`,
    `select scope.id as scope_id, ${LAGOS_MONTH('p.paid_at')}::text as month, count(*)::int as payments, count(distinct p.user_id)::int as learners,
            sum(p.amount_kobo)::text as a, sum(p.discount_kobo)::text as d, sum(p.vat_kobo)::text as v, sum(p.gateway_charge_kobo)::text as g,
            coalesce(sum(s.platform), 0)::text as pl, coalesce(sum(s.partner), 0)::text as pa
       from payment_transactions p cross join lateral (values (p.institution_id), (0)) as scope(id)
       left join (select payment_id, sum(amount_kobo) filter (where party_type = 0) as platform, sum(amount_kobo) filter (where party_type = 1) as partner
                  from payment_splits group by payment_id) s on s.payment_id = p.id
      where p.status = 1 and p.paid_at is not null group by 1, 2`,
  ],
  sales_courses: [
    `select scope_id, course_id, payments from sales_courses`,
    `select scope.id, p.course_id, count(*)::int from payment_transactions p cross join lateral (values (p.institution_id), (0)) as scope(id)
      where p.status = 1 and p.paid_at is not null group by 1, 2`,
  ],
  enrolment_days: [
    `select day::text, institution_id, enrolments from enrolment_days where enrolments <> 0`,
    `select ${LAGOS_DAY('e.enrolled_at')}::text as day, c.institution_id, count(*)::int as enrolments from enrollments e join courses c on c.id = e.course_id group by 1, 2`,
  ],
};

async function expectSummariesMatch(db: Database) {
  const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(Object.values(r as object).map(String))).sort();
  for (const [table, [kept, raw]] of Object.entries(PAIRS)) {
    const keptRows = sorted(rowsOf(await db.execute(sql.raw(kept))));
    const rawRows = sorted(rowsOf(await db.execute(sql.raw(raw))));
    expect(keptRows, table).toEqual(rawRows);
  }
}

describe.each(testDrivers())('report summaries on %s', (driver) => {
  let app: TestApp;
  let db: Database;
  let courses: { id: number; institutionId: number }[];

  beforeAll(async () => {
    app = await createTestApp(driver);
    db = app.database.db;
    // Two courses of different institutions.
    const rows = await db.select({ id: t.courses.id, institutionId: t.courses.institutionId }).from(t.courses).orderBy(t.courses.id);
    courses = [rows[0]!, rows.find((r) => r.institutionId !== rows[0]!.institutionId)!];
    expect(courses[1]).toBeDefined();
  });
  afterAll(() => app?.close());

  it('start equal to the raw sums (the migration filled them from what was there)', async () => {
    await expectSummariesMatch(db);
  });

  it('stay equal through checkout, Lagos midnight, ledger before the status, a refusal after success, account deletion and a removed enrolment', async () => {
    const ada = await insertLearner(db);
    const bayo = await insertLearner(db);
    // Two payments by one learner in one month from two partners, one at 23:30 UTC: already the next day (and month) in Lagos.
    await insertPayment(db, { userId: ada.id, email: ada.email, course: courses[0]!, amount: 12_000, discount: 500, at: new Date('2026-03-31T23:30:00Z') });
    await insertPayment(db, { userId: ada.id, email: ada.email, course: courses[1]!, amount: 8_000, at: new Date('2026-04-10T10:00:00Z') });
    await insertPayment(db, { userId: bayo.id, email: bayo.email, course: courses[0]!, amount: 5_000, at: new Date('2026-04-10T12:00:00Z') });
    await insertPayment(db, { userId: bayo.id, email: bayo.email, course: courses[1]!, status: 0, at: new Date('2026-05-02T08:00:00Z') });
    await expectSummariesMatch(db);

    // Checkout's order: pending, then successful, then its ledger parts.
    const pending = await insertPayment(db, { userId: bayo.id, email: bayo.email, course: courses[0]!, status: 0, amount: 7_000, at: new Date('2026-05-03T08:00:00Z') });
    const [paid] = await db.update(t.paymentTransactions).set({ status: 1, paidAt: new Date('2026-05-04T09:00:00Z') }).where(eq(t.paymentTransactions.id, pending.id)).returning();
    await recordPaymentSplit(db, paid!);
    await expectSummariesMatch(db);

    // Ledger parts written while the payment is still pending count once it succeeds.
    const early = await insertPayment(db, { userId: ada.id, email: ada.email, course: courses[1]!, status: 0, amount: 9_000, at: new Date('2026-06-01T08:00:00Z') });
    await recordPaymentSplit(db, early);
    await expectSummariesMatch(db);
    await db.update(t.paymentTransactions).set({ status: 1, paidAt: new Date('2026-06-01T09:00:00Z') }).where(eq(t.paymentTransactions.id, early.id));
    await expectSummariesMatch(db);

    // A success turned into a failure leaves the sales (and the learner's month) but keeps its start.
    await db.update(t.paymentTransactions).set({ status: 2 }).where(eq(t.paymentTransactions.id, paid!.id));
    await expectSummariesMatch(db);

    // Progress writes change nothing; a removed enrolment and a deleted account do.
    await db.update(t.enrollments).set({ lastVisitedAt: new Date() }).where(eq(t.enrollments.userId, ada.id));
    await db.delete(t.enrollments).where(eq(t.enrollments.userId, bayo.id));
    await expectSummariesMatch(db);
    await db.delete(t.users).where(eq(t.users.id, ada.id));
    await expectSummariesMatch(db);
    // The comparison compared something: Bayo's April in Lagos, at both scopes.
    const months = rowsOf<{ scope: number }>(await db.execute(sql`select scope_id as scope from sales_month_learners where user_id = ${bayo.id} and month = '2026-04-01'`));
    expect(months.map((m) => Number(m.scope)).sort((a, b) => a - b)).toEqual([0, courses[0]!.institutionId]);
  });
});
