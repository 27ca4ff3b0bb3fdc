import type { Hono } from 'hono';
import * as v from 'valibot';
import * as payment from '@rivet/shared/api/payment';
import { bind } from '../http/bind';
import { requestLog, type AppEnv } from '../http/context';
import { paystackTransaction, toVerification, validPaystackSignature } from './paystack';
import type { PaymentService } from './payment.service';

export const PAYSTACK_WEBHOOK_PATH = '/api/Course/Payment/Webhook';

const webhookEvent = v.object({ event: v.string(), data: v.unknown() });

export function registerPaymentRoutes(app: Hono<AppEnv>, service: PaymentService, options: { paystackSecretKey: string | null }): void {
  bind(app, payment.computePricing, async ({ body, caller }) => ({ data: await service.price(caller, body) }));

  bind(app, payment.paymentLog, async ({ body, caller }) => ({ data: await service.log(caller, body), description: 'Payment started' }));

  bind(app, payment.paymentProcess, async ({ body, caller }) => service.process(caller, body));

  bind(app, payment.sandboxPay, async ({ params, body, caller }) => ({
    data: await service.sandboxSettle(caller, params.reference ?? '', body.outcome),
    description: body.outcome === 'success' ? 'Test payment approved' : 'Test payment declined',
  }));

  // Paystack's webhook. The signature covers the raw bytes, so they are read before any parsing;
  // nothing in an unsigned body is believed. Paystack retries anything but a 200, so every signed
  // event is acknowledged, including ones we ignore (other events, unknown references).
  app.post(PAYSTACK_WEBHOOK_PATH, async (c) => {
    const secret = options.paystackSecretKey;
    if (!secret) return c.json({ success: false, description: 'Paystack is not configured', data: null, code: 'not_found' }, 404);
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!validPaystackSignature(raw, c.req.header('x-paystack-signature'), secret)) {
      requestLog(c).warn({ ip: c.get('ip') }, 'paystack webhook refused: bad signature');
      return c.json({ success: false, description: 'Invalid signature', data: null, code: 'unauthorized' }, 401);
    }
    let event: v.InferOutput<typeof webhookEvent>;
    try {
      event = v.parse(webhookEvent, JSON.parse(new TextDecoder().decode(raw)));
    } catch {
      return c.json({ success: false, description: 'Unreadable event', data: null, code: 'invalid_input' }, 400);
    }
    if (event.event !== 'charge.success') return c.json({ success: true, description: 'Ignored', data: null, code: '00' });
    const tx = v.safeParse(paystackTransaction, event.data);
    if (!tx.success) return c.json({ success: false, description: 'Unreadable transaction', data: null, code: 'invalid_input' }, 400);
    const outcome = await service.webhook(toVerification(tx.output));
    return c.json({ success: true, description: outcome, data: null, code: '00' });
  });
}
