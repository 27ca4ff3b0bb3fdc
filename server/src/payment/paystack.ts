// Paystack's Transaction API (initialize, verify) and webhook signatures.
// https://paystack.com/docs/api/transaction/ · https://paystack.com/docs/payments/webhooks/
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { ProviderUnavailable, type PaymentProvider, type Verification } from './payment-provider';

export interface PaystackOptions {
  secretKey: string;
  publicKey: string;
  /** https://api.paystack.co; tests point it at a local fake. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const initializeAnswer = v.object({
  status: v.literal(true),
  data: v.object({ access_code: v.string() }),
});

/** Paystack's transaction object, as verify answers it and as charge.* webhooks carry it. */
export const paystackTransaction = v.object({
  id: v.optional(v.nullable(v.union([v.number(), v.string()]))),
  reference: v.string(),
  status: v.string(),
  amount: v.number(),
  currency: v.string(),
  channel: v.optional(v.nullable(v.string())),
  paid_at: v.optional(v.nullable(v.string())),
  gateway_response: v.optional(v.nullable(v.string())),
});

const verifyAnswer = v.object({ status: v.boolean(), message: v.optional(v.string()), data: v.optional(v.nullable(v.unknown())) });

export function toVerification(tx: v.InferOutput<typeof paystackTransaction>): Verification {
  return {
    reference: tx.reference,
    status: tx.status,
    amountKobo: tx.amount,
    currency: tx.currency,
    providerTransactionId: tx.id == null ? null : String(tx.id),
    channel: tx.channel ?? null,
    paidAt: tx.paid_at ? new Date(tx.paid_at) : null,
    message: tx.gateway_response ?? null,
  };
}

export function createPaystackProvider(options: PaystackOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/$/, '');
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetchFn(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${options.secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailable(`Paystack unreachable: ${(error as Error).message}`);
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.status >= 500 || response.status === 429) throw new ProviderUnavailable(`Paystack answered ${response.status}`);
    return { status: response.status, body };
  }

  return {
    name: 'paystack',
    publicKey: options.publicKey,

    async initialize(request) {
      const { status, body } = await call('/transaction/initialize', {
        method: 'POST',
        body: JSON.stringify({
          email: request.email,
          amount: request.amountKobo,
          currency: request.currency,
          reference: request.reference,
          callback_url: request.callbackUrl,
          metadata: request.metadata,
        }),
      });
      const parsed = v.safeParse(initializeAnswer, body);
      if (status !== 200 || !parsed.success) {
        const message = (body as { message?: string } | null)?.message ?? `status ${status}`;
        throw new ProviderUnavailable(`Paystack refused to initialize: ${message}`);
      }
      return { accessCode: parsed.output.data.access_code };
    },

    async verify(reference) {
      const { status, body } = await call(`/transaction/verify/${encodeURIComponent(reference)}`);
      if (status === 404) return null;
      const answer = v.safeParse(verifyAnswer, body);
      if (!answer.success) throw new ProviderUnavailable(`Paystack verify answered ${status} with an unreadable body`);
      if (!answer.output.status) {
        // Paystack answers status false for references it does not know ("Transaction reference not found").
        if (status === 400 || status === 404) return null;
        throw new ProviderUnavailable(`Paystack verify: ${answer.output.message ?? status}`);
      }
      const tx = v.safeParse(paystackTransaction, answer.output.data);
      if (!tx.success) throw new ProviderUnavailable('Paystack verify: unreadable transaction');
      return toVerification(tx.output);
    },
  };
}

/**
 * Paystack signs each webhook with HMAC-SHA512 of the raw body under the secret key, in
 * `x-paystack-signature` (hex). Compared in constant time; anything else is refused.
 */
export function validPaystackSignature(rawBody: Uint8Array | string, signature: string | undefined | null, secretKey: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature.trim())) return false;
  const expected = createHmac('sha512', secretKey).update(rawBody).digest();
  const given = Buffer.from(signature.trim(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
