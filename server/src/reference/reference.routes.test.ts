import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { seed } from '../db/seed/seed';
import { NIGERIAN_BANKS } from '../db/seed/banks';
import { signedInStaff } from '../testing/staff-fixtures';
import { type Browser, createTestApp, type TestApp } from '../testing/test-app';
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

describe.each(testDrivers())('banks on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  const banks = (who: Browser, id = 0) => who.call(`/api/Institution/Partner/Banks${id ? `?id=${id}` : ''}`);

  it('lists the Nigerian banks by name with their CBN codes, to staff who keep partners', async () => {
    const admin = await signedInStaff(app, 'banks.super', 'SUPER ADMIN', 'RIVET');
    const res = await banks(admin);
    expect(res.status).toBe(200);
    const list = res.body.data as { id: number; name: string; code: string }[];
    expect(list.length).toBe(NIGERIAN_BANKS.length);
    expect(list).toContainEqual({ id: 8, name: 'Guaranty Trust Bank', code: '058' });
    expect(list.map((b) => b.name)).toEqual([...list.map((b) => b.name)].sort((a, b) => a.localeCompare(b)));
    expect(new Set(list.map((b) => b.code)).size).toBe(list.length);
  });

  it('keeps a closed bank out of the list but still names it by id', async () => {
    const admin = await signedInStaff(app, 'banks.super2', 'SUPER ADMIN', 'RIVET');
    await app.database.db.update(t.banks).set({ isActive: false }).where(eq(t.banks.id, 12));
    expect((await banks(admin)).body.data.map((b: { id: number }) => b.id)).not.toContain(12);
    expect((await banks(admin, 12)).body.data).toEqual([{ id: 12, name: 'Lotus Bank', code: '303' }]);
  });

  it('is not for learners or anonymous callers', async () => {
    expect((await app.fetch('/api/Institution/Partner/Banks')).status).toBe(401);
  });
});
