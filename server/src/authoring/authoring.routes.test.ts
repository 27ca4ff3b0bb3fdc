import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_AUTHORING_MESSAGES as M } from '@rivet/shared/api/course-authoring';
import * as t from '../db/schema';
import { signedInStaff } from '../testing/staff-fixtures';
import { Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 110, b: 90 } } })
    .png()
    .toBuffer();

const HOSTILE_OVERVIEW =
  '<h1>Welcome</h1><p>Learn <strong>spreadsheets</strong> and <em>charts</em>.<script>alert(1)</script>' +
  '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad link</a> <a href="https://example.ng/guide" onclick="steal()">guide</a></p>' +
  '<ul><li>Formulas</li></ul><iframe src="https://evil.example"></iframe><p style="color:red">Styled</p>';
const CLEAN_OVERVIEW =
  '<h2>Welcome</h2><p>Learn <strong>spreadsheets</strong> and <em>charts</em>.<a>bad link</a> <a href="https://example.ng/guide" target="_blank" rel="noopener noreferrer">guide</a></p>' +
  '<ul><li>Formulas</li></ul><p>Styled</p>';

describe.each(testDrivers())('course authoring, Basic Setup and Additional Information, on %s', (driver) => {
  let app: TestApp;
  let unilagAdmin: Browser;
  let lbsAdmin: Browser;
  let superAdmin: Browser;
  let learner: Browser;
  let ids: { unilag: number; lbs: number; category: number; inactiveCategory: number; language: number };
  let instructors: { unilag: string; lbs: string };

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    unilagAdmin = await signedInStaff(app, 'authoring.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'authoring.lbs', 'INSTITUTION ADMIN', 'LBS');
    superAdmin = await signedInStaff(app, 'authoring.super', 'SUPER ADMIN', 'RIVET');
    learner = new Browser(app, '10.9.9.9');
    await learner.call('/api/Authentication/Account/Student/SignIn', { json: { userName: 'learner@demo.ng', password: 'Learn#Naija2026' } });
    const partner = async (code: string) => (await db.select().from(t.institutions).where(eq(t.institutions.code, code)))[0]!.id;
    const [category] = await db.select().from(t.courseCategories).where(eq(t.courseCategories.isActive, true)).limit(1);
    const [inactive] = await db.insert(t.courseCategories).values({ name: 'Retired Topics', code: 'RETIRED-AUTH', isActive: false }).returning();
    ids = { unilag: await partner('UNILAG'), lbs: await partner('LBS'), category: category!.id, inactiveCategory: inactive!.id, language: 1 };
    const firstInstructor = async (institutionId: number) => (await db.select().from(t.instructors).where(eq(t.instructors.institutionId, institutionId)).limit(1))[0]!.name;
    instructors = { unilag: await firstInstructor(ids.unilag), lbs: await firstInstructor(ids.lbs) };
  });
  afterAll(() => app?.close());

  const basic = (patch: Record<string, unknown> = {}) => ({
    title: 'Spreadsheets for Small Business',
    description: 'Keep your shop’s books in a spreadsheet.',
    courseCategoryId: ids.category,
    courseType: 1,
    startDate: '2026-12-01',
    isPaid: true,
    hasSurvey: false,
    ...patch,
  });
  const createUpdate = (who: Browser, json: unknown) => who.call(`${COURSE}/Course/CreateUpdate`, { json });
  const read = (who: Browser, id: number) => who.call(`${COURSE}/Course/Update/${id}`);

  async function draft(who = unilagAdmin, patch: Record<string, unknown> = {}) {
    const res = await createUpdate(who, basic(patch));
    expect(res.status, res.body.description).toBe(200);
    return res.body.data as number;
  }

  async function otherDetails(who: Browser, fields: Record<string, string>, images: { thumbnail?: Buffer | string; banner?: Buffer | string } = {}) {
    const form = new FormData();
    for (const [k, value] of Object.entries(fields)) form.append(k, value);
    const blob = (part: Buffer | string) => new Blob([typeof part === 'string' ? part : new Uint8Array(part)]);
    if (images.thumbnail) form.append('CourseThumbNail', blob(images.thumbnail), 'thumb.png');
    if (images.banner) form.append('CourseBanner', blob(images.banner), 'banner.png');
    return who.call(`${COURSE}/Course/Update/OtherDetails`, { form });
  }

  const details = (courseId: number, patch: Record<string, string> = {}) => ({
    CourseId: String(courseId),
    HeadLine: 'Books that balance',
    OverView: '<p>Everything a shop owner needs.</p>',
    CourseLevel: '1',
    LanguageId: String(ids.language),
    Objectives: '<ul><li>Track sales</li></ul>',
    Effort: '2 to 4 hours per week',
    InstructorName: instructors.unilag,
    Promote: 'false',
    StepNo: '3',
    ...patch,
  });

  it('creates a draft for the institution admin’s own partner, at step 2, audited', async () => {
    const res = await createUpdate(unilagAdmin, basic());
    expect(res.status).toBe(200);
    expect(res.body.description).toBe(M.created);
    const id = res.body.data as number;
    const course = (await read(unilagAdmin, id)).body.data;
    expect(course).toMatchObject({
      courseId: id,
      title: 'Spreadsheets for Small Business',
      institutionId: ids.unilag,
      institution: 'UNILAG',
      courseType: 1,
      courseTypeName: 'Self Paced',
      startDate: '2026-12-01',
      isPaid: true,
      hasSurvey: false,
      draft: true,
      stepNo: 2,
      courseLevel: null,
      languageId: null,
    });
    const audit = await app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'Course'), eq(t.auditTrail.moduleAction, 'CreateUpdate'), eq(t.auditTrail.record, String(id))));
    expect(audit).toHaveLength(1);
  });

  it('updates a draft with courseId, keeping the stored step', async () => {
    const id = await draft();
    const saved = await otherDetails(unilagAdmin, details(id), { thumbnail: await png(300, 200), banner: await png(300, 150) });
    expect(saved.body.data.stepNo).toBe(3);
    const res = await createUpdate(unilagAdmin, basic({ courseId: id, title: 'Spreadsheets, Renamed', courseType: 2, isPaid: false, hasSurvey: true }));
    expect(res.status).toBe(200);
    expect(res.body.description).toBe(M.updated);
    expect((await read(unilagAdmin, id)).body.data).toMatchObject({ title: 'Spreadsheets, Renamed', courseType: 2, courseTypeName: 'Instructor Paced', isPaid: false, hasSurvey: true, stepNo: 3 });
  });

  it('answers every Basic Setup rule with the spec’s message', async () => {
    const res = await createUpdate(unilagAdmin, {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'title', message: M.title },
      { field: 'description', message: M.description },
      { field: 'courseCategoryId', message: M.category },
      { field: 'courseType', message: M.courseType },
      { field: 'startDate', message: M.startDate },
    ]);
    const blank = await createUpdate(unilagAdmin, basic({ title: '   ', description: ' ' }));
    expect(blank.body.errors).toEqual([
      { field: 'title', message: M.title },
      { field: 'description', message: M.description },
    ]);
    for (const startDate of ['2026-02-30', '01-12-2026', '2026-13-01', '2026-1-1']) {
      const bad = await createUpdate(unilagAdmin, basic({ startDate }));
      expect(bad.body.errors, startDate).toEqual([{ field: 'startDate', message: M.startDateFormat }]);
    }
    expect((await createUpdate(unilagAdmin, basic({ courseType: 3 }))).body.errors).toEqual([{ field: 'courseType', message: M.courseType }]);
    const inactive = await createUpdate(unilagAdmin, basic({ courseCategoryId: ids.inactiveCategory }));
    expect([inactive.status, inactive.body.description]).toEqual([400, M.categoryInactive]);
  });

  it('makes platform authors choose the partner, and keeps institution staff to their own', async () => {
    const none = await createUpdate(superAdmin, basic());
    expect([none.status, none.body.description]).toEqual([400, M.partner]);
    const forLbs = await createUpdate(superAdmin, basic({ institutionId: ids.lbs }));
    expect(forLbs.status).toBe(200);
    expect((await read(superAdmin, forLbs.body.data)).body.data.institution).toBe('LBS');
    const platformOwn = await app.database.db.select().from(t.institutions).where(eq(t.institutions.isPlatform, true));
    expect((await createUpdate(superAdmin, basic({ institutionId: platformOwn[0]!.id }))).body.description).toBe(M.partnerNotFound);
    // An institution admin naming another partner is refused.
    expect((await createUpdate(unilagAdmin, basic({ institutionId: ids.lbs }))).status).toBe(403);
    expect((await createUpdate(unilagAdmin, basic({ institutionId: ids.unilag }))).status).toBe(200);
  });

  it('never lets one institution read or change another’s course', async () => {
    const lbsCourse = await draft(lbsAdmin);
    const read404 = await read(unilagAdmin, lbsCourse);
    expect([read404.status, read404.body.description]).toEqual([404, M.notFound]);
    const change = await createUpdate(unilagAdmin, basic({ courseId: lbsCourse, title: 'Taken over' }));
    expect([change.status, change.body.description]).toEqual([404, M.notFound]);
    const details404 = await otherDetails(unilagAdmin, details(lbsCourse), { thumbnail: await png(300, 200), banner: await png(300, 150) });
    expect(details404.status).toBe(404);
    expect((await read(lbsAdmin, lbsCourse)).body.data.title).toBe('Spreadsheets for Small Business');
    // Platform staff reach every partner's courses.
    expect((await read(superAdmin, lbsCourse)).status).toBe(200);
  });

  it('changes only drafts', async () => {
    // A published one: another test leaves a rejected course (not a draft, but editable) behind.
    const [published] = await app.database.db.select().from(t.courses).where(and(eq(t.courses.institutionId, ids.unilag), eq(t.courses.draft, false), eq(t.courses.approvalStatus, 2))).limit(1);
    const res = await createUpdate(unilagAdmin, basic({ courseId: published!.id }));
    expect([res.status, res.body.description]).toEqual([409, M.notDraft]);
    expect((await otherDetails(unilagAdmin, details(published!.id))).status).toBe(409);
  });

  it('says whether a course can be edited now (Course/Update/Check), as the lifecycle has it', async () => {
    const check = (who: Browser, id: number) => who.call(`${COURSE}/Course/Update/Check/${id}`);
    const mine = await draft();
    expect((await check(unilagAdmin, mine)).body.data).toEqual({ courseId: mine, canEdit: true, stage: 'draft', approvalStatus: 1, stepNo: 2, message: null });
    const db = app.database.db;
    await db.update(t.courses).set({ draft: false, approvalStatus: 1, languageId: ids.language, courseLevel: 1 }).where(eq(t.courses.id, mine));
    expect((await check(unilagAdmin, mine)).body.data).toMatchObject({ canEdit: false, stage: 'partnerReview', message: 'Awaiting Approval' });
    await db.update(t.courses).set({ approvalStatus: 4 }).where(eq(t.courses.id, mine));
    expect((await check(unilagAdmin, mine)).body.data).toMatchObject({ canEdit: false, stage: 'qaReview', message: 'Awaiting Approval' });
    await db.update(t.courses).set({ approvalStatus: 3 }).where(eq(t.courses.id, mine));
    expect((await check(unilagAdmin, mine)).body.data).toMatchObject({ canEdit: true, stage: 'rejected', message: null });
    const [published] = await db.select().from(t.courses).where(and(eq(t.courses.institutionId, ids.unilag), eq(t.courses.draft, false), eq(t.courses.approvalStatus, 2))).limit(1);
    // A published course is changed through a revision (decision 048; revision.routes.test.ts).
    expect((await check(unilagAdmin, published!.id)).body.data).toMatchObject({ canEdit: true, stage: 'published', message: null, revisionId: null });
    // Another institution's course is as missing as one that does not exist.
    expect((await check(lbsAdmin, mine)).status).toBe(404);
    expect((await check(superAdmin, mine)).status).toBe(200);
  });

  it('answers every Additional Information rule with the spec’s message', async () => {
    const id = await draft();
    const res = await otherDetails(unilagAdmin, { CourseId: String(id) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'HeadLine', message: M.headline },
      { field: 'OverView', message: M.overview },
      { field: 'CourseLevel', message: M.courseLevel },
      { field: 'LanguageId', message: M.language },
      { field: 'Objectives', message: M.objectives },
      { field: 'Effort', message: M.effort },
      { field: 'InstructorName', message: M.instructor },
    ]);
    const noImages = await otherDetails(unilagAdmin, details(id));
    expect(noImages.body.errors).toEqual([
      { field: 'CourseThumbNail', message: M.thumbnail },
      { field: 'CourseBanner', message: M.banner },
    ]);
    // An editor left empty writes markup without words.
    const emptyEditors = await otherDetails(unilagAdmin, details(id, { OverView: '<p><br></p>', Objectives: '<p>&nbsp;</p><script>x</script>' }), { thumbnail: await png(30, 20), banner: await png(30, 20) });
    expect(emptyEditors.body.errors).toEqual([
      { field: 'OverView', message: M.overview },
      { field: 'Objectives', message: M.objectives },
    ]);
    for (const effort of ['0 to 4 hours per week', '2 to 60 hours per week', '2 to 4 hours', '10 to 4 hours per week', '2-4']) {
      const bad = await otherDetails(unilagAdmin, details(id, { Effort: effort }));
      expect(bad.body.errors, effort).toEqual([{ field: 'Effort', message: M.effortFormat }]);
    }
    expect((await otherDetails(unilagAdmin, details(id, { CourseLevel: '4' }))).body.errors).toEqual([{ field: 'CourseLevel', message: M.courseLevel }]);
    const otherInstructor = await otherDetails(unilagAdmin, details(id, { InstructorName: instructors.lbs }), { thumbnail: await png(30, 20), banner: await png(30, 20) });
    expect(otherInstructor.body.errors).toEqual([{ field: 'InstructorName', message: M.instructorUnknown }]);
    const language = await otherDetails(unilagAdmin, details(id, { LanguageId: '99999' }), { thumbnail: await png(30, 20), banner: await png(30, 20) });
    expect(language.body.errors).toEqual([{ field: 'LanguageId', message: M.languageUnknown }]);
    // Nothing of a refused save was kept.
    expect((await read(unilagAdmin, id)).body.data).toMatchObject({ headLine: null, courseThumbNailUrl: null, stepNo: 2 });
  });

  it('judges images by content and re-encodes them to fit the guideline sizes', async () => {
    const id = await draft();
    const fake = await otherDetails(unilagAdmin, details(id), { thumbnail: 'GIF89a but really a script', banner: await png(30, 20) });
    expect([fake.status, fake.body.errors]).toEqual([400, [{ field: 'CourseThumbNail', message: M.unsupportedFile }]]);
    const res = await otherDetails(unilagAdmin, details(id), { thumbnail: await png(2250, 1592), banner: await png(600, 292) });
    expect(res.status, res.body.description).toBe(200);
    const { courseThumbNailUrl, courseBannerUrl } = res.body.data;
    expect(courseThumbNailUrl).toMatch(/^\/media\/courses\/[0-9a-f-]{36}\.webp$/);
    const thumb = await app.fetch(courseThumbNailUrl);
    expect(thumb.status).toBe(200);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1125, height: 796 });
    // Smaller pictures are never enlarged.
    const banner = await app.fetch(courseBannerUrl);
    expect(await sharp(Buffer.from(await banner.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 600, height: 292 });
    // A later save without images keeps them; a new one replaces (and removes) the old file.
    const kept = await otherDetails(unilagAdmin, details(id, { HeadLine: 'Still here' }));
    expect(kept.body.data).toMatchObject({ headLine: 'Still here', courseThumbNailUrl, courseBannerUrl });
    const replaced = await otherDetails(unilagAdmin, details(id), { thumbnail: await png(400, 283) });
    expect(replaced.body.data.courseThumbNailUrl).not.toBe(courseThumbNailUrl);
    expect((await app.fetch(courseThumbNailUrl)).status).toBe(404);
  });

  it('sanitises Overview and Objectives against the allow-list, keeping the allowed formatting', async () => {
    const id = await draft();
    const res = await otherDetails(unilagAdmin, details(id, { OverView: HOSTILE_OVERVIEW, Objectives: '<ol><li><u>Balance</u> <s>guess</s> <code>SUM()</code></li></ol><a href="data:text/html,x">d</a><a href="mailto:help@unilag.ng">mail</a>' }), {
      thumbnail: await png(300, 200),
      banner: await png(300, 150),
    });
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data.overView).toBe(CLEAN_OVERVIEW);
    expect(res.body.data.objectives).toBe('<ol><li><u>Balance</u> <s>guess</s> <code>SUM()</code></li></ol><a>d</a><a href="mailto:help@unilag.ng">mail</a>');
    const [stored] = await app.database.db.select({ overview: t.courses.overview }).from(t.courses).where(eq(t.courses.id, id));
    expect(stored!.overview).toBe(CLEAN_OVERVIEW);
  });

  it('Save Draft saves without advancing; Continue records step 3; the course resumes there', async () => {
    const id = await draft();
    const images = { thumbnail: await png(300, 200), banner: await png(300, 150) };
    const saved = await otherDetails(unilagAdmin, details(id, { StepNo: '2', Promote: 'true' }), images);
    expect([saved.status, saved.body.description]).toEqual([200, M.savedAsDraft]);
    expect(saved.body.data).toMatchObject({ stepNo: 2, promote: true, headLine: 'Books that balance', courseLevel: 1, courseLevelName: 'Beginner', languageId: ids.language, effort: '2 to 4 hours per week', instructorName: instructors.unilag });
    const continued = await otherDetails(unilagAdmin, details(id, { StepNo: '3' }));
    expect([continued.status, continued.body.description]).toEqual([200, M.additionalSaved]);
    expect((await read(unilagAdmin, id)).body.data.stepNo).toBe(3);
    // Saving a draft of an earlier step never moves the stored step back.
    await otherDetails(unilagAdmin, details(id, { StepNo: '2' }));
    await createUpdate(unilagAdmin, basic({ courseId: id }));
    expect((await read(unilagAdmin, id)).body.data.stepNo).toBe(3);
    const audit = await app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'Course'), eq(t.auditTrail.moduleAction, 'UpdateOtherDetails'), eq(t.auditTrail.record, String(id))));
    expect(audit).toHaveLength(3);
  });

  it('keeps drafts out of the learner catalogue, even when complete', async () => {
    const id = await draft(unilagAdmin, { title: 'Invisible Draft Ledger Basics', isPaid: false });
    await otherDetails(unilagAdmin, details(id), { thumbnail: await png(300, 200), banner: await png(300, 150) });
    const search = await learner.call(`${COURSE}/Course/Search?PageSize=200`, { json: { parameter: 'Invisible Draft Ledger' } });
    expect(search.status).toBe(200);
    expect(search.body.data.items.map((c: { courseId: number }) => c.courseId)).not.toContain(id);
    expect((await learner.call(`${COURSE}/Course/GetCourseById/${id}`)).status).toBe(404);
    const partnerCourses = await learner.call(`${COURSE}/Course/Institution/${ids.unilag}?PageSize=200`);
    expect(JSON.stringify(partnerCourses.body.data)).not.toContain('Invisible Draft Ledger');
    // Learners cannot reach the authoring calls at all.
    expect((await read(learner, id)).status).toBe(403);
  });

  it('refuses to publish an incomplete course at the database', async () => {
    const id = await draft();
    await expect(app.database.db.update(t.courses).set({ draft: false }).where(eq(t.courses.id, id))).rejects.toThrow();
  });

  it('lists a partner’s instructors (institution staff only their own) and the currencies', async () => {
    const own = await unilagAdmin.call(`${COURSE}/Instructor/List?IsActive=true`);
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBeGreaterThan(0);
    expect(own.body.data.every((i: { institutionId: number }) => i.institutionId === ids.unilag)).toBe(true);
    expect(own.body.data.map((i: { name: string }) => i.name)).toContain(instructors.unilag);
    expect((await unilagAdmin.call(`${COURSE}/Instructor/List?InstitutionId=${ids.lbs}`)).status).toBe(403);
    const lbs = await superAdmin.call(`${COURSE}/Instructor/List?InstitutionId=${ids.lbs}`);
    expect(lbs.body.data.map((i: { name: string }) => i.name)).toContain(instructors.lbs);
    const currencies = await unilagAdmin.call('/api/Configuration/Currency/List');
    expect(currencies.body.data).toEqual([{ id: 1, name: 'NGN' }]);
  });
});
