// Databases for tests: a fresh in-memory PGlite, or — when DATABASE_URL is set — a fresh database
// created on that PostgreSQL server and dropped afterwards. Both get the real migrations: the run's
// global setup (test-templates.ts) migrates one template per driver and each test database starts as
// a copy of it (decision 069); without that setup (a file run outside vitest's projects) each
// database is migrated from scratch as before. openPglite/openPostgres still run the migrator on the
// copy, which finds every migration applied and does nothing.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';

export type Driver = 'pglite' | 'postgres';

/** Set by the global setup: the migrated PGlite data dir's tarball, and the migrated template database's name. */
export const PGLITE_TEMPLATE_ENV = 'RIVET_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'RIVET_TEST_POSTGRES_TEMPLATE';
/** The same, migrated and seeded with the demo without its sales (decision 096): what createTestApp starts from. */
export const PGLITE_SEEDED_TEMPLATE_ENV = 'RIVET_TEST_PGLITE_SEEDED_TEMPLATE';
export const POSTGRES_SEEDED_TEMPLATE_ENV = 'RIVET_TEST_POSTGRES_SEEDED_TEMPLATE';

/** Where a test app's clock starts; the seeded templates are seeded as of this instant. */
export const TEST_EPOCH = new Date('2026-11-22T09:00:00Z');

/** Which start a test database gets: the migrations only, or the demo seeded on top (decision 096). */
export type TestDatabaseStart = 'migrated' | 'seeded';

/** The drivers this run covers: always PGlite, and PostgreSQL when DATABASE_URL is set. */
export function testDrivers(env: Record<string, string | undefined> = process.env): Driver[] {
  return env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

const pgliteTemplates = new Map<string, Promise<Blob>>();

function pgliteTemplateBlob(path: string): Promise<Blob> {
  let blob = pgliteTemplates.get(path);
  if (!blob) pgliteTemplates.set(path, (blob = readFile(path).then((bytes) => new Blob([bytes]))));
  return blob;
}

/**
 * A fresh database. `seeded` asks for the demo (no sales) already in it; the answer says whether
 * it is, as outside vitest's global setup there is no seeded template and the caller seeds.
 */
export async function openTestDatabase(driver: Driver, env: Record<string, string | undefined> = process.env, start: TestDatabaseStart = 'migrated'): Promise<DatabaseHandle & { seeded: boolean }> {
  if (driver === 'pglite') {
    const seededTemplate = start === 'seeded' ? env[PGLITE_SEEDED_TEMPLATE_ENV] : undefined;
    const template = seededTemplate ?? env[PGLITE_TEMPLATE_ENV];
    const handle = await openPglite(null, undefined, template ? { loadDataDir: await pgliteTemplateBlob(template) } : {});
    return { ...handle, seeded: Boolean(seededTemplate) };
  }
  const { default: pg } = await import('pg');
  const adminUrl = env.DATABASE_URL!;
  const name = `rivet_test_${randomBytes(6).toString('hex')}`;
  const seededTemplate = start === 'seeded' ? env[POSTGRES_SEEDED_TEMPLATE_ENV] : undefined;
  const template = seededTemplate ?? env[POSTGRES_TEMPLATE_ENV];
  if (template && !/^rivet_template_[0-9a-f]+$/.test(template)) throw new Error(`unexpected template database name ${template}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { max: 4 });
  return {
    ...handle,
    seeded: Boolean(seededTemplate),
    async close() {
      await handle.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
