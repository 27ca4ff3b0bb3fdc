// Demo discount codes, one of each kind checkout must handle. Runs once: if any discount exists it
// does nothing, so codes an admin changed are left alone.
import { count, eq, inArray } from 'drizzle-orm';
import { DISCOUNT_CHARGE } from '@rivet/shared/domain/pricing';
import type { Database } from '../client';
import * as t from '../schema';

interface DemoDiscount {
  code: string | string[];
  name: string;
  description: string;
  chargeType: number;
  /** Kobo (flat) or whole percent. */
  amount: number;
  partner: string | null;
  courses?: string[];
  startDate?: string;
  endDate?: string;
  usageLimit?: number;
  isActive?: boolean;
}

/** The codes, for the README and the tests. */
export const DEMO_DISCOUNTS: DemoDiscount[] = [
  { code: 'WELCOME10', name: 'Welcome offer', description: '10% off any paid course', chargeType: DISCOUNT_CHARGE.percentage, amount: 10, partner: null },
  {
    code: 'LBS5000',
    name: 'Lagos Business School promotion',
    description: '₦5,000 off Lagos Business School courses',
    chargeType: DISCOUNT_CHARGE.flat,
    amount: 500_000,
    partner: 'LBS',
    usageLimit: 100,
  },
  {
    code: 'SCHOLAR100',
    name: 'Data scholarship',
    description: 'A full scholarship for Data Analysis with Python',
    chargeType: DISCOUNT_CHARGE.percentage,
    amount: 100,
    partner: 'UNILAG',
    courses: ['Data Analysis with Python'],
    usageLimit: 50,
  },
  { code: 'LASTONE', name: 'One seat left', description: '50% off, for one learner only', chargeType: DISCOUNT_CHARGE.percentage, amount: 50, partner: null, usageLimit: 1 },
  {
    code: 'EARLYBIRD25',
    name: 'Early bird 2025',
    description: 'Ended with 2025',
    chargeType: DISCOUNT_CHARGE.percentage,
    amount: 25,
    partner: null,
    startDate: '2025-01-01',
    endDate: '2025-12-31',
  },
  { code: 'PAUSED20', name: 'Paused campaign', description: 'Switched off by an admin', chargeType: DISCOUNT_CHARGE.percentage, amount: 20, partner: null, isActive: false },
  {
    code: ['ABU-GIFT-7Q2K', 'ABU-GIFT-M4XD', 'ABU-GIFT-R9TB', 'ABU-GIFT-W3HN', 'ABU-GIFT-Z6PC'],
    name: 'ABU gift vouchers',
    description: '20% off ABU courses, each voucher once',
    chargeType: DISCOUNT_CHARGE.percentage,
    amount: 20,
    partner: 'ABU',
  },
];

export async function seedDiscounts(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(t.discounts);
  if ((existing?.n ?? 0) > 0) return;
  const partners = await db
    .select({ id: t.institutions.id, code: t.institutions.code })
    .from(t.institutions)
    .where(inArray(t.institutions.code, ['LBS', 'UNILAG', 'ABU']));
  const partnerId = (code: string | null) => (code ? (partners.find((p) => p.code === code)?.id ?? null) : null);

  await db.transaction(async (tx) => {
    for (const demo of DEMO_DISCOUNTS) {
      const codes = Array.isArray(demo.code) ? demo.code : [demo.code];
      const [discount] = await tx
        .insert(t.discounts)
        .values({
          institutionId: partnerId(demo.partner),
          name: demo.name,
          description: demo.description,
          discountType: codes.length > 1 ? 2 : 1,
          chargeType: demo.chargeType,
          amount: demo.amount,
          startDate: demo.startDate ?? '2026-01-01',
          endDate: demo.endDate ?? '2030-12-31',
          usageLimit: demo.usageLimit ?? null,
          allCourses: !demo.courses,
          isActive: demo.isActive ?? true,
        })
        .returning({ id: t.discounts.id });
      await tx.insert(t.discountCodes).values(codes.map((code) => ({ discountId: discount!.id, code })));
      for (const title of demo.courses ?? []) {
        const [course] = await tx.select({ id: t.courses.id }).from(t.courses).where(eq(t.courses.title, title)).limit(1);
        if (course) await tx.insert(t.discountCourses).values({ discountId: discount!.id, courseId: course.id });
      }
    }
  });
}
