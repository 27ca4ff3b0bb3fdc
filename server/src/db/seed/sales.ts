// Demo sales (issue 28, decision 077): the demo learners buy paid demo courses over the six months
// before the first start and this month so far, so a first start's dashboard, charts and reports
// show figures instead of ₦0. Each sale is what a checkout leaves: priced by
// shared/domain/pricing.ts with a demo discount code where one applies (checked by the discount
// rule checkout uses), the payment row as the provider's verdict left it — successful ones enrol
// the learner as a purchase does, count the code's use and write the ledger with
// recordPaymentSplit, all in one transaction; a code that makes the course free enrols with a
// zero payment, as Course/Enroll does. Some fail (declined) and a few stay pending (abandoned).
// The rows are written together rather than pending-then-settled one by one: the same rows, in a
// fraction of the time every first start (and every e2e start) would otherwise spend.
//
// Deterministic: the same sales every time, on the same days counted back from the first start.
// Runs once: nothing is added when any demo sale exists, so a second start adds nothing and a
// database whose demo sales were removed by hand is not refilled behind its owner's back.
import { and, asc, eq, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm';
import { TRANSACTION_STATUS } from '@rivet/shared/api/payment';
import { discountRefusal, lagosDate } from '@rivet/shared/domain/discount';
import { DEFAULT_RATES, priceCourse } from '@rivet/shared/domain/pricing';
import type { Database } from '../client';
import * as t from '../schema';
import { recordPaymentSplit } from '../shared-queries';
import { DEMO_LEARNERS } from './catalogue/learners';

/** Every demo sale's reference starts so: real checkouts use RVT-<time>-<random>. */
export const DEMO_SALE_PREFIX = 'RVT-DEMO-';
/** Sales per month, oldest first; the last is the current month (only days already past). */
const SALES_PER_MONTH = [7, 9, 10, 12, 13, 9];
const CHANNELS = ['card', 'card', 'bank', 'ussd', 'card'];
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The demo codes the sales use (LASTONE's single use and most ABU vouchers stay for people to try). */
const SCHOLARSHIP_COURSE = 'Data Analysis with Python';
const DEMO_SALE_CODES = ['WELCOME10', 'LBS5000', 'SCHOLAR100', 'ABU-GIFT-Z6PC'] as const;

type Outcome = 'success' | 'failed' | 'pending';

interface SaleCourse {
  id: number;
  title: string;
  institutionId: number;
  partner: string;
  basePriceKobo: number;
  priceKobo: number;
  publishDate: Date;
}

export interface PlannedSale {
  n: number;
  learner: number;
  course: SaleCourse;
  code: string | null;
  outcome: Outcome;
  startedAt: Date;
  /** When the provider answered (paid or declined). */
  settledAt: Date;
  channel: string;
}

/** The first instant of the Lagos calendar month `back` months before `now`'s. */
function lagosMonthStart(now: Date, back: number): Date {
  const lagos = new Date(now.getTime() + HOUR);
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth() - back, 1) - HOUR);
}

/**
 * Which learner buys which course, when, with which code, and how it ends: arithmetic on the
 * sale's number only, so every start plans the same sales. Decided in the order the sales happen,
 * so a learner never starts paying for a course they already bought (a declined payment may be
 * followed by a successful one), and returned in that order: reports list payments newest first
 * by id, so ids and references follow the days.
 */
export function planDemoSales(now: Date, courses: readonly SaleCourse[], learners: number): PlannedSale[] {
  const sales: PlannedSale[] = [];
  if (!courses.length || !learners) return sales;
  const slots: { n: number; month: number; startedAt: Date }[] = [];
  let n = 0;
  SALES_PER_MONTH.forEach((count, month) => {
    const monthStart = lagosMonthStart(now, SALES_PER_MONTH.length - 1 - month);
    for (let k = 0; k < count; k++) {
      n += 1;
      const startedAt = new Date(monthStart.getTime() + ((n * 7) % 27) * DAY + (8 + ((n * 5) % 12)) * HOUR + ((n * 17) % 60) * 60_000);
      if (startedAt.getTime() <= now.getTime() - HOUR) slots.push({ n, month, startedAt });
    }
  });
  slots.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  const bought = new Set<string>();
  for (const { n, month, startedAt } of slots) {
    const outcome: Outcome = n % 9 === 4 ? 'failed' : n % 13 === 6 ? 'pending' : 'success';
    const learner = (n * 7 + month) % learners;
    let course: SaleCourse | undefined;
    for (let tries = 0; tries < courses.length && !course; tries++) {
      const candidate = courses[(n * 3 + month * 5 + tries) % courses.length]!;
      if (!bought.has(`${learner}/${candidate.id}`) && candidate.publishDate.getTime() + DAY <= startedAt.getTime()) course = candidate;
    }
    if (!course) continue;
    if (outcome === 'success') bought.add(`${learner}/${course.id}`);
    const code =
      course.title === SCHOLARSHIP_COURSE && n % 3 === 0
        ? 'SCHOLAR100'
        : n % 5 === 1
          ? 'WELCOME10'
          : n % 5 === 3 && course.partner === 'LBS'
            ? 'LBS5000'
            : n % 5 === 3 && course.partner === 'ABU'
              ? 'ABU-GIFT-Z6PC'
              : null;
    const settledAt = new Date(startedAt.getTime() + (2 + (n % 7)) * 60_000);
    sales.push({ n, learner, course, code, outcome, startedAt, settledAt, channel: CHANNELS[n % CHANNELS.length]! });
  }
  return sales;
}

/** Makes the demo sales once; answers how many payments it recorded. */
export async function seedDemoSales(db: Database, now: Date): Promise<number> {
  const [done] = await db
    .select({ id: t.paymentTransactions.id })
    .from(t.paymentTransactions)
    .where(like(t.paymentTransactions.reference, `${DEMO_SALE_PREFIX}%`))
    .limit(1);
  if (done) return 0;

  const courses = await db
    .select({
      id: t.courses.id,
      title: t.courses.title,
      institutionId: t.courses.institutionId,
      partner: t.institutions.code,
      basePriceKobo: t.courses.basePriceKobo,
      priceKobo: t.courses.priceKobo,
      publishDate: t.courses.publishDate,
    })
    .from(t.courses)
    .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
    .where(
      and(
        eq(t.courses.isPaid, true),
        sql`${t.courses.basePriceKobo} > 0`,
        eq(t.courses.approvalStatus, 2),
        eq(t.courses.draft, false),
        eq(t.courses.isActive, true),
        isNull(t.courses.revisionOfCourseId),
        isNotNull(t.courses.publishDate),
        eq(t.institutions.isActive, true),
        eq(t.institutions.isPlatform, false),
      ),
    )
    .orderBy(asc(t.courses.id));
  const emails = DEMO_LEARNERS.map((l) => l.email);
  const found = await db.select({ id: t.users.id, email: t.users.email }).from(t.users).where(inArray(t.users.userName, emails));
  const learners = emails.flatMap((e) => found.filter((u) => u.email === e));
  const plan = planDemoSales(
    now,
    courses.map((c) => ({ ...c, publishDate: c.publishDate! })),
    learners.length,
  );
  if (!plan.length) return 0;

  const codes = await db
    .select({ discount: t.discounts, code: t.discountCodes })
    .from(t.discountCodes)
    .innerJoin(t.discounts, eq(t.discounts.id, t.discountCodes.discountId))
    .where(inArray(t.discountCodes.code, [...DEMO_SALE_CODES]));
  const restricted = codes.length
    ? await db.select().from(t.discountCourses).where(inArray(t.discountCourses.discountId, codes.map((c) => c.discount.id)))
    : [];

  // The codes' uses counted as the sales go, as the discount row's usage_count would be read by the next checkout.
  const uses = new Map(codes.map((c) => [c.discount.id, c.discount.usageCount]));
  const redeemed = new Set(codes.filter((c) => c.code.redeemedAt !== null).map((c) => c.code.id));
  const rows: (typeof t.paymentTransactions.$inferInsert)[] = [];
  const counted: { discountId: number; codeId: number | null; userId: string; at: Date }[] = [];
  for (const [index, sale] of plan.entries()) {
    const learner = learners[sale.learner]!;
    const found = sale.code ? codes.find((c) => c.code.code === sale.code) : undefined;
    // The code only when checkout would take it that day (the rule Payment/Log applies).
    const usable =
      found &&
      discountRefusal(
        {
          isActive: found.discount.isActive,
          startDate: found.discount.startDate,
          endDate: found.discount.endDate,
          usageLimit: found.discount.usageLimit,
          usesTaken: uses.get(found.discount.id) ?? 0,
          allCourses: found.discount.allCourses,
          institutionId: found.discount.institutionId,
          courseIds: restricted.filter((r) => r.discountId === found.discount.id).map((r) => r.courseId),
          codeRedeemed: redeemed.has(found.code.id),
        },
        { courseId: sale.course.id, institutionId: sale.course.institutionId },
        lagosDate(sale.startedAt),
      ) === null
        ? found
        : undefined;
    const price = priceCourse(sale.course.basePriceKobo, DEFAULT_RATES, usable ? { chargeType: usable.discount.chargeType, amount: usable.discount.amount } : null);
    // A code that makes the course free enrols at once with a zero payment (Course/Enroll); the rest
    // are as the provider's verdict left them: paid, declined, or never finished.
    const free = price.amount === 0;
    const outcome = free ? 'success' : sale.outcome;
    const paidAt = outcome === 'success' ? (free ? sale.startedAt : sale.settledAt) : null;
    rows.push({
      reference: `${DEMO_SALE_PREFIX}${String(index + 1).padStart(4, '0')}`,
      userId: learner.id,
      courseId: sale.course.id,
      institutionId: sale.course.institutionId,
      status: outcome === 'success' ? TRANSACTION_STATUS.successful : outcome === 'failed' ? TRANSACTION_STATUS.failed : TRANSACTION_STATUS.pending,
      provider: free ? 'none' : 'sandbox',
      email: learner.email,
      currency: 'NGN',
      basePriceKobo: price.basePrice,
      discountKobo: price.discount,
      vatKobo: price.vat,
      gatewayChargeKobo: price.gatewayCharge,
      amountKobo: price.amount,
      discountId: usable?.discount.id ?? null,
      discountCodeId: usable && usable.discount.discountType === 2 ? usable.code.id : null,
      discountCode: usable?.code.code ?? null,
      // A pending payment's hold is long past: it never keeps a code's use from anyone.
      discountHeldUntil: usable && outcome === 'pending' ? new Date(sale.startedAt.getTime() + 30 * 60_000) : null,
      paymentChannel: 1,
      providerTransactionId: outcome === 'success' && !free ? `DEMO-${sale.n}` : null,
      channel: outcome === 'success' && !free ? sale.channel : null,
      failureReason: outcome === 'failed' ? 'Provider status failed: Declined' : null,
      createdAt: sale.startedAt,
      updatedAt: outcome === 'pending' ? sale.startedAt : (paidAt ?? sale.settledAt),
      paidAt,
    });
    if (usable && outcome === 'success') {
      uses.set(usable.discount.id, (uses.get(usable.discount.id) ?? 0) + 1);
      const codeId = usable.discount.discountType === 2 ? usable.code.id : null;
      if (codeId !== null) redeemed.add(codeId);
      counted.push({ discountId: usable.discount.id, codeId, userId: learner.id, at: paidAt! });
    }
  }

  // One transaction: the payments as checkout leaves them, each successful one's enrolment (as a
  // purchase enrols: source 'payment', when paid), its code's use, and its ledger parts.
  return db.transaction(async (tx) => {
    const payments = await tx.insert(t.paymentTransactions).values(rows).returning();
    const paid = payments.filter((p) => p.status === TRANSACTION_STATUS.successful);
    if (paid.length) {
      await tx
        .insert(t.enrollments)
        .values(paid.map((p) => ({ userId: p.userId!, courseId: p.courseId, source: 'payment', amountPaidKobo: p.amountKobo, enrolledAt: p.paidAt! })))
        .onConflictDoNothing();
    }
    const perDiscount = new Map<number, number>();
    for (const c of counted) perDiscount.set(c.discountId, (perDiscount.get(c.discountId) ?? 0) + 1);
    for (const [discountId, n] of perDiscount) {
      await tx
        .update(t.discounts)
        .set({ usageCount: sql`${t.discounts.usageCount} + ${n}` })
        .where(eq(t.discounts.id, discountId));
    }
    for (const c of counted) {
      if (c.codeId !== null) await tx.update(t.discountCodes).set({ redeemedAt: c.at, redeemedBy: c.userId }).where(eq(t.discountCodes.id, c.codeId));
    }
    for (const payment of paid) await recordPaymentSplit(tx, payment);
    return payments.length;
  });
}
