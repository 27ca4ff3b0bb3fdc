// Runs a benchmark against a real server process (the same `node --import tsx server/src/main.ts`
// as `npm run serve`) on its own port, then stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, POSTGRES_URL } from '../server/src/testing/services';

/** BENCH_PORT_OFFSET moves every benchmark's ports, for several people benchmarking on one machine. */
export const benchPort = (port: number) => port + Number(process.env.BENCH_PORT_OFFSET ?? 0);

export async function withServer<T>(env: Record<string, string>, basePort: number, run: (url: string, pid: number) => Promise<T>): Promise<T> {
  const port = benchPort(basePort);
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=.tmp/prof' profiles the server under load.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', SEARCH_CACHE_SECONDS: process.env.SEARCH_CACHE_SECONDS ?? '30', ...env },
    stdio: process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore',
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 600; i++) {
      if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return await run(url, child.pid!);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** One API call; resolves with the envelope's data, throws with the description on an error status. */
export async function call(url: string, path: string, init: { token?: string; json?: unknown } = {}) {
  const res = await fetch(`${url}/api${path}`, {
    method: init.json === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const body = (await res.json()) as { data: any; description: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.description}`);
  return body.data;
}

/** Latency percentiles (ms, one decimal) of sorted samples. */
export function percentiles(sorted: number[]): { p50ms: number; p95ms: number; p99ms: number } {
  const pct = (p: number) => +(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1);
  return { p50ms: pct(50), p95ms: pct(95), p99ms: pct(99) };
}

/** A fresh PostgreSQL database on the DATABASE_URL server (or the local one) for one benchmark, dropped afterwards. */
export async function withScratchDatabase<T>(name: string, run: (url: string) => Promise<T>): Promise<T> {
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

async function withDataDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'rivet-bench-'));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `load` against a fresh server on PostgreSQL (a scratch database named `name`) and then on
 * PGlite (a scratch data directory). BENCH_DATABASES=postgres (or pglite) runs one of them.
 */
export async function onEachDatabase<T extends object>(
  name: string,
  ports: { postgres: number; pglite: number },
  env: Record<string, string>,
  load: (url: string) => Promise<T>,
): Promise<({ database: 'postgres' | 'pglite' } & T)[]> {
  const only = process.env.BENCH_DATABASES;
  const rows: ({ database: 'postgres' | 'pglite' } & T)[] = [];
  if (!only || only === 'postgres') {
    const result = await withScratchDatabase(name, (databaseUrl) => withDataDir((dir) => withServer({ ...env, DATABASE_URL: databaseUrl, DATA_DIR: dir }, ports.postgres, load)));
    rows.push({ database: 'postgres', ...result });
  }
  if (!only || only === 'pglite') {
    const result = await withDataDir((dir) => withServer({ ...env, DATABASE_URL: '', DATA_DIR: dir }, ports.pglite, load));
    rows.push({ database: 'pglite', ...result });
  }
  return rows;
}

/**
 * Runs a bulk load of generated rows with the report summaries' triggers (migration 0022, decision
 * 061) off, then rebuilds the summaries in one pass with the migration's own backfill statements:
 * a row-by-row trigger over 100,000 payments would make generating the data the slowest part of a
 * bench. The database must be a scratch one (replica mode also skips foreign keys).
 */
export async function withoutSummaryTriggers(query: (text: string) => Promise<unknown>, load: () => Promise<void>): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const migration = readFileSync(new URL('../server/drizzle/0022_report_summary_triggers.sql', import.meta.url), 'utf8');
  const backfill = migration.slice(migration.indexOf('-- What was there before the triggers.')).split('--> statement-breakpoint');
  await query('set session_replication_role = replica');
  try {
    await load();
  } finally {
    await query('reset session_replication_role');
  }
  await query('truncate payment_day_counts, sales_days, partner_share_days, sales_month_learners, sales_learners, sales_months, sales_courses, enrolment_days');
  for (const statement of backfill) await query(statement);
}
