// A flood of unique catalogue searches on the embedded database (PGlite runs queries on the
// server's own thread) while a learner checks /api/health and repeats a cached search: how long
// do they wait? Two attackers: one address (the per-address limit answers most of it), and many
// addresses behind a trusted proxy (only the bounded work per query and the search queue help).
// Prints latencies; never asserts them (DESIGN.md §7).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../server/src/db/client';
import { generate } from './catalogue';
import { percentiles, withServer } from './server';

const FLOOD = Number(process.env.BENCH_FLOOD ?? 100);

/** Unique, plausible-looking texts: every one misses the answer cache and the expansion cache. */
function uniqueText(i: number): string {
  let state = (i + 1) * 2_654_435_761;
  const letter = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return String.fromCharCode(97 + (state % 26));
  };
  const word = (len: number) => Array.from({ length: len }, letter).join('');
  return [word(9), word(12), word(7), word(10), 'management', word(8), word(11), word(9)].join(' ');
}

async function search(url: string, text: string, ip?: string) {
  const started = performance.now();
  const res = await fetch(`${url}/api/Course/Course/Search?Page=1&PageSize=20`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: JSON.stringify({ parameter: text }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

async function flood(url: string, addresses: 'one' | 'many') {
  // Warm: the query plans, and the learner's repeated search, now cached.
  for (const text of ['leadership', 'excel', 'python']) await search(url, text);
  const health: number[] = [];
  const cached: number[] = [];
  let flooding = true;
  const probe = async () => {
    while (flooding) {
      const started = performance.now();
      await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - started);
      cached.push((await search(url, 'leadership', '10.9.9.9')).ms);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const probing = probe();
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: addresses === 'one' ? 2 * FLOOD : FLOOD }, (_, i) => search(url, uniqueText(i + (addresses === 'many' ? 5000 : 0)), addresses === 'many' ? `10.1.${i >> 8}.${i & 255}` : '10.2.0.1')),
  );
  const floodMs = performance.now() - started;
  flooding = false;
  await probing;
  const statuses: Record<string, number> = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  health.sort((a, b) => a - b);
  cached.sort((a, b) => a - b);
  return {
    attackers: addresses === 'one' ? '1 address' : `${FLOOD} addresses`,
    searches: results.length,
    answered: JSON.stringify(statuses),
    floodSeconds: +(floodMs / 1000).toFixed(2),
    healthP95ms: percentiles(health).p95ms,
    healthMaxms: +(health.at(-1) ?? 0).toFixed(1),
    cachedSearchP95ms: percentiles(cached).p95ms,
    cachedSearchMaxms: +(cached.at(-1) ?? 0).toFixed(1),
  };
}

export async function searchFloodBench() {
  const dir = mkdtempSync(join(tmpdir(), 'rivet-bench-'));
  try {
    const db = await openPglite(dir);
    await generate(db.db);
    await db.close();
    return await withServer({ DATABASE_URL: '', DATA_DIR: dir, TRUST_PROXY: 'true' }, 18_311, async (url) => [await flood(url, 'one'), await flood(url, 'many')]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`${FLOOD} unique searches at once on PGlite (10,000 courses) while a learner polls /api/health and a cached search`);
  console.table(await searchFloodBench());
}
