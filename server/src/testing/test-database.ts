// Databases for tests: a fresh in-memory PGlite, or — when DATABASE_URL is set — a fresh database
// created on that PostgreSQL server and dropped afterwards. Both get the real migrations.
import { randomBytes } from 'node:crypto';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';

export type Driver = 'pglite' | 'postgres';

/** The drivers this run covers: always PGlite, and PostgreSQL when DATABASE_URL is set. */
export function testDrivers(env: Record<string, string | undefined> = process.env): Driver[] {
  return env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function openTestDatabase(driver: Driver, env: Record<string, string | undefined> = process.env): Promise<DatabaseHandle> {
  if (driver === 'pglite') return openPglite(null);
  const { default: pg } = await import('pg');
  const adminUrl = env.DATABASE_URL!;
  const name = `rivet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { max: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
