// The payment provider as checkout sees it: Paystack in production, the built-in sandbox with demo
// data or an explicit PAYMENT_PROVIDER=sandbox (a real deployment without keys refuses to start:
// config.ts). Both are verified through the same path (payment.service.ts).

export interface InitializeRequest {
  reference: string;
  email: string;
  amountKobo: number;
  currency: 'NGN';
  /** Where Paystack's hosted page returns to (the popup does not use it). */
  callbackUrl: string;
  metadata: Record<string, unknown>;
}

/** The popup resumes a transaction by its access code (Paystack's hosted-page URL is not used). */
export interface Initialized {
  accessCode: string;
}

/** Paystack's transaction statuses; anything but success is not a payment. */
export type ProviderStatus = 'success' | 'failed' | 'abandoned' | 'reversed' | 'ongoing' | 'pending' | 'processing' | 'queued';

export interface Verification {
  reference: string;
  status: ProviderStatus | (string & {});
  amountKobo: number;
  currency: string;
  providerTransactionId: string | null;
  channel: string | null;
  paidAt: Date | null;
  /** The provider's words, kept for support (e.g. 'Declined'). */
  message: string | null;
}

export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  /** Paystack's public key for the popup; null for the sandbox. */
  readonly publicKey: string | null;
  initialize(request: InitializeRequest): Promise<Initialized>;
  /** The provider's own record of the transaction; null when it knows no such reference. */
  verify(reference: string): Promise<Verification | null>;
}

/** The provider could not be reached or answered nonsense: nothing is decided, try again later. */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable';
}

/** Statuses after which Paystack will not take the money for this reference. */
export const FINAL_FAILURES: ReadonlySet<string> = new Set(['failed', 'abandoned', 'reversed']);
