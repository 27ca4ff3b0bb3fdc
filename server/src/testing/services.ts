// The real PostgreSQL and Redis some tests need (two server processes sharing them). On this
// machine kind and in CI both run; a test skips, saying which is missing, only when one is not.
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';

export const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

function listening(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port) || defaultPort, hostname || '127.0.0.1', () => done(true));
  });
}

/** null when both answer; otherwise why the test cannot run. */
export async function sharedServicesMissing(needs: { postgres?: boolean; redis?: boolean }): Promise<string | null> {
  const missing: string[] = [];
  if (needs.postgres && !(await listening(POSTGRES_URL, 5432))) missing.push(`PostgreSQL (${new URL(POSTGRES_URL).host}, DATABASE_URL)`);
  if (needs.redis && !(await listening(REDIS_URL, 6379))) missing.push(`Redis (${new URL(REDIS_URL).host}, REDIS_URL)`);
  return missing.length ? `skipped: ${missing.join(' and ')} not reachable` : null;
}

/** Runs one statement on the shared PostgreSQL's own database (to create or drop a scratch one). */
export async function adminQuery(statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A scratch database's unique name (`prefix` and random hex) and its URL on the shared PostgreSQL. */
export function scratchDatabase(prefix: string): { name: string; url: string } {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}
