import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { seed } from '../db/seed/seed';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

describe.each(testDrivers())('countries on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  const countries = async () =>
    ((await (await app.fetch('/api/Institution/Institution/Countries')).json()) as { data: { id: number; countryName: string; code1: string }[] }).data;

  it('lists Nigeria first, then every country once, by name', async () => {
    const list = await countries();
    expect(list[0]).toMatchObject({ countryName: 'Nigeria', code1: 'NG' });
    const names = list.map((c) => c.countryName);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => ['Benin', 'Burkina Faso', 'United Kingdom'].includes(n))).toEqual(['Benin', 'Burkina Faso', 'United Kingdom']);
    const rest = names.slice(1);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('moves a database seeded with the duplicate codes to the real ones', async () => {
    const db = app.database.db;
    // As an earlier seed left it: a learner stored under 'UK', and the 'UK' and 'DY' rows.
    await db.insert(t.countries).values([
      { id: 9001, code1: 'UK', countryName: 'United Kingdom' },
      { id: 9002, code1: 'DY', countryName: 'Benin' },
    ]);
    const [profile] = await db.select({ id: t.studentProfiles.id }).from(t.studentProfiles).limit(1);
    await db.update(t.studentProfiles).set({ countryCode: 'UK' }).where(eq(t.studentProfiles.id, profile!.id));

    await seed(db, { demo: false });

    const [moved] = await db.select({ countryCode: t.studentProfiles.countryCode }).from(t.studentProfiles).where(eq(t.studentProfiles.id, profile!.id));
    expect(moved!.countryCode).toBe('GB');
    expect((await countries()).filter((c) => ['UK', 'DY', 'HV'].includes(c.code1))).toEqual([]);
  });
});
