import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_AUTHORING_MESSAGES as CM } from '@rivet/shared/api/course-authoring';
import { PRICING_MESSAGES as P } from '@rivet/shared/api/course-pricing';
import { SURVEY_MESSAGES as M } from '@rivet/shared/api/course-survey';
import { PERMISSIONS } from '@rivet/shared/domain/permissions';
import { DEMO_SURVEY } from '../db/seed/catalogue/surveys';
import * as t from '../db/schema';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course';
type Json = Record<string, any>;

const article = { assetType: 3, title: 'Reading a ledger', body: '<p>A ledger lists every sale.</p>' };
const curriculum = [{ title: 'Getting started', items: [{ title: 'First steps', courseModuleItemAssets: [article] }] }];

describe.each(testDrivers())('the End of course Survey step on %s', (driver) => {
  let app: TestApp;
  let unilagAdmin: Browser;
  let lbsAdmin: Browser;
  let superAdmin: Browser;
  /** A platform role holding only approvecourse: reviews, never authors. */
  let platformReviewer: Browser;
  let category: number;
  let language: number;
  let demoSurvey: number;
  let draftSurvey: number;
  let inactiveSurvey: number;

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    unilagAdmin = await signedInStaff(app, 'survey.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'survey.lbs', 'INSTITUTION ADMIN', 'LBS');
    superAdmin = await signedInStaff(app, 'survey.super', 'SUPER ADMIN', null);
    await db.insert(t.roles).values({ id: 90, name: 'COURSE REVIEWER', roleType: 0 });
    await db.insert(t.rolePermissions).values({ roleId: 90, permissionId: PERMISSIONS.find((p) => p.name === 'approvecourse')!.id });
    platformReviewer = await signedInStaff(app, 'survey.reviewer', 90, null);
    const [row] = await db.select().from(t.courseCategories).where(eq(t.courseCategories.isActive, true)).limit(1);
    category = row!.id;
    const [lang] = await db.select().from(t.languages).limit(1);
    language = lang!.id;
    demoSurvey = (await db.select().from(t.surveys).where(eq(t.surveys.title, DEMO_SURVEY.title)))[0]!.id;
    [{ id: draftSurvey }, { id: inactiveSurvey }] = await db
      .insert(t.surveys)
      .values([
        { title: 'Unfinished survey', description: 'Still being written.', draft: true, isActive: true },
        { title: 'Retired survey', description: 'No longer used.', draft: false, isActive: false },
      ])
      .returning({ id: t.surveys.id }) as [{ id: number }, { id: number }];
  });
  afterAll(() => app?.close());

  async function draft(who: Browser, title: string, patch: Json = {}) {
    const res = await who.call(`${COURSE}/Course/CreateUpdate`, {
      json: { title, description: 'Books that balance.', courseCategoryId: category, courseType: 1, startDate: '2026-12-01', isPaid: true, hasSurvey: true, ...patch },
    });
    expect(res.status, res.body.description).toBe(200);
    return res.body.data as number;
  }
  // Additional Information's own tests cover its multipart call; here its columns are filled in directly.
  const completeAdditional = (courseId: number) =>
    app.database.db
      .update(t.courses)
      .set({ headline: 'Books in a week', overview: '<p>Ledgers.</p>', objectives: '<p>Balance.</p>', courseLevel: 1, languageId: language, effort: '2 to 4 hours per week', instructorName: 'Ada Obi', thumbnailUrl: '/t.webp', bannerUrl: '/b.webp', stepNo: 3 })
      .where(eq(t.courses.id, courseId));
  const build = (who: Browser, courseId: number) => who.call(`${COURSE}/Course/Builder?SaveDraft=false`, { json: { courseId, courseModules: curriculum } });
  const chooseSurvey = (who: Browser, body: Json) => who.call(`${COURSE}/Course/Survey/Update`, { json: body });
  const price = (who: Browser, courseId: number) => who.call(`${COURSE}/Course/Pricing`, { json: { courseId, currencyId: 1, basePrice: 10_000, vat: 0, gatewayCharge: 0 } });
  const stored = async (courseId: number) => (await app.database.db.select().from(t.courses).where(eq(t.courses.id, courseId)))[0]!;
  /** A course built to the survey step (curriculum completed, stored step 4). */
  async function atSurveyStep(who: Browser, title: string, patch: Json = {}) {
    const courseId = await draft(who, title, patch);
    await completeAdditional(courseId);
    const built = await build(who, courseId);
    expect([built.status, built.body.data.stepNo, built.body.data.draft]).toEqual([200, 4, true]);
    return courseId;
  }

  it('lists the platform’s active surveys to authors, and drafts and inactive ones only to platform administrators', async () => {
    const res = await unilagAdmin.call(`${COURSE}/Survey/List?Draft=false&IsActive=true`);
    expect(res.status).toBe(200);
    const titles = (res.body.data as Json[]).map((s) => s.title);
    expect(titles).toContain(DEMO_SURVEY.title);
    expect(titles).not.toContain('Unfinished survey');
    expect(titles).not.toContain('Retired survey');
    expect((res.body.data as Json[]).find((s) => s.surveyId === demoSurvey)).toMatchObject({ description: DEMO_SURVEY.description, isActive: true, draft: false, questionCount: DEMO_SURVEY.questions.length });
    // Both partners see the same surveys: no partner owns one.
    expect((await lbsAdmin.call(`${COURSE}/Survey/List?Draft=false&IsActive=true`)).body.data).toEqual(res.body.data);

    for (const query of ['Draft=true', 'Draft=false', 'Draft=false&IsActive=false', '']) {
      const refused = await unilagAdmin.call(`${COURSE}/Survey/List?${query}`);
      expect([refused.status, refused.body.description], query).toEqual([403, M.managersOnly]);
    }
    const drafts = await superAdmin.call(`${COURSE}/Survey/List?Draft=true`);
    expect((drafts.body.data as Json[]).map((s) => s.surveyId)).toEqual([draftSurvey]);
    const finished = await superAdmin.call(`${COURSE}/Survey/List?Draft=false`);
    expect((finished.body.data as Json[]).map((s) => s.surveyId)).toEqual(expect.arrayContaining([demoSurvey, inactiveSurvey]));
    expect((await unilagAdmin.call(`${COURSE}/Survey/List?Draft=maybe&IsActive=true`)).status).toBe(400);
  });

  it('shows a survey’s questions and options in order; drafts are the administrators’ only', async () => {
    const res = await unilagAdmin.call(`${COURSE}/Survey/Details/${demoSurvey}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ surveyId: demoSurvey, title: DEMO_SURVEY.title, isActive: true, draft: false });
    const questions = res.body.data.questions as Json[];
    expect(questions.map((q) => [q.question, q.questionType])).toEqual(DEMO_SURVEY.questions.map((q) => [q.question, q.questionType]));
    expect(questions[0]!.options.map((o: Json) => o.option)).toEqual(DEMO_SURVEY.questions[0].options);
    expect(questions[1]!.options).toEqual([]);
    expect(questions[2]!.options).toMatchObject([{ minValue: 0, maxValue: 10 }]);
    // An inactive survey can still be read (a course may keep one deactivated later); drafts cannot.
    expect((await unilagAdmin.call(`${COURSE}/Survey/Details/${inactiveSurvey}`)).status).toBe(200);
    const hidden = await unilagAdmin.call(`${COURSE}/Survey/Details/${draftSurvey}`);
    expect([hidden.status, hidden.body.description]).toEqual([404, M.notFound]);
    expect((await superAdmin.call(`${COURSE}/Survey/Details/${draftSurvey}`)).status).toBe(200);
    expect((await unilagAdmin.call(`${COURSE}/Survey/Details/999999`)).status).toBe(404);
  });

  it('paid course: requires a chosen survey, records it, goes on to Pricing numbered 5, and submits only with it', async () => {
    const title = 'Kestrel Ledger Survey';
    const courseId = await draft(unilagAdmin, title);
    // Not before the curriculum is complete.
    const early = await chooseSurvey(unilagAdmin, { courseId, surveyId: demoSurvey });
    expect([early.status, early.body.description]).toEqual([400, M.curriculumFirst]);
    await completeAdditional(courseId);
    expect((await build(unilagAdmin, courseId)).body.data.stepNo).toBe(4);

    // Pricing is refused while the survey step is not done, with §5's words.
    const unpriced = await price(unilagAdmin, courseId);
    expect([unpriced.status, unpriced.body.description]).toEqual([400, M.required]);
    expect(unpriced.body.errors).toContainEqual({ field: 'surveyId', message: M.required });

    const none = await chooseSurvey(unilagAdmin, { courseId });
    expect([none.status, none.body.description]).toEqual([400, M.required]);
    for (const surveyId of [draftSurvey, inactiveSurvey, 999_999]) {
      const refused = await chooseSurvey(unilagAdmin, { courseId, surveyId });
      expect([refused.status, refused.body.description]).toEqual([400, M.notActive]);
    }
    expect(await stored(courseId)).toMatchObject({ surveyId: null, stepNo: 4 });

    const res = await chooseSurvey(unilagAdmin, { courseId, surveyId: demoSurvey });
    expect([res.status, res.body.description]).toEqual([200, M.saved]);
    expect(res.body.data).toEqual({ courseId, surveyId: demoSurvey, stepNo: 5, submitted: false, draft: true, approvalStatus: 1 });
    expect((await unilagAdmin.call(`${COURSE}/Course/Update/${courseId}`)).body.data).toMatchObject({ surveyId: demoSurvey, stepNo: 5, hasSurvey: true });
    const audit = await app.database.db.select().from(t.auditTrail).where(and(eq(t.auditTrail.moduleName, 'Course'), eq(t.auditTrail.moduleAction, 'SurveyUpdate'), eq(t.auditTrail.record, String(courseId))));
    expect(audit.map((a) => a.description)).toEqual([`Chose the end of course survey “${DEMO_SURVEY.title}” (${demoSurvey}) for course ${courseId} “${title}”`]);

    const submitted = await price(unilagAdmin, courseId);
    expect([submitted.status, submitted.body.description]).toEqual([200, P.submitted]);
    expect(await stored(courseId)).toMatchObject({ draft: false, approvalStatus: 1, surveyId: demoSurvey, stepNo: 5 });
    // Submitted: the survey is fixed here.
    const again = await chooseSurvey(unilagAdmin, { courseId, surveyId: demoSurvey });
    expect([again.status, again.body.description]).toEqual([409, CM.notDraft]);
  });

  it('refuses Pricing when the chosen survey was deactivated meanwhile', async () => {
    const [{ id: laterRetired }] = (await app.database.db.insert(t.surveys).values({ title: 'Soon retired', description: 'Used briefly.' }).returning({ id: t.surveys.id })) as [{ id: number }];
    const courseId = await atSurveyStep(unilagAdmin, 'Heron Survey Retired');
    expect((await chooseSurvey(unilagAdmin, { courseId, surveyId: laterRetired })).status).toBe(200);
    await app.database.db.update(t.surveys).set({ isActive: false }).where(eq(t.surveys.id, laterRetired));
    const res = await price(unilagAdmin, courseId);
    expect([res.status, res.body.description]).toEqual([400, M.required]);
    expect((await stored(courseId)).draft).toBe(true);
  });

  it('free course: choosing the survey submits it for review in one change', async () => {
    const courseId = await atSurveyStep(unilagAdmin, 'Plover Free Survey', { isPaid: false });
    expect(await stored(courseId)).toMatchObject({ draft: true, surveyId: null });
    const res = await chooseSurvey(unilagAdmin, { courseId, surveyId: demoSurvey });
    expect([res.status, res.body.description]).toEqual([200, M.submitted]);
    expect(res.body.data).toEqual({ courseId, surveyId: demoSurvey, stepNo: 4, submitted: true, draft: false, approvalStatus: 1 });
    const row = await stored(courseId);
    expect(row).toMatchObject({ draft: false, approvalStatus: 1, surveyId: demoSurvey, priceKobo: 0 });
    expect(row.submittedAt).not.toBeNull();
    const audit = await app.database.db.select().from(t.auditTrail).where(and(eq(t.auditTrail.moduleAction, 'SurveyUpdate'), eq(t.auditTrail.record, String(courseId))));
    expect(audit.map((a) => a.description)).toEqual([`Submitted course ${courseId} “Plover Free Survey” for review (free, with the survey “${DEMO_SURVEY.title}”)`]);
  });

  it('has no survey step for a course without a survey, and turning the survey off forgets the choice', async () => {
    const plain = await atSurveyStep(unilagAdmin, 'Wren No Survey', { hasSurvey: false });
    const res = await chooseSurvey(unilagAdmin, { courseId: plain, surveyId: demoSurvey });
    expect([res.status, res.body.description]).toEqual([400, M.noSurveyStep]);

    const courseId = await atSurveyStep(unilagAdmin, 'Wren Survey Off');
    expect((await chooseSurvey(unilagAdmin, { courseId, surveyId: demoSurvey })).status).toBe(200);
    const off = await unilagAdmin.call(`${COURSE}/Course/CreateUpdate`, {
      json: { courseId, title: 'Wren Survey Off', description: 'Books that balance.', courseCategoryId: category, courseType: 1, startDate: '2026-12-01', isPaid: true, hasSurvey: false },
    });
    expect(off.status).toBe(200);
    expect(await stored(courseId)).toMatchObject({ hasSurvey: false, surveyId: null });
  });

  it('never lets one institution give another’s course a survey', async () => {
    const lbsCourse = await atSurveyStep(lbsAdmin, 'LBS Survey Course');
    const res = await chooseSurvey(unilagAdmin, { courseId: lbsCourse, surveyId: demoSurvey });
    expect([res.status, res.body.description]).toEqual([404, CM.notFound]);
    expect(await stored(lbsCourse)).toMatchObject({ surveyId: null, stepNo: 4, draft: true });
  });

  it('review mode’s reads: a platform reviewer reads any partner’s submitted course, never a draft, and changes nothing', async () => {
    const lbsCourse = await atSurveyStep(lbsAdmin, 'LBS Reviewed Course');
    // A draft is the authors' own.
    expect((await platformReviewer.call(`${COURSE}/Course/Update/${lbsCourse}`)).status).toBe(404);
    expect((await platformReviewer.call(`${COURSE}/Course/Builder/${lbsCourse}`)).status).toBe(404);
    expect((await chooseSurvey(lbsAdmin, { courseId: lbsCourse, surveyId: demoSurvey })).status).toBe(200);
    expect((await price(lbsAdmin, lbsCourse)).status).toBe(200);

    const course = await platformReviewer.call(`${COURSE}/Course/Update/${lbsCourse}`);
    expect([course.status, course.body.data]).toMatchObject([200, { courseId: lbsCourse, draft: false, approvalStatus: 1, surveyId: demoSurvey, stepNo: 5 }]);
    const outline = await platformReviewer.call(`${COURSE}/Course/Builder/${lbsCourse}`);
    expect([outline.status, outline.body.data.courseModules.length]).toEqual([200, 1]);
    expect((await platformReviewer.call(`${COURSE}/Survey/Details/${demoSurvey}`)).status).toBe(200);
    expect((await platformReviewer.call(`${COURSE}/Survey/List?Draft=false&IsActive=true`)).status).toBe(200);
    expect((await superAdmin.call(`${COURSE}/Course/Update/${lbsCourse}`)).status).toBe(200);
    // Another partner's staff still read nothing of it.
    expect((await unilagAdmin.call(`${COURSE}/Course/Update/${lbsCourse}`)).status).toBe(404);
    expect((await unilagAdmin.call(`${COURSE}/Course/Builder/${lbsCourse}`)).status).toBe(404);
    // Reviewing is reading: the authoring calls stay closed to a reviewer without createCourse.
    expect((await chooseSurvey(platformReviewer, { courseId: lbsCourse, surveyId: demoSurvey })).status).toBe(403);
    expect((await platformReviewer.call(`${COURSE}/Course/Builder?SaveDraft=true`, { json: { courseId: lbsCourse, courseModules: curriculum } })).status).toBe(403);
  });
});
