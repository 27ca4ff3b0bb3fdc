import type { Discount } from '@rivet/shared/api/discounts';
import { formatNaira } from '@rivet/shared/domain/money';
import { DISCOUNT_CHARGE } from '@rivet/shared/domain/pricing';

const DAY = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A YYYY-MM-DD calendar day as "1 Jan 2026" (the day itself, whatever the viewer's time zone). */
export const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

export const discountValue = (d: Pick<Discount, 'discountChargeType' | 'amount'>) => (d.discountChargeType === DISCOUNT_CHARGE.percentage ? `${d.amount}%` : formatNaira(d.amount));

export const usageText = (d: Pick<Discount, 'usageCount' | 'usageLimit'>) =>
  d.usageLimit === null ? `${d.usageCount.toLocaleString('en-NG')} used · unlimited` : `${d.usageCount.toLocaleString('en-NG')} of ${d.usageLimit.toLocaleString('en-NG')} used`;
