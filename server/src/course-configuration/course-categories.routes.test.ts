import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_MESSAGES as M } from '@rivet/shared/api/course-configuration';
import * as t from '../db/schema';
import { insertCourse } from '../testing/catalogue-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import type { Browser} from '../testing/test-app';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const CATEGORY = '/api/Course/CourseCategory';

describe.each(testDrivers())('course configuration (categories) on %s', (driver) => {
  let app: TestApp;
  let rivetAdmin: Browser;
  let institutionAdmin: Browser;
  beforeAll(async () => {
    app = await createTestApp(driver);
    rivetAdmin = await signedInStaff(app, 'categories.rivet', 'RIVET ADMIN', null);
    institutionAdmin = await signedInStaff(app, 'categories.unilag', 'INSTITUTION ADMIN', 'UNILAG');
  });
  afterAll(() => app?.close());

  const list = (who: Browser) => who.call(`${CATEGORY}/List?IsActive=false`);
  const create = (who: Browser, json: unknown) => who.call(`${CATEGORY}/Create`, { json });
  const update = (who: Browser, query: Record<string, string>) => who.call(`${CATEGORY}/Update?${new URLSearchParams(query)}`, { method: 'POST' });
  const toggle = (who: Browser, id: number | string) => who.call(`${CATEGORY}/ActivateDeactivate/${id}`, { method: 'POST' });
  const auditRows = (action: string, record: number) =>
    app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'CourseCategory'), eq(t.auditTrail.moduleAction, action), eq(t.auditTrail.record, String(record))));

  it('creates a category, upper-casing its code, with an audit row, and lists it', async () => {
    const res = await create(rivetAdmin, { name: '  Agriculture and Food  ', code: 'agri food' });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe(M.created);
    expect(res.body.data).toMatchObject({ name: 'Agriculture and Food', code: 'AGRI-FOOD', isActive: true });
    expect(await auditRows('Create', res.body.data.id)).toHaveLength(1);
    const names = (await list(institutionAdmin)).body.data.items.map((c: { name: string }) => c.name);
    expect(names).toContain('Agriculture and Food');
  });

  it('refuses blank fields, bad codes and clashes with clear messages, storing nothing', async () => {
    const before = (await list(rivetAdmin)).body.data.totalRows;
    expect((await create(rivetAdmin, { name: ' ', code: 'X' })).body.description).toBe(M.name);
    expect((await create(rivetAdmin, { name: 'Crafts' })).body.description).toBe(M.code);
    expect((await create(rivetAdmin, { name: 'Crafts', code: 'CRAFT$' })).body.description).toBe(M.codeShape);
    const sameName = await create(rivetAdmin, { name: 'PRODUCTIVITY', code: 'PROD-2' });
    expect(sameName.status).toBe(409);
    expect(sameName.body.description).toBe(M.nameTaken('PRODUCTIVITY'));
    const sameCode = await create(rivetAdmin, { name: 'Productive Habits', code: 'productivity' });
    expect(sameCode.status).toBe(409);
    expect(sameCode.body.description).toBe(M.codeTaken('PRODUCTIVITY'));
    expect((await list(rivetAdmin)).body.data.totalRows).toBe(before);
  });

  it('changes only what was sent, and a new name reaches the search text of the category’s courses', async () => {
    const made = (await create(rivetAdmin, { name: 'Health Care', code: 'HEALTH' })).body.data;
    const unilag = (await app.database.db.select().from(t.institutions).where(eq(t.institutions.code, 'UNILAG')))[0]!;
    const course = await insertCourse(app.database.db, { institutionId: unilag.id, title: 'First Aid Basics', courseCategoryId: made.id });

    const renamed = await update(rivetAdmin, { id: String(made.id), name: 'Healthcare and Wellbeing' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.description).toBe(M.updated);
    expect(renamed.body.data).toMatchObject({ id: made.id, name: 'Healthcare and Wellbeing', code: 'HEALTH' });
    const [row] = await app.database.db.select({ searchText: t.courses.searchText }).from(t.courses).where(eq(t.courses.id, course.id));
    expect(row!.searchText).toContain('Healthcare and Wellbeing');
    expect(row!.searchText).not.toContain('Health Care');

    const recoded = await update(rivetAdmin, { id: String(made.id), code: 'WELLBEING' });
    expect(recoded.body.data).toMatchObject({ name: 'Healthcare and Wellbeing', code: 'WELLBEING' });
    const audits = await auditRows('Update', made.id);
    expect(audits.map((a) => a.description)).toEqual([
      'Updated course category Health Care: name Health Care → Healthcare and Wellbeing',
      'Updated course category Healthcare and Wellbeing: code HEALTH → WELLBEING',
    ]);
    // Sending a field unchanged writes nothing.
    expect((await update(rivetAdmin, { id: String(made.id), code: 'WELLBEING' })).status).toBe(200);
    expect(await auditRows('Update', made.id)).toHaveLength(2);

    expect((await update(rivetAdmin, { id: String(made.id) })).body.description).toBe(M.nothingChanged);
    expect((await update(rivetAdmin, { id: String(made.id), name: '' })).body.description).toBe(M.name);
    expect((await update(rivetAdmin, { id: String(made.id), code: 'PRODUCTIVITY' })).status).toBe(409);
    const missing = await update(rivetAdmin, { id: '999999', name: 'Nothing' });
    expect(missing.status).toBe(404);
    expect(missing.body.description).toBe(M.notFound);
  });

  it('deactivates and activates a category: authors are no longer offered it, its courses keep it', async () => {
    const made = (await create(rivetAdmin, { name: 'Languages', code: 'LANGUAGES' })).body.data;
    const off = await toggle(rivetAdmin, made.id);
    // 002 §8's words for a category, not the generic "Record deactivated" (decision 088).
    expect(off.body).toMatchObject({ description: 'Course Category Deactivated', data: { isActive: false } });
    const active = (await rivetAdmin.call(`${CATEGORY}/List?IsActive=true`)).body.data.items.map((c: { id: number }) => c.id);
    expect(active).not.toContain(made.id);
    const on = await toggle(rivetAdmin, made.id);
    expect(on.body).toMatchObject({ description: 'Course Category Activated', data: { isActive: true } });
    expect((await auditRows('ActivateDeactivate', made.id)).map((a) => a.description)).toEqual(['Deactivated course category Languages', 'Activated course category Languages']);
    expect((await toggle(rivetAdmin, 999_999)).status).toBe(404);
  });

  it('leaves the categories to platform roles: institution staff only read them', async () => {
    const [category] = await app.database.db.select().from(t.courseCategories).where(eq(t.courseCategories.code, 'PRODUCTIVITY'));
    expect((await create(institutionAdmin, { name: 'Partner Category', code: 'PARTNER' })).status).toBe(403);
    expect((await update(institutionAdmin, { id: String(category!.id), name: 'Renamed by a partner' })).status).toBe(403);
    expect((await toggle(institutionAdmin, category!.id)).status).toBe(403);
    const [after] = await app.database.db.select().from(t.courseCategories).where(eq(t.courseCategories.id, category!.id));
    expect(after).toMatchObject({ name: 'Productivity', isActive: true });
  });
});
