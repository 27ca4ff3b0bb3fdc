import { formatNaira } from '@rivet/shared/domain/money';

/** A figure in the Billing Summary: '₦0' where the catalogue would say 'Free' (a row with no VAT is not free). */
export const naira = (amount: number) => (amount === 0 ? '₦0' : formatNaira(amount));
