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

export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const extensions = { pg_trgm };
  const client = dataDir ? new PGlite(join(dataDir, 'pgdata'), { extensions }) : new PGlite({ extensions });
  await client.waitReady;
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
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

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client dropped by the server (restart, failover) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
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

export function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
