import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rivet-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 8080, databaseUrl: null, seedDemo: true, publicUrl: 'http://localhost:8080', secureCookies: false, externalLoginUrl: null });
  });

  it('limits what a lesson package unpacks to: 1024 MB and a 100:1 expansion by default, or as set (decision 085)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).media.packages).toEqual({ maxEntries: 2_000, maxBytes: 1024 * 1_048_576, maxRatio: 100 });
    expect(loadConfig({ DATA_DIR: dataDir(), PACKAGE_MAX_MB: '300', PACKAGE_MAX_RATIO: '20' }).media.packages).toMatchObject({ maxBytes: 300 * 1_048_576, maxRatio: 20 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), PACKAGE_MAX_RATIO: '1' })).toThrow(/PACKAGE_MAX_RATIO/);
  });

  it('generates a missing secret once and keeps it in the data directory', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThan(40);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dir, 'secrets', 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'secrets', 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'secrets')).mode & 0o777).toBe(0o700);
  });

  it('creates the data directory owner-only', () => {
    const dir = join(dataDir(), 'nested', 'data');
    loadConfig({ DATA_DIR: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('refuses a JWT_SECRET shorter than 32 bytes', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(31) })).toThrow(/JWT_SECRET must be at least 32 bytes/);
    expect(loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('warns at start when PUBLIC_URL is unset (certificate links and QR codes would point to localhost)', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '9000' }).warnings).toContainEqual(expect.stringMatching(/^PUBLIC_URL is not set: .*certificates.*http:\/\/localhost:9000/));
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://learn.example.ng' }).warnings.join(' ')).not.toMatch(/PUBLIC_URL/);
  });

  it('writes unsent mail to DATA_DIR/mail only in development (demo data, no SMTP)', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).mailDir).toBe(join(dir, 'mail'));
    expect(loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtps://u:p@smtp.example.ng' }).mailDir).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false', PAYMENT_PROVIDER: 'sandbox' }).mailDir).toBeNull();
  });

  it('reads SEED_DEMO=false, https public URLs and a real database URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: 'false', PUBLIC_URL: 'https://learn.rivet.ng/', DATABASE_URL: 'postgres://x@db/rivet', PAYSTACK_SECRET_KEY: 'sk_live_x', PAYSTACK_PUBLIC_KEY: 'pk_live_x' });
    expect(config).toMatchObject({ seedDemo: false, publicUrl: 'https://learn.rivet.ng', secureCookies: true, databaseUrl: 'postgres://x@db/rivet' });
  });

  it('reads the sign-in and forgot-password limits, with the documented defaults', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).rateLimits).toMatchObject({
      signInPerAccount: 10,
      signInPerIp: 50,
      signInMaxDelaySeconds: 20,
      forgotPerIp: 5,
      forgotMailIntervalSeconds: 300,
      windowSeconds: 900,
    });
    const tuned = loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_SIGNIN_MAX_DELAY_SECONDS: '45', RATE_LIMIT_FORGOT_MAIL_INTERVAL_SECONDS: '600' }).rateLimits;
    expect(tuned).toMatchObject({ signInMaxDelaySeconds: 45, forgotMailIntervalSeconds: 600 });
  });

  it('refuses nonsense with a message naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), INSTRUCTOR_SIGNUP_URL: 'javascript:alert(1)' })).toThrow(/INSTRUCTOR_SIGNUP_URL: must be an http\(s\) URL/);
  });

  it('takes payments in the sandbox without Paystack keys, with Nigeria’s VAT and Paystack’s fee', () => {
    const { payments, warnings } = loadConfig({ DATA_DIR: dataDir() });
    expect(warnings).toContainEqual(expect.stringMatching(/^Payments go to the built-in test sandbox/));
    expect(payments).toEqual({
      paystack: null,
      rates: { vatBasisPoints: 750, gateway: { percentBasisPoints: 150, flatKobo: 10_000, flatWaivedBelowKobo: 250_000, capKobo: 200_000 } },
      discountHoldMinutes: 30,
    });
  });

  it('reads Paystack keys (both or neither) and configurable rates', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PAYSTACK_SECRET_KEY: 'sk_live_x', PAYSTACK_PUBLIC_KEY: 'pk_live_x', VAT_RATE_PERCENT: '10', PAYSTACK_FEE_CAP_NAIRA: '2500.50' });
    expect(config.payments.paystack).toEqual({ secretKey: 'sk_live_x', publicKey: 'pk_live_x', baseUrl: 'https://api.paystack.co' });
    expect(config.payments.rates.vatBasisPoints).toBe(1000);
    expect(config.payments.rates.gateway.capKobo).toBe(250_050);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYSTACK_SECRET_KEY: 'sk_live_x' })).toThrow(/PAYSTACK_PUBLIC_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAT_RATE_PERCENT: '101' })).toThrow(/VAT_RATE_PERCENT/);
  });

  it('refuses to start a real deployment (no demo data) without Paystack keys, unless the sandbox is asked for', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: 'false' })).toThrow(
      'Invalid configuration: no payment provider. A real deployment (SEED_DEMO=false) takes payments through Paystack: set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY. For a test deployment where no money should move, set PAYMENT_PROVIDER=sandbox.',
    );
    const testDeployment = loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: 'false', PAYMENT_PROVIDER: 'Sandbox' });
    expect(testDeployment.payments.paystack).toBeNull();
    expect(testDeployment.warnings).toContainEqual(expect.stringMatching(/test sandbox/));
    const live = loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: 'false', PAYSTACK_SECRET_KEY: 'sk_live_x', PAYSTACK_PUBLIC_KEY: 'pk_live_x' });
    expect(live.payments.paystack).toMatchObject({ secretKey: 'sk_live_x' });
    expect(live.warnings.join(' ')).not.toMatch(/sandbox/);
  });

  it('refuses a PAYMENT_PROVIDER that contradicts the keys', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENT_PROVIDER: 'paystack' })).toThrow(/PAYMENT_PROVIDER=paystack needs PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENT_PROVIDER: 'sandbox', PAYSTACK_SECRET_KEY: 'sk_x', PAYSTACK_PUBLIC_KEY: 'pk_x' })).toThrow(/PAYMENT_PROVIDER=sandbox but Paystack keys are set/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER: must be paystack or sandbox/);
  });
});
