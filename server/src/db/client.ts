// One Drizzle database over either the embedded PGlite (default, data under DATA_DIR) or a real
// PostgreSQL server (DATABASE_URL). Both run the same migrations and the same queries.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Plain SQL on the same connection(s) as `db`, in the shape pg-boss's `db` option takes (the job queue, docs/decisions/033). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<unknown>;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  sql: SqlExecutor;
  /** Round-trips a trivial query; used by the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** `loadDataDir`: start an in-memory instance from a data-dir tarball (tests: a migrated template, decision 069). */
async function newPglite(dataDir: string | null, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  const client = dataDir ? new PGlite(join(dataDir, 'pgdata'), { extensions }) : new PGlite({ extensions, loadDataDir });
  await client.waitReady;
  return client;
}

/**
 * A freshly migrated in-memory PGlite's data dir as an uncompressed tarball (the tests' template,
 * decision 069); `prepare` adds what every copy should start with (the seeded template, decision 096).
 */
export async function migratedPgliteDataDir(prepare?: (db: Database) => Promise<void>): Promise<Blob> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await newPglite(null);
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    await prepare?.(db as unknown as Database);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

export async function openPglite(
  dataDir: string | null,
  prepare?: (db: Database) => Promise<void>,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await newPglite(dataDir, options.loadDataDir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await prepare?.(db as unknown as Database);
  // pg-boss's own adapter: parameterless (multi-statement) text goes through exec(), and a failed
  // statement's transaction is rolled back so the single connection is not left poisoned.
  const { fromPglite } = await import('pg-boss');
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    sql: fromPglite(client),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** Held while a process migrates and seeds: several processes starting together take turns (decision 054). */
const STARTUP_LOCK = 7_460_310_054;

export async function openPostgres(url: string, options: { max?: number; prepare?: (db: Database) => Promise<void> } = {}): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client dropped by the server (restart, failover) must not crash the process.
  pool.on('error', () => undefined);
  // So must a checked-out client (a transaction between two statements) when the server goes away:
  // node-postgres emits 'error' on the client itself, and unheard that ends the process. Heard, the
  // next statement fails, the request answers 503 (isDatabaseUnavailable) and the pool discards the
  // client on release (decision 064: a restart under load once took a process down this way).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    await options.prepare?.(db as unknown as Database);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    lock.release();
  }
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    // node-postgres answers a multi-statement text with one result per statement, as pg-boss expects.
    sql: { executeSql: (text, values) => pool.query(text, values) },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/** `prepare` (the seed) runs after the migrations; on PostgreSQL both hold a lock, so processes starting together do them one at a time. */
export function openDatabase(options: { databaseUrl: string | null; dataDir: string }, prepare?: (db: Database) => Promise<void>): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, { prepare }) : openPglite(options.dataDir, prepare);
}

/** node-postgres answers db.execute with { rows }, PGlite too; keep either shape working. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
