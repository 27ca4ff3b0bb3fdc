import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_AUTHORING_MESSAGES as CM } from '@rivet/shared/api/course-authoring';
import { INSTRUCTOR_MESSAGES as M, INSTRUCTOR_NAME_MAX } from '@rivet/shared/api/instructors';
import * as t from '../db/schema';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course';
const INSTRUCTOR = `${COURSE}/Instructor`;

type Row = { id: number; name: string; institutionId: number; isActive: boolean; courses: number };

describe.each(testDrivers())('a partner’s instructors on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  let platformAdmin: Browser;
  let unilagAdmin: Browser;
  let unilagReport: Browser;
  let lbsAdmin: Browser;
  let unilag: number;
  let lbs: number;
  let platform: number;

  beforeAll(async () => {
    app = await createTestApp(driver);
    superAdmin = await signedInStaff(app, 'instructors.super', 'SUPER ADMIN', null);
    platformAdmin = await signedInStaff(app, 'instructors.platform', 'RIVET ADMIN', null);
    unilagAdmin = await signedInStaff(app, 'instructors.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    unilagReport = await signedInStaff(app, 'instructors.report', 'INSTITUTION REPORT', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'instructors.lbs', 'INSTITUTION ADMIN', 'LBS');
    const byCode = async (code: string) => (await app.database.db.select().from(t.institutions).where(eq(t.institutions.code, code)))[0]!.id;
    unilag = await byCode('UNILAG');
    lbs = await byCode('LBS');
    platform = (await app.database.db.select().from(t.institutions).where(eq(t.institutions.isPlatform, true)))[0]!.id;
  });
  afterAll(() => app?.close());

  const search = (who: Browser, query: Record<string, string>) => who.call(`${INSTRUCTOR}/Search?${new URLSearchParams(query)}`);
  const create = (who: Browser, json: unknown) => who.call(`${INSTRUCTOR}/Create`, { json });
  const update = (who: Browser, json: unknown) => who.call(`${INSTRUCTOR}/Update`, { method: 'PUT', json });
  const toggle = (who: Browser, id: number, isActive: boolean) => who.call(`${INSTRUCTOR}/ActivateDeactivate?id=${id}&isActive=${isActive}`, { method: 'POST' });
  const stored = async (id: number) => (await app.database.db.select().from(t.instructors).where(eq(t.instructors.id, id)))[0];
  const auditOf = async (action: string, id: number) =>
    app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'Instructor'), eq(t.auditTrail.moduleAction, action), eq(t.auditTrail.record, String(id))));

  async function added(who: Browser, institutionId: number, name: string): Promise<Row> {
    const res = await create(who, { institutionId, name });
    expect(res.status, res.body.description).toBe(200);
    return res.body.data as Row;
  }

  it('adds an instructor, trimmed and active, with its audit row; the wizard’s list offers it at once', async () => {
    const res = await create(unilagAdmin, { institutionId: unilag, name: '  Dr.   Funmi   Adeyemi ' });
    expect([res.status, res.body.description]).toEqual([200, M.created]);
    expect(res.body.data).toMatchObject({ name: 'Dr. Funmi Adeyemi', institutionId: unilag, isActive: true, courses: 0 });
    const audit = await auditOf('Create', res.body.data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.description).toContain('Dr. Funmi Adeyemi');
    const list = await unilagAdmin.call(`${INSTRUCTOR}/List?IsActive=true`);
    expect(list.body.data.map((i: Row) => i.name)).toContain('Dr. Funmi Adeyemi');
  });

  it('refuses a blank, an over-long or a control-character name with its message, and writes nothing', async () => {
    const before = (await search(unilagAdmin, { InstitutionId: String(unilag) })).body.data.totalRows;
    for (const name of ['', '   ', null]) {
      const res = await create(unilagAdmin, { institutionId: unilag, name });
      expect([res.status, res.body.description], String(name)).toEqual([400, M.name]);
    }
    expect((await create(unilagAdmin, { name: 'No Partner' })).body.description).toBe(M.partner);
    expect((await create(unilagAdmin, { institutionId: unilag, name: 'x'.repeat(INSTRUCTOR_NAME_MAX + 1) })).status).toBe(400);
    expect((await create(unilagAdmin, { institutionId: unilag, name: 'Ada\u0000Obi' })).status).toBe(400);
    expect((await create(unilagAdmin, { institutionId: unilag, name: 'x'.repeat(INSTRUCTOR_NAME_MAX) })).status).toBe(200);
    expect((await search(unilagAdmin, { InstitutionId: String(unilag) })).body.data.totalRows).toBe(before + 1);
  });

  it('refuses a name the partner already has, whatever its case, with a clear 409; another partner may use it', async () => {
    const first = await added(unilagAdmin, unilag, 'Chinedu Okafor');
    const again = await create(unilagAdmin, { institutionId: unilag, name: 'CHINEDU  okafor' });
    expect([again.status, again.body.description]).toEqual([409, M.nameTaken('Chinedu Okafor')]);
    // Renaming another instructor onto it is the same clash; renaming it to its own other case is not.
    const other = await added(unilagAdmin, unilag, 'Bisi Lawal');
    const clash = await update(unilagAdmin, { id: other.id, name: 'chinedu okafor' });
    expect([clash.status, clash.body.description]).toEqual([409, M.nameTaken('Chinedu Okafor')]);
    const recased = await update(unilagAdmin, { id: first.id, name: 'Chinedu OKAFOR' });
    expect([recased.status, recased.body.data.name]).toEqual([200, 'Chinedu OKAFOR']);
    expect((await create(lbsAdmin, { institutionId: lbs, name: 'Chinedu Okafor' })).status).toBe(200);
  });

  it('judges two adds of one name at once one after the other: one is added, the other is told why', async () => {
    const answers = await Promise.all([create(unilagAdmin, { institutionId: unilag, name: 'Tobi Race' }), create(superAdmin, { institutionId: unilag, name: 'tobi race' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rows = await app.database.db.select().from(t.instructors).where(and(eq(t.instructors.institutionId, unilag)));
    expect(rows.filter((r) => r.name.toLowerCase() === 'tobi race')).toHaveLength(1);
  });

  it('renames an instructor (audited); a course keeps the name it was saved with', async () => {
    const row = await added(unilagAdmin, unilag, 'Emeka Nnaji');
    const [course] = await app.database.db.insert(t.courses).values({ institutionId: unilag, courseCategoryId: 1, title: 'Named', description: 'd', instructorName: 'Emeka Nnaji' }).returning();
    expect((await search(unilagAdmin, { InstitutionId: String(unilag), Search: 'emeka nnaji' })).body.data.items[0]).toMatchObject({ id: row.id, courses: 1 });
    const res = await update(unilagAdmin, { id: row.id, name: 'Dr. Emeka Nnaji' });
    expect([res.status, res.body.description, res.body.data.name]).toEqual([200, M.updated, 'Dr. Emeka Nnaji']);
    expect((await auditOf('Update', row.id))[0]!.description).toContain('Emeka Nnaji → Dr. Emeka Nnaji');
    const [kept] = await app.database.db.select().from(t.courses).where(eq(t.courses.id, course!.id));
    expect(kept!.instructorName).toBe('Emeka Nnaji');
    // The same name again changes nothing and writes no row.
    expect((await update(unilagAdmin, { id: row.id, name: 'Dr. Emeka Nnaji' })).status).toBe(200);
    expect(await auditOf('Update', row.id)).toHaveLength(1);
    expect((await update(unilagAdmin, { id: row.id, name: ' ' })).body.description).toBe(M.name);
    expect((await update(unilagAdmin, { id: 2_000_000_000, name: 'Nobody' })).status).toBe(404);
  });

  it('deactivates and activates again (audited); the wizard’s list drops an inactive one, the console keeps it', async () => {
    const row = await added(unilagAdmin, unilag, 'Halima Sani');
    const off = await toggle(unilagAdmin, row.id, false);
    expect([off.status, off.body.description, off.body.data.isActive]).toEqual([200, M.deactivated, false]);
    expect((await stored(row.id))!.isActive).toBe(false);
    const offered = (await unilagAdmin.call(`${INSTRUCTOR}/List?IsActive=true`)).body.data.map((i: Row) => i.name);
    expect(offered).not.toContain('Halima Sani');
    const inactive = await search(unilagAdmin, { InstitutionId: String(unilag), IsActive: 'false' });
    expect(inactive.body.data.items.map((i: Row) => i.name)).toContain('Halima Sani');
    expect(inactive.body.data.items.every((i: Row) => !i.isActive)).toBe(true);
    // Deactivating it again changes nothing and writes no second row.
    expect((await toggle(unilagAdmin, row.id, false)).status).toBe(200);
    expect(await auditOf('ActivateDeactivate', row.id)).toHaveLength(1);
    const on = await toggle(unilagAdmin, row.id, true);
    expect([on.status, on.body.description, on.body.data.isActive]).toEqual([200, M.activated, true]);
    expect(await auditOf('ActivateDeactivate', row.id)).toHaveLength(2);
  });

  it('searches by any part of the name, whatever its case, by name order, a page at a time; % and _ are letters', async () => {
    for (const name of ['Zara Page One', 'zara page two', 'Zara Page Three', 'Zara 100% Real', 'Zara_Under']) await added(lbsAdmin, lbs, name);
    const page1 = await search(lbsAdmin, { InstitutionId: String(lbs), Search: 'ZARA PAGE', PageSize: '2', Page: '1' });
    expect(page1.body.data.totalRows).toBe(3);
    expect(page1.body.data.items.map((i: Row) => i.name)).toEqual(['Zara Page One', 'Zara Page Three']);
    const page2 = await search(lbsAdmin, { InstitutionId: String(lbs), Search: 'zara page', PageSize: '2', Page: '2' });
    expect(page2.body.data.items.map((i: Row) => i.name)).toEqual(['zara page two']);
    expect((await search(lbsAdmin, { InstitutionId: String(lbs), Search: '100%' })).body.data.items.map((i: Row) => i.name)).toEqual(['Zara 100% Real']);
    expect((await search(lbsAdmin, { InstitutionId: String(lbs), Search: 'a_u' })).body.data.items.map((i: Row) => i.name)).toEqual(['Zara_Under']);
    expect((await search(lbsAdmin, { InstitutionId: String(lbs), IsActive: 'maybe' })).status).toBe(400);
    expect((await search(lbsAdmin, {})).body.description).toBe(M.partner);
  });

  it('keeps UNILAG’s staff away from LBS’s instructors: no list, no add, no rename, no (de)activation', async () => {
    const lbsOwn = await added(lbsAdmin, lbs, 'Kunle LBS Only');
    const before = await stored(lbsOwn.id);
    expect((await search(unilagAdmin, { InstitutionId: String(lbs) })).status).toBe(403);
    expect((await unilagAdmin.call(`${INSTRUCTOR}/Partners?Id=${lbs}`)).status).toBe(403);
    expect((await create(unilagAdmin, { institutionId: lbs, name: 'Sneaked In' })).status).toBe(403);
    expect((await update(unilagAdmin, { id: lbsOwn.id, name: 'Renamed By UNILAG' })).status).toBe(403);
    expect((await toggle(unilagAdmin, lbsOwn.id, false)).status).toBe(403);
    expect(await stored(lbsOwn.id)).toEqual(before);
    const lbsRows = await app.database.db.select().from(t.instructors).where(eq(t.instructors.institutionId, lbs));
    expect(lbsRows.some((r) => r.name === 'Sneaked In')).toBe(false);
    // UNILAG's own search never shows LBS's rows, and its partner list is UNILAG alone.
    const own = await search(unilagAdmin, { InstitutionId: String(unilag), Search: 'Kunle LBS' });
    expect(own.body.data.totalRows).toBe(0);
    expect((await unilagAdmin.call(`${INSTRUCTOR}/Partners`)).body.data.items.map((p: { id: number }) => p.id)).toEqual([unilag]);
    // Platform staff choose the partner.
    expect((await search(platformAdmin, { InstitutionId: String(lbs), Search: 'Kunle LBS' })).body.data.items.map((i: Row) => i.id)).toEqual([lbsOwn.id]);
    expect((await update(superAdmin, { id: lbsOwn.id, name: 'Kunle Adewale' })).status).toBe(200);
  });

  it('lets only course authors in: report staff and learners are refused; the platform’s own record is no partner', async () => {
    expect((await search(unilagReport, { InstitutionId: String(unilag) })).status).toBe(403);
    expect((await create(unilagReport, { institutionId: unilag, name: 'Report Made' })).status).toBe(403);
    expect((await create(superAdmin, { institutionId: platform, name: 'Platform Teacher' })).body.description).toBe(M.partnerNotFound);
    expect((await create(superAdmin, { institutionId: 2_000_000_000, name: 'Nowhere' })).status).toBe(404);
    const partners = await superAdmin.call(`${INSTRUCTOR}/Partners`);
    const ids = partners.body.data.items.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([unilag, lbs]));
    expect(ids).not.toContain(platform);
    const activeAtLbs = (await app.database.db.select().from(t.instructors).where(and(eq(t.instructors.institutionId, lbs), eq(t.instructors.isActive, true)))).length;
    expect(partners.body.data.items.find((p: { id: number }) => p.id === lbs).activeInstructors).toBe(activeAtLbs);
  });

  describe('the wizard’s Instructor Name', () => {
    const png = async () => new Blob([new Uint8Array(await sharp({ create: { width: 30, height: 20, channels: 3, background: '#345' } }).png().toBuffer())]);

    async function draftWith(instructorName: string) {
      const made = await unilagAdmin.call(`${COURSE}/Course/CreateUpdate`, {
        json: { title: 'Instructor Keeps', description: 'd', courseCategoryId: 1, courseType: 1, startDate: '2026-12-01', isPaid: false, hasSurvey: false },
      });
      expect(made.status, made.body.description).toBe(200);
      const courseId = made.body.data as number;
      const saved = await otherDetails(courseId, instructorName, true);
      expect(saved.status, saved.body.description).toBe(200);
      return courseId;
    }

    async function otherDetails(courseId: number, instructorName: string, images = false) {
      const form = new FormData();
      const fields = { CourseId: String(courseId), HeadLine: 'h', OverView: '<p>o</p>', CourseLevel: '1', LanguageId: '1', Objectives: '<p>o</p>', Effort: '2 to 4 hours per week', InstructorName: instructorName, StepNo: '2' };
      for (const [k, value] of Object.entries(fields)) form.append(k, value);
      if (images) {
        form.append('CourseThumbNail', await png(), 't.png');
        form.append('CourseBanner', await png(), 'b.png');
      }
      return unilagAdmin.call(`${COURSE}/Course/Update/OtherDetails`, { form });
    }

    it('accepts an instructor added on the spot, whatever the case typed, and keeps the stored spelling', async () => {
      await added(unilagAdmin, unilag, 'Ngozi Eze');
      const courseId = await draftWith('ngozi EZE');
      const [course] = await app.database.db.select().from(t.courses).where(eq(t.courses.id, courseId));
      expect(course!.instructorName).toBe('Ngozi Eze');
    });

    it('keeps a deactivated instructor’s name on a draft, which saves again; a new pick must be active', async () => {
      const row = await added(unilagAdmin, unilag, 'Yemi Alade');
      const courseId = await draftWith('Yemi Alade');
      await toggle(unilagAdmin, row.id, false);
      const read = await unilagAdmin.call(`${COURSE}/Course/Update/${courseId}`);
      expect(read.body.data.instructorName).toBe('Yemi Alade');
      const again = await otherDetails(courseId, 'Yemi Alade');
      expect([again.status, again.body.data?.instructorName]).toEqual([200, 'Yemi Alade']);
      // Another draft cannot pick the inactive instructor, nor can this one pick an unknown name.
      const other = await draftWith('Ngozi Eze');
      expect((await otherDetails(other, 'Yemi Alade')).body.errors).toEqual([{ field: 'InstructorName', message: CM.instructorUnknown }]);
      expect((await otherDetails(courseId, 'Somebody New')).body.errors).toEqual([{ field: 'InstructorName', message: CM.instructorUnknown }]);
    });

    it('keeps a renamed instructor’s old name on a draft, which saves again with it or with the new one', async () => {
      const row = await added(unilagAdmin, unilag, 'Sola Kuti');
      const courseId = await draftWith('Sola Kuti');
      await update(unilagAdmin, { id: row.id, name: 'Prof. Sola Kuti' });
      expect((await otherDetails(courseId, 'Sola Kuti')).status).toBe(200);
      expect((await otherDetails(courseId, 'Prof. Sola Kuti')).body.data.instructorName).toBe('Prof. Sola Kuti');
    });
  });
});
