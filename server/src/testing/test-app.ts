/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field in tests */
// Builds the real application on a fresh, seeded database with a controllable clock, for
// integration tests that go through HTTP exactly as the apps do.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import { createApp } from '../app';
import { DEFAULT_RATES } from '@rivet/shared/domain/pricing';
import type { MediaConfig, PaymentConfig, RateLimits, UploadLimits } from '../config';
import { DEFAULT_UPLOAD_LIMITS } from '../config';
import { seed } from '../db/seed/seed';
import { seedDemoSales } from '../db/seed/sales';
import type { DatabaseHandle } from '../db/client';
import { createMailer, type MailTransport } from '../mail/mailer';
import { openTestDatabase, TEST_EPOCH, type Driver } from './test-database';
import type { MediaStorage } from '../storage';

export class TestClock {
  constructor(private current = new Date(TEST_EPOCH)) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  database: DatabaseHandle;
  clock: TestClock;
  /** Every wait the server asked for (e.g. slowing sign-in on an account under attack), in ms; none is slept. */
  waits: number[];
  fetch: (path: string, init?: RequestInit & { json?: unknown; ip?: string }) => Promise<Response>;
  idle: () => Promise<void>;
  reconcilePayments: () => Promise<{ checked: number; settled: number }>;
  /** Runs every due job (media processing…) in the test's process; answers how many ran. No worker ever polls in tests. */
  runJobs: () => Promise<number>;
  /** Deletes chunked uploads idle for longer than the limit, as if it were `now` (ms). */
  sweepUploads: (now?: number) => Promise<number>;
  /** Every e-mail handed to the (fake) SMTP server, whole: the only place a test finds a reset link. */
  mails: SentMail[];
  /** The server's DATA_DIR (uploads land under media/). */
  dataDir: string;
  close: () => Promise<void>;
}

export type SentMail = Parameters<MailTransport['sendMail']>[0];

export const DEFAULT_TEST_LIMITS: RateLimits = {
  signInPerAccount: 5,
  signInPerIp: 1000,
  signInMaxDelaySeconds: 20,
  registerPerIp: 1000,
  forgotPerIp: 1000,
  forgotMailIntervalSeconds: 300,
  discountCodesPerUser: 1000,
  searchesPerMinute: 1000,
  windowSeconds: 900,
};

export async function createTestApp(driver: Driver, options: { demoSales?: boolean; rateLimits?: Partial<RateLimits>; publicUrl?: string; staticDir?: string; searchCacheMs?: number; payments?: Partial<PaymentConfig>; uploads?: Partial<UploadLimits>; media?: Partial<MediaConfig>; log?: Logger; storage?: MediaStorage; database?: DatabaseHandle } = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase(driver, process.env, 'seeded'));
  const clock = new TestClock();
  // The demo without its sales unless a test asks for them (decision 077): a test's figures are its
  // own fixtures'. A copy of the seeded template has the rest already (decision 096).
  if ('seeded' in database && database.seeded) {
    if (options.demoSales) await seedDemoSales(database.db, clock.now());
  } else {
    await seed(database.db, { demo: true, sales: options.demoSales ?? false, now: clock.now() });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rivet-test-'));
  const log = options.log ?? pino({ level: 'silent' });
  const mails: SentMail[] = [];
  const smtp: MailTransport = { sendMail: async (mail) => mails.push(mail) };
  const waits: number[] = [];
  const { app, jobs, idle, reconcilePayments, sweepUploads } = createApp({
    config: {
      dataDir,
      jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      publicUrl: options.publicUrl ?? 'http://localhost:8080',
      secureCookies: false,
      externalLoginUrl: null,
      instructorSignupUrl: null,
      staticDir: options.staticDir ?? '/nonexistent',
      trustProxy: true,
      rateLimits: { ...DEFAULT_TEST_LIMITS, ...options.rateLimits },
      payments: { paystack: null, rates: DEFAULT_RATES, discountHoldMinutes: 30, ...options.payments },
      uploads: { ...DEFAULT_UPLOAD_LIMITS, ...options.uploads },
      media: { ffmpegPath: 'ffmpeg', timeoutSeconds: 120, ...options.media },
    },
    database,
    clock,
    mailer: createMailer({ db: database.db, log, from: 'test@rivet.ng', transport: smtp }),
    log,
    searchCacheMs: options.searchCacheMs ?? 0,
    ...(options.storage ? { storage: options.storage } : {}),
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  return {
    database,
    clock,
    waits,
    idle,
    reconcilePayments,
    runJobs: () => jobs.drain(),
    sweepUploads,
    mails,
    dataDir,
    fetch: (path, init = {}) => {
      const { json, ip, ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set('x-forwarded-for', ip ?? '10.0.0.1');
      if (json !== undefined) headers.set('content-type', 'application/json');
      return Promise.resolve(app.request(path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }));
    },
    close: async () => {
      await jobs.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like caller: keeps the refresh cookie between calls and sends the bearer token. */
export class Browser {
  cookies = new Map<string, string>();
  accessToken: string | null = null;
  constructor(
    private app: TestApp,
    readonly ip = '10.0.0.1',
  ) {}

  /** `form` sends multipart (as the partner and profile forms do); `json` sends JSON. */
  async call(
    path: string,
    init: { method?: string; json?: unknown; form?: FormData; raw?: Uint8Array<ArrayBuffer>; token?: string | null; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    const token = init.token === undefined ? this.accessToken : init.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const method = init.method ?? (init.json || init.form || init.raw ? 'POST' : 'GET');
    if (init.raw) headers['content-type'] ??= 'application/octet-stream';
    const res = await this.app.fetch(path, { method, json: init.json, body: init.form ?? init.raw, headers, ip: this.ip });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = pair!.split('=');
      if (!value || /max-age=0/i.test(cookie) || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name!);
      else this.cookies.set(name!, value);
    }
    const body = (await res.json()) as { success: boolean; description: string; data: any; code: string; errors?: { field: string; message: string }[] };
    if (body.data?.accessToken) this.accessToken = body.data.accessToken;
    return { status: res.status, body, headers: res.headers };
  }
}

export const AUTH = '/api/Authentication';
