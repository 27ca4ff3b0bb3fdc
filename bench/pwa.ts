// The learner PWA's figures: what the service worker precaches (entries and bytes, raw and gzip,
// read from the manifest injected into dist/learner-pwa/sw.js), and whether Chromium finds the
// built app installable (CDP Page.getInstallabilityErrors, which is what Lighthouse's retired PWA
// category checked), with how long a repeat visit takes to render offline (budget < 1 s): its
// first contentful paint, and the time until the page's heading shows, seen from the test.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { withServer } from './server';

const DIST = join('dist', 'learner-pwa');
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const kb = (bytes: number) => +(bytes / 1024).toFixed(1);

/** The precache manifest workbox injected into sw.js (JSON, so its entries read back exactly). */
export function precacheEntries(dist = DIST): string[] {
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  if (!urls.length) throw new Error(`${dist}/sw.js has no precache manifest: run npm run build first`);
  return urls;
}

export function precacheSize(dist = DIST) {
  const urls = precacheEntries(dist);
  let raw = 0;
  let gzip = 0;
  const byKind = new Map<string, number>();
  for (const url of urls) {
    const file = readFileSync(join(dist, url));
    raw += file.length;
    gzip += gzipSync(file, { level: 9 }).length;
    const kind = /\.(js|css|html|png|svg|webmanifest)$/.exec(url)?.[1] ?? 'other';
    byKind.set(kind, (byKind.get(kind) ?? 0) + file.length);
  }
  return {
    entries: urls.length,
    rawKB: kb(raw),
    gzipKB: kb(gzip),
    jsKB: kb(byKind.get('js') ?? 0),
    cssKB: kb(byKind.get('css') ?? 0),
    imagesKB: kb((byKind.get('png') ?? 0) + (byKind.get('svg') ?? 0)),
    swJsKB: kb(statSync(join(dist, 'sw.js')).size),
    swJsGzipKB: kb(gzipSync(readFileSync(join(dist, 'sw.js')), { level: 9 }).length),
  };
}

/** Opens the built app in a real (non-incognito) Chromium profile and asks Chromium whether it can be installed. */
export async function installability(port = 18_290) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rivet-bench-pwa-'));
  const profile = mkdtempSync(join(tmpdir(), 'rivet-bench-profile-'));
  try {
    return await withServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, port, async (url) => {
      // Incognito profiles (Playwright's usual contexts) are never offered installing.
      const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(`${url}/`);
        await page.waitForFunction(async () => {
          await navigator.serviceWorker.ready;
          return navigator.serviceWorker.controller !== null;
        });
        const cdp = await context.newCDPSession(page);
        const manifest = await cdp.send('Page.getAppManifest');
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        const errors = installabilityErrors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '));

        // A repeat visit with no network: the shell from the precache, the hero painted.
        await context.setOffline(true);
        const started = performance.now();
        await page.reload({ waitUntil: 'commit' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const offlineHeadingMs = Math.round(performance.now() - started);
        const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);

        return {
          installable: errors.length === 0 ? 'yes' : 'no',
          errors: errors.join('; ') || 'none',
          manifest: manifest.url.replace(url, ''),
          manifestErrors: manifest.errors.length,
          serviceWorker: 'controls the page',
          offlineFcpMs: paint === null ? null : Math.round(paint),
          offlineHeadingMs,
          // Timings on a busy machine mean little: say how busy it was.
          loadAverage: +loadavg()[0]!.toFixed(1),
        };
      } finally {
        await context.close();
      }
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('Precache (learner PWA service worker)');
  console.table([precacheSize()]);
  console.log('Installability (Chromium, CDP) and a repeat visit offline (budget: < 1 s)');
  const result = await installability();
  console.table([result]);
  console.log(`installable: ${result.installable}${result.installable === 'yes' ? '' : ` (${result.errors})`}`);
}
