// Two fresh partners with courses, learners, enrolments, payments and their ledger rows, for the
// dashboard and Course Insights tests (decision 052): figures known to the kobo, apart from the
// seeded demo data.
import { randomUUID } from 'node:crypto';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import * as t from '../db/schema';
import { insertCourse, insertInstitution } from './catalogue-fixtures';
import type { TestApp } from './test-app';

export async function dashboardWorld(app: TestApp, tag: string) {
  const db = app.database.db;
  const a = await insertInstitution(db, { name: `${tag}A`, code: `${tag}A` });
  const b = await insertInstitution(db, { name: `${tag}B`, code: `${tag}B` });
  const course = (institutionId: number, title: string, patch: Partial<typeof t.courses.$inferInsert> = {}) => insertCourse(db, { institutionId, title, modules: 1, ...patch });
  const a1 = await course(a.id, `${tag} Zebra Accounting`, { isPaid: true, priceKobo: 1_075_000 });
  const a2 = await course(a.id, `${tag} Pending Review`, { approvalStatus: 1, publishDate: null });
  const a3 = await course(a.id, `${tag} Pending QA`, { approvalStatus: 4, publishDate: null });
  const a4 = await course(a.id, `${tag} Draft`, { draft: true, approvalStatus: 1, publishDate: null });
  const a5 = await course(a.id, `${tag} Deactivated`, { isActive: false });
  const b1 = await course(b.id, `${tag} Lagos Markets`, { isPaid: true, priceKobo: 500_000 });

  const learner = async (firstName: string, lastName: string) =>
    (await db.insert(t.users).values({ userName: `${tag}.${firstName}@example.com`.toLowerCase(), email: `${tag}.${firstName}@example.com`.toLowerCase(), firstName, lastName, passwordHash: 'x', roleId: STUDENT_ROLE_ID }).returning())[0]!.id;
  const chinedu = await learner('Chinedu', 'Okafor');
  const amaka = await learner('Amaka', 'Eze');
  const tunde = await learner('Tunde', 'Bello');
  const enrol = (userId: string, courseId: number, enrolledAt: string, lastVisitedAt: string | null) =>
    db.insert(t.enrollments).values({ userId, courseId, source: 'payment', enrolledAt: new Date(enrolledAt), lastVisitedAt: lastVisitedAt ? new Date(lastVisitedAt) : null });
  // The test clock stands at 2026-11-22 10:00 in Lagos: a visit on the 20th is within 30 days.
  await enrol(chinedu, a1.id, '2026-11-10T09:00:00Z', '2026-11-20T12:00:00Z');
  await enrol(amaka, a1.id, '2026-06-15T09:00:00Z', null);
  await enrol(chinedu, b1.id, '2026-11-01T09:00:00Z', '2026-11-21T12:00:00Z');
  await enrol(tunde, b1.id, '2025-10-01T09:00:00Z', '2026-09-01T12:00:00Z');

  const pay = async (p: { userId: string; courseId: number; institutionId: number; status: number; amount: number; discount?: number; base: number; vat: number; gateway: number; paidAt: string }) =>
    (
      await db
        .insert(t.paymentTransactions)
        .values({
          reference: `${tag}-${randomUUID()}`,
          userId: p.userId,
          courseId: p.courseId,
          institutionId: p.institutionId,
          status: p.status,
          provider: 'sandbox',
          email: 'x@example.com',
          basePriceKobo: p.base,
          discountKobo: p.discount ?? 0,
          vatKobo: p.vat,
          gatewayChargeKobo: p.gateway,
          amountKobo: p.amount,
          paidAt: new Date(p.paidAt),
        })
        .returning()
    )[0]!.id;
  const paidA = await pay({ userId: chinedu, courseId: a1.id, institutionId: a.id, status: 1, amount: 1_075_000, discount: 100_000, base: 1_000_000, vat: 50_000, gateway: 25_000, paidAt: '2026-11-10T09:00:00Z' });
  await pay({ userId: amaka, courseId: a1.id, institutionId: a.id, status: 2, amount: 1_075_000, base: 1_000_000, vat: 50_000, gateway: 25_000, paidAt: '2026-06-15T09:00:00Z' });
  const paidB = await pay({ userId: chinedu, courseId: b1.id, institutionId: b.id, status: 1, amount: 500_000, base: 465_000, vat: 23_250, gateway: 11_750, paidAt: '2026-11-01T09:00:00Z' });
  await db.insert(t.paymentSplits).values([
    { paymentId: paidA, position: 1, partyType: 0, institutionId: null, amountKobo: 300_000 },
    { paymentId: paidA, position: 2, partyType: 1, institutionId: a.id, amountKobo: 700_000 },
    { paymentId: paidB, position: 1, partyType: 0, institutionId: null, amountKobo: 139_500 },
    { paymentId: paidB, position: 2, partyType: 1, institutionId: b.id, amountKobo: 325_500 },
  ]);
  return { a, b, a1, a2, a3, a4, a5, b1, learners: { chinedu, amaka, tunde } };
}
