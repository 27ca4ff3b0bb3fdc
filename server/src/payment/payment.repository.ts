// Drizzle queries for checkout. Everything that decides who gets a discount's last use, or whether
// a payment enrols, runs in one database transaction with the rows it depends on locked, so two
// payments (or a callback and a webhook) arriving together cannot both win.
import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { TRANSACTION_STATUS } from '@rivet/shared/api/payment';
import { discountRefusal, type DiscountRefusal } from '@rivet/shared/domain/discount';
import type { Price } from '@rivet/shared/domain/pricing';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { recordPaymentSplit, visibleCourse } from '../db/shared-queries';
import type { Verification } from './payment-provider';
import type { ReceiptDetails } from './receipt';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

export interface CheckoutCourse {
  id: number;
  title: string;
  institutionId: number;
  isPaid: boolean;
  basePriceKobo: number;
  priceKobo: number;
}

export interface FoundDiscount {
  discount: typeof t.discounts.$inferSelect;
  code: typeof t.discountCodes.$inferSelect;
  courseIds: number[];
}

export type Transaction = typeof t.paymentTransactions.$inferSelect;

export interface NewTransaction {
  reference: string;
  userId: string;
  email: string;
  course: CheckoutCourse;
  price: Price;
  provider: string;
  paymentChannel: number;
  discount: FoundDiscount | null;
  status: number;
  heldUntil: Date | null;
  at: Date;
}

/** What completing a transaction did. */
export type Completion =
  | { kind: 'completed'; transaction: Transaction; newlyEnrolled: boolean; discountCounted: boolean }
  | { kind: 'already'; transaction: Transaction }
  | { kind: 'failed'; transaction: Transaction }
  | { kind: 'pending'; transaction: Transaction }
  | { kind: 'unknown' };

export function createPaymentRepository(db: Database) {
  async function findDiscount(ex: Executor, code: string, lock: boolean): Promise<FoundDiscount | null> {
    const query = ex
      .select({ discount: t.discounts, code: t.discountCodes })
      .from(t.discountCodes)
      .innerJoin(t.discounts, eq(t.discounts.id, t.discountCodes.discountId))
      .where(eq(t.discountCodes.code, code))
      .limit(1);
    // FOR UPDATE on the discount (and the code) row: a second payment for the same discount waits here.
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return null;
    const courses = row.discount.allCourses
      ? []
      : await ex.select({ courseId: t.discountCourses.courseId }).from(t.discountCourses).where(eq(t.discountCourses.discountId, row.discount.id));
    return { ...row, courseIds: courses.map((c) => c.courseId) };
  }

  /** Uses counted so far plus pending payments still holding one. */
  async function usesTaken(ex: Executor, found: FoundDiscount, now: Date, excludeReference?: string) {
    const holding = and(
      eq(t.paymentTransactions.status, TRANSACTION_STATUS.pending),
      gt(t.paymentTransactions.discountHeldUntil, now),
      excludeReference ? sql`${t.paymentTransactions.reference} <> ${excludeReference}` : undefined,
    );
    const [held] = await ex.select({ n: count() }).from(t.paymentTransactions).where(and(eq(t.paymentTransactions.discountId, found.discount.id), holding));
    let codeHeld = false;
    if (found.discount.discountType === 2) {
      const [onCode] = await ex.select({ n: count() }).from(t.paymentTransactions).where(and(eq(t.paymentTransactions.discountCodeId, found.code.id), holding));
      codeHeld = (onCode?.n ?? 0) > 0;
    }
    return { uses: found.discount.usageCount + (held?.n ?? 0), codeTaken: found.code.redeemedAt !== null || codeHeld };
  }

  async function refusal(ex: Executor, found: FoundDiscount, course: CheckoutCourse, today: string, now: Date): Promise<DiscountRefusal | null> {
    const taken = await usesTaken(ex, found, now);
    return discountRefusal(
      {
        isActive: found.discount.isActive,
        startDate: found.discount.startDate,
        endDate: found.discount.endDate,
        usageLimit: found.discount.usageLimit,
        usesTaken: taken.uses,
        allCourses: found.discount.allCourses,
        institutionId: found.discount.institutionId,
        courseIds: found.courseIds,
        codeRedeemed: taken.codeTaken,
      },
      { courseId: course.id, institutionId: course.institutionId },
      today,
    );
  }

  /** Counts a completed use: conditional, so the limit holds even against a late payment. */
  async function countUse(tx: Tx, transaction: Transaction, userId: string | null, at: Date): Promise<boolean> {
    if (transaction.discountId === null) return false;
    const counted = await tx
      .update(t.discounts)
      .set({ usageCount: sql`${t.discounts.usageCount} + 1` })
      .where(and(eq(t.discounts.id, transaction.discountId), or(isNull(t.discounts.usageLimit), lt(t.discounts.usageCount, t.discounts.usageLimit))))
      .returning({ id: t.discounts.id });
    if (transaction.discountCodeId !== null) {
      await tx
        .update(t.discountCodes)
        .set({ redeemedAt: at, redeemedBy: userId })
        .where(and(eq(t.discountCodes.id, transaction.discountCodeId), isNull(t.discountCodes.redeemedAt), eq(t.discountCodes.discountId, transaction.discountId)))
        .execute();
    }
    return counted.length === 1;
  }

  async function enrol(tx: Tx, transaction: Transaction, at: Date): Promise<boolean> {
    if (!transaction.userId) return false;
    const rows = await tx
      .insert(t.enrollments)
      .values({ userId: transaction.userId, courseId: transaction.courseId, source: 'payment', amountPaidKobo: transaction.amountKobo, enrolledAt: at })
      .onConflictDoNothing()
      .returning({ id: t.enrollments.id });
    return rows.length === 1;
  }

  function insertValues(input: NewTransaction) {
    return {
      reference: input.reference,
      userId: input.userId,
      courseId: input.course.id,
      institutionId: input.course.institutionId,
      status: input.status,
      provider: input.provider,
      email: input.email,
      currency: 'NGN',
      basePriceKobo: input.price.basePrice,
      discountKobo: input.price.discount,
      vatKobo: input.price.vat,
      gatewayChargeKobo: input.price.gatewayCharge,
      amountKobo: input.price.amount,
      discountId: input.discount?.discount.id ?? null,
      discountCodeId: input.discount && input.discount.discount.discountType === 2 ? input.discount.code.id : null,
      discountCode: input.discount?.code.code ?? null,
      discountHeldUntil: input.heldUntil,
      paymentChannel: input.paymentChannel,
      createdAt: input.at,
      updatedAt: input.at,
      paidAt: input.status === TRANSACTION_STATUS.successful ? input.at : null,
    };
  }

  return {
    async checkoutCourse(courseId: number, now: Date): Promise<CheckoutCourse | null> {
      const [row] = await db
        .select({
          id: t.courses.id,
          title: t.courses.title,
          institutionId: t.courses.institutionId,
          isPaid: t.courses.isPaid,
          basePriceKobo: t.courses.basePriceKobo,
          priceKobo: t.courses.priceKobo,
        })
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .where(and(eq(t.courses.id, courseId), visibleCourse(now)))
        .limit(1);
      return row ?? null;
    },

    async learner(userId: string) {
      const [row] = await db.select({ email: t.users.email, isActive: t.users.isActive }).from(t.users).where(eq(t.users.id, userId)).limit(1);
      return row ?? null;
    },

    async isEnrolled(userId: string, courseId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: t.enrollments.id })
        .from(t.enrollments)
        .where(and(eq(t.enrollments.userId, userId), eq(t.enrollments.courseId, courseId)))
        .limit(1);
      return row !== undefined;
    },

    /** A code as it stands now, for pricing (no hold is taken). */
    async discountFor(code: string, course: CheckoutCourse, today: string, now: Date) {
      const found = await findDiscount(db, code, false);
      if (!found) return { found: null, refusal: 'unknown' as const };
      return { found, refusal: await refusal(db, found, course, today, now) };
    },

    /**
     * Records a payment about to start. With a code, the discount row is locked, the code checked
     * again with every other payment's hold counted, and this payment's hold written before the
     * lock is released: of many payments racing for a last use, exactly one gets it.
     */
    async startTransaction(input: Omit<NewTransaction, 'discount'> & { code: string | null; today: string }): Promise<{ transaction: Transaction } | { refusal: DiscountRefusal }> {
      return db.transaction(async (tx) => {
        let found: FoundDiscount | null = null;
        if (input.code) {
          found = await findDiscount(tx, input.code, true);
          if (!found) return { refusal: 'unknown' as const };
          const refused = await refusal(tx, found, input.course, input.today, input.at);
          if (refused) return { refusal: refused };
        }
        const [transaction] = await tx.insert(t.paymentTransactions).values(insertValues({ ...input, discount: found })).returning();
        return { transaction: transaction! };
      });
    },

    /** A course the code makes free: recorded as a zero-amount successful transaction, enrolled, the use counted, the (empty) split recorded. */
    async enrolWithFullDiscount(
      input: Omit<NewTransaction, 'discount' | 'status' | 'heldUntil'> & { code: string; today: string },
    ): Promise<{ transaction: Transaction; newlyEnrolled: boolean } | { refusal: DiscountRefusal }> {
      return db.transaction(async (tx) => {
        const found = await findDiscount(tx, input.code, true);
        if (!found) return { refusal: 'unknown' as const };
        const refused = await refusal(tx, found, input.course, input.today, input.at);
        if (refused) return { refusal: refused };
        const [transaction] = await tx
          .insert(t.paymentTransactions)
          .values(insertValues({ ...input, discount: found, status: TRANSACTION_STATUS.successful, heldUntil: null }))
          .returning();
        const newlyEnrolled = await enrol(tx, transaction!, input.at);
        await countUse(tx, transaction!, input.userId, input.at);
        // Nothing to share, but every successful payment has its ledger rows (of 0 kobo here).
        await recordPaymentSplit(tx, transaction!);
        return { transaction: transaction!, newlyEnrolled };
      });
    },

    /** Pending payments the provider knows about (initialised) that nothing has settled since `before`. */
    async unsettled(provider: string, before: Date, after: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ reference: t.paymentTransactions.reference })
        .from(t.paymentTransactions)
        .where(
          and(
            eq(t.paymentTransactions.status, TRANSACTION_STATUS.pending),
            eq(t.paymentTransactions.provider, provider),
            isNotNull(t.paymentTransactions.accessCode),
            lt(t.paymentTransactions.createdAt, before),
            gt(t.paymentTransactions.createdAt, after),
          ),
        )
        .orderBy(asc(t.paymentTransactions.createdAt))
        .limit(limit);
      return rows.map((r) => r.reference);
    },

    /** What the receipt e-mail says about a completed transaction; null when its learner is gone. */
    async receipt(reference: string): Promise<ReceiptDetails | null> {
      const [row] = await db
        .select({
          email: t.users.email,
          firstName: t.users.firstName,
          courseId: t.courses.id,
          courseTitle: t.courses.title,
          partner: t.institutions.fullName,
          reference: t.paymentTransactions.reference,
          paidAt: t.paymentTransactions.paidAt,
          channel: t.paymentTransactions.channel,
          basePriceKobo: t.paymentTransactions.basePriceKobo,
          discountKobo: t.paymentTransactions.discountKobo,
          discountCode: t.paymentTransactions.discountCode,
          vatKobo: t.paymentTransactions.vatKobo,
          gatewayChargeKobo: t.paymentTransactions.gatewayChargeKobo,
          amountKobo: t.paymentTransactions.amountKobo,
        })
        .from(t.paymentTransactions)
        .innerJoin(t.users, eq(t.users.id, t.paymentTransactions.userId))
        .innerJoin(t.courses, eq(t.courses.id, t.paymentTransactions.courseId))
        .innerJoin(t.institutions, eq(t.institutions.id, t.paymentTransactions.institutionId))
        .where(eq(t.paymentTransactions.reference, reference))
        .limit(1);
      return row && row.paidAt ? { ...row, paidAt: row.paidAt } : null;
    },

    async byReference(reference: string): Promise<Transaction | null> {
      const [row] = await db.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.reference, reference)).limit(1);
      return row ?? null;
    },

    async setAccessCode(reference: string, accessCode: string) {
      await db.update(t.paymentTransactions).set({ accessCode }).where(eq(t.paymentTransactions.reference, reference));
    },

    /** A payment that never reached the provider, or that the provider refused: its hold is released. */
    async markFailed(reference: string, reason: string, at: Date) {
      await db
        .update(t.paymentTransactions)
        .set({ status: TRANSACTION_STATUS.failed, failureReason: reason, discountHeldUntil: null, updatedAt: at })
        .where(and(eq(t.paymentTransactions.reference, reference), eq(t.paymentTransactions.status, TRANSACTION_STATUS.pending)));
    },

    async setSandboxOutcome(reference: string, outcome: 'success' | 'failed', at: Date): Promise<boolean> {
      const rows = await db
        .update(t.paymentTransactions)
        .set({ sandboxOutcome: outcome, updatedAt: at })
        .where(and(eq(t.paymentTransactions.reference, reference), isNull(t.paymentTransactions.sandboxOutcome)))
        .returning({ id: t.paymentTransactions.id });
      return rows.length === 1;
    },

    /**
     * Applies the provider's verdict on a transaction, once. The row is locked first, so a callback
     * and a webhook arriving together take turns; the second finds it already successful. Enrols,
     * counts the discount and records the revenue split only when reference, amount (kobo) and
     * currency all match.
     */
    async complete(reference: string, verdict: Verification, at: Date, isFinalFailure: (status: string) => boolean): Promise<Completion> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.reference, reference)).for('update');
        if (!row) return { kind: 'unknown' as const };
        if (row.status === TRANSACTION_STATUS.successful) return { kind: 'already' as const, transaction: row };
        const matches = verdict.reference === row.reference && verdict.amountKobo === row.amountKobo && verdict.currency.toUpperCase() === row.currency;
        if (verdict.status === 'success' && matches) {
          const [done] = await tx
            .update(t.paymentTransactions)
            .set({
              status: TRANSACTION_STATUS.successful,
              paidAt: verdict.paidAt ?? at,
              providerTransactionId: verdict.providerTransactionId,
              channel: verdict.channel,
              failureReason: null,
              discountHeldUntil: null,
              updatedAt: at,
            })
            .where(eq(t.paymentTransactions.id, row.id))
            .returning();
          const newlyEnrolled = await enrol(tx, done!, at);
          const discountCounted = await countUse(tx, done!, done!.userId, at);
          // The ledger (docs/decisions/042): with the success, or not at all.
          await recordPaymentSplit(tx, done!);
          return { kind: 'completed' as const, transaction: done!, newlyEnrolled, discountCounted };
        }
        if (verdict.status === 'success' || isFinalFailure(verdict.status)) {
          const reason =
            verdict.status === 'success'
              ? `Verification mismatch: ${verdict.amountKobo} ${verdict.currency} for ${verdict.reference}, expected ${row.amountKobo} ${row.currency}`
              : `Provider status ${verdict.status}${verdict.message ? `: ${verdict.message}` : ''}`;
          const [failed] = await tx
            .update(t.paymentTransactions)
            .set({ status: TRANSACTION_STATUS.failed, failureReason: reason, discountHeldUntil: null, updatedAt: at })
            .where(eq(t.paymentTransactions.id, row.id))
            .returning();
          return { kind: 'failed' as const, transaction: failed! };
        }
        return { kind: 'pending' as const, transaction: row };
      });
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
