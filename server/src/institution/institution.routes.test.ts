import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTITUTION_ADMIN_ROLE_ID } from '@rivet/shared/domain/permissions';
import { hashPassword } from '../authentication/passwords';
import * as t from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

type Item = { id: number; fullName: string; isActive: boolean; courses: number; students: number };

describe.each(testDrivers())('Institution/Search on %s', (driver) => {
  let app: TestApp;
  let active: number;
  let inactive: number;

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    active = (await insertInstitution(db, { fullName: 'Ibadan Open College' })).id;
    inactive = (await insertInstitution(db, { fullName: 'Dormant Learning Centre', isActive: false })).id;
    await insertCourse(db, { institutionId: active, title: 'Visible One' });
    await insertCourse(db, { institutionId: active, title: 'Visible Two' });
    await insertCourse(db, { institutionId: active, title: 'Still a Draft', draft: true });
  });
  afterAll(() => app?.close());

  const list = async (query: string, b = new Browser(app)) => {
    const res = await b.call(`/api/Institution/Institution/Search${query}`);
    expect(res.body.description).toBe('Successful');
    return res.body.data as { items: Item[]; totalRows: number };
  };

  it('shows learners and visitors active partners only, never the platform itself', async () => {
    const { items } = await list('?IsActive=false');
    const names = items.map((i) => i.fullName);
    expect(names).toContain('Ibadan Open College');
    expect(names).not.toContain('Dormant Learning Centre');
    expect(names).not.toContain('Rivet Learning Platform');
    expect(items.every((i) => i.isActive)).toBe(true);
  });

  it('counts the courses learners can see', async () => {
    const { items } = await list(`?Id=${active}`);
    expect(items).toEqual([expect.objectContaining({ id: active, courses: 2, students: 0 })]);
  });

  it('searches by name', async () => {
    const { items, totalRows } = await list('?Search=ibadan');
    expect(items.map((i) => i.id)).toEqual([active]);
    expect(totalRows).toBe(1);
  });

  it('lets staff who view institutions see inactive ones too', async () => {
    const staff = new Browser(app);
    await staff.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: DEMO_ACCOUNTS.superAdmin.userName, password: DEMO_ACCOUNTS.superAdmin.password } });
    expect((await list('?IsActive=false', staff)).items.map((i) => i.id)).toContain(inactive);
    expect((await list('?IsActive=false', staff)).items.every((i) => !i.isActive)).toBe(true);
  });

  const STAFF_PASSWORD = 'Partner#Admin2026';
  async function institutionAdminOf(institutionId: number, userName: string) {
    const [user] = await app.database.db
      .insert(t.users)
      .values({ userName, email: `${userName}@demo.ng`, firstName: 'Partner', lastName: 'Admin', passwordHash: await hashPassword(STAFF_PASSWORD), roleId: INSTITUTION_ADMIN_ROLE_ID, institutionId })
      .returning();
    await app.database.db.insert(t.staffProfiles).values({ userId: user!.id });
    const b = new Browser(app);
    expect((await b.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName, password: STAFF_PASSWORD } })).status).toBe(200);
    return b;
  }

  it('never shows an institution admin another partner’s inactive institution', async () => {
    const partner = await institutionAdminOf(active, 'ibadan.admin');
    for (const query of ['?IsActive=false', '', `?Id=${inactive}`, '?Search=dormant']) {
      expect((await list(query, partner)).items.map((i) => i.id)).not.toContain(inactive);
    }
    expect((await list('', partner)).items.map((i) => i.id)).toContain(active);
  });
});
