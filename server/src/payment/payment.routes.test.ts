// Checkout through HTTP: the real app and database, with Paystack played by a local fake of its
// documented endpoints (initialize, verify) and signed webhooks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@rivet/shared/api/payment';
import { DISCOUNT_MESSAGES } from '@rivet/shared/domain/discount';
import { formatKobo } from '@rivet/shared/domain/money';
import { DEFAULT_RATES, DISCOUNT_CHARGE, priceCourse } from '@rivet/shared/domain/pricing';
import * as t from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { insertCourse } from '../testing/catalogue-fixtures';
import { createStudyFixtures } from '../learning/study-fixtures';
import { startFakePaystack, type FakePaystack } from '../testing/fake-paystack';

const COURSE = '/api/Course';
const BASE_KOBO = 2_000_000; // ₦20,000
const FULL = priceCourse(BASE_KOBO, DEFAULT_RATES);
const naira = (kobo: number) => kobo / 100;

interface DiscountFixture {
  codes: string[];
  chargeType?: number;
  amount?: number;
  startDate?: string;
  endDate?: string;
  usageLimit?: number | null;
  isActive?: boolean;
  institutionId?: number | null;
  courseIds?: number[];
}

async function insertDiscount(app: TestApp, fixture: DiscountFixture) {
  const db = app.database.db;
  const [discount] = await db
    .insert(t.discounts)
    .values({
      name: fixture.codes[0]!,
      description: 'Test discount',
      discountType: fixture.codes.length > 1 ? 2 : 1,
      chargeType: fixture.chargeType ?? DISCOUNT_CHARGE.percentage,
      amount: fixture.amount ?? 10,
      startDate: fixture.startDate ?? '2026-01-01',
      endDate: fixture.endDate ?? '2026-12-31',
      usageLimit: fixture.usageLimit ?? null,
      isActive: fixture.isActive ?? true,
      institutionId: fixture.institutionId ?? null,
      allCourses: !fixture.courseIds,
    })
    .returning();
  await db.insert(t.discountCodes).values(fixture.codes.map((code) => ({ discountId: discount!.id, code })));
  for (const courseId of fixture.courseIds ?? []) await db.insert(t.discountCourses).values({ discountId: discount!.id, courseId });
  return discount!;
}

async function usageCount(app: TestApp, discountId: number) {
  const [row] = await app.database.db.select({ n: t.discounts.usageCount }).from(t.discounts).where(eq(t.discounts.id, discountId));
  return row!.n;
}

async function enrolments(app: TestApp, userId: string, courseId: number) {
  const rows = await app.database.db.select().from(t.enrollments).where(eq(t.enrollments.userId, userId));
  return rows.filter((r) => r.courseId === courseId);
}

async function transaction(app: TestApp, reference: string) {
  const [row] = await app.database.db.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.reference, reference));
  return row!;
}

/** The receipts e-mailed to a learner (kept in the outbox: no SMTP in tests). */
async function receipts(app: TestApp, userId: string) {
  await app.idle();
  const [user] = await app.database.db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, userId));
  const mails = await app.database.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.recipient, user!.email));
  return mails.filter((m) => m.subject.startsWith('Your Rivet receipt'));
}

async function paidCourse(app: TestApp, title: string, institutionCode = 'LBS') {
  const db = app.database.db;
  const [partner] = await db.select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.code, institutionCode));
  return insertCourse(db, {
    institutionId: partner!.id,
    title,
    isPaid: true,
    basePriceKobo: BASE_KOBO,
    vatKobo: FULL.vat,
    gatewayChargeKobo: FULL.gatewayCharge,
    priceKobo: FULL.amount,
  });
}

describe.each(testDrivers())('checkout with Paystack on %s', (driver) => {
  let app: TestApp;
  let paystack: FakePaystack;
  let fixtures: ReturnType<typeof createStudyFixtures>;
  let course: { id: number; institutionId: number };
  let otherCourse: { id: number };

  beforeAll(async () => {
    paystack = await startFakePaystack();
    app = await createTestApp(driver, {
      payments: { paystack: { secretKey: paystack.secretKey, publicKey: paystack.publicKey, baseUrl: paystack.baseUrl } },
    });
    fixtures = createStudyFixtures(app);
    course = await paidCourse(app, 'Negotiating Supplier Contracts');
    otherCourse = await paidCourse(app, 'Pricing for Market Traders', 'ABU');
  });
  afterAll(async () => {
    await app?.close();
    await paystack?.close();
  });

  const pay = (learner: { b: any; userId: string }, body: Record<string, unknown> = {}) =>
    learner.b.call(`${COURSE}/Payment/Log`, { json: { courseId: course.id, userId: learner.userId, amount: naira(FULL.amount), paymentChannel: 1, ...body } });
  const processPayment = (learner: { b: any; userId: string }, reference: string, courseId = course.id) =>
    learner.b.call(`${COURSE}/Payment/Process`, { json: { referenceNo: reference, courseId, userId: learner.userId } });
  const postWebhook = (body: string, signature?: string) =>
    app.fetch(`${COURSE}/Payment/Webhook`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-paystack-signature': signature }) },
    });

  describe('pricing', () => {
    it('prices a course with VAT and the card fee, in naira', async () => {
      const learner = await fixtures.learner();
      const res = await learner.b.call(`${COURSE}/Course/Compute/Pricing`, { json: { courseId: course.id } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        basePrice: 20_000,
        discount: 0,
        vat: 1_500,
        gatewayCharge: naira(FULL.gatewayCharge),
        amount: naira(FULL.amount),
        discountCode: null,
        vatRate: 7.5,
        currency: 'NGN',
      });
    });

    it('prices a base price for staff', async () => {
      const learner = await fixtures.learner();
      const res = await learner.b.call(`${COURSE}/Course/Compute/Pricing`, { json: { basePrice: 10_000 } });
      expect(res.body.data).toMatchObject({ basePrice: 10_000, vat: 750, amount: naira(priceCourse(1_000_000, DEFAULT_RATES).amount) });
    });

    it('applies a code, case and spaces aside', async () => {
      await insertDiscount(app, { codes: ['SAVE10'], amount: 10 });
      const learner = await fixtures.learner();
      const res = await learner.b.call(`${COURSE}/Course/Compute/Pricing`, { json: { courseId: course.id, discountCode: '  save10 ' } });
      const expected = priceCourse(BASE_KOBO, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: 10 });
      expect(res.body.data).toMatchObject({ discount: 2_000, vat: naira(expected.vat), amount: naira(expected.amount), discountCode: 'SAVE10' });
    });

    it('refuses an expired, not yet started, inactive, exhausted, wrong-course or unknown code with its reason', async () => {
      await insertDiscount(app, { codes: ['OLD2025'], startDate: '2025-01-01', endDate: '2025-12-31' });
      await insertDiscount(app, { codes: ['NEXTYEAR'], startDate: '2027-01-01', endDate: '2027-12-31' });
      await insertDiscount(app, { codes: ['SWITCHEDOFF'], isActive: false });
      const exhausted = await insertDiscount(app, { codes: ['ALLGONE'], usageLimit: 2 });
      await app.database.db.update(t.discounts).set({ usageCount: 2 }).where(eq(t.discounts.id, exhausted.id));
      await insertDiscount(app, { codes: ['OTHERCOURSE'], courseIds: [otherCourse.id] });
      await insertDiscount(app, { codes: ['ABUONLY'], institutionId: await partnerOf(otherCourse.id) });
      const learner = await fixtures.learner();
      const attempt = (code: string) => learner.b.call(`${COURSE}/Course/Compute/Pricing`, { json: { courseId: course.id, discountCode: code } });
      const refusals: Record<string, string> = {
        OLD2025: DISCOUNT_MESSAGES.expired,
        NEXTYEAR: DISCOUNT_MESSAGES.notStarted,
        SWITCHEDOFF: DISCOUNT_MESSAGES.inactive,
        ALLGONE: DISCOUNT_MESSAGES.usedUp,
        OTHERCOURSE: DISCOUNT_MESSAGES.wrongCourse,
        ABUONLY: DISCOUNT_MESSAGES.wrongCourse,
        NOSUCHCODE: DISCOUNT_MESSAGES.unknown,
      };
      for (const [code, message] of Object.entries(refusals)) {
        const res = await attempt(code);
        expect({ code, status: res.status, description: res.body.description }).toEqual({ code, status: 422, description: message });
      }
      // The same refusals stop a payment from starting.
      expect((await pay(learner, { discountCode: 'OLD2025' })).body.description).toBe(DISCOUNT_MESSAGES.expired);
    });

    async function partnerOf(courseId: number) {
      const [row] = await app.database.db.select({ id: t.courses.institutionId }).from(t.courses).where(eq(t.courses.id, courseId));
      return row!.id;
    }
  });

  describe('paying', () => {
    it('initialises with Paystack, verifies, enrols and records the transaction', async () => {
      const discount = await insertDiscount(app, { codes: ['FLAT5000'], chargeType: DISCOUNT_CHARGE.flat, amount: 500_000 });
      const price = priceCourse(BASE_KOBO, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.flat, amount: 500_000 });
      const learner = await fixtures.learner();
      const log = await pay(learner, { discountCode: 'FLAT5000', amount: naira(price.amount), referenceNo: '1732266000000' });
      expect(log.status).toBe(200);
      const { reference } = log.body.data;
      expect(log.body.data).toMatchObject({ provider: 'paystack', publicKey: paystack.publicKey, amountKobo: price.amount, currency: 'NGN', enrolled: false });
      expect(reference).not.toBe('1732266000000');
      const sent = paystack.initialized.find((tx) => tx.reference === reference)!;
      expect(sent).toMatchObject({ amount: price.amount, currency: 'NGN', email: expect.stringContaining('@study.test') });
      expect(log.body.data.accessCode).toBe(`ac_${sent.id}`);
      expect((await transaction(app, reference)).status).toBe(0);

      paystack.settle(reference, { status: 'success', paid_at: '2026-11-22T09:01:00.000Z' });
      const done = await processPayment(learner, reference);
      expect(done.status).toBe(200);
      expect(done.body.description).toBe(PAYMENT_MESSAGES.successful);
      expect(done.body.data).toMatchObject({ reference, status: 1, statusName: 'Successful', enrolled: true, courseId: course.id });
      expect(await enrolments(app, learner.userId, course.id)).toHaveLength(1);
      expect(await transaction(app, reference)).toMatchObject({
        status: 1,
        basePriceKobo: BASE_KOBO,
        discountKobo: 500_000,
        vatKobo: price.vat,
        gatewayChargeKobo: price.gatewayCharge,
        amountKobo: price.amount,
        discountCode: 'FLAT5000',
        discountHeldUntil: null,
      });
      expect(await usageCount(app, discount.id)).toBe(1);

      // Processing again changes nothing.
      const again = await processPayment(learner, reference);
      expect(again.body.data.status).toBe(1);
      expect(await usageCount(app, discount.id)).toBe(1);
      // …and the learner cannot start paying for it again.
      expect((await pay(learner)).status).toBe(409);

      // One receipt, itemised.
      const [receipt, ...more] = await receipts(app, learner.userId);
      expect(more).toHaveLength(0);
      expect(receipt!.subject).toBe('Your Rivet receipt: Negotiating Supplier Contracts');
      expect(receipt!.text).toContain(`Reference: ${reference}`);
      expect(receipt!.text).toMatch(/Discount \(FLAT5000\)\s+−₦5,000/);
      expect(receipt!.text).toMatch(new RegExp(`Total paid\\s+${formatKobo(price.amount).replace(/[.]/g, '\\.')}`));
    });

    it('refuses to charge an amount other than the price now', async () => {
      const learner = await fixtures.learner();
      const res = await pay(learner, { amount: naira(FULL.amount) - 1 });
      expect(res.status).toBe(409);
      expect(res.body.description).toBe(PAYMENT_MESSAGES.priceChanged);
    });

    it('refuses to enrol when Paystack reports a different amount or currency', async () => {
      for (const patch of [{ amount: FULL.amount - 100 }, { currency: 'USD' }]) {
        const learner = await fixtures.learner();
        const { reference } = (await pay(learner)).body.data;
        paystack.settle(reference, { status: 'success', ...patch });
        const res = await processPayment(learner, reference);
        expect(res.body.description).toBe(PAYMENT_MESSAGES.failed);
        expect(res.body.data).toMatchObject({ status: 2, enrolled: false });
        expect(await enrolments(app, learner.userId, course.id)).toHaveLength(0);
        expect((await transaction(app, reference)).failureReason).toMatch(/mismatch/);
        expect(await receipts(app, learner.userId)).toHaveLength(0);
      }
    });

    it('fails a declined payment and releases its hold on the code', async () => {
      const discount = await insertDiscount(app, { codes: ['ONCEONLY'], usageLimit: 1 });
      const price = priceCourse(BASE_KOBO, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: 10 });
      const first = await fixtures.learner();
      const { reference } = (await pay(first, { discountCode: 'ONCEONLY', amount: naira(price.amount) })).body.data;
      const second = await fixtures.learner();
      expect((await pay(second, { discountCode: 'ONCEONLY', amount: naira(price.amount) })).body.description).toBe(DISCOUNT_MESSAGES.usedUp);
      paystack.settle(reference, { status: 'failed', gateway_response: 'Declined' });
      const res = await processPayment(first, reference);
      expect(res.body).toMatchObject({ description: PAYMENT_MESSAGES.failed, data: { status: 2, enrolled: false } });
      expect(await usageCount(app, discount.id)).toBe(0);
      expect((await pay(second, { discountCode: 'ONCEONLY', amount: naira(price.amount) })).status).toBe(200);
    });

    it('keeps a payment Paystack has not settled pending', async () => {
      const learner = await fixtures.learner();
      const { reference } = (await pay(learner)).body.data;
      paystack.settle(reference, { status: 'ongoing' });
      const res = await processPayment(learner, reference);
      expect(res.body).toMatchObject({ description: PAYMENT_MESSAGES.pending, data: { status: 0, enrolled: false } });
    });

    it('answers 404 for another learner’s reference', async () => {
      const owner = await fixtures.learner();
      const { reference } = (await pay(owner)).body.data;
      const stranger = await fixtures.learner();
      expect((await processPayment(stranger, reference)).status).toBe(404);
    });

    it('says payments are unavailable when Paystack is down, holding nothing', async () => {
      const discount = await insertDiscount(app, { codes: ['DOWNTIME'], usageLimit: 1 });
      const price = priceCourse(BASE_KOBO, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: 10 });
      const learner = await fixtures.learner();
      paystack.down = true;
      try {
        const res = await pay(learner, { discountCode: 'DOWNTIME', amount: naira(price.amount) });
        expect(res.status).toBe(503);
        expect(res.body.description).toBe(PAYMENT_MESSAGES.unavailable);
      } finally {
        paystack.down = false;
      }
      expect((await pay(learner, { discountCode: 'DOWNTIME', amount: naira(price.amount) })).status).toBe(200);
      expect(await usageCount(app, discount.id)).toBe(0);
    });
  });

  describe('webhooks', () => {
    it('enrols a learner who closed the tab, once, however often the event arrives', async () => {
      const discount = await insertDiscount(app, { codes: ['WEBHOOK10'] });
      const price = priceCourse(BASE_KOBO, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: 10 });
      const learner = await fixtures.learner();
      const { reference } = (await pay(learner, { discountCode: 'WEBHOOK10', amount: naira(price.amount) })).body.data;
      paystack.settle(reference, { status: 'success' });
      const { body, signature } = paystack.webhook(reference);
      for (let i = 0; i < 3; i++) expect((await postWebhook(body, signature)).status).toBe(200);
      expect(await enrolments(app, learner.userId, course.id)).toHaveLength(1);
      expect(await usageCount(app, discount.id)).toBe(1);
      expect((await transaction(app, reference)).status).toBe(1);
      // The learner's own callback afterwards finds it done.
      expect((await processPayment(learner, reference)).body.data).toMatchObject({ status: 1, enrolled: true });
      expect(await usageCount(app, discount.id)).toBe(1);
    });

    it('refuses a forged or missing signature', async () => {
      const learner = await fixtures.learner();
      const { reference } = (await pay(learner)).body.data;
      paystack.settle(reference, { status: 'success' });
      const { body, signature } = paystack.webhook(reference);
      const tampered = body.replace(`"amount":${FULL.amount}`, `"amount":${FULL.amount + 1}`);
      expect((await postWebhook(tampered, signature)).status).toBe(401);
      expect((await postWebhook(body)).status).toBe(401);
      expect((await postWebhook(body, 'a'.repeat(128))).status).toBe(401);
      expect((await postWebhook(body, signature.slice(0, 64))).status).toBe(401);
      expect(await enrolments(app, learner.userId, course.id)).toHaveLength(0);
      expect((await transaction(app, reference)).status).toBe(0);
    });

    it('refuses a signed event whose amount does not match', async () => {
      const learner = await fixtures.learner();
      const { reference } = (await pay(learner)).body.data;
      const { body, signature } = paystack.webhook(reference, { status: 'success', amount: 100 });
      expect((await postWebhook(body, signature)).status).toBe(200);
      expect(await enrolments(app, learner.userId, course.id)).toHaveLength(0);
      expect((await transaction(app, reference)).status).toBe(2);
    });

    it('acknowledges events it does not act on', async () => {
      const learner = await fixtures.learner();
      const { reference } = (await pay(learner)).body.data;
      const transfer = paystack.webhook(reference, {}, 'transfer.success');
      expect((await postWebhook(transfer.body, transfer.signature)).status).toBe(200);
      const unknown = paystack.webhook(reference, { reference: 'RVT-NOT-OURS', status: 'success' });
      expect((await postWebhook(unknown.body, unknown.signature)).status).toBe(200);
      expect((await transaction(app, reference)).status).toBe(0);
    });

    it('enrols once and uses the code once when the callback and the webhook arrive together', async () => {
      const discount = await insertDiscount(app, { codes: ['TOGETHER'] });
      const price = priceCourse(BASE_KOBO, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: 10 });
      const learner = await fixtures.learner();
      const { reference } = (await pay(learner, { discountCode: 'TOGETHER', amount: naira(price.amount) })).body.data;
      paystack.settle(reference, { status: 'success' });
      const { body, signature } = paystack.webhook(reference);
      const answers = await Promise.all([
        processPayment(learner, reference),
        postWebhook(body, signature),
        processPayment(learner, reference),
        postWebhook(body, signature),
      ]);
      expect(answers[0].body.data.status).toBe(1);
      expect(answers[2].body.data.status).toBe(1);
      expect(answers[1].status).toBe(200);
      expect(await enrolments(app, learner.userId, course.id)).toHaveLength(1);
      expect(await usageCount(app, discount.id)).toBe(1);
      expect(await receipts(app, learner.userId)).toHaveLength(1);
    });
  });

  describe('a code with one use left', () => {
    it('goes to exactly one of many learners paying at once', async () => {
      const discount = await insertDiscount(app, { codes: ['ONESEAT'], usageLimit: 1, amount: 50 });
      const price = priceCourse(BASE_KOBO, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: 50 });
      const learners = await Promise.all(Array.from({ length: 8 }, () => fixtures.learner('Racer')));
      const answers = await Promise.all(learners.map((l) => pay(l, { discountCode: 'ONESEAT', amount: naira(price.amount) })));
      const winners = answers.filter((a) => a.status === 200);
      expect(winners).toHaveLength(1);
      for (const lost of answers.filter((a) => a.status !== 200)) {
        expect(lost.status).toBe(422);
        expect(lost.body.description).toBe(DISCOUNT_MESSAGES.usedUp);
      }
      const winner = learners[answers.indexOf(winners[0]!)]!;
      const { reference } = winners[0]!.body.data;
      paystack.settle(reference, { status: 'success' });
      const { body, signature } = paystack.webhook(reference);
      await Promise.all([processPayment(winner, reference), postWebhook(body, signature)]);
      expect(await usageCount(app, discount.id)).toBe(1);
      expect(await enrolments(app, winner.userId, course.id)).toHaveLength(1);
    });

    it('is freed when the payment holding it is abandoned for longer than the hold', async () => {
      await insertDiscount(app, { codes: ['HOLDME'], usageLimit: 1, amount: 50 });
      const price = priceCourse(BASE_KOBO, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: 50 });
      const first = await fixtures.learner();
      const second = await fixtures.learner();
      expect((await pay(first, { discountCode: 'HOLDME', amount: naira(price.amount) })).status).toBe(200);
      expect((await pay(second, { discountCode: 'HOLDME', amount: naira(price.amount) })).status).toBe(422);
      app.clock.advance(31 * 60_000);
      try {
        const later = await fixtures.learner(); // signed in after the wait (access tokens last 15 minutes)
        expect((await pay(later, { discountCode: 'HOLDME', amount: naira(price.amount) })).status).toBe(200);
      } finally {
        app.clock.advance(-31 * 60_000);
      }
    });

    it('redeems each voucher of a bulk list once', async () => {
      const discount = await insertDiscount(app, { codes: ['GIFT-A', 'GIFT-B'], amount: 20 });
      const price = priceCourse(BASE_KOBO, DEFAULT_RATES, { chargeType: DISCOUNT_CHARGE.percentage, amount: 20 });
      const [a, b, c] = await Promise.all([fixtures.learner(), fixtures.learner(), fixtures.learner()]);
      const first = await pay(a!, { discountCode: 'GIFT-A', amount: naira(price.amount) });
      expect(first.status).toBe(200);
      expect((await pay(b!, { discountCode: 'gift-a', amount: naira(price.amount) })).body.description).toBe(DISCOUNT_MESSAGES.usedUp);
      expect((await pay(c!, { discountCode: 'GIFT-B', amount: naira(price.amount) })).status).toBe(200);
      paystack.settle(first.body.data.reference, { status: 'success' });
      await processPayment(a!, first.body.data.reference);
      const [code] = await app.database.db.select().from(t.discountCodes).where(eq(t.discountCodes.code, 'GIFT-A'));
      expect(code!.redeemedBy).toBe(a!.userId);
      expect(await usageCount(app, discount.id)).toBe(1);
    });
  });

  describe('a code that makes the course free', () => {
    it('enrols through Course/Enroll, recording a zero-amount transaction and the use', async () => {
      const discount = await insertDiscount(app, { codes: ['FULLRIDE'], amount: 100, courseIds: [course.id] });
      const learner = await fixtures.learner();
      const priced = await learner.b.call(`${COURSE}/Course/Compute/Pricing`, { json: { courseId: course.id, discountCode: 'FULLRIDE' } });
      expect(priced.body.data).toMatchObject({ discount: 20_000, vat: 0, gatewayCharge: 0, amount: 0 });
      expect((await pay(learner, { discountCode: 'FULLRIDE', amount: 0 })).status).toBe(422);
      const res = await learner.b.call(`${COURSE}/Course/Enroll`, { json: { userId: learner.userId, courseId: course.id, discountCode: 'FULLRIDE' } });
      expect(res.body).toMatchObject({ success: true, description: 'Enrolled successfully', data: { enrolled: true } });
      expect(await enrolments(app, learner.userId, course.id)).toHaveLength(1);
      expect(await usageCount(app, discount.id)).toBe(1);
      const [row] = await app.database.db.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.discountId, discount.id));
      expect(row).toMatchObject({ status: 1, amountKobo: 0, discountKobo: BASE_KOBO, provider: 'none' });
    });

    it('still refuses a paid course without a code, or with one that leaves something to pay', async () => {
      await insertDiscount(app, { codes: ['HALFOFF'], amount: 50 });
      const learner = await fixtures.learner();
      const bare = await learner.b.call(`${COURSE}/Course/Enroll`, { json: { userId: learner.userId, courseId: course.id } });
      expect(bare.status).toBe(422);
      const half = await learner.b.call(`${COURSE}/Course/Enroll`, { json: { userId: learner.userId, courseId: course.id, discountCode: 'HALFOFF' } });
      expect(half.status).toBe(422);
      expect(await enrolments(app, learner.userId, course.id)).toHaveLength(0);
    });
  });

  describe('reconciliation', () => {
    it('settles payments nobody came back for, after ten minutes', async () => {
      const paid = await fixtures.learner();
      const paidRef = (await pay(paid)).body.data.reference;
      const gone = await fixtures.learner();
      const goneRef = (await pay(gone)).body.data.reference;
      const paying = await fixtures.learner();
      const payingRef = (await pay(paying)).body.data.reference;
      paystack.settle(paidRef, { status: 'success' });
      paystack.settle(goneRef, { status: 'abandoned' });
      paystack.settle(payingRef, { status: 'ongoing' });

      // Too early: the popup, the callback and the webhook get their chance first.
      const early = await app.reconcilePayments();
      expect((await transaction(app, paidRef)).status).toBe(0);
      expect(early.settled).toBe(0);

      app.clock.advance(11 * 60_000);
      try {
        await app.reconcilePayments();
      } finally {
        app.clock.advance(-11 * 60_000);
      }
      expect((await transaction(app, paidRef)).status).toBe(1);
      expect(await enrolments(app, paid.userId, course.id)).toHaveLength(1);
      expect((await transaction(app, goneRef)).status).toBe(2);
      expect((await transaction(app, payingRef)).status).toBe(0);
    });
  });

  it('lets the Paystack popup frame and call its API (CSP)', async () => {
    const csp = (await app.fetch('/api/health')).headers.get('content-security-policy')!;
    expect(csp).toMatch(/frame-src [^;]*https:\/\/checkout\.paystack\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.paystack\.co/);
  });

  it('has no sandbox while Paystack is configured', async () => {
    const learner = await fixtures.learner();
    const { reference } = (await pay(learner)).body.data;
    const res = await learner.b.call(`${COURSE}/Payment/Sandbox/${reference}`, { json: { outcome: 'success' } });
    expect(res.status).toBe(404);
  });
});

describe.each(testDrivers())('checkout with the test sandbox on %s', (driver) => {
  let app: TestApp;
  let fixtures: ReturnType<typeof createStudyFixtures>;
  let course: { id: number };

  beforeAll(async () => {
    app = await createTestApp(driver, { rateLimits: { discountCodesPerUser: 3 } });
    fixtures = createStudyFixtures(app);
    course = await paidCourse(app, 'Export Documentation Basics');
  });
  afterAll(() => app?.close());

  const start = async () => {
    const learner = await fixtures.learner();
    const res = await learner.b.call(`${COURSE}/Payment/Log`, { json: { courseId: course.id, userId: learner.userId, amount: naira(FULL.amount) } });
    expect(res.body.data).toMatchObject({ provider: 'sandbox', publicKey: null, amountKobo: FULL.amount });
    return { learner, reference: res.body.data.reference as string };
  };
  const finish = (learner: { b: any; userId: string }, reference: string) =>
    learner.b.call(`${COURSE}/Payment/Process`, { json: { referenceNo: reference, courseId: course.id, userId: learner.userId } });

  it('pays through the test page and the same verify path', async () => {
    const { learner, reference } = await start();
    const chosen = await learner.b.call(`${COURSE}/Payment/Sandbox/${reference}`, { json: { outcome: 'success' } });
    expect(chosen.status).toBe(200);
    const res = await finish(learner, reference);
    expect(res.body).toMatchObject({ description: PAYMENT_MESSAGES.successful, data: { status: 1, enrolled: true } });
    expect(await enrolments(app, learner.userId, course.id)).toHaveLength(1);
    expect(await transaction(app, reference)).toMatchObject({ provider: 'sandbox', status: 1, amountKobo: FULL.amount });
    // The outcome cannot be changed afterwards.
    expect((await learner.b.call(`${COURSE}/Payment/Sandbox/${reference}`, { json: { outcome: 'failed' } })).status).toBe(409);
  });

  it('fails a declined test payment', async () => {
    const { learner, reference } = await start();
    await learner.b.call(`${COURSE}/Payment/Sandbox/${reference}`, { json: { outcome: 'failed' } });
    const res = await finish(learner, reference);
    expect(res.body).toMatchObject({ description: PAYMENT_MESSAGES.failed, data: { status: 2, enrolled: false } });
    expect(await enrolments(app, learner.userId, course.id)).toHaveLength(0);
  });

  it('fails a test payment whose page was closed without paying', async () => {
    const { learner, reference } = await start();
    expect((await finish(learner, reference)).body.data.status).toBe(2);
  });

  it('only lets the payer settle their own test payment', async () => {
    const { reference } = await start();
    const stranger = await fixtures.learner();
    expect((await stranger.b.call(`${COURSE}/Payment/Sandbox/${reference}`, { json: { outcome: 'success' } })).status).toBe(404);
  });

  it('limits how many codes a learner may try', async () => {
    const learner = await fixtures.learner();
    const attempt = (code: string) => learner.b.call(`${COURSE}/Course/Compute/Pricing`, { json: { courseId: course.id, discountCode: code } });
    for (const code of ['GUESS1', 'GUESS2', 'GUESS3']) expect((await attempt(code)).status).toBe(422);
    const blocked = await attempt('GUESS4');
    expect(blocked.status).toBe(429);
    expect(blocked.body.description).toBe(DISCOUNT_MESSAGES.tooMany);
  });

  it('has no webhook and allows no Paystack origin while Paystack is not configured', async () => {
    const res = await app.fetch(`${COURSE}/Payment/Webhook`, { method: 'POST', body: '{}', headers: { 'x-paystack-signature': 'a'.repeat(128) } });
    expect(res.status).toBe(404);
    expect((await app.fetch('/api/health')).headers.get('content-security-policy')).not.toContain('paystack');
  });

  it('refuses checkout for a free course', async () => {
    const learner = await fixtures.learner();
    const free = await insertCourse(app.database.db, { institutionId: (await paidCourse(app, 'Unused')).institutionId, title: 'Free Bookkeeping Basics' });
    const res = await learner.b.call(`${COURSE}/Payment/Log`, { json: { courseId: free!.id, userId: learner.userId } });
    expect(res.status).toBe(422);
  });
});
