// Lighthouse (mobile, simulated slow 4G) against the production build served by the real server.
// Runs `npx lighthouse` so the project does not install it; needs the registry the first time.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

export async function lighthouse(path = '/') {
  const dir = mkdtempSync(join(tmpdir(), 'rivet-lh-'));
  const port = 18_190;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; i < 200; i++) {
      if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const out = join(dir, 'report.json');
    execFileSync(
      'npx',
      ['-y', 'lighthouse@13.5.0', `http://127.0.0.1:${port}${path}`, '--quiet', '--output=json', `--output-path=${out}`, '--form-factor=mobile',
        '--only-categories=performance,accessibility,best-practices,seo', `--chrome-flags=${FLAGS}`],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: 'ignore' },
    );
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const score = (k: string) => Math.round(report.categories[k].score * 100);
    const value = (id: string) => report.audits[id].displayValue as string;
    return {
      page: path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    };
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table([await lighthouse('/'), await lighthouse('/register'), await lighthouse('/course/discovery'), await lighthouse('/course/details/1/course')]);
}
