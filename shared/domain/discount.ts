// When a discount code may be used. The server decides with this; the admin console shows the
// same reasons. Dates are calendar days in Lagos (WAT, UTC+1, no daylight saving).

export interface DiscountState {
  isActive: boolean;
  /** YYYY-MM-DD, inclusive. */
  startDate: string;
  /** YYYY-MM-DD, inclusive. */
  endDate: string;
  /** null: unlimited. */
  usageLimit: number | null;
  /** Uses so far plus payments in progress holding a use. */
  usesTaken: number;
  allCourses: boolean;
  /** The partner whose courses it covers; null covers every partner. */
  institutionId: number | null;
  courseIds: readonly number[];
  /** A code from a bulk list that has already been redeemed. */
  codeRedeemed?: boolean;
}

export type DiscountRefusal = 'unknown' | 'inactive' | 'notStarted' | 'expired' | 'usedUp' | 'wrongCourse';

export const DISCOUNT_MESSAGES: Record<DiscountRefusal, string> & { applied: string; required: string; tooMany: string } = {
  applied: 'Discount code applied',
  required: 'Enter a discount code.',
  unknown: 'This discount code is not valid.',
  inactive: 'This discount code is no longer active.',
  notStarted: 'This discount code cannot be used yet.',
  expired: 'This discount code has expired.',
  usedUp: 'This discount code has been used up.',
  wrongCourse: 'This discount code does not apply to this course.',
  tooMany: 'Too many discount codes tried. Please wait a few minutes and try again.',
};

/** Codes are matched without regard to case or surrounding spaces. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** Today's date in Lagos, YYYY-MM-DD. */
export function lagosDate(now: Date): string {
  return new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * What the console says of a discount on `today` (a Lagos day, `lagosDate`): Expired once its end
 * date has passed, whatever its switch (its codes are refused then: `discountRefusal`); otherwise
 * Inactive when switched off, Scheduled before its start date, else Active (decision 080).
 */
export type DiscountStatus = 'active' | 'inactive' | 'scheduled' | 'expired';

export const DISCOUNT_STATUSES: readonly DiscountStatus[] = ['active', 'inactive', 'scheduled', 'expired'];

export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = { active: 'Active', inactive: 'Inactive', scheduled: 'Scheduled', expired: 'Expired' };

export function discountStatus(discount: Pick<DiscountState, 'isActive' | 'startDate' | 'endDate'>, today: string): DiscountStatus {
  if (today > discount.endDate) return 'expired';
  if (!discount.isActive) return 'inactive';
  return today < discount.startDate ? 'scheduled' : 'active';
}

/** Why a discount cannot be used on this course today, or null when it can. */
export function discountRefusal(discount: DiscountState, course: { courseId: number; institutionId: number }, today: string): DiscountRefusal | null {
  if (!discount.isActive) return 'inactive';
  if (today < discount.startDate) return 'notStarted';
  if (today > discount.endDate) return 'expired';
  if (discount.institutionId !== null && discount.institutionId !== course.institutionId) return 'wrongCourse';
  if (!discount.allCourses && !discount.courseIds.includes(course.courseId)) return 'wrongCourse';
  if (discount.codeRedeemed) return 'usedUp';
  if (discount.usageLimit !== null && discount.usesTaken >= discount.usageLimit) return 'usedUp';
  return null;
}
