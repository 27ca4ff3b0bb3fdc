import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES as M } from '@rivet/shared/api/course-approval';
import { COURSE_AUTHORING_MESSAGES } from '@rivet/shared/api/course-authoring';
import { PRICING_MESSAGES } from '@rivet/shared/api/course-pricing';
import { LIFECYCLE_MESSAGES, partnerStaffOnly } from '@rivet/shared/domain/course-lifecycle';
import { FORMULA_FIT_MESSAGES } from '@rivet/shared/domain/revenue-split';
import * as t from '../db/schema';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course';
const WORKFLOW = '/api/Workflow';
type Json = Record<string, any>;
type Staff = Browser & { userId: string };

describe.each(testDrivers())('Approve course on %s', (driver) => {
  let app: TestApp;
  let author: Staff;
  let approver: Staff;
  let lbsAdmin: Staff;
  let qa: Staff;
  let report: Staff;
  let unilag: number;
  let lbs: number;
  let categories: number[];
  let formula: number;
  let retiredFormula: number;
  let seq = 0;

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    author = await signedInStaff(app, 'review.author', 'INSTITUTION ADMIN', 'UNILAG');
    approver = await signedInStaff(app, 'review.approver', 'INSTITUTION ADMIN', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'review.lbs', 'INSTITUTION ADMIN', 'LBS');
    qa = await signedInStaff(app, 'review.qa', 'SUPER ADMIN', null);
    report = await signedInStaff(app, 'review.report', 'INSTITUTION REPORT', 'UNILAG');
    const code = async (c: string) => (await db.select().from(t.institutions).where(eq(t.institutions.code, c)))[0]!.id;
    unilag = await code('UNILAG');
    lbs = await code('LBS');
    categories = (await db.select().from(t.courseCategories).where(eq(t.courseCategories.isActive, true)).orderBy(asc(t.courseCategories.id))).map((c) => c.id);
    formula = await formulaNaming('Review 70/30', [unilag]);
    retiredFormula = await formulaNaming('Retired split', [unilag], false);
  });
  afterAll(() => app?.close());

  /** A formula: the platform owner, then these partners, shares adding up to 100 %. */
  async function formulaNaming(name: string, partners: number[], isActive = true) {
    const db = app.database.db;
    const [made] = await db.insert(t.revenueFormulas).values({ name, isActive }).returning();
    const share = partners.length ? Math.floor(7000 / partners.length) : 0;
    await db.insert(t.revenueFormulaParties).values([
      { formulaId: made!.id, position: 1, partyType: 0, institutionId: null, share: 10_000 - share * partners.length },
      ...partners.map((p, i) => ({ formulaId: made!.id, position: i + 2, partyType: 1, institutionId: p, share })),
    ]);
    return made!.id;
  }

  /** A course submitted by `author` (pending partner review), as Submit for Review leaves it. */
  async function submitted(title = `Review Course ${++seq}`, patch: Json = {}) {
    const course = await insertCourse(app.database.db, {
      institutionId: unilag,
      title,
      modules: 1,
      draft: false,
      approvalStatus: 1,
      publishDate: null,
      submittedByUserId: author.userId,
      submittedAt: app.clock.now(),
      courseCategoryId: categories[0]!,
      ...patch,
    });
    return course.id;
  }
  const partner = (who: Browser, body: Json) => who.call(`${WORKFLOW}/CourseApproval/Course/Approval`, { json: { comment: '', ...body } });
  const qaCall = (who: Browser, body: Json) => who.call(`${WORKFLOW}/CourseApproval/QA/QACourseApproval`, { json: { comment: '', ...body } });
  const row = async (id: number) => (await app.database.db.select().from(t.courses).where(eq(t.courses.id, id)))[0]!;
  const events = (id: number) => app.database.db.select().from(t.courseReviewEvents).where(eq(t.courseReviewEvents.courseId, id)).orderBy(asc(t.courseReviewEvents.id));
  const audits = (id: number) =>
    app.database.db.select().from(t.auditTrail).where(and(eq(t.auditTrail.moduleName, 'CourseApproval'), eq(t.auditTrail.record, String(id)))).orderBy(asc(t.auditTrail.id));
  const catalogueTitles = async (word: string) => {
    const res = await app.fetch(`${COURSE}/Course/Search`, { method: 'POST', json: { parameter: word } });
    return ((await res.json()).data.items as Json[]).map((i) => i.title);
  };
  const mailsAbout = async (title: string) => {
    await app.idle();
    return app.mails.filter((m) => m.subject.includes(title));
  };

  it('walks a course through the implicit partner level and QA into the catalogue, telling the author each time', async () => {
    const title = 'Okapi Bookkeeping Review';
    const id = await submitted(title);
    const res = await partner(approver, { courseId: id, status: 2, courseCategoryId: categories[0], institutiondId: unilag });
    expect([res.status, res.body.description]).toEqual([200, M.approved]);
    expect(res.body.data).toEqual({ courseId: id, approvalStatus: 4, draft: false, reviewLevel: 0, stage: 'qaReview' });
    expect(await row(id)).toMatchObject({ approvalStatus: 4, draft: false, reviewLevel: 0, reviewApprovedBy: [] });
    expect((await mailsAbout(title)).map((m) => [m.to, m.subject])).toEqual([['review.author@staff.demo.ng', `Course Approved: ${title}`]]);
    expect(await catalogueTitles('Okapi')).toEqual([]);

    // QA needs an active revenue formula.
    const noRevenue = await qaCall(qa, { courseId: id, approvalStatus: 2 });
    expect([noRevenue.status, noRevenue.body.description]).toEqual([400, M.revenueRequired]);
    const retired = await qaCall(qa, { courseId: id, approvalStatus: 2, revenueId: retiredFormula });
    expect([retired.status, retired.body.description]).toEqual([400, M.revenueInactive]);
    expect((await row(id)).approvalStatus).toBe(4);

    const published = await qaCall(qa, { courseId: id, approvalStatus: 2, revenueId: formula, institutiondId: unilag });
    expect([published.status, published.body.description]).toEqual([200, M.approved]);
    expect(published.body.data).toMatchObject({ approvalStatus: 2, draft: false, stage: 'published' });
    const stored = await row(id);
    expect(stored).toMatchObject({ approvalStatus: 2, draft: false, revenueFormulaId: formula });
    expect(stored.publishDate?.getTime()).toBe(app.clock.now().getTime());
    expect(await catalogueTitles('Okapi')).toEqual([title]);
    expect((await mailsAbout(title)).map((m) => m.subject)).toEqual([`Course Approved: ${title}`, `Course Approved: ${title}`]);
    expect((await mailsAbout(title))[1]!.text).toContain('now published');

    expect((await events(id)).map((e) => [e.action, e.fromStatus, e.toStatus, e.level, e.actorUserId])).toEqual([
      ['approve', 1, 4, 0, approver.userId],
      ['qaApprove', 4, 2, null, qa.userId],
    ]);
    expect((await audits(id)).map((a) => [a.moduleAction, a.description])).toEqual([
      ['Approval', `Approved course ${id} “${title}” at level 1: now pending QA`],
      ['QACourseApproval', `Approved course ${id} “${title}” (QA): now published`],
    ]);
    // A published course is not waiting for anyone.
    const again = await qaCall(qa, { courseId: id, approvalStatus: 2, revenueId: formula });
    expect([again.status, again.body.description]).toEqual([409, M.notInReview]);
  });

  it('refuses a rejection without a comment, then rejects, tells the author, and lets the author edit and resubmit', async () => {
    const title = 'Tapir Accounts Review';
    const id = await submitted(title, { isPaid: false, stepNo: 3, headline: 'h', overview: '<p>o</p>', objectives: '<p>o</p>', effort: '2 to 4 hours per week', instructorName: 'Ada', thumbnailUrl: '/t.webp', bannerUrl: '/b.webp' });
    for (const comment of ['', '   ']) {
      const res = await partner(approver, { courseId: id, status: 3, comment });
      expect([res.status, res.body.description]).toEqual([400, M.commentRequired]);
    }
    expect(await events(id)).toEqual([]);
    const res = await partner(approver, { courseId: id, status: 3, comment: 'The objectives need\nmeasurable outcomes.' });
    expect([res.status, res.body.description]).toEqual([200, M.rejected]);
    expect(res.body.data).toMatchObject({ approvalStatus: 3, stage: 'rejected' });
    const [mail] = await mailsAbout(title);
    expect(mail).toMatchObject({ to: 'review.author@staff.demo.ng', subject: `Course Rejected: ${title}` });
    expect(mail!.text).toContain('The objectives need\nmeasurable outcomes.');
    const outbox = await app.database.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.subject, `Course Rejected: ${title}`));
    expect(outbox.map((o) => o.template)).toEqual(['course-rejected']);

    // The rejected list shows the comment; the author reads it on the course.
    const rejected = await approver.call(`${COURSE}/Course/InstitutionRejectedCourses?courseTitle=Tapir`);
    expect(rejected.body.data.items.map((i: Json) => [i.courseId, i.comment, i.canReview])).toEqual([[id, 'The objectives need\nmeasurable outcomes.', false]]);
    const opened = await author.call(`${COURSE}/Course/Update/${id}`);
    expect(opened.body.data).toMatchObject({ draft: false, approvalStatus: 3, reviewComment: 'The objectives need\nmeasurable outcomes.' });

    // No more review once rejected; the author's first change makes it a draft again.
    expect((await partner(approver, { courseId: id, status: 2 })).status).toBe(409);
    const save = await author.call(`${COURSE}/Course/CreateUpdate`, {
      json: { courseId: id, title, description: 'Now with outcomes.', courseCategoryId: categories[0], courseType: 1, startDate: '2026-12-01', isPaid: false, hasSurvey: false },
    });
    expect([save.status, save.body.description]).toEqual([200, COURSE_AUTHORING_MESSAGES.updated]);
    expect(await row(id)).toMatchObject({ draft: true, approvalStatus: 1, description: 'Now with outcomes.' });
    expect((await author.call(`${COURSE}/Course/Update/${id}`)).body.data.reviewComment).toBe('The objectives need\nmeasurable outcomes.');

    // Resubmitting (a free course from Build Curriculum) starts the review again, through the machine.
    const article = { assetType: 3, title: 'Read', body: '<p>Text</p>' };
    const build = await author.call(`${COURSE}/Course/Builder?SaveDraft=false`, { json: { courseId: id, courseModules: [{ title: 'M', items: [{ title: 'S', courseModuleItemAssets: [article] }] }] } });
    expect([build.status, build.body.description]).toEqual([200, PRICING_MESSAGES.curriculumSubmitted]);
    expect(await row(id)).toMatchObject({ draft: false, approvalStatus: 1, reviewLevel: 0, reviewApprovedBy: [] });
    expect((await events(id)).map((e) => [e.action, e.fromStatus, e.toStatus, e.actorUserId])).toEqual([
      ['reject', 1, 3, approver.userId],
      ['edit', 3, 1, author.userId],
      ['submit', 1, 1, author.userId],
    ]);
    expect((await author.call(`${COURSE}/Course/Update/${id}`)).body.data.reviewComment).toBeNull();
  });

  it('QA rejects with a comment only, and acts only on courses pending QA', async () => {
    const id = await submitted('Gazelle QA Reject');
    const early = await qaCall(qa, { courseId: id, approvalStatus: 2, revenueId: formula });
    expect([early.status, early.body.description]).toEqual([409, M.notInReview]);
    await partner(approver, { courseId: id, status: 2 });
    // The partner's call leaves QA's stage to QA.
    const partnerAgain = await partner(approver, { courseId: id, status: 3, comment: 'No' });
    expect([partnerAgain.status, partnerAgain.body.description]).toEqual([403, M.notQaReviewer]);
    const noComment = await qaCall(qa, { courseId: id, approvalStatus: 3 });
    expect([noComment.status, noComment.body.description]).toEqual([400, M.commentRequired]);
    const res = await qaCall(qa, { courseId: id, approvalStatus: 3, comment: 'Audio is inaudible in module 1.' });
    expect([res.status, res.body.description]).toEqual([200, M.rejected]);
    expect(await row(id)).toMatchObject({ approvalStatus: 3, revenueFormulaId: null, publishDate: null });
    // Institution staff never reach the QA call.
    expect((await qaCall(approver, { courseId: id, approvalStatus: 2, revenueId: formula })).status).toBe(403);
  });

  it('follows the partner’s workflow: distinct approvers per level, nobody outside the level, in order', async () => {
    const db = app.database.db;
    const [a, b, c] = [await signedInStaff(app, 'review.wf.a', 'INSTITUTION ADMIN', 'UNILAG'), await signedInStaff(app, 'review.wf.b', 'INSTITUTION ADMIN', 'UNILAG'), await signedInStaff(app, 'review.wf.c', 'INSTITUTION ADMIN', 'UNILAG')];
    const category = categories[1]!;
    const [workflow] = await db.insert(t.approvalWorkflows).values({ institutionId: unilag, name: 'Two levels', courseCategoryId: category }).returning();
    const [level1] = await db.insert(t.workflowLevels).values({ workflowId: workflow!.id, levelNo: 1, approvals: 2 }).returning();
    const [level2] = await db.insert(t.workflowLevels).values({ workflowId: workflow!.id, levelNo: 2, approvals: 1 }).returning();
    await db.insert(t.workflowLevelUsers).values([{ levelId: level1!.id, userId: a.userId }, { levelId: level1!.id, userId: b.userId }, { levelId: level2!.id, userId: c.userId }]);

    const id = await submitted('Ibis Workflow Course', { courseCategoryId: category });
    // approvecourse alone does not put anyone into a workflow; a later level cannot approve an earlier one.
    const outsider = await partner(approver, { courseId: id, status: 2 });
    expect([outsider.status, outsider.body.description]).toEqual([403, M.notYourLevel]);
    const early = await partner(c, { courseId: id, status: 2 });
    expect([early.status, early.body.description]).toEqual([403, M.notYourLevel]);
    const listed = await a.call(`${WORKFLOW}/CourseApproval/Pending/Search`, { json: { search: 'Ibis' } });
    expect(listed.body.data.items.map((i: Json) => i.canReview)).toEqual([true]);
    expect((await c.call(`${WORKFLOW}/CourseApproval/Pending/Search`, { json: { search: 'Ibis' } })).body.data.items.map((i: Json) => i.canReview)).toEqual([false]);

    const first = await partner(a, { courseId: id, status: 2 });
    expect(first.body.data).toMatchObject({ approvalStatus: 1, reviewLevel: 0 });
    expect(await row(id)).toMatchObject({ reviewLevel: 0, reviewApprovedBy: [a.userId] });
    const twice = await partner(a, { courseId: id, status: 2 });
    expect([twice.status, twice.body.description]).toEqual([409, M.alreadyApproved]);
    expect((await partner(b, { courseId: id, status: 2 })).body.data).toMatchObject({ approvalStatus: 1, reviewLevel: 1 });
    expect((await partner(c, { courseId: id, status: 2 })).body.data).toMatchObject({ approvalStatus: 4, stage: 'qaReview' });
    expect((await events(id)).map((e) => [e.action, e.level, e.toStatus])).toEqual([
      ['approve', 0, 1],
      ['approve', 0, 1],
      ['approve', 1, 4],
    ]);
    // Only the last partner approval tells the author.
    expect((await mailsAbout('Ibis Workflow Course')).length).toBe(1);

    // Two approvals at once: each is one transition, in turn, so both count.
    const together = await submitted('Ibis Together Course', { courseCategoryId: category });
    const [ra, rb] = await Promise.all([partner(a, { courseId: together, status: 2 }), partner(b, { courseId: together, status: 2 })]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(await row(together)).toMatchObject({ approvalStatus: 1, reviewLevel: 1, reviewApprovedBy: [] });
    expect((await events(together)).length).toBe(2);
  });

  it('approving twice at once makes one transition: the second sees the first’s result', async () => {
    const id = await submitted('Serval Race Course');
    const answers = await Promise.all([partner(approver, { courseId: id, status: 2 }), partner(approver, { courseId: id, status: 2 })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(answers.find((r) => r.status === 403)!.body.description).toBe(M.notQaReviewer);
    expect((await events(id)).map((e) => e.action)).toEqual(['approve']);
    expect((await audits(id)).length).toBe(1);

    // Two QA reviewers publishing at once: one publishes, the other finds nothing to review.
    const qa2 = await signedInStaff(app, 'review.qa2', 'RIVET ADMIN', null);
    const both = await Promise.all([qaCall(qa, { courseId: id, approvalStatus: 2, revenueId: formula }), qaCall(qa2, { courseId: id, approvalStatus: 2, revenueId: formula })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await events(id)).map((e) => e.action)).toEqual(['approve', 'qaApprove']);
  });

  it('keeps a partner’s staff to their own partner’s courses', async () => {
    const id = await submitted('Caracal Confined Course');
    const res = await partner(lbsAdmin, { courseId: id, status: 3, comment: 'Not yours' });
    expect([res.status, res.body.description]).toEqual([404, M.notFound]);
    expect(await row(id)).toMatchObject({ approvalStatus: 1 });
    expect(await events(id)).toEqual([]);
    const lbsList = await lbsAdmin.call(`${WORKFLOW}/CourseApproval/Pending/Search`, { json: {} });
    expect(lbsList.status).toBe(200);
    expect(lbsList.body.data.items.every((i: Json) => i.institutionId === lbs)).toBe(true);
    expect((await lbsAdmin.call(`${COURSE}/Course/AwaitingCourseApproval?approvalstatus=1&institutionId=${unilag}`)).status).toBe(403);
    expect((await lbsAdmin.call(`${WORKFLOW}/CourseApproval/Pending/Search`, { json: { institutionId: unilag } })).status).toBe(403);
    // Platform QA sees every partner's; an institution role without approvecourse cannot act.
    const all = await qa.call(`${COURSE}/Course/AwaitingCourseApproval?approvalstatus=1&courseTitle=Caracal`);
    expect(all.body.data.items.map((i: Json) => i.courseId)).toEqual([id]);
    expect((await partner(report, { courseId: id, status: 2 })).status).toBe(403);
    expect((await report.call(`${COURSE}/Course/InstitutionApprovedCourses`)).status).toBe(403);
    // Unknown course.
    expect((await partner(approver, { courseId: 999_999, status: 2 })).status).toBe(404);
  });

  it('lists by tab with the spec’s defaults, title, category and date filters', async () => {
    const id = await submitted('Pangolin Listing Course', { courseCategoryId: categories[2]!, submittedAt: new Date('2026-03-10T12:00:00Z'), durationMinutes: 95, priceKobo: 150_000, isPaid: true });
    await partner(approver, { courseId: id, status: 2 });
    // AwaitingCourseApproval defaults to status 4 (pending QA), pages of 1000.
    const awaiting = await qa.call(`${COURSE}/Course/AwaitingCourseApproval?courseTitle=pangolin`);
    expect(awaiting.body.data).toMatchObject({ page: 1, pageSize: 1000, totalRows: 1 });
    expect(awaiting.body.data.items[0]).toMatchObject({
      courseId: id, title: 'Pangolin Listing Course', modules: 1, duration: 95, courseLevel: 1, courseLevelName: 'Beginner', courseCategoryId: categories[2],
      institutionId: unilag, institution: 'UNILAG', isPaid: true, coursePrice: 1500, approvalStatus: 4, submittedAt: '2026-03-10T12:00:00.000Z', canReview: true, comment: null,
    });
    // An institution admin cannot review at QA.
    expect((await approver.call(`${COURSE}/Course/AwaitingCourseApproval?courseTitle=pangolin`)).body.data.items[0].canReview).toBe(false);
    const q = (params: string) => qa.call(`${COURSE}/Course/AwaitingCourseApproval?courseTitle=pangolin&${params}`).then((r) => r.body.data.items.length);
    expect(await q('StartDate=2026-03-10&EndDate=2026-03-10')).toBe(1);
    expect(await q('StartDate=2026-03-11')).toBe(0);
    expect(await q(`courseCategoryId=${categories[0]}`)).toBe(0);
    expect(await q(`courseCategoryId=${categories[2]}`)).toBe(1);
    const badOrder = await qa.call(`${COURSE}/Course/AwaitingCourseApproval?StartDate=2026-03-11&EndDate=2026-03-10`);
    expect([badOrder.status, badOrder.body.description]).toEqual([400, M.dateOrder]);
    expect((await qa.call(`${COURSE}/Course/AwaitingCourseApproval?StartDate=2026-02-30`)).status).toBe(400);
    expect((await qa.call(`${COURSE}/Course/AwaitingCourseApproval?approvalstatus=2`)).status).toBe(400);
    // A title with LIKE wildcards matches them literally.
    expect((await qa.call(`${COURSE}/Course/AwaitingCourseApproval?courseTitle=${encodeURIComponent('%')}`)).body.data.items).toEqual([]);

    await qaCall(qa, { courseId: id, approvalStatus: 2, revenueId: formula });
    const approved = await approver.call(`${COURSE}/Course/InstitutionApprovedCourses?courseTitle=Pangolin`);
    expect(approved.body.data.items.map((i: Json) => [i.courseId, i.approvalStatus, i.canReview])).toEqual([[id, 2, false]]);
    expect(approved.body.data.items[0].publishDate).toBe(app.clock.now().toISOString());
  });

  const options = (who: Browser, courseId: number) => who.call(`${WORKFLOW}/CourseApproval/QA/Revenues?courseId=${courseId}`);
  const repick = (who: Browser, body: Json) => who.call(`${WORKFLOW}/CourseApproval/QA/Revenue/Repick`, { json: body });
  const pendingQa = async (title: string, patch: Json = {}) => {
    const id = await submitted(title, patch);
    const res = await partner(approver, { courseId: id, status: 2 });
    expect(res.status, res.body.description).toBe(200);
    return id;
  };

  it('offers QA, per course, only the active formulas naming the course’s partner, and refuses any other naming the partner', async () => {
    const lbsFormula = await formulaNaming('Review LBS 30/70', [lbs]);
    const shared = await formulaNaming('Review LBS and UNILAG', [lbs, unilag]);
    const ownerOnly = await formulaNaming('Review platform only', []);
    const id = await pendingQa('Quokka Formula Course');

    const res = await options(qa, id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ courseId: id, institutionId: unilag, partner: 'University of Lagos', isPlatform: false });
    const ids = res.body.data.items.map((r: Json) => r.id);
    expect(ids).toEqual(expect.arrayContaining([formula, shared]));
    for (const refused of [lbsFormula, ownerOnly, retiredFormula]) expect(ids).not.toContain(refused);
    // Every one it offers names UNILAG: the seeded "Standard 30/70 (UNILAG)" yes, LBS's and ABU's no.
    const names = res.body.data.items.map((r: Json) => r.name);
    expect(names).toContain('Standard 30/70 (UNILAG)');
    expect(names.filter((n: string) => /\((LBS|ABU)\)/.test(n))).toEqual([]);

    // The server judges the formula itself, whatever list the client holds.
    for (const other of [lbsFormula, ownerOnly]) {
      const wrong = await qaCall(qa, { courseId: id, approvalStatus: 2, revenueId: other });
      const name = other === lbsFormula ? 'Review LBS 30/70' : 'Review platform only';
      expect([wrong.status, wrong.body.description]).toEqual([400, FORMULA_FIT_MESSAGES.doesNotFit(name, 'University of Lagos', false)]);
      expect(wrong.body.description).toContain('does not name University of Lagos');
    }
    expect(await row(id)).toMatchObject({ approvalStatus: 4, revenueFormulaId: null });
    const ok = await qaCall(qa, { courseId: id, approvalStatus: 2, revenueId: shared });
    expect(ok.status, ok.body.description).toBe(200);
    expect(await row(id)).toMatchObject({ approvalStatus: 2, revenueFormulaId: shared, revenueFormulaRepickFromId: null });

    // A partner no formula names: nothing to choose, and the answer says whose course it is.
    const fresh = await insertInstitution(app.database.db, { name: 'NEWPART', fullName: 'New Partner College' });
    const lonely = await insertCourse(app.database.db, { institutionId: fresh.id, title: 'Lonely Course', draft: false, approvalStatus: 4, publishDate: null });
    expect((await options(qa, lonely.id)).body.data).toMatchObject({ partner: 'New Partner College', isPlatform: false, items: [] });

    // A course of the platform itself fits only a formula naming no partner.
    const platformId = (await app.database.db.select().from(t.institutions).where(eq(t.institutions.isPlatform, true)))[0]!.id;
    const own = await insertCourse(app.database.db, { institutionId: platformId, title: 'Platform Own Course', draft: false, approvalStatus: 4, publishDate: null });
    const platformItems = (await options(qa, own.id)).body.data.items.map((r: Json) => r.id);
    expect(platformItems).toContain(ownerOnly);
    expect(platformItems).not.toContain(formula);
    const platformWrong = await qaCall(qa, { courseId: own.id, approvalStatus: 2, revenueId: formula });
    expect([platformWrong.status, platformWrong.body.description]).toEqual([400, FORMULA_FIT_MESSAGES.doesNotFit('Review 70/30', 'Rivet Learning Platform', true)]);

    expect((await options(qa, 999_999)).status).toBe(404);
    expect((await qa.call(`${WORKFLOW}/CourseApproval/QA/Revenues`)).status).toBe(400);
    expect((await options(approver, id)).status).toBe(403);
  });

  it('keeps separation of duties: nobody reviews a course they created or last edited, at any level', async () => {
    const colleague = await signedInStaff(app, 'review.sod.colleague', 'INSTITUTION ADMIN', 'UNILAG');
    // Created by the approver: refused at the partner level, with the reason on the card and in review mode.
    const mine = await submitted('Wombat Own Course', { createdByUserId: approver.userId, editedByUserId: author.userId });
    const refused = await partner(approver, { courseId: mine, status: 2 });
    expect([refused.status, refused.body.description]).toEqual([403, LIFECYCLE_MESSAGES.ownCourse]);
    expect((await partner(approver, { courseId: mine, status: 3, comment: 'Withdrawn' })).status).toBe(403);
    const card = (await approver.call(`${WORKFLOW}/CourseApproval/Pending/Search`, { json: { search: 'Wombat Own' } })).body.data.items[0];
    expect(card).toMatchObject({ courseId: mine, canReview: false, cannotReviewReason: LIFECYCLE_MESSAGES.ownCourse });
    expect((await approver.call(`${COURSE}/Course/Update/${mine}`)).body.data.reviewConflict).toBe(LIFECYCLE_MESSAGES.ownCourse);
    // Last edited by the author: the author cannot either; a colleague who did neither can.
    expect((await partner(author, { courseId: mine, status: 2 })).body.description).toBe(LIFECYCLE_MESSAGES.ownCourse);
    expect((await author.call(`${WORKFLOW}/CourseApproval/Pending/Search`, { json: { search: 'Wombat Own' } })).body.data.items[0]).toMatchObject({ canReview: false, cannotReviewReason: LIFECYCLE_MESSAGES.ownCourse });
    expect((await colleague.call(`${WORKFLOW}/CourseApproval/Pending/Search`, { json: { search: 'Wombat Own' } })).body.data.items[0]).toMatchObject({ canReview: true, cannotReviewReason: null });
    expect((await colleague.call(`${COURSE}/Course/Update/${mine}`)).body.data.reviewConflict).toBeNull();
    expect((await partner(colleague, { courseId: mine, status: 2 })).status).toBe(200);
    expect(await row(mine)).toMatchObject({ approvalStatus: 4 });

    // At QA: the platform admin who authored it for the partner cannot publish it; another QA can.
    const qa2 = await signedInStaff(app, 'review.sod.qa2', 'RIVET ADMIN', null);
    await app.database.db.update(t.courses).set({ createdByUserId: qa.userId }).where(eq(t.courses.id, mine));
    expect((await qa.call(`${COURSE}/Course/AwaitingCourseApproval?courseTitle=Wombat`)).body.data.items[0]).toMatchObject({ canReview: false, cannotReviewReason: LIFECYCLE_MESSAGES.ownCourse });
    const own = await qaCall(qa, { courseId: mine, approvalStatus: 2, revenueId: formula });
    expect([own.status, own.body.description]).toEqual([403, LIFECYCLE_MESSAGES.ownCourse]);
    expect((await qaCall(qa2, { courseId: mine, approvalStatus: 2, revenueId: formula })).status).toBe(200);
    expect((await events(mine)).map((e) => [e.action, e.actorUserId])).toEqual([
      ['approve', colleague.userId],
      ['qaApprove', qa2.userId],
    ]);
  });

  it('leaves the partner’s review to the partner’s own staff: platform staff review at QA', async () => {
    const id = await submitted('Numbat Partner Course');
    // A super admin holds approvecourse, yet the partner's levels are the partner's.
    const card = (await qa.call(`${COURSE}/Course/AwaitingCourseApproval?approvalstatus=1&courseTitle=Numbat`)).body.data.items[0];
    expect(card).toMatchObject({ canReview: false, cannotReviewReason: partnerStaffOnly('University of Lagos') });
    for (const body of [{ courseId: id, status: 2 }, { courseId: id, status: 3, comment: 'Not mine to judge' }]) {
      const res = await partner(qa, body);
      expect([res.status, res.body.description]).toEqual([403, partnerStaffOnly('University of Lagos')]);
    }
    expect(await events(id)).toEqual([]);
    expect((await partner(approver, { courseId: id, status: 2 })).status).toBe(200);
  });

  it('records who created and who last edited a course through every authoring save, and keeps them from approving it', async () => {
    const editor = await signedInStaff(app, 'review.sod.editor', 'INSTITUTION ADMIN', 'UNILAG');
    const basic = (courseId?: number) => ({ ...(courseId ? { courseId } : {}), title: 'Kudu Authored Course', description: 'Free.', courseCategoryId: categories[0], courseType: 1, startDate: '2026-12-01', isPaid: false, hasSurvey: false });
    const made = await author.call(`${COURSE}/Course/CreateUpdate`, { json: basic() });
    expect(made.status, made.body.description).toBe(200);
    const id = made.body.data as number;
    expect(await row(id)).toMatchObject({ createdByUserId: author.userId, editedByUserId: author.userId });
    expect((await editor.call(`${COURSE}/Course/CreateUpdate`, { json: basic(id) })).status).toBe(200);
    expect(await row(id)).toMatchObject({ createdByUserId: author.userId, editedByUserId: editor.userId });
    // Completing the course as Additional Information would, then Build Curriculum by the author submits it.
    await app.database.db
      .update(t.courses)
      .set({ headline: 'h', overview: '<p>o</p>', objectives: '<p>o</p>', courseLevel: 1, languageId: 1, effort: '2 to 4 hours per week', instructorName: 'Ada', thumbnailUrl: '/t.webp', bannerUrl: '/b.webp', stepNo: 3 })
      .where(eq(t.courses.id, id));
    const article = { assetType: 3, title: 'Read', body: '<p>Text</p>' };
    const draft = await editor.call(`${COURSE}/Course/Builder?SaveDraft=true`, { json: { courseId: id, courseModules: [{ title: 'M', items: [{ title: 'S', courseModuleItemAssets: [article] }] }] } });
    expect(draft.status, draft.body.description).toBe(200);
    expect((await row(id)).editedByUserId).toBe(editor.userId);
    const build = await author.call(`${COURSE}/Course/Builder?SaveDraft=false`, { json: { courseId: id, courseModules: [{ title: 'M', items: [{ title: 'S', courseModuleItemAssets: [article] }] }] } });
    expect([build.status, build.body.description]).toEqual([200, PRICING_MESSAGES.curriculumSubmitted]);
    expect(await row(id)).toMatchObject({ approvalStatus: 1, draft: false, createdByUserId: author.userId, editedByUserId: author.userId });
    // The editor no longer last edited it, but the author created it: only the editor of the two may approve.
    expect((await partner(author, { courseId: id, status: 2 })).body.description).toBe(LIFECYCLE_MESSAGES.ownCourse);
    expect((await partner(editor, { courseId: id, status: 2 })).status).toBe(200);
  });

  it('lets QA re-pick a fitting formula for an approved course whose formula was taken off it, and nothing else', async () => {
    const lbsFormula = await formulaNaming('Review LBS re-pick', [lbs]);
    const id = await submitted('Dugong Repick Course', { approvalStatus: 2, publishDate: new Date('2026-02-01T00:00:00Z'), revenueFormulaRepickFromId: lbsFormula, createdByUserId: author.userId });
    const listed = (await qa.call(`${WORKFLOW}/CourseApproval/QA/Revenue/Repicks`)).body.data.find((c: Json) => c.courseId === id);
    expect(listed).toEqual({ courseId: id, title: 'Dugong Repick Course', institutionId: unilag, institution: 'University of Lagos', publishDate: '2026-02-01T00:00:00.000Z', formerFormula: { id: lbsFormula, name: 'Review LBS re-pick' } });
    const card = (await qa.call(`${COURSE}/Course/InstitutionApprovedCourses?courseTitle=Dugong`)).body.data.items[0];
    expect(card.revenueRepickFrom).toEqual({ id: lbsFormula, name: 'Review LBS re-pick' });

    expect((await repick(approver, { courseId: id, revenueId: formula })).status).toBe(403);
    expect((await approver.call(`${WORKFLOW}/CourseApproval/QA/Revenue/Repicks`)).status).toBe(403);
    const wrong = await repick(qa, { courseId: id, revenueId: lbsFormula });
    expect([wrong.status, wrong.body.description]).toEqual([400, FORMULA_FIT_MESSAGES.doesNotFit('Review LBS re-pick', 'University of Lagos', false)]);
    expect((await repick(qa, { courseId: id, revenueId: retiredFormula })).body.description).toBe(M.revenueInactive);
    expect((await repick(qa, { courseId: id })).body.description).toBe(M.revenueRequired);
    await app.database.db.update(t.courses).set({ editedByUserId: qa.userId }).where(eq(t.courses.id, id));
    expect((await repick(qa, { courseId: id, revenueId: formula })).body.description).toBe(LIFECYCLE_MESSAGES.ownCourse);
    await app.database.db.update(t.courses).set({ editedByUserId: author.userId }).where(eq(t.courses.id, id));

    const done = await repick(qa, { courseId: id, revenueId: formula });
    expect([done.status, done.body.description, done.body.data]).toEqual([200, M.repicked, { courseId: id, revenueId: formula }]);
    expect(await row(id)).toMatchObject({ revenueFormulaId: formula, revenueFormulaRepickFromId: null });
    expect((await audits(id)).map((a) => [a.moduleAction, a.description])).toEqual([
      ['RevenueRepick', `Set revenue formula “Review 70/30” (${formula}) on approved course ${id} “Dugong Repick Course” of University of Lagos, in place of formula ${lbsFormula}, which did not name it`],
    ]);
    expect((await qa.call(`${WORKFLOW}/CourseApproval/QA/Revenue/Repicks`)).body.data.map((c: Json) => c.courseId)).not.toContain(id);
    // Re-picking is not a way to change any course's split.
    const again = await repick(qa, { courseId: id, revenueId: formula });
    expect([again.status, again.body.description]).toEqual([409, M.repickNotNeeded]);
    expect((await repick(qa, { courseId: await submitted('Dugong Pending'), revenueId: formula })).status).toBe(409);
    expect((await repick(qa, { courseId: 999_999, revenueId: formula })).status).toBe(404);
  });
});
