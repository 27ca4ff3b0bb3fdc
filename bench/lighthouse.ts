// Lighthouse 13 (mobile preset: simulated slow 4G and a 4x slower CPU) against the production build
// served by the real server, on every public learner route, the signed-in dashboard and player,
// and the landing page once the service worker controls it (docs/decisions/063).
//
// Simulated throttling still feels the machine's own CPU contention (other processes make every
// observed task longer), so each page is measured several times, the medians are printed, and the
// load average and Lighthouse's own CPU benchmark are printed beside them.
//
// Runs `npx lighthouse` so the project does not install it (needs the registry the first time).
// Chromium is started by Playwright with a persistent profile and a debugging port; Lighthouse
// attaches to it (--port), so a run can start signed in (cookie and stored profile set through the
// API beforehand) or with the service worker installed (--disable-storage-reset).
//
//   node --import tsx bench/lighthouse.ts                  every route, 3 runs each
//   LIGHTHOUSE_RUNS=1 LIGHTHOUSE_ROUTES=/,/course/discovery node --import tsx bench/lighthouse.ts
//   LIGHTHOUSE_KEEP=.tmp/lh …                              also keeps each run's JSON report there
//   LIGHTHOUSE_VIA=direct|both …                           straight to the server (HTTP/1.1) instead of, or as well as, through
//                                                          the TLS + HTTP/2 proxy a deployment has (nginx, when installed; decision 074)
//   LIGHTHOUSE_THROTTLING=devtools …                       throttles the real load (slower; see lighthouseOnce)
//   LIGHTHOUSE_ROUTES=signed-in-sw:/dashboard …            one setup of a page (cold, signed-in, service-worker, signed-in-sw)
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext } from '@playwright/test';
import { startH2Proxy } from './h2-proxy';

const run = promisify(execFile);
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LEARNER = { userName: 'amaka.obi@learners.demo.ng', password: 'Learn#Naija2026' };

type Setup = 'cold' | 'signed-in' | 'service-worker' | 'signed-in-sw';
interface Target {
  path: string;
  setup: Setup;
}

/** Every public learner route (learner-pwa/src/app/routes.tsx) with a demo id where it needs one. */
export const PUBLIC_ROUTES = [
  '/',
  '/register',
  '/forgot-password',
  '/terms',
  '/privacy',
  '/partner',
  '/course/discovery',
  '/course/details/1/course',
  '/course/catalogue',
  '/course/course-category-landing?categoryId=1',
  '/course/institution-landing?id=1',
  '/course/programs',
  '/course/program-landing?courseId=1',
  '/course/facilitators',
  '/certificate/verify/RIVET-0000',
];

export interface LighthouseRow {
  page: string;
  setup: Setup;
  runs: number;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** Lighthouse's own CPU benchmark (higher is faster; an idle desktop scores ~1,500+). */
  cpuIndex: number;
  /** 1-minute load average before and after this page's runs; the machine has os.availableParallelism() cores. */
  load: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function waitForHealth(base: string) {
  for (let i = 0; i < 1_800; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

/** Signs the demo learner in inside the browser: the refresh cookie and the stored profile, as the sign-in form leaves them. */
async function signIn(context: BrowserContext, base: string): Promise<{ userId: string; accessToken: string }> {
  const page = await context.newPage();
  // A page of the origin that is not the app, so no service worker gets registered here.
  await page.goto(`${base}/api/health`);
  const session = await page.evaluate(async (learner) => {
    const response = await fetch('/api/Authentication/Account/Student/SignIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify(learner),
    });
    const body = (await response.json()) as { data: Record<string, unknown> & { accessToken: string; userId: string } };
    const { accessToken: _token, accessTokenExpiry: _expiry, ...profile } = body.data;
    // The shape shared/client/session.ts writes (STORED_PROFILE, version 1).
    localStorage.setItem('rivet.learner.session', JSON.stringify({ ...profile, v: 1 }));
    return body.data;
  }, LEARNER);
  await page.close();
  return { userId: session.userId, accessToken: session.accessToken };
}

/** The course the demo learner is enrolled in (seed: DEMO_LEARNER_COURSE), for the player. */
async function enrolledCourse(base: string, userId: string, accessToken: string): Promise<number> {
  const response = await fetch(`${base}/api/Course/Course/Enrolled/${userId}`, { headers: { authorization: `Bearer ${accessToken}` } });
  const body = (await response.json()) as { data: { courseId: number }[] | { items: { courseId: number }[] } };
  const list = Array.isArray(body.data) ? body.data : body.data.items;
  if (!list[0]) throw new Error('the demo learner has no enrolled course');
  return list[0].courseId;
}

/** Opens the landing page until the service worker controls it (the app registers it after the first render). */
async function installServiceWorker(context: BrowserContext, base: string) {
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 60_000 });
  await page.close();
}

async function lighthouseOnce(url: string, debugPort: number, keepStorage: boolean, out: string) {
  await run(
    'npx',
    [
      '-y',
      'lighthouse@13.5.0',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--form-factor=mobile',
      '--only-categories=performance,accessibility',
      `--port=${debugPort}`,
      ...(keepStorage ? ['--disable-storage-reset'] : []),
      // LIGHTHOUSE_THROTTLING=devtools throttles the real page load instead of simulating it: the
      // simulation only replays the dependencies it observed, so it cannot credit a request that
      // was started earlier than before (decision 074).
      ...(process.env.LIGHTHOUSE_THROTTLING ? [`--throttling-method=${process.env.LIGHTHOUSE_THROTTLING}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 << 20 },
  );
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.message}`);
  const numeric = (id: string) => report.audits[id].numericValue as number;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    fcp: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    cpuIndex: report.environment.benchmarkIndex as number,
    finalUrl: report.finalDisplayedUrl as string,
  };
}

/** One page measured `runs` times, each in a fresh browser profile prepared for its setup. */
async function measure(base: string, target: Target, runs: number, debugPort: number, origin = base): Promise<LighthouseRow> {
  const loadBefore = loadavg()[0]!;
  const results = [];
  for (let i = 0; i < runs; i++) {
    const profileDir = mkdtempSync(join(tmpdir(), 'rivet-lh-profile-'));
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROME,
      headless: true,
      args: [
        ...FLAGS.filter((f) => f !== '--headless'),
        `--remote-debugging-port=${debugPort}`,
        // The bench proxy's self-signed certificate (bench/h2-proxy.ts).
        ...(origin.startsWith('https:') ? ['--ignore-certificate-errors'] : []),
      ],
    });
    try {
      let path = target.path;
      if (target.setup === 'signed-in' || target.setup === 'signed-in-sw') {
        const session = await signIn(context, origin);
        if (path === '/course/delivery') path = `${path}?courseId=${await enrolledCourse(base, session.userId, session.accessToken)}`;
      }
      if (target.setup === 'service-worker' || target.setup === 'signed-in-sw') await installServiceWorker(context, origin);
      // On a loaded machine Lighthouse now and then loses the trace (NO_NAVSTART): once more.
      const once = () => lighthouseOnce(`${origin}${path}`, debugPort, target.setup !== 'cold', join(profileDir, 'report.json'));
      const result = await once().catch(once);
      // LIGHTHOUSE_KEEP=<dir> keeps each run's JSON report (LCP phases, long tasks, request chains).
      if (process.env.LIGHTHOUSE_KEEP) {
        mkdirSync(process.env.LIGHTHOUSE_KEEP, { recursive: true });
        const name = `${target.setup}${target.path.replace(/[^a-z0-9]+/gi, '_')}-${i + 1}.json`;
        copyFileSync(join(profileDir, 'report.json'), join(process.env.LIGHTHOUSE_KEEP, name));
      }
      // A signed-in page that bounced to sign-in would measure the wrong screen.
      if (target.setup.startsWith('signed-in') && !result.finalUrl.includes(target.path)) throw new Error(`${path} ended on ${result.finalUrl}`);
      results.push(result);
    } finally {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    }
  }
  return {
    page: target.path,
    setup: target.setup,
    runs,
    performance: median(results.map((r) => r.performance)),
    accessibility: median(results.map((r) => r.accessibility)),
    lcpMs: Math.round(median(results.map((r) => r.lcp))),
    tbtMs: Math.round(median(results.map((r) => r.tbt))),
    fcpMs: Math.round(median(results.map((r) => r.fcp))),
    cls: +median(results.map((r) => r.cls)).toFixed(3),
    cpuIndex: Math.round(median(results.map((r) => r.cpuIndex))),
    load: `${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
  };
}

export function lighthouseTargets(filter = process.env.LIGHTHOUSE_ROUTES): Target[] {
  const all: Target[] = [
    ...PUBLIC_ROUTES.map((path) => ({ path, setup: 'cold' as const })),
    { path: '/dashboard', setup: 'signed-in' },
    { path: '/course/delivery', setup: 'signed-in' },
    // What a returning learner opens: the installed app, its shell and chunks from the precache.
    { path: '/dashboard', setup: 'signed-in-sw' },
    { path: '/course/delivery', setup: 'signed-in-sw' },
    { path: '/', setup: 'service-worker' },
    { path: '/course/discovery', setup: 'service-worker' },
  ];
  if (!filter) return all;
  const wanted = filter.split(',');
  return all.filter((t) => wanted.includes(t.path) || wanted.includes(`${t.setup}:${t.path}`));
}

type Via = 'proxy' | 'direct';

/** LIGHTHOUSE_VIA: through the HTTP/2 proxy as deployed (the default), straight to the Node server (HTTP/1.1), or both. */
export function lighthouseVia(value = process.env.LIGHTHOUSE_VIA ?? 'proxy'): Via[] {
  return value === 'both' ? ['proxy', 'direct'] : value === 'direct' ? ['direct'] : ['proxy'];
}

/**
 * Starts the server on the embedded database with the demo seed and measures every target, through
 * a TLS + HTTP/2 proxy in front of it as a deployment has (bench/h2-proxy.ts, decision 074), or
 * straight to the server as `npm start` serves a phone on the same network.
 */
export async function lighthouseBench(targets = lighthouseTargets(), runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3), vias = lighthouseVia()): Promise<(LighthouseRow & { via: string })[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rivet-lh-'));
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 18_190);
  const debugPort = port + 1;
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const proxy = vias.includes('proxy') ? await startH2Proxy(port, port + 2) : null;
  try {
    await waitForHealth(base);
    const rows: (LighthouseRow & { via: string })[] = [];
    for (const via of vias) {
      const origin = via === 'proxy' && proxy ? proxy.origin : base;
      const label = via === 'proxy' ? (proxy ? 'nginx, HTTP/2' : 'direct (no nginx here)') : 'direct, HTTP/1.1';
      if (via === 'proxy' && !proxy && vias.includes('direct')) continue;
      for (const target of targets) rows.push({ ...(await measure(base, target, runs, debugPort, origin)), via: label });
    }
    return rows;
  } finally {
    await proxy?.stop();
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Lighthouse mobile, medians (budget: performance ≥ 95, LCP ≤ 2,000 ms, TBT ≤ 200 ms, accessibility 100); load average now ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.table(await lighthouseBench());
}
