// Simulated learners for the load and fault benches (bench/load.ts, bench/database-restart.ts):
// accounts put straight into the database (one password hash shared, so preparing 1,000 costs no
// argon2 work the load should measure), a seeded random source so a run can be replayed, and the
// per-step latency record. Requests go through undici's pools, alternating between the server
// processes as a round-robin proxy would.
import { gzipSync } from 'node:zlib';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { Pool } from 'undici';
import { percentiles } from './server';

export const PASSWORD = 'Bench#Mark2026';
export const FREE_COURSES = ['Google Workspace for Teams', 'Excel for Small Business Owners', 'Time Management for Busy Professionals', 'Public Speaking with Confidence'];
export const SEARCH_WORDS = ['excel', 'leadership', 'security', 'data', 'speaking', 'management', 'customer', 'ai', 'google', 'flutter', 'negotiation', 'time'];

/** A seeded random source: `int(0, 9)`, `pick(list)`, `chance(p)`, `exp(mean)`. */
export function randomSource(seed: number) {
  const rng = xoroshiro128plus(seed);
  const int = (min: number, max: number) => uniformInt(rng, min, max);
  const unit = () => int(0, 1_000_000 - 1) / 1_000_000;
  return {
    int,
    unit,
    pick: <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!,
    chance: (p: number) => unit() < p,
    /** Exponentially distributed wait (think time) with this mean. */
    exp: (mean: number) => Math.round(-Math.log(1 - unit()) * mean),
  };
}
export type Random = ReturnType<typeof randomSource>;

/** Creates `count` learner accounts (users + student profiles) sharing one password; returns their e-mails. */
export async function insertLearners(databaseUrl: string, count: number, tag: string): Promise<string[]> {
  const { default: pg } = await import('pg');
  const { hashPassword } = await import('../server/src/authentication/passwords');
  const { STUDENT_ROLE_ID } = await import('../shared/domain/permissions');
  const hash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: count }, (_, i) => `load.${tag}.${i}@bench.ng`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let i = 0; i < count; i += 500) {
      const chunk = emails.slice(i, i + 500);
      const { rows } = await client.query<{ id: string }>(
        `insert into users (user_name, email, first_name, last_name, middle_name, password_hash, role_id)
         select e, e, 'Load', 'Learner', '', $2, $3 from unnest($1::text[]) as e returning id`,
        [chunk, hash, STUDENT_ROLE_ID],
      );
      await client.query(`insert into student_profiles (user_id, age, country_code) select u, '25-29', 'NG' from unnest($1::uuid[]) as u`, [rows.map((r) => r.id)]);
    }
  } finally {
    await client.end();
  }
  return emails;
}

export interface Answer {
  status: number;
  body: any;
  /** The first cookie the answer set, as `name=value` (the refresh cookie of a sign-in). */
  setCookie?: string;
}

/** Calls to the server processes, round-robin, each answer timed under a step's name. */
export class Traffic {
  private readonly pools: Pool[];
  private turn = 0;
  readonly steps = new Map<string, { ms: number[]; fiveXX: number; otherErrors: number; statuses: Map<number, number> }>();
  requests = 0;
  networkErrors = 0;

  constructor(urls: string[], connections = 128) {
    this.pools = urls.map((url) => new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 30_000 }));
  }

  private step(name: string) {
    let s = this.steps.get(name);
    if (!s) this.steps.set(name, (s = { ms: [], fiveXX: 0, otherErrors: 0, statuses: new Map() }));
    return s;
  }

  /** One call; never throws: a dropped connection is status 0. */
  async call(step: string, method: 'GET' | 'POST', path: string, init: { json?: unknown; token?: string; cookie?: string; ip: string; gzip?: boolean }): Promise<Answer> {
    const pool = this.pools[this.turn++ % this.pools.length]!;
    const headers: Record<string, string> = { 'x-forwarded-for': init.ip };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.cookie) headers.cookie = init.cookie;
    let body: Buffer | string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
      // As the phone's outbox sends its batches (decision 058).
      if (init.gzip) {
        body = gzipSync(body);
        headers['content-encoding'] = 'gzip';
      }
    }
    const record = this.step(step);
    const started = performance.now();
    this.requests++;
    try {
      const res = await pool.request({ method, path: `/api/${path}`, headers, body });
      const text = await res.body.text();
      const ms = performance.now() - started;
      record.ms.push(ms);
      record.statuses.set(res.statusCode, (record.statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) record.fiveXX++;
      else if (res.statusCode >= 400) record.otherErrors++;
      let parsed: any = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
      const cookies = res.headers['set-cookie'];
      const setCookie = (Array.isArray(cookies) ? cookies[0] : cookies)?.split(';')[0];
      return { status: res.statusCode, body: parsed, setCookie };
    } catch (error) {
      this.networkErrors++;
      record.statuses.set(0, (record.statuses.get(0) ?? 0) + 1);
      return { status: 0, body: String(error) };
    }
  }

  /** One row per step: requests, latency percentiles, 5xx and other refusals. */
  table() {
    return [...this.steps].map(([step, s]) => ({
      step,
      requests: s.ms.length,
      ...percentiles([...s.ms].sort((a, b) => a - b)),
      '5xx': s.fiveXX,
      '4xx': s.otherErrors,
    }));
  }

  close() {
    return Promise.all(this.pools.map((p) => p.close()));
  }
}

/** Resident memory of a process in MB (Linux /proc). */
export async function rssMB(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Machine load (1-minute average) to print beside the figures: this machine is shared. */
export async function loadAverage(): Promise<number> {
  const { loadavg } = await import('node:os');
  return +loadavg()[0]!.toFixed(2);
}
