import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT } from '@rivet/shared/domain/theme';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

let dir: string;
let app: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rivet-static-'));
  const learner = join(dir, 'learner-pwa');
  mkdirSync(join(learner, 'assets'), { recursive: true });
  writeFileSync(join(learner, 'index.html'), '<!doctype html><html><head><title>Rivet</title></head><body></body></html>');
  writeFileSync(join(learner, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(learner, 'manifest.webmanifest'), '{"name":"Rivet"}');
  writeFileSync(join(learner, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(learner, 'assets', 'index-abc123.js'), 'console.log(1)');
  // The files only: one database is enough.
  app = await createTestApp(testDrivers()[0]!, { staticDir: dir });
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the learner app’s files', () => {
  it('serves the service worker and the web manifest to be revalidated on every visit, with their types', async () => {
    const worker = await app.fetch('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);

    const manifest = await app.fetch('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  });

  it('keeps hashed assets for a year and other public files for an hour', async () => {
    expect((await app.fetch('/assets/index-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app.fetch('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers /index.html, which the service worker precaches, with the runtime config and a CSP that hashes it and allows the worker and the manifest', async () => {
    const page = await app.fetch('/index.html?__WB_REVISION__=1');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    // The theme is set by the same script, before the first paint (decision 091).
    const script = `window.__RIVET_CONFIG__={"externalLoginUrl":null,"instructorSignupUrl":null};${THEME_BOOT_SCRIPT}`;
    expect(await page.text()).toContain(`<script>${script}</script></head>`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
