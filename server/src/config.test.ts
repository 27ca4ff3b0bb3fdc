import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

  it('generates a missing secret once and keeps it in the data directory', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThan(40);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dir, 'secrets', 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('reads SEED_DEMO=false, https public URLs and a real database URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: 'false', PUBLIC_URL: 'https://learn.rivet.ng/', DATABASE_URL: 'postgres://x@db/rivet' });
    expect(config).toMatchObject({ seedDemo: false, publicUrl: 'https://learn.rivet.ng', secureCookies: true, databaseUrl: 'postgres://x@db/rivet' });
  });

  it('refuses nonsense with a message naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), INSTRUCTOR_SIGNUP_URL: 'javascript:alert(1)' })).toThrow(/INSTRUCTOR_SIGNUP_URL: must be an http\(s\) URL/);
  });

  it('takes payments in the sandbox without Paystack keys, with Nigeria’s VAT and Paystack’s fee', () => {
    const { payments } = loadConfig({ DATA_DIR: dataDir() });
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
});
