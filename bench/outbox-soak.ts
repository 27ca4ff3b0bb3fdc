// An outbox soak in a real browser (decision 064): one learner, in Debian's Chromium with the built
// learner app and its service worker, downloads a course and studies it through SOAK_FLIPS random
// network flips (default 200; context.setOffline), opening sections and marking them complete,
// with page reloads among them and one server restart (SIGTERM, then started again on the same
// data). Everything random comes from SOAK_SEED (printed), so a failure replays with the same seed.
// Afterwards the server's own rows are counted: every event the phone queued is stored exactly once.
// Long (minutes), so a bench, not a test; it needs `npm run build`. Asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import type { LearnerEvent, PlayerContent } from '../shared/api/learning';
import { openPglite } from '../server/src/db/client';
import { startServerProcess, type ServerProcess } from '../server/src/testing/server-process';
import { enrolAndOpen, newLearner, readOutbox, register, signIn, userIdOf } from '../tests/e2e/learner-helpers';
import { loadAverage, randomSource, sleep } from './learners';

const FLIPS = Number(process.env.SOAK_FLIPS ?? 200);
const SEED = Number(process.env.SOAK_SEED ?? Date.now() % 1_000_000);
const PORT = Number(process.env.E2E_PORT ?? 8206);
const COURSE = 'Google Workspace for Teams';

async function downloadForOffline(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.getByRole('button', { name: /^Download for offline/ }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /^Data saver/ }).check({ force: true });
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await dialog.getByRole('heading', { name: 'Downloaded' }).waitFor({ timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
}

export async function outboxSoak() {
  // The service worker replays the outbox too (Background Sync): its requests are watched as well.
  process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
  const random = randomSource(SEED);
  const dataDir = mkdtempSync(join(tmpdir(), 'rivet-soak-'));
  const url = `http://127.0.0.1:${PORT}`;
  const env = {
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    STATIC_DIR: resolve('dist'),
    PUBLIC_URL: url,
    PAYMENT_PROVIDER: 'sandbox',
    PAYSTACK_SECRET_KEY: '',
    PAYSTACK_PUBLIC_KEY: '',
    JWT_SECRET: 'outbox-soak-secret-kept-across-the-restart-0123456789',
  };
  let server: ServerProcess = await startServerProcess(PORT, env, { dataDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const loadBefore = await loadAverage();
  const started = performance.now();
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1366, height: 900 } });
    context.setDefaultTimeout(30_000);
    // What the page sent (bodies may be gzipped, decision 058) and what the server answered.
    const sent = new Map<string, LearnerEvent>();
    const applied = new Map<string, number>();
    // Every event id the server answered for: an event queued and sent between two looks at the outbox is still counted.
    const answered = new Set<string>();
    context.on('response', async (response) => {
      if (!/\/api\/Course\/Course\/Events\//.test(response.url())) return;
      const request = response.request();
      const raw = request.postDataBuffer();
      if (raw) {
        const gzipped = (await request.headerValue('content-encoding')) === 'gzip';
        try {
          const body = JSON.parse((gzipped ? gunzipSync(raw) : raw).toString()) as { events: LearnerEvent[] };
          for (const e of body.events) sent.set(e.eventId, e);
        } catch {
          // not a batch
        }
      }
      const answer = (await response.json().catch(() => null)) as { data?: { results?: { eventId: string; outcome: string }[] } } | null;
      for (const r of answer?.data?.results ?? []) {
        answered.add(r.eventId);
        if (r.outcome === 'applied') applied.set(r.eventId, (applied.get(r.eventId) ?? 0) + 1);
      }
    });
    const page = await context.newPage();
    const learner = newLearner('Soak', 'Learner');
    await register(page, learner);
    await signIn(page, learner);
    const content: PlayerContent = await enrolAndOpen(page, COURSE);
    const queued = new Map<string, LearnerEvent>();
    const remember = async () => {
      for (const e of await readOutbox(page).catch(() => [])) queued.set(e.eventId, e.event);
    };
    const userId = await userIdOf(page);
    await remember();
    await downloadForOffline(page);
    await remember();
    const sections = content.videos.flatMap((module, m) => module.items.map((section, s) => ({ m, s, section }))).filter(({ section }) => section.courseModuleItemAssets[0]?.assetType !== 'quiz');
    const title = page.locator('h1.player__title');
    const closeDialog = async () => {
      const dialog = page.getByRole('dialog');
      if (await dialog.isVisible()) await dialog.getByRole('button').first().click();
    };
    let offline = false;
    let reloads = 0;
    let actions = 0;
    let restart: Promise<void> | null = null;
    const restartAt = Math.floor(FLIPS / 2);
    for (let flip = 1; flip <= FLIPS; flip++) {
      offline = !offline;
      await context.setOffline(offline);
      for (let n = random.int(1, 3); n > 0; n--) {
        // A lesson video that plays to its end while the learner does something else opens 'Module
        // complete' or 'Almost there' at any moment, and the outline behind it is inert until closed.
        await closeDialog();
        const { m, s, section } = random.pick(sections);
        // Modules other than the current one are folded: open it first, as the learner would.
        const module = page.locator('.outline__module').nth(m);
        const trigger = module.locator('.outline__trigger');
        if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
        await module.locator('.outline__section').nth(s).click();
        await title.filter({ hasText: section.title }).waitFor();
        const done = page.getByRole('button', { name: 'Mark as Completed' });
        if (random.chance(0.5) && (await done.isVisible())) await done.click();
        await closeDialog();
        actions++;
        await remember();
      }
      if (random.chance(0.06)) {
        await page.reload();
        await title.waitFor();
        reloads++;
      }
      if (flip === restartAt) {
        const old = server;
        restart = (async () => {
          await old.stop();
          server = await startServerProcess(PORT, env, { dataDir });
        })();
      }
      await sleep(random.int(0, 400));
    }
    await restart;
    // The network comes back for good once the server is up again: the 'online' event replays at
    // once, whatever the backoff the failures against the stopped server built up.
    if (!offline) await context.setOffline(true);
    await context.setOffline(false);
    for (let i = 0; i < 600; i++) {
      await remember();
      if (!(await readOutbox(page)).some((e) => e.state === 'pending')) break;
      await sleep(500);
    }
    const left = (await readOutbox(page)).filter((e) => e.state === 'pending').length;
    const parked = (await readOutbox(page)).filter((e) => e.state === 'parked').length;
    await context.close();
    for (const [id, e] of sent) queued.set(id, e);
    const ledger = new Set([...queued.keys(), ...answered]);
    await server.stop();

    // The server's rows, read from its own data once it has stopped.
    const database = await openPglite(dataDir);
    const rows = (await database.sql.executeSql('select id::text as id, count(*)::int as n from learner_events where user_id = $1 group by id', [userId])) as { rows: { id: string; n: number }[] };
    await database.close();
    const stored = new Map(rows.rows.map((r) => [r.id, r.n]));
    return {
      seed: SEED,
      flips: FLIPS,
      actions,
      reloads,
      serverRestarts: restart ? 1 : 0,
      events: ledger.size,
      rowsStored: [...stored.values()].reduce((a, b) => a + b, 0),
      duplicates: [...stored.values()].filter((n) => n > 1).length + [...applied.values()].filter((n) => n > 1).length,
      missing: [...ledger].filter((id) => !stored.has(id)).length,
      notSeenByTheBench: [...stored.keys()].filter((id) => !ledger.has(id)).length,
      stillQueued: left,
      parked,
      minutes: +((performance.now() - started) / 60_000).toFixed(1),
      loadBefore,
      loadAfter: await loadAverage(),
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Outbox soak in Chromium: ${FLIPS} network flips with reloads and a server restart, seed ${SEED} (replay with SOAK_SEED=${SEED}; duplicates and missing must be 0)`);
  console.table([await outboxSoak()]);
}
