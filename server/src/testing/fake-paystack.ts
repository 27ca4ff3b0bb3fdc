// A local stand-in for Paystack's documented Transaction API (initialize, verify), over real HTTP,
// plus signed webhook bodies. Tests decide what each reference's verification says.
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';

export interface FakeTransaction {
  reference: string;
  email: string;
  amount: number;
  currency: string;
  status: string;
  gateway_response: string;
  id: number;
  channel: string;
  paid_at: string | null;
}

export interface FakePaystack {
  baseUrl: string;
  secretKey: string;
  publicKey: string;
  initialized: FakeTransaction[];
  /** What verify (and a webhook) will report for the reference. */
  settle(reference: string, patch: Partial<FakeTransaction>): FakeTransaction;
  /** Makes every call answer 503 until set back. */
  down: boolean;
  verifyCalls: number;
  /** A charge.success webhook body and its signature, as Paystack would send them. */
  webhook(reference: string, patch?: Partial<FakeTransaction>, event?: string): { body: string; signature: string };
  close(): Promise<void>;
}

export async function startFakePaystack(): Promise<FakePaystack> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const transactions = new Map<string, FakeTransaction>();
  let nextId = 1000;
  const app = new Hono();
  const state = { down: false, verifyCalls: 0 };

  app.use(async (c, next) => {
    if (state.down) return c.json({ status: false, message: 'Service unavailable' }, 503);
    if (c.req.header('authorization') !== `Bearer ${secretKey}`) return c.json({ status: false, message: 'Invalid key' }, 401);
    return next();
  });

  app.post('/transaction/initialize', async (c) => {
    const body = await c.req.json<{ email: string; amount: number | string; reference: string; currency?: string }>();
    if (transactions.has(body.reference)) return c.json({ status: false, message: 'Duplicate Transaction Reference' }, 400);
    const tx: FakeTransaction = {
      reference: body.reference,
      email: body.email,
      amount: Number(body.amount),
      currency: body.currency ?? 'NGN',
      status: 'abandoned',
      gateway_response: 'The transaction was not completed',
      id: nextId++,
      channel: 'card',
      paid_at: null,
    };
    transactions.set(body.reference, tx);
    fake.initialized.push(tx);
    return c.json({
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `https://checkout.paystack.com/${tx.id}`, access_code: `ac_${tx.id}`, reference: tx.reference },
    });
  });

  app.get('/transaction/verify/:reference', (c) => {
    state.verifyCalls += 1;
    const tx = transactions.get(c.req.param('reference'));
    if (!tx) return c.json({ status: false, message: 'Transaction reference not found' }, 400);
    return c.json({ status: true, message: 'Verification successful', data: { ...tx, customer: { email: tx.email } } });
  });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;

  const fake: FakePaystack = {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    publicKey: 'pk_test_fake',
    initialized: [],
    get down() {
      return state.down;
    },
    set down(value) {
      state.down = value;
    },
    get verifyCalls() {
      return state.verifyCalls;
    },
    settle(reference, patch) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`fake paystack: no transaction ${reference}`);
      Object.assign(tx, patch);
      return tx;
    },
    webhook(reference, patch = {}, event = 'charge.success') {
      const tx = { ...transactions.get(reference)!, ...patch };
      const body = JSON.stringify({ event, data: tx });
      return { body, signature: createHmac('sha512', secretKey).update(body).digest('hex') };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
