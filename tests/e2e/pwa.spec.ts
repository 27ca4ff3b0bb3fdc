// The learner app as an installed PWA: the service worker takes the page, the browser finds it
// installable, and after one visit online the app shell, the catalogue as last seen and the
// signed-in screens open with the network switched off.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { appReady, signIn as signInAs } from './learner-helpers';
import { allowConsole } from './console-check';
import { PHONE, snap } from './snap';

const learner = { email: 'learner@demo.ng', password: 'Learn#Naija2026' };

/** Resolves once the service worker is active and controls this page (it claims the first visit). */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** Rows in the saved catalogue (offline/catalogue-cache.ts); written a second after each answer. */
/** The query hashes the catalogue cache holds (TanStack Query's JSON of each key). */
async function savedCatalogueQueries(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('rivet-catalogue');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve([]);
          const keys = db.transaction('queries').objectStore('queries').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
          keys.onerror = () => resolve([]);
        };
      }),
  );
}

/** Waits until the catalogue cache holds a query whose key starts with `prefix` (e.g. ["courses","detail"). */
async function waitForSaved(page: Page, prefix: unknown[]): Promise<void> {
  const start = JSON.stringify(prefix).slice(0, -1);
  await expect.poll(async () => (await savedCatalogueQueries(page)).some((hash) => hash.startsWith(start)), { timeout: 20_000 }).toBe(true);
}

test.describe('the installable app', () => {
  test('registers its service worker, serves its manifest and is installable', async ({ request, baseURL }, testInfo) => {
    // Chromium never offers to install from an incognito profile, which is what a test context
    // is: this one gets a real profile.
    const profile = mkdtempSync(join(tmpdir(), 'rivet-pwa-'));
    const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
    const page = context.pages()[0] ?? (await context.newPage());
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto('/');
    await controlledByServiceWorker(page);

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const parsed = JSON.parse(manifest.data ?? '{}') as { short_name?: string; start_url?: string; display?: string; icons?: { purpose?: string }[] };
    expect(parsed).toMatchObject({ short_name: 'Rivet', start_url: '/dashboard?source=pwa', display: 'standalone' });
    expect(parsed.icons?.some((icon) => icon.purpose === 'maskable')).toBe(true);

    // Never cached by the browser: a stale sw.js would keep learners on an old version.
    for (const [path, type] of [
      ['/sw.js', /javascript/],
      ['/manifest.webmanifest', /application\/manifest\+json/],
    ] as const) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-cache');
      expect(response.headers()['content-type']).toMatch(type);
    }

    // The precached page is the server's, with the runtime config its CSP hashes.
    const cached = await page.evaluate(async () => {
      const keys = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
      const index = keys.flat().find((r) => new URL(r.url).pathname === '/index.html');
      const response = index ? await caches.match(index) : undefined;
      return { html: (await response?.text()) ?? '', csp: response?.headers.get('content-security-policy') ?? '' };
    });
    expect(cached.html).toContain('window.__RIVET_CONFIG__=');
    expect(cached.csp).toMatch(/script-src 'self' 'sha256-/);
    expect(cspViolations).toEqual([]);

    // Chromium offers installing (beforeinstallprompt): the phone menu carries 'Install app'.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const install = page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Install app' });
    await expect(install).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/pwa-install-menu-phone.png' });
    // The browser's own dialog opens (headless Chromium dismisses it at once and makes a new offer).
    const choice = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          window.addEventListener('beforeinstallprompt', (event) => resolve(event.type), { once: true });
        }),
    );
    await install.click();
    expect(await choice).toBe('beforeinstallprompt');
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('after one visit online, the app opens offline and says so', async ({ page, context }) => {
    // Five screens photographed at two sizes, full page: minutes on a busy two-core machine.
    test.setTimeout(300_000);
    await signInAs(page, learner);
    await controlledByServiceWorker(page);

    // One online visit of the catalogue and a course.
    await page.goto('/course/discovery');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    // Each screen's data is written to the catalogue cache a moment after it arrives; wait for the
    // very queries the offline visit will need (counting rows was flaky: the landing page's were
    // often saved already, at sign-in).
    await waitForSaved(page, ['courses', 'catalogue']);
    await cards.getByRole('link', { name: 'Excel for Small Business Owners', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Excel for Small Business Owners' })).toBeAttached();
    await waitForSaved(page, ['courses', 'detail']);
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Digital Skills/ }).first()).toBeVisible();
    await waitForSaved(page, ['reference', 'course-categories', 'active']);

    // Offline, the service worker answers a picture it never stored with a network error; the
    // screen shows the course without it, which is what the learner gets.
    allowConsole(page, /^error: Failed to load resource: net::ERR_FAILED \(https?:\/\/[^/]+\/media\//, 'pictures not kept for offline use, asked for while offline');
    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: "You're offline." }).first();

    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: /Rivet/ }).first()).toBeVisible();
    await expect(banner).toContainText('Downloaded courses and your progress still work');
    await expect(page.getByRole('heading', { name: 'Localized, quality and on-demand courses' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Digital Skills/ }).first()).toBeVisible();
    await snap(page, 'pwa-offline-home');

    await page.goto('/course/discovery');
    await expect(banner).toBeVisible();
    await expect(page.getByText(/Showing courses as last seen today at/)).toBeVisible();
    await expect(cards.first()).toBeVisible();
    await snap(page, 'pwa-offline-discovery');

    await page.goto('/course/discovery?search=welding');
    await expect(page.getByText("Courses will show when you're back online.")).toBeVisible();

    await page.goto('/course/discovery');
    await cards.getByRole('link', { name: 'Excel for Small Business Owners', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Excel for Small Business Owners' })).toBeAttached();
    const enrolment = page.getByRole('complementary', { name: 'Enrolment' });
    await expect(enrolment.getByText("You're offline. Enrolling needs a connection.")).toBeVisible();
    await expect(enrolment.getByRole('button', { name: /Enrol|Proceed/ })).toBeDisabled();
    await snap(page, 'pwa-offline-course');

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(banner).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
    await snap(page, 'pwa-offline-dashboard');

    await page.goto('/certificate?courseId=999999');
    await expect(page.getByText("Your certificate will be ready to view when you're back online.")).toBeVisible();
    await snap(page, 'pwa-offline-certificate');

    // Back online: the banner goes and the catalogue is live again.
    await context.setOffline(false);
    await expect(page.getByText("You're offline.", { exact: true })).toHaveCount(0);
  });

  test('on an iPhone, Install app explains Share, then Add to Home Screen', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    const page = await context.newPage();
    await page.goto('/terms');
    // The server drew this page: a press before the app takes it over does nothing (decision 070).
    await appReady(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Install app' }).click();
    const guide = page.getByRole('dialog', { name: 'Install Rivet' });
    await expect(guide.getByText('Add to Home Screen')).toBeVisible();
    await snap(page, 'pwa-install-guide-ios');
    await guide.getByRole('button', { name: 'Got it' }).click();
    await expect(guide).toHaveCount(0);
    await context.close();
  });

  // What decision 012 rests on (Chromium): a frame sandboxed without allow-same-origin, as lesson
  // packages are shown, is not served by the service worker, so a downloaded package cannot be
  // shown in it offline; a frame without the sandbox is served from the downloads cache.
  test('a sandboxed lesson frame is not served by the service worker; a plain frame is', async ({ page, context }) => {
    await page.goto('/terms');
    await controlledByServiceWorker(page);
    await page.evaluate(async () => {
      const cache = await caches.open('rivet-media-v1');
      await cache.put('/offline-media/990/index.html', new Response('<!doctype html><title>Downloaded lesson</title><h1>Downloaded lesson</h1>', { headers: { 'content-type': 'text/html' } }));
    });
    await context.setOffline(true);
    await page.evaluate(() => {
      for (const sandbox of ['allow-scripts', null]) {
        const frame = document.createElement('iframe');
        if (sandbox) frame.setAttribute('sandbox', sandbox);
        frame.src = `/media/c/any-token/990/index.html?${sandbox ? 'sandboxed' : 'plain'}`;
        document.body.append(frame);
      }
    });
    const content = async (name: string) => {
      const frame = page.frames().find((f) => f.url().endsWith(`?${name}`) || (name === 'sandboxed' && f.url().startsWith('chrome-error:')));
      return frame ? await frame.content() : '';
    };
    await expect.poll(() => content('plain')).toContain('<h1>Downloaded lesson</h1>');
    await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-error:'))).toBe(true);
    expect(await content('sandboxed')).not.toContain('Downloaded lesson');
  });

  // A release is a new build: this test serves its own copy of the build (its own server, on the
  // next port but ten), so changing sw.js there leaves the shared server and other runs alone.
  test('a new version waits for the learner; Reload switches to it', async ({ browser }) => {
    test.setTimeout(180_000);
    const port = Number(process.env.E2E_PORT ?? 8181) + 10;
    const root = mkdtempSync(join(tmpdir(), 'rivet-pwa-update-'));
    cpSync(join('dist', 'learner-pwa'), join(root, 'static', 'learner-pwa'), { recursive: true });
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(root, 'data'), STATIC_DIR: join(root, 'static'), DATABASE_URL: '', SEED_DEMO: 'false', PAYMENT_PROVIDER: 'sandbox', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    try {
      const baseURL = `http://127.0.0.1:${port}`;
      await expect.poll(() => fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false), { timeout: 90_000 }).toBe(true);
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await page.goto('/terms');
      await controlledByServiceWorker(page);
      await expect(page.getByText('A new version of Rivet is ready.')).toHaveCount(0);

      const worker = join(root, 'static', 'learner-pwa', 'sw.js');
      writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// the next release\n`);
      rmSync(`${worker}.br`, { force: true });
      rmSync(`${worker}.gz`, { force: true });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await expect(page.getByText('A new version of Rivet is ready.')).toBeVisible({ timeout: 30_000 });
      await snap(page, 'pwa-update-prompt');

      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
      await controlledByServiceWorker(page);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      await expect(page.getByText('A new version of Rivet is ready.')).toHaveCount(0);
      await context.close();
    } finally {
      server.kill('SIGTERM');
      rmSync(root, { recursive: true, force: true });
    }
  });
});
