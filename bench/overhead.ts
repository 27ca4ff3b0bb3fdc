// Per-request overhead (issue 18, docs/decisions/062): `GET Course/CourseCategory/List?IsActive=true`
// served by the server (the same process `npm run serve` starts, on PostgreSQL, logging at info as
// deployed) and by the bare `node:http` + `pg` baseline (bench/bare-baseline.ts) on the same
// database, one after the other, with the same autocannon load. Several rounds, alternating, since
// this machine is shared: prints each run with the load average beside it, then the medians and the
// ratio of the server's requests/s to the baseline's (budget: ≥ 0.6). Each round also sends the
// same request with a signed-in learner's bearer token ('rivet-signed-in'): what checking a token
// costs on top — its signature (kept once verified, decision 065) and its user's session version
// (kept for a few seconds, decision 084).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BARE_PATH } from './bare-baseline';
import { DEMO_ACCOUNTS } from '../server/src/db/seed/seed';
import { benchPort, call, percentiles, withScratchDatabase, withServer } from './server';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The server listens on this port, the baseline on the next (both moved by BENCH_PORT_OFFSET). */
const PORT = 18_341;
const PATH = `${BARE_PATH}?IsActive=true`;

export interface Run {
  round: number;
  server: 'rivet' | 'rivet-signed-in' | 'bare';
  rps: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
  non2xx: number;
  errors: number;
  /** CPU time the serving process spent per answered request (user + system): steadier than req/s on a busy machine. */
  cpuUsPerRequest: number;
  /** The machine's 1-minute load average when the run started. */
  load1: number;
}

/** User + system CPU time of a process so far, in microseconds (Linux /proc). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function load(url: string, seconds: number, headers: Record<string, string> = {}) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: url + PATH, connections: CONNECTIONS, duration: seconds, headers }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  return { rps: Math.round(result.requests.total / seconds), ...percentiles(latencies), non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

async function measured(round: number, server: Run['server'], url: string, pid: number, headers: Record<string, string> = {}): Promise<Run> {
  // A short run first: the JIT and the pool's connections are warm before the figures are taken.
  await load(url, 2, headers);
  const load1 = +loadavg()[0]!.toFixed(2);
  const cpuBefore = cpuMicros(pid);
  const result = await load(url, SECONDS, headers);
  const cpuUsPerRequest = Math.round((cpuMicros(pid) - cpuBefore) / Math.max(1, result.rps * SECONDS));
  return { round, server, ...result, cpuUsPerRequest, load1 };
}

async function withBare<T>(databaseUrl: string, port: number, run: (url: string, pid: number) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-baseline.ts'], { env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300; i++) {
      if (await fetch(url + PATH).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return await run(url, child.pid!);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function overheadBench(): Promise<{ runs: Run[]; summary: Record<string, number>[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'rivet-bench-'));
  try {
    return await withScratchDatabase('rivet_bench_overhead', (databaseUrl) =>
      withServer({ DATABASE_URL: databaseUrl, DATA_DIR: dir, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' }, PORT, async (url, pid) => {
        const runs: Run[] = [];
        const { learner } = DEMO_ACCOUNTS;
        const session = (await call(url, '/Authentication/Account/Student/SignIn', { json: { userName: learner.email, password: learner.password } })) as { accessToken: string };
        const signedIn = { authorization: `Bearer ${session.accessToken}` };
        for (let round = 1; round <= ROUNDS; round++) {
          runs.push(await measured(round, 'rivet', url, pid));
          runs.push(await measured(round, 'rivet-signed-in', url, pid, signedIn));
          runs.push(await withBare(databaseUrl, benchPort(PORT + 1), (bareUrl, barePid) => measured(round, 'bare', bareUrl, barePid)));
        }
        const of = (server: Run['server'], key: 'rps' | 'p95ms' | 'load1' | 'cpuUsPerRequest') => median(runs.filter((r) => r.server === server).map((r) => r[key]));
        const inRound = (round: number, server: Run['server']) => runs.find((r) => r.round === round && r.server === server)!;
        const ratios = Array.from({ length: ROUNDS }, (_, i) => inRound(i + 1, 'rivet').rps / inRound(i + 1, 'bare').rps);
        return {
          runs,
          summary: [
            {
              rounds: ROUNDS,
              connections: CONNECTIONS,
              seconds: SECONDS,
              rivetRps: of('rivet', 'rps'),
              bareRps: of('bare', 'rps'),
              rivetP95ms: of('rivet', 'p95ms'),
              bareP95ms: of('bare', 'p95ms'),
              medianRatio: +median(ratios).toFixed(2),
              rivetCpuUs: of('rivet', 'cpuUsPerRequest'),
              signedInRps: of('rivet-signed-in', 'rps'),
              signedInCpuUs: of('rivet-signed-in', 'cpuUsPerRequest'),
              bareCpuUs: of('bare', 'cpuUsPerRequest'),
              load1: +of('rivet', 'load1').toFixed(2),
            },
          ],
        };
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Per-request overhead: ${PATH} on PostgreSQL, the server vs a bare node:http + pg server, ${CONNECTIONS} connections, ${SECONDS} s, ${ROUNDS} rounds (budget: ratio ≥ 0.6; docs/decisions/062)`);
  const { runs, summary } = await overheadBench();
  console.table(runs);
  console.table(summary);
}
