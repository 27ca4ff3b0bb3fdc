// The environment is read here, once, validated, and passed down. Nothing else reads process.env.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { HIGHEST_RATES, type PricingRates } from '@rivet/shared/domain/pricing';
import { makeOwnerOnlyDir } from './data-dir';
import { DEFAULT_PACKAGE_LIMITS, type PackageLimits } from './media/lesson-package';
import type { S3Config } from './storage';

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
  /** Without SMTP and with demo data, every message is written whole here (DATA_DIR/mail) to read in development; null otherwise. */
  mailDir: string | null;
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
  /** How long a process trusts a user's session version it read: a revoked token's window should a Redis message be lost (decision 084). */
  sessionCheckSeconds: number;
  rateLimits: RateLimits;
  payments: PaymentConfig;
  uploads: UploadLimits;
  media: MediaConfig;
  /** S3-compatible object storage for media (decision 056); null: the data folder. */
  s3: S3Config | null;
  /** Things an operator should fix, logged at start (the server still runs). */
  warnings: string[];
}

export interface PaymentConfig {
  /**
   * null: the built-in sandbox takes payments (no money moves). Only with demo data or an explicit
   * PAYMENT_PROVIDER=sandbox: a real deployment without keys refuses to start.
   */
  paystack: { secretKey: string; publicKey: string; baseUrl: string } | null;
  rates: PricingRates;
  /** How long a payment in progress holds a discount code's use. */
  discountHoldMinutes: number;
}

/** Content library uploads (docs/decisions/030). */
export interface UploadLimits {
  /** Largest video, lesson package (zip) or audio file. */
  maxBytes: number;
  /** Largest image. */
  maxImageBytes: number;
  /** Largest document (pdf). */
  maxDocumentBytes: number;
  /** Largest multipart request to FileManager/UploadMultipleFileFromLocal (all its files); at most 64 MB. */
  formMaxBytes: number;
  /** An upload with no new chunk for this long is deleted. */
  expireHours: number;
  /** Largest promotional video a course may show (decision 036; absent: 500 MB); the console checks it before uploading. */
  promoVideoMaxBytes?: number;
}

/** Media processing of library files (docs/decisions/033). */
export interface MediaConfig {
  /** The ffmpeg binary (a name looked up on PATH, or a path); ffprobe is taken from beside it. */
  ffmpegPath: string;
  /** One ffmpeg run (one rung of a video's ladder) is stopped after this long, and the job retried. */
  timeoutSeconds: number;
  /** What a lesson package may unpack to, counted while unpacking (decision 085; absent: DEFAULT_PACKAGE_LIMITS). */
  packages?: PackageLimits;
}

export const DEFAULT_MEDIA_CONFIG: MediaConfig = { ffmpegPath: 'ffmpeg', timeoutSeconds: 3600 };

const MB = 1_048_576;
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxBytes: 4096 * MB, maxImageBytes: 10 * MB, maxDocumentBytes: 50 * MB, formMaxBytes: 25 * MB, expireHours: 24, promoVideoMaxBytes: 500 * MB };

export interface RateLimits {
  /** Failed sign-ins on one account from one address (then 429); also the failures on an account, from all addresses, before its answers slow down. */
  signInPerAccount: number;
  /** Failed sign-ins from one address, any account (then 429). */
  signInPerIp: number;
  /** The longest an account under attack makes a sign-in wait (the wait doubles from 1 s). */
  signInMaxDelaySeconds: number;
  registerPerIp: number;
  forgotPerIp: number;
  /** At most one reset mail per account this often; requests in between are answered the same. */
  forgotMailIntervalSeconds: number;
  /** Discount codes a learner may try per window. */
  discountCodesPerUser: number;
  /** Catalogue searches that miss the answer cache, per learner or anonymous address, per minute. */
  searchesPerMinute: number;
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
  SESSION_CHECK_SECONDS: int(5),
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: int(10),
  RATE_LIMIT_SIGNIN_PER_IP: int(50),
  RATE_LIMIT_SIGNIN_MAX_DELAY_SECONDS: int(20),
  RATE_LIMIT_REGISTER_PER_IP: int(10),
  RATE_LIMIT_FORGOT_PER_IP: int(5),
  RATE_LIMIT_FORGOT_MAIL_INTERVAL_SECONDS: int(300),
  RATE_LIMIT_DISCOUNT_CODES_PER_USER: int(30),
  RATE_LIMIT_SEARCHES_PER_MINUTE: int(120),
  RATE_LIMIT_WINDOW_SECONDS: int(900),
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_PUBLIC_KEY: optionalString,
  PAYMENT_PROVIDER: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(['', 'paystack', 'sandbox'], 'must be paystack or sandbox')), ''),
  PAYSTACK_BASE_URL: v.optional(v.pipe(v.string(), v.url('must be an http(s) URL')), 'https://api.paystack.co'),
  // Bounded by the highest rates checkout's limits are derived for (shared/domain/pricing.ts).
  VAT_RATE_PERCENT: decimal(7.5, HIGHEST_RATES.vatBasisPoints / 100),
  PAYSTACK_FEE_PERCENT: decimal(1.5, HIGHEST_RATES.gateway.percentBasisPoints / 100),
  PAYSTACK_FEE_FLAT_NAIRA: decimal(100, HIGHEST_RATES.gateway.flatKobo / 100),
  PAYSTACK_FEE_FLAT_WAIVED_BELOW_NAIRA: decimal(2500, HIGHEST_RATES.gateway.flatWaivedBelowKobo / 100),
  PAYSTACK_FEE_CAP_NAIRA: decimal(2000, HIGHEST_RATES.gateway.capKobo / 100),
  DISCOUNT_HOLD_MINUTES: int(30),
  UPLOAD_MAX_MB: int(4096),
  UPLOAD_MAX_IMAGE_MB: int(10),
  UPLOAD_MAX_DOCUMENT_MB: int(50),
  UPLOAD_FORM_MAX_MB: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(64, 'must be at most 64')), '25'),
  UPLOAD_EXPIRE_HOURS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), '24'),
  PROMO_VIDEO_MAX_MB: int(500),
  FFMPEG_PATH: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must name the ffmpeg binary')), 'ffmpeg'),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must name a region')), 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PREFIX: v.optional(v.pipe(v.string(), v.trim()), ''),
  S3_FORCE_PATH_STYLE: bool(true),
  MEDIA_JOB_TIMEOUT_MINUTES: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), '60'),
  // A lesson package is a page and its video: unpacked, about the size of its zip (decision 085).
  PACKAGE_MAX_MB: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), '1024'),
  PACKAGE_MAX_RATIO: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(2, 'must be at least 2')), '100'),
});

/** A secret from the environment, or one generated on first start and kept in the data dir. */
function persistentSecret(dataDir: string, name: string, fromEnv: string | null): string {
  if (fromEnv) return fromEnv;
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  makeOwnerOnlyDir(dir);
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
  const s3Set = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].some(Boolean) || e.S3_PREFIX !== '';
  if (s3Set && !e.S3_BUCKET) throw new Error('Invalid configuration: S3_BUCKET is required when any other S3_ setting is given (media in object storage).');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds credentials itself, e.g. an instance role).');
  }
  const s3: S3Config | null = e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        prefix: e.S3_PREFIX.replace(/^\/+|\/+$/g, ''),
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : null;
  const sandbox = paymentsInSandbox(Boolean(e.PAYSTACK_SECRET_KEY), e.PAYMENT_PROVIDER, e.SEED_DEMO);
  const kobo = (naira: number) => Math.round(naira * 100);
  const dataDir = resolve(e.DATA_DIR);
  makeOwnerOnlyDir(dataDir);
  const jwtSecret = persistentSecret(dataDir, 'jwt-secret', e.JWT_SECRET);
  if (Buffer.byteLength(jwtSecret, 'utf8') < 32) {
    throw new Error('Invalid configuration: JWT_SECRET must be at least 32 bytes (it signs every session). Leave it unset to have a strong one generated and kept in DATA_DIR/secrets.');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const mailDir = !e.SMTP_URL && e.SEED_DEMO ? join(dataDir, 'mail') : null;
  const warnings = [
    ...(e.PUBLIC_URL
      ? []
      : [`PUBLIC_URL is not set: links in e-mails and on certificates (the verify link and its QR code) point to ${publicUrl}, which only this machine can open. Set PUBLIC_URL to the address users reach.`]),
    ...(sandbox ? ['Payments go to the built-in test sandbox: learners approve their own test payments and no money moves. Set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY to take real payments.'] : []),
    ...(e.SMTP_URL
      ? []
      : [
          `SMTP_URL is not set: e-mails (password resets, receipts) are not sent; email_outbox records them with their links hidden${mailDir ? `, and each is written whole to ${mailDir} for development` : ''}.`,
        ]),
  ];
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    seedDemo: e.SEED_DEMO,
    jwtSecret,
    secureCookies: publicUrl.startsWith('https://'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDir,
    redisUrl: e.REDIS_URL,
    externalLoginUrl: e.EXTERNAL_LOGIN_URL,
    instructorSignupUrl: e.INSTRUCTOR_SIGNUP_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    staticDir: resolve(e.STATIC_DIR),
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    sessionCheckSeconds: e.SESSION_CHECK_SECONDS,
    rateLimits: {
      signInPerAccount: e.RATE_LIMIT_SIGNIN_PER_ACCOUNT,
      signInPerIp: e.RATE_LIMIT_SIGNIN_PER_IP,
      signInMaxDelaySeconds: e.RATE_LIMIT_SIGNIN_MAX_DELAY_SECONDS,
      registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
      forgotPerIp: e.RATE_LIMIT_FORGOT_PER_IP,
      forgotMailIntervalSeconds: e.RATE_LIMIT_FORGOT_MAIL_INTERVAL_SECONDS,
      discountCodesPerUser: e.RATE_LIMIT_DISCOUNT_CODES_PER_USER,
      searchesPerMinute: e.RATE_LIMIT_SEARCHES_PER_MINUTE,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    payments: {
      paystack: e.PAYSTACK_SECRET_KEY && e.PAYSTACK_PUBLIC_KEY ? { secretKey: e.PAYSTACK_SECRET_KEY, publicKey: e.PAYSTACK_PUBLIC_KEY, baseUrl: e.PAYSTACK_BASE_URL } : null,
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
    uploads: {
      maxBytes: e.UPLOAD_MAX_MB * MB,
      maxImageBytes: e.UPLOAD_MAX_IMAGE_MB * MB,
      maxDocumentBytes: e.UPLOAD_MAX_DOCUMENT_MB * MB,
      formMaxBytes: e.UPLOAD_FORM_MAX_MB * MB,
      expireHours: e.UPLOAD_EXPIRE_HOURS,
      promoVideoMaxBytes: e.PROMO_VIDEO_MAX_MB * MB,
    },
    media: {
      ffmpegPath: e.FFMPEG_PATH,
      timeoutSeconds: e.MEDIA_JOB_TIMEOUT_MINUTES * 60,
      packages: { maxEntries: DEFAULT_PACKAGE_LIMITS.maxEntries, maxBytes: e.PACKAGE_MAX_MB * MB, maxRatio: e.PACKAGE_MAX_RATIO },
    },
    s3,
    warnings,
  };
}

/**
 * Whether the built-in sandbox takes payments. Never by accident in a real deployment: without
 * demo data it needs Paystack keys or an explicit PAYMENT_PROVIDER=sandbox, else the server refuses
 * to start (a learner could otherwise approve their own test payment and be enrolled for free).
 */
function paymentsInSandbox(hasKeys: boolean, chosen: '' | 'paystack' | 'sandbox', demo: boolean): boolean {
  if (chosen === 'sandbox') {
    if (hasKeys) throw new Error('Invalid configuration: PAYMENT_PROVIDER=sandbox but Paystack keys are set. Remove the keys for a test deployment, or PAYMENT_PROVIDER to take real payments.');
    return true;
  }
  if (hasKeys) return false;
  if (chosen === 'paystack') throw new Error('Invalid configuration: PAYMENT_PROVIDER=paystack needs PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY.');
  if (demo) return true;
  throw new Error(
    'Invalid configuration: no payment provider. A real deployment (SEED_DEMO=false) takes payments through Paystack: set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY. ' +
      'For a test deployment where no money should move, set PAYMENT_PROVIDER=sandbox.',
  );
}
