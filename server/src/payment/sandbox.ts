// The test-payment provider used when no Paystack key is configured, so `npm start` shows the whole
// checkout. It plays Paystack's part: initialize gives an access code, the learner picks an outcome
// on a page labelled as a test payment, and verify reports that outcome for the amount it was
// initialised with, so Payment/Process runs exactly the checks a real payment gets. No money moves.
import { randomBytes } from 'node:crypto';
import type { PaymentProvider, Verification } from './payment-provider';

export interface SandboxLedger {
  /** The outcome chosen on the test payment page, with what the transaction was initialised for. */
  lookup(reference: string): Promise<{ outcome: string | null; amountKobo: number; currency: string; at: Date } | null>;
}

export function createSandboxProvider(ledger: SandboxLedger): PaymentProvider {
  return {
    name: 'sandbox',
    publicKey: null,

    async initialize() {
      return { accessCode: `sandbox_${randomBytes(9).toString('base64url')}` };
    },

    async verify(reference): Promise<Verification | null> {
      const entry = await ledger.lookup(reference);
      if (!entry) return null;
      const base = { reference, amountKobo: entry.amountKobo, currency: entry.currency, channel: 'card', providerTransactionId: `sandbox-${reference}` };
      if (entry.outcome === 'success') return { ...base, status: 'success', paidAt: entry.at, message: 'Approved (test card)' };
      if (entry.outcome === 'failed') return { ...base, status: 'failed', paidAt: null, message: 'Declined (test card)' };
      // Nothing chosen and the page closed: as Paystack reports a popup closed before paying.
      return { ...base, status: 'abandoned', paidAt: null, message: 'The test payment page was closed' };
    },
  };
}
