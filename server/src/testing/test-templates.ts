// vitest global setup for the server tests (decision 069): migrate once per run, then copy.
// PGlite: one migrated in-memory instance's data dir, saved as a tarball in a temp file; each test
// PGlite starts from it (loadDataDir). PostgreSQL (DATABASE_URL set): one migrated template database
// with a unique name, its connections closed so it can be copied; each test database is
// `create database … template …`. Both are removed at the end of the run, failed or not.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedPgliteDataDir, openPostgres, type Database } from '../db/client';
import { seed } from '../db/seed/seed';
import { PGLITE_SEEDED_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV, POSTGRES_SEEDED_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, TEST_EPOCH } from './test-database';

/**
 * What createTestApp would seed on every database (decision 096): the demo without its sales. Seeded
 * once here, it is copied instead of redone per test file (argon2 hashes of the demo accounts, the
 * catalogue and its search words were most of a server test file's start).
 */
const seedDemo = (db: Database) => seed(db, { demo: true, sales: false, now: TEST_EPOCH });

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const cleanups: (() => Promise<void>)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    for (const env of [PGLITE_TEMPLATE_ENV, PGLITE_SEEDED_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, POSTGRES_SEEDED_TEMPLATE_ENV]) delete process.env[env];
  };
  try {
    const dir = await mkdtemp(join(tmpdir(), 'rivet-test-template-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    for (const [env, prepare] of [[PGLITE_TEMPLATE_ENV, undefined], [PGLITE_SEEDED_TEMPLATE_ENV, seedDemo]] as const) {
      const file = join(dir, `${env.toLowerCase()}.tar`);
      await writeFile(file, Buffer.from(await (await migratedPgliteDataDir(prepare)).arrayBuffer()));
      process.env[env] = file;
    }

    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) {
      const { default: pg } = await import('pg');
      for (const [env, prepare] of [[POSTGRES_TEMPLATE_ENV, undefined], [POSTGRES_SEEDED_TEMPLATE_ENV, seedDemo]] as const) {
        const name = `rivet_template_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        try {
          await admin.query(`create database ${name}`);
        } finally {
          await admin.end();
        }
        cleanups.push(() => dropDatabase(adminUrl, name));
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        // Migrates under the same lock as every openPostgres (one connection holds it, so max >= 2); close() ends the pool, so no connection
        // is left on the template (PostgreSQL refuses to copy a database others are connected to).
        const handle = await openPostgres(url.toString(), { max: 2, ...(prepare ? { prepare } : {}) });
        await handle.close();
        process.env[env] = name;
      }
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
