// What the payment result screen shows comes from Payment/Process itself (decision 019): the
// amount, the reference and the date, as the receipt e-mail has them; for a declined payment too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_RATES, priceCourse } from '@rivet/shared/domain/pricing';
import * as t from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { insertCourse } from '../testing/catalogue-fixtures';
import { createStudyFixtures } from '../learning/study-fixtures';

const COURSE = '/api/Course';
const BASE_KOBO = 3_000_000; // ₦30,000
const FULL = priceCourse(BASE_KOBO, DEFAULT_RATES);

describe.each(testDrivers())('payment result on %s', (driver) => {
  let app: TestApp;
  let fixtures: ReturnType<typeof createStudyFixtures>;
  let courseId: number;

  beforeAll(async () => {
    app = await createTestApp(driver);
    fixtures = createStudyFixtures(app);
    const [partner] = await app.database.db.select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.code, 'LBS'));
    ({ id: courseId } = await insertCourse(app.database.db, {
      institutionId: partner!.id,
      title: 'Customs Clearance in Practice',
      isPaid: true,
      basePriceKobo: BASE_KOBO,
      vatKobo: FULL.vat,
      gatewayChargeKobo: FULL.gatewayCharge,
      priceKobo: FULL.amount,
    }));
  });
  afterAll(() => app?.close());

  async function settle(outcome: 'success' | 'failed') {
    const learner = await fixtures.learner();
    const log = await learner.b.call(`${COURSE}/Payment/Log`, { json: { courseId, userId: learner.userId, amount: FULL.amount / 100 } });
    const { reference } = log.body.data as { reference: string };
    await learner.b.call(`${COURSE}/Payment/Sandbox/${reference}`, { json: { outcome } });
    const res = await learner.b.call(`${COURSE}/Payment/Process`, { json: { referenceNo: reference, courseId, userId: learner.userId } });
    const [row] = await app.database.db.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.reference, reference));
    return { res, reference, row: row! };
  }

  it('answers a successful payment with the amount paid, its reference and when it was paid', async () => {
    const { res, reference, row } = await settle('success');
    expect(res.body.data).toMatchObject({ reference, status: 1, amount: FULL.amount / 100, date: row.paidAt!.toISOString() });
  });

  it('answers a declined payment with the amount asked for, its reference and when it was refused', async () => {
    const { res, reference, row } = await settle('failed');
    expect(row.paidAt).toBeNull();
    expect(res.body.data).toMatchObject({ reference, status: 2, amount: FULL.amount / 100, date: row.updatedAt.toISOString() });
  });
});
