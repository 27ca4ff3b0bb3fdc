// The e-mail a learner gets once a payment completes: what they bought, what each part of the
// price was, and the reference to quote to support.
import { formatFigureKobo as money } from '@rivet/shared/domain/money';
import type { MailMessage } from '../mail/mailer';

export interface ReceiptDetails {
  email: string;
  firstName: string;
  courseId: number;
  courseTitle: string;
  partner: string;
  reference: string;
  paidAt: Date;
  channel: string | null;
  basePriceKobo: number;
  discountKobo: number;
  discountCode: string | null;
  vatKobo: number;
  gatewayChargeKobo: number;
  amountKobo: number;
}

const lagosDay = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function receiptMail(details: ReceiptDetails, options: { publicUrl: string; vatPercent: number }): MailMessage {
  const rows: [string, string][] = [
    ['Course price', money(details.basePriceKobo)],
    ...(details.discountKobo > 0 ? [[`Discount${details.discountCode ? ` (${details.discountCode})` : ''}`, `−${money(details.discountKobo)}`] as [string, string]] : []),
    [`VAT (${options.vatPercent}%)`, money(details.vatKobo)],
    ['Card payment fee', money(details.gatewayChargeKobo)],
    ['Total paid', money(details.amountKobo)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const paid = `${lagosDay.format(details.paidAt)} (Lagos)${details.channel ? `, by ${details.channel}` : ''}`;
  const courseUrl = `${options.publicUrl}/course/delivery?courseId=${details.courseId}`;
  return {
    to: details.email,
    template: 'payment-receipt',
    values: {
      firstName: details.firstName,
      courseTitle: details.courseTitle,
      partner: details.partner,
      amount: money(details.amountKobo),
      breakdown: rows.map(([label, value]) => `${label.padEnd(width)}${value}`).join('\n'),
      reference: details.reference,
      paidAt: paid,
      courseUrl,
    },
    subject: `Your Rivet receipt: ${details.courseTitle}`,
    text: [
      `Hello ${details.firstName},`,
      '',
      `Thank you for your payment. You are enrolled in ${details.courseTitle} (${details.partner}); your access lasts one year.`,
      '',
      ...rows.map(([label, value]) => `${label.padEnd(width)}${value}`),
      '',
      `Reference: ${details.reference}`,
      `Paid: ${paid}`,
      '',
      `Start learning: ${courseUrl}`,
      '',
      'Keep this e-mail for your records. Quote the reference if you contact support@rivet.ng about this payment.',
    ].join('\n'),
  };
}
