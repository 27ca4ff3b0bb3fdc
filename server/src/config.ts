// The environment is read here, once, validated, and passed down. Nothing else reads process.env.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import type { PricingRates } from '@rivet/shared/domain/pricing';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… for a real server; null for the embedded PGlite under dataDir. */
  databaseUrl: string | null;
  publicUrl: string;
  seedDemo: boolean;
  jwtSecret: string;
  /** Sign-in behind https: secure cookies and HSTS. */
  secureCookies: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  smtpUrl: string | null;
  mailFrom: string;
  redisUrl: string | null;
  externalLoginUrl: string | null;
  /** The external instructor sign-up form, opened in a popup on the facilitators page. */
  instructorSignupUrl: string | null;
  logLevel: string;
  /** Believe X-Forwarded-For / X-Forwarded-Proto (only behind a reverse proxy you run). */
  trustProxy: boolean;
  staticDir: string;
  /** Identical catalogue searches share one answer for this long (0 = no caching). */
  searchCacheSeconds: number;
  rateLimits: RateLimits;
  payments: PaymentConfig;
}

export interface PaymentConfig {
  /** null: no Paystack keys, the built-in sandbox takes payments (no money moves). */
  paystack: { secretKey: string; publicKey: string; baseUrl: string } | null;
  rates: PricingRates;
  /** How long a payment in progress holds a discount code's use. */
  discountHoldMinutes: number;
}

export interface RateLimits {
  signInPerAccount: number;
  signInPerIp: number;
  registerPerIp: number;
  forgotPerIp: number;
  /** Discount codes a learner may try per window. */
  discountCodesPerUser: number;
  windowSeconds: number;
}

const bool = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => !['false', '0', 'no', 'off', ''].includes(s.trim().toLowerCase())),
    ),
    String(fallback),
  );
const int = (fallback: number) => v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)), String(fallback));
/** A non-negative decimal such as 7.5, at most `max`. */
const decimal = (fallback: number, max = 1_000_000) => v.optional(v.pipe(v.string(), v.toNumber(), v.minValue(0), v.maxValue(max)), String(fallback));
const optionalString = v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? null : s))), '');
const optionalUrl = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === '' || /^https?:\/\/[^\s]+$/.test(s), 'must be an http(s) URL'),
    v.transform((s) => (s === '' ? null : s)),
  ),
  '',
);

const envSchema = v.object({
  PORT: int(8080),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.string(), './.data'),
  DATABASE_URL: optionalString,
  PUBLIC_URL: optionalUrl,
  SEED_DEMO: bool(true),
  JWT_SECRET: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: int(900),
  REFRESH_TOKEN_TTL_DAYS: int(30),
  SMTP_URL: optionalString,
  MAIL_FROM: v.optional(v.string(), 'Rivet <no-reply@rivet.ng>'),
  REDIS_URL: optionalString,
  EXTERNAL_LOGIN_URL: optionalUrl,
  INSTRUCTOR_SIGNUP_URL: optionalUrl,
  LOG_LEVEL: v.optional(v.string(), 'info'),
  TRUST_PROXY: bool(false),
  STATIC_DIR: v.optional(v.string(), './dist'),
  SEARCH_CACHE_SECONDS: int(30),
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: int(10),
  RATE_LIMIT_SIGNIN_PER_IP: int(50),
  RATE_LIMIT_REGISTER_PER_IP: int(10),
  RATE_LIMIT_FORGOT_PER_IP: int(5),
  RATE_LIMIT_DISCOUNT_CODES_PER_USER: int(30),
  RATE_LIMIT_WINDOW_SECONDS: int(900),
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_PUBLIC_KEY: optionalString,
  PAYSTACK_BASE_URL: v.optional(v.pipe(v.string(), v.url('must be an http(s) URL')), 'https://api.paystack.co'),
  VAT_RATE_PERCENT: decimal(7.5, 100),
  PAYSTACK_FEE_PERCENT: decimal(1.5, 50),
  PAYSTACK_FEE_FLAT_NAIRA: decimal(100),
  PAYSTACK_FEE_FLAT_WAIVED_BELOW_NAIRA: decimal(2500),
  PAYSTACK_FEE_CAP_NAIRA: decimal(2000),
  DISCOUNT_HOLD_MINUTES: int(30),
});

/** A secret from the environment, or one generated on first start and kept in the data dir. */
function persistentSecret(dataDir: string, name: string, fromEnv: string | null): string {
  if (fromEnv) return fromEnv;
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(envSchema, env);
  if (!result.success) {
    const problems = result.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = result.output;
  if (Boolean(e.PAYSTACK_SECRET_KEY) !== Boolean(e.PAYSTACK_PUBLIC_KEY)) {
    throw new Error('Invalid configuration: set both PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY, or neither (the test-payment sandbox).');
  }
  const kobo = (naira: number) => Math.round(naira * 100);
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    seedDemo: e.SEED_DEMO,
    jwtSecret: persistentSecret(dataDir, 'jwt-secret', e.JWT_SECRET),
    secureCookies: publicUrl.startsWith('https://'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    externalLoginUrl: e.EXTERNAL_LOGIN_URL,
    instructorSignupUrl: e.INSTRUCTOR_SIGNUP_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    staticDir: resolve(e.STATIC_DIR),
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    rateLimits: {
      signInPerAccount: e.RATE_LIMIT_SIGNIN_PER_ACCOUNT,
      signInPerIp: e.RATE_LIMIT_SIGNIN_PER_IP,
      registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
      forgotPerIp: e.RATE_LIMIT_FORGOT_PER_IP,
      discountCodesPerUser: e.RATE_LIMIT_DISCOUNT_CODES_PER_USER,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    payments: {
      paystack:
        e.PAYSTACK_SECRET_KEY && e.PAYSTACK_PUBLIC_KEY
          ? { secretKey: e.PAYSTACK_SECRET_KEY, publicKey: e.PAYSTACK_PUBLIC_KEY, baseUrl: e.PAYSTACK_BASE_URL }
          : null,
      rates: {
        vatBasisPoints: Math.round(e.VAT_RATE_PERCENT * 100),
        gateway: {
          percentBasisPoints: Math.round(e.PAYSTACK_FEE_PERCENT * 100),
          flatKobo: kobo(e.PAYSTACK_FEE_FLAT_NAIRA),
          flatWaivedBelowKobo: kobo(e.PAYSTACK_FEE_FLAT_WAIVED_BELOW_NAIRA),
          capKobo: kobo(e.PAYSTACK_FEE_CAP_NAIRA),
        },
      },
      discountHoldMinutes: Math.max(1, e.DISCOUNT_HOLD_MINUTES),
    },
  };
}
