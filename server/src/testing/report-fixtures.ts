// Learners, payments and their ledger rows for report tests, written straight to the database the
// way checkout leaves them: a successful payment has its enrolment and its split (decision 042).
import * as XLSX from '@e965/xlsx';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { recordPaymentSplit } from '../db/shared-queries';

let serial = 0;

export async function insertLearner(db: Database, patch: Partial<typeof t.users.$inferInsert> & { countryCode?: string } = {}) {
  const n = ++serial;
  const { countryCode, ...user } = patch;
  const [row] = await db
    .insert(t.users)
    .values({ userName: `learner${n}.report@demo.ng`, email: `learner${n}.report@demo.ng`, firstName: 'Learner', lastName: `No${n}`, passwordHash: 'x', roleId: STUDENT_ROLE_ID, ...user })
    .returning();
  await db.insert(t.studentProfiles).values({ userId: row!.id, countryCode: countryCode ?? 'NG' });
  return row!;
}

export interface PaymentFixture {
  userId: string;
  email: string;
  course: { id: number; institutionId: number };
  /** 0 pending, 1 successful (default), 2 failed. */
  status?: number;
  /** Naira paid, before VAT and gateway charge are taken out (the learner's total). */
  amount?: number;
  /** Naira the code took off the base price (the base price is what was paid net of VAT and charge, plus this). */
  discount?: number;
  at?: Date;
}

/** A payment; a successful one enrols the learner and records its split in the ledger. */
export async function insertPayment(db: Database, f: PaymentFixture) {
  const n = ++serial;
  const status = f.status ?? 1;
  const amountKobo = Math.round((f.amount ?? 10_000) * 100);
  const vatKobo = Math.round(amountKobo * 0.05);
  const gatewayChargeKobo = Math.round(amountKobo * 0.015);
  const discountKobo = Math.round((f.discount ?? 0) * 100);
  const at = f.at ?? new Date();
  const [payment] = await db
    .insert(t.paymentTransactions)
    .values({
      reference: `RVT-REPORT-${n}`,
      userId: f.userId,
      courseId: f.course.id,
      institutionId: f.course.institutionId,
      status,
      provider: 'sandbox',
      channel: 'card',
      email: f.email,
      // As checkout prices it: amount = base − discount + VAT + gateway charge.
      basePriceKobo: amountKobo - vatKobo - gatewayChargeKobo + discountKobo,
      discountKobo,
      vatKobo,
      gatewayChargeKobo,
      amountKobo,
      createdAt: at,
      paidAt: status === 1 ? at : null,
    })
    .returning();
  if (status === 1) {
    await recordPaymentSplit(db, payment!);
    await db.insert(t.enrollments).values({ userId: f.userId, courseId: f.course.id, source: 'payment', amountPaidKobo: amountKobo, enrolledAt: at }).onConflictDoNothing();
  }
  return payment!;
}

/** Opens an exported file with the spreadsheet library, as a staff member's spreadsheet would. */
export function readXlsx(file: Uint8Array | string) {
  const bytes = typeof file === 'string' ? Buffer.from(file, 'base64') : file;
  const book = XLSX.read(bytes, { type: 'buffer', cellFormula: true });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return { book, sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null }) };
}
