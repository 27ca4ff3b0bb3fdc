import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_MESSAGES } from '@rivet/shared/api/platform';
import { DEMO_PLATFORM_PARTNERS } from '../db/seed/seed';
import * as t from '../db/schema';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const PARTNER = '/api/Institution/Partner';
// Guaranty Trust Bank (8) and Zenith Bank (32) are in the seeded list.
const GTBANK = 8;
const ZENITH = 32;

describe.each(testDrivers())('manage platform on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  beforeAll(async () => {
    app = await createTestApp(driver);
    superAdmin = await signedInStaff(app, 'platform.super', 'SUPER ADMIN', null);
  });
  afterAll(() => app?.close());

  const search = (who: Browser, query = '') => who.call(`${PARTNER}/Search${query ? `?${query}` : ''}`);
  const create = (who: Browser, json: unknown) => who.call(`${PARTNER}/Create`, { json });
  const update = (who: Browser, id: number | string, bankId: number | string, accountno: string) =>
    who.call(`${PARTNER}/Update?id=${id}&bankId=${bankId}&accountno=${encodeURIComponent(accountno)}`, { method: 'PUT' });
  const toggle = (who: Browser, id: number, isActive: boolean | string) => who.call(`${PARTNER}/ActivateDeactivate?id=${id}&isActive=${isActive}`, { method: 'DELETE' });
  const auditRows = (action: string, record: number) =>
    app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'Partner'), eq(t.auditTrail.moduleAction, action), eq(t.auditTrail.record, String(record))));
  const stored = async (id: number) => (await app.database.db.select().from(t.platformPartners).where(eq(t.platformPartners.id, id)))[0];

  it('lists the parties by name, 50 a page by default, with their bank, account, status and totalRows, and searches by name', async () => {
    const all = await search(superAdmin);
    expect(all.status).toBe(200);
    const demo = all.body.data.items.filter((p: { name: string }) => DEMO_PLATFORM_PARTNERS.some((d) => d.name === p.name));
    expect(demo.map((p: { name: string }) => p.name)).toEqual(['Rivet Content Fund', 'Rivet Operations']);
    expect(demo[1]).toMatchObject({ name: 'Rivet Operations', bankId: GTBANK, bankName: 'Guaranty Trust Bank', accountNumber: '0234567810', isActive: true });
    expect(demo[0]).toMatchObject({ bankId: ZENITH, isActive: false });
    expect(Date.parse(demo[1].dateCreated)).not.toBeNaN();
    expect(all.body.data.totalRows).toBe(all.body.data.items.length);

    const found = await search(superAdmin, 'search=operat');
    expect(found.body.data.items.map((p: { name: string }) => p.name)).toEqual(['Rivet Operations']);
    expect(found.body.data.totalRows).toBe(1);
    const byId = await search(superAdmin, `id=${demo[0].id}`);
    expect(byId.body.data.items.map((p: { id: number }) => p.id)).toEqual([demo[0].id]);
    // A search with LIKE's wildcards finds them literally.
    expect((await search(superAdmin, 'search=%25')).body.data.totalRows).toBe(0);
  });

  it('pages the list, 50 rows unless pageSize says otherwise', async () => {
    for (let i = 0; i < 51; i++) {
      await app.database.db.insert(t.platformPartners).values({ name: `Paging Party ${String(i).padStart(2, '0')}`, bankId: GTBANK, accountNumber: '0000000000' });
    }
    const first = await search(superAdmin, 'search=Paging Party');
    expect(first.body.data.items).toHaveLength(50);
    expect(first.body.data.totalRows).toBe(51);
    const second = await search(superAdmin, 'search=Paging Party&page=2');
    expect(second.body.data.items.map((p: { name: string }) => p.name)).toEqual(['Paging Party 50']);
    expect((await search(superAdmin, 'search=Paging Party&pageSize=10')).body.data.items).toHaveLength(10);
  });

  it('creates a party with the success message and an audit row in the same change', async () => {
    const res = await create(superAdmin, { name: '  Rivet Scholarships ', bankId: ZENITH, account: ' 1234567890 ' });
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.description).toBe(PLATFORM_MESSAGES.created);
    expect(res.body.data).toMatchObject({ name: 'Rivet Scholarships', bankId: ZENITH, bankName: 'Zenith Bank', accountNumber: '1234567890', isActive: true });
    const id = res.body.data.id as number;
    const [row] = await auditRows('Create', id);
    expect(row).toMatchObject({ userName: 'platform.super', record: String(id) });
    // The audit trail names the party but shows only the account's last four digits.
    expect(row!.description).toContain('Rivet Scholarships');
    expect(row!.description).not.toContain('1234567890');
    expect((await search(superAdmin, 'search=scholarships')).body.data.items[0]).toEqual(res.body.data);
  });

  it('asks for each field with the form’s messages and loses nothing on a refusal', async () => {
    const empty = await create(superAdmin, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: PLATFORM_MESSAGES.name },
        { field: 'bankId', message: PLATFORM_MESSAGES.bank },
        { field: 'account', message: PLATFORM_MESSAGES.account },
      ]),
    );
    const blank = await create(superAdmin, { name: '   ', bankId: GTBANK, account: '' });
    expect(blank.body.errors).toEqual(expect.arrayContaining([{ field: 'name', message: PLATFORM_MESSAGES.name }, { field: 'account', message: PLATFORM_MESSAGES.account }]));
    for (const account of ['12345', '12345678901', '12345abcde', '-123456789', '1234 56789']) {
      const bad = await create(superAdmin, { name: 'Short Account', bankId: GTBANK, account });
      expect(bad.status, account).toBe(400);
      expect(bad.body.errors).toContainEqual({ field: 'account', message: PLATFORM_MESSAGES.accountDigits });
    }
    const numeric = await create(superAdmin, { name: 'Numeric Account', bankId: GTBANK, account: 1234567890 });
    expect(numeric.status).toBe(400);
    expect((await search(superAdmin, 'search=Short Account')).body.data.totalRows).toBe(0);
  });

  it('takes only a bank that exists and is active', async () => {
    const unknown = await create(superAdmin, { name: 'Ghost Bank Party', bankId: 999_999, account: '1234567890' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual({ field: 'bankId', message: PLATFORM_MESSAGES.bankUnknown });
    const [closing] = await app.database.db.insert(t.banks).values({ id: 9001, name: 'Closed Test Bank', code: '999001', isActive: false }).returning();
    const closed = await create(superAdmin, { name: 'Closed Bank Party', bankId: closing!.id, account: '1234567890' });
    expect(closed.status).toBe(400);
    expect(closed.body.description).toBe(PLATFORM_MESSAGES.bankUnknown);

    // A party already paid through a bank that has since closed keeps it on update, but cannot move to another closed one.
    const [kept] = await app.database.db.insert(t.platformPartners).values({ name: 'Legacy Party', bankId: closing!.id, accountNumber: '1111111111' }).returning();
    const keep = await update(superAdmin, kept!.id, closing!.id, '2222222222');
    expect(keep.status, keep.body.description).toBe(200);
    expect(keep.body.data).toMatchObject({ bankName: 'Closed Test Bank', accountNumber: '2222222222' });
    const moved = await update(superAdmin, (await create(superAdmin, { name: 'Open Bank Party', bankId: GTBANK, account: '1234567890' })).body.data.id, closing!.id, '1234567890');
    expect(moved.status).toBe(400);
  });

  it('keeps names unique whatever their case', async () => {
    const dup = await create(superAdmin, { name: 'rivet operations', bankId: GTBANK, account: '1234567890' });
    expect(dup.status).toBe(409);
    expect(dup.body.description).toBe(PLATFORM_MESSAGES.nameTaken('rivet operations'));
  });

  it('updates the bank and account number but never the name, with an audit row', async () => {
    const made = await create(superAdmin, { name: 'Rivet Grants', bankId: GTBANK, account: '1234567890' });
    const id = made.body.data.id as number;
    const res = await update(superAdmin, id, ZENITH, '0987654321');
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.description).toBe(PLATFORM_MESSAGES.updated);
    expect(res.body.data).toMatchObject({ id, name: 'Rivet Grants', bankId: ZENITH, bankName: 'Zenith Bank', accountNumber: '0987654321' });
    const [row] = await auditRows('Update', id);
    expect(row!.description).toContain('Rivet Grants');
    expect(row!.description).not.toContain('0987654321');

    // The update takes no name: one sent along is ignored.
    const renamed = await superAdmin.call(`${PARTNER}/Update?id=${id}&bankId=${ZENITH}&accountno=0987654321&name=Other`, { method: 'PUT' });
    expect(renamed.body.data.name).toBe('Rivet Grants');

    const missing = await superAdmin.call(`${PARTNER}/Update?id=${id}`, { method: 'PUT' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(expect.arrayContaining([{ field: 'bankId', message: PLATFORM_MESSAGES.bank }, { field: 'accountno', message: PLATFORM_MESSAGES.account }]));
    const short = await update(superAdmin, id, ZENITH, '12345');
    expect(short.body.errors).toContainEqual({ field: 'accountno', message: PLATFORM_MESSAGES.accountDigits });
    expect(await stored(id)).toMatchObject({ bankId: ZENITH, accountNumber: '0987654321' });
    const ghost = await update(superAdmin, 999_999, ZENITH, '0987654321');
    expect(ghost.status).toBe(404);
    expect(ghost.body.description).toBe(PLATFORM_MESSAGES.notFound);
  });

  it('deactivates and activates a party with the spec’s notices and an audit row each', async () => {
    const made = await create(superAdmin, { name: 'Rivet Partnerships', bankId: GTBANK, account: '1234567890' });
    const id = made.body.data.id as number;
    const off = await toggle(superAdmin, id, false);
    expect(off.status).toBe(200);
    expect(off.body.description).toBe('Record deactivated');
    expect(off.body.data.isActive).toBe(false);
    expect((await stored(id))!.isActive).toBe(false);
    const on = await toggle(superAdmin, id, 'TRUE');
    expect(on.body.description).toBe('Record Activated');
    expect(on.body.data.isActive).toBe(true);
    expect(await auditRows('ActivateDeactivate', id)).toHaveLength(2);
    expect((await toggle(superAdmin, id, 'maybe')).status).toBe(400);
    expect((await toggle(superAdmin, 999_999, false)).status).toBe(404);
  });

  it('is open to platform admins, and closed to institution staff and platform report viewers', async () => {
    const platformAdmin = await signedInStaff(app, 'platform.rivet', 'RIVET ADMIN', null);
    expect((await search(platformAdmin)).status).toBe(200);
    const made = await create(platformAdmin, { name: 'Rivet Admin Party', bankId: GTBANK, account: '1234567890' });
    expect(made.status).toBe(200);

    const institutionAdmin = await signedInStaff(app, 'platform.inst', 'INSTITUTION ADMIN', 'UNILAG');
    const report = await signedInStaff(app, 'platform.report', 'RIVET REPORT', null);
    for (const who of [institutionAdmin, report]) {
      expect((await search(who)).status).toBe(403);
      expect((await create(who, { name: 'Not Mine', bankId: GTBANK, account: '1234567890' })).status).toBe(403);
      expect((await update(who, made.body.data.id, ZENITH, '0000000000')).status).toBe(403);
      expect((await toggle(who, made.body.data.id, false)).status).toBe(403);
    }
    // Even an institution role given manageinstitution by hand (the role screen refuses it) stays out.
    const [custom] = await app.database.db.insert(t.roles).values({ id: 900, name: 'Hand Made', roleType: 1 }).returning();
    await app.database.db.insert(t.rolePermissions).values({ roleId: custom!.id, permissionId: 4 });
    const smuggled = await signedInStaff(app, 'platform.smuggled', custom!.id, 'UNILAG');
    expect((await search(smuggled)).status).toBe(403);
    expect((await create(smuggled, { name: 'Smuggled', bankId: GTBANK, account: '1234567890' })).status).toBe(403);
    expect(await stored(made.body.data.id)).toMatchObject({ bankId: GTBANK, isActive: true });
  });
});
