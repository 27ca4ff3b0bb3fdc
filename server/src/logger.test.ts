import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import { seed } from './db/seed/seed';
import * as t from './db/schema';
import type { DatabaseHandle } from './db/client';
import { createLogger, queryName } from './logger';
import { openTestDatabase, testDrivers } from './testing/test-database';

const EMAIL = 'ada.okafor@example.ng';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';

async function logged(run: () => Promise<unknown>) {
  const lines: string[] = [];
  const log = createLogger('info', { write: (line: string) => void lines.push(line) });
  try {
    await run();
  } catch (error) {
    log.error({ err: error }, 'unhandled error');
  }
  expect(lines).toHaveLength(1);
  return { line: lines[0]!, entry: JSON.parse(lines[0]!) };
}

describe.each(testDrivers())('database errors in the log on %s', (driver) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await seed(database.db, { demo: false });
    await database.db.insert(t.users).values({ userName: EMAIL, email: EMAIL, firstName: 'Ada', passwordHash: HASH, roleId: STUDENT_ROLE_ID });
  });
  afterAll(() => database?.close());

  it('name the error class, the query and the constraint, never the SQL or its parameters', async () => {
    const { line, entry } = await logged(() =>
      database.db.insert(t.users).values({ userName: 'dup', email: EMAIL, firstName: 'Dup', lastName: 'Licate', passwordHash: HASH, roleId: STUDENT_ROLE_ID }),
    );
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain(HASH);
    expect(line).not.toMatch(/values|params/i);
    expect(entry.err).toMatchObject({ type: 'DatabaseError', code: '23505', query: 'insert users', table: 'users' });
    expect(entry.err.constraint).toMatch(/email/);
    expect(entry.err.stack).toMatch(/^\s+at /);
  });

  it('keep a value PostgreSQL quotes in its message out too', async () => {
    const { line, entry } = await logged(() => database.db.execute(sql`select * from ${t.users} where ${t.users.id} = ${'not-a-uuid-' + EMAIL}::uuid`));
    expect(line).not.toContain(EMAIL);
    expect(entry.err).toMatchObject({ type: 'DatabaseError', code: '22P02', query: 'select users' });
  });
});

describe('query names', () => {
  it.each([
    ['insert into "users" ("id") values ($1)', 'insert users'],
    ['select "id" from "course_assets" where "id" = $1', 'select course_assets'],
    ['update "payment_transactions" set "status" = $1', 'update payment_transactions'],
    ['delete from "refresh_tokens" where "user_id" = $1', 'delete refresh_tokens'],
    ['with x as (select 1) select * from x', 'with x'],
    ['vacuum', 'query'],
  ])('%s → %s', (text, name) => expect(queryName(text)).toBe(name));
});
