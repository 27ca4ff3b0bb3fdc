// Revisions of published courses (decision 048): learners keep the published course while its
// revision goes through review; approval swaps the content in and keeps progress on kept sections.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES } from '@rivet/shared/api/course-approval';
import { EDIT_CHECK_MESSAGES } from '@rivet/shared/api/course-authoring';
import * as t from '../db/schema';
import { clientTime, createStudyFixtures, type StudyCourse } from '../learning/study-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course';
const WORKFLOW = '/api/Workflow';
type Json = Record<string, any>;
type Staff = Browser & { userId: string };

describe.each(testDrivers())('revisions of published courses on %s', (driver) => {
  let app: TestApp;
  let fx: ReturnType<typeof createStudyFixtures>;
  let author: Staff;
  let approver: Staff;
  let lbsAdmin: Staff;
  let qa: Staff;
  let formula: number;
  let seq = 0;

  beforeAll(async () => {
    app = await createTestApp(driver);
    fx = createStudyFixtures(app);
    author = await signedInStaff(app, 'revision.author', 'INSTITUTION ADMIN', 'UNILAG');
    approver = await signedInStaff(app, 'revision.approver', 'INSTITUTION ADMIN', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'revision.lbs', 'INSTITUTION ADMIN', 'LBS');
    qa = await signedInStaff(app, 'revision.qa', 'SUPER ADMIN', null);
    // QA approves only with a formula naming the course's partner (decision 076): UNILAG's seeded one.
    formula = (await app.database.db.select().from(t.revenueFormulas).where(eq(t.revenueFormulas.name, 'Standard 30/70 (UNILAG)')))[0]!.id;
  });
  afterAll(() => app?.close());

  const db = () => app.database.db;
  /** A published free course (no survey) complete enough to be submitted again, with an enrolled learner. */
  async function published() {
    const title = `Pangolin Ledgers ${++seq}`;
    const course = await fx.course({ survey: false, title });
    await db()
      .update(t.courses)
      .set({ headline: 'Ledgers', overview: '<p>Overview</p>', objectives: '<p>Goals</p>', effort: '1 to 2 hours per week', instructorName: 'Ada Obi', thumbnailUrl: '/media/t.webp', bannerUrl: '/media/b.webp', stepNo: 3 })
      .where(eq(t.courses.id, course.id));
    const learner = await fx.learner('Reviser');
    await fx.enrol(learner.userId, course.id);
    return { course, title, learner };
  }
  const revise = (who: Browser, id: number) => who.call(`${COURSE}/Course/Revision/${id}`, { method: 'POST' });
  const check = (who: Browser, id: number) => who.call(`${COURSE}/Course/Update/Check/${id}`);
  const builder = (who: Browser, id: number) => who.call(`${COURSE}/Course/Builder/${id}`);
  const saveBuilder = (who: Browser, courseId: number, courseModules: Json[], saveDraft: boolean) =>
    who.call(`${COURSE}/Course/Builder?SaveDraft=${saveDraft}`, { json: { courseId, courseModules } });
  const partner = (who: Browser, body: Json) => who.call(`${WORKFLOW}/CourseApproval/Course/Approval`, { json: { comment: '', ...body } });
  const qaCall = (who: Browser, body: Json) => who.call(`${WORKFLOW}/CourseApproval/QA/QACourseApproval`, { json: { comment: '', ...body } });
  const player = (learner: { b: Browser; userId: string }, courseId: number) => learner.b.call(`${COURSE}/Course/Enrolled/Details/${learner.userId}/${courseId}`);
  const complete = (learner: { b: Browser; userId: string }, course: StudyCourse, part: 'video' | 'article') =>
    learner.b.call(`${COURSE}/Course/Uploadviewing/${learner.userId}`, {
      json: { eventId: randomUUID(), courseId: course.id, currentModule: course.m1, currentSection: course[part].section, isCompleted: true, secondsWatched: 95, lastDateVisted: clientTime(app, -60_000) },
    });
  const manifest = (learner: { b: Browser; userId: string }, courseId: number) => learner.b.call(`${COURSE}/Course/Offline/Manifest/${learner.userId}/${courseId}`);
  const publicTitle = async (id: number) => (await (await app.fetch(`${COURSE}/Course/GetCourseById/${id}`)).json()).data?.title;
  const courseCount = async () => (await db().select({ id: t.courses.id }).from(t.courses)).length;
  const audits = (module: string, record: number) =>
    db().select().from(t.auditTrail).where(and(eq(t.auditTrail.moduleName, module), eq(t.auditTrail.record, String(record)))).orderBy(asc(t.auditTrail.id));

  /** Edits the revision's curriculum: renames the article section, adds a section to module 2, and submits it. */
  async function editAndSubmit(revisionId: number, options: { dropArticle?: boolean } = {}) {
    const read = await builder(author, revisionId);
    expect(read.status, read.body.description).toBe(200);
    const modules = read.body.data.courseModules as Json[];
    const [m1, m2] = modules;
    const m1Items = options.dropArticle ? m1!.items.slice(0, 1) : m1!.items.map((s: Json, i: number) => (i === 1 ? { ...s, title: 'Reading, revised' } : s));
    const body = [
      { ...m1, items: m1Items },
      { ...m2, items: [...m2!.items, { title: 'New: closing the books', courseModuleItemAssets: [{ assetType: 3, title: 'Closing', body: '<p>Close the books monthly.</p>' }] }] },
    ];
    const res = await saveBuilder(author, revisionId, body, false);
    expect([res.status, res.body.description]).toEqual([200, 'Course curriculum submitted for review']);
  }

  it('keeps learners on the published course while the revision waits, answers Awaiting Approval to a second update, and swaps the content in on approval keeping progress', async () => {
    const { course, title, learner } = await published();
    expect((await complete(learner, course, 'video')).status).toBe(200);
    const before = (await player(learner, course.id)).body.data;
    expect(before.percentage).toBeGreaterThan(0);
    const manifestBefore = (await manifest(learner, course.id)).body.data;

    expect((await check(author, course.id)).body.data).toMatchObject({ canEdit: true, stage: 'published', message: null, revisionId: null });
    const started = await revise(author, course.id);
    expect(started.status, started.body.description).toBe(200);
    const revisionId = started.body.data.courseId as number;
    expect(started.body.data).toEqual({ courseId: revisionId, revisionOfCourseId: course.id, created: true, stepNo: 3 });
    expect(revisionId).not.toBe(course.id);
    // Pressing Update again opens the same revision.
    expect((await revise(author, course.id)).body.data).toMatchObject({ courseId: revisionId, created: false });
    expect((await audits('Course', course.id)).map((a) => [a.moduleAction, a.description])).toContainEqual([
      'Revision',
      `Started revision ${revisionId} of published course ${course.id} “${title}”: learners keep the published course until the revision is approved`,
    ]);
    const draft = (await author.call(`${COURSE}/Course/Update/${revisionId}`)).body.data;
    expect(draft).toMatchObject({ title, draft: true, revisionOfCourseId: course.id, headLine: 'Ledgers', instructorName: 'Ada Obi' });
    // Whoever asked for the revision created it (decision 076): they may not approve it.
    expect((await db().select().from(t.courses).where(eq(t.courses.id, revisionId)))[0]).toMatchObject({ createdByUserId: author.userId, editedByUserId: author.userId });

    // The author retitles the revision and changes its curriculum, then submits it.
    const basic = await author.call(`${COURSE}/Course/CreateUpdate`, {
      json: { courseId: revisionId, title: `${title} (2027 edition)`, description: draft.description, courseCategoryId: draft.courseCategoryId, courseType: 1, startDate: '2026-12-01', isPaid: false, hasSurvey: false },
    });
    expect(basic.status, basic.body.description).toBe(200);
    await editAndSubmit(revisionId);

    // Learners still see the published course: catalogue page, player, titles and sections.
    expect(await publicTitle(course.id)).toBe(title);
    expect(await publicTitle(revisionId)).toBeUndefined();
    const waiting = (await player(learner, course.id)).body.data;
    expect(waiting.title).toBe(title);
    expect(waiting.videos.flatMap((m: Json) => m.items.map((s: Json) => s.title))).toEqual(['Welcome', 'Reading', 'Check your understanding']);

    // A second update while this one waits: 'Awaiting Approval', and nothing changes.
    const rows = await courseCount();
    expect((await check(author, course.id)).body.data).toMatchObject({ canEdit: false, message: EDIT_CHECK_MESSAGES.awaitingApproval, revisionId });
    const second = await revise(author, course.id);
    expect([second.status, second.body.description]).toEqual([409, 'Awaiting Approval']);
    expect(await courseCount()).toBe(rows);

    // The approvers see it in their Pending lists, marked as an update of the published course.
    const pending = await approver.call(`${WORKFLOW}/CourseApproval/Pending/Search`, { method: 'POST', json: { search: 'Pangolin' } });
    expect(pending.body.data.items.find((i: Json) => i.courseId === revisionId)).toMatchObject({ revisionOfCourseId: course.id, canReview: true, title: `${title} (2027 edition)` });
    expect(pending.body.data.items.find((i: Json) => i.courseId === course.id)).toBeUndefined();
    expect((await partner(approver, { courseId: revisionId, status: 2 })).status).toBe(200);
    const qaPending = await qa.call(`${COURSE}/Course/AwaitingCourseApproval?courseTitle=Pangolin`);
    expect(qaPending.body.data.items.find((i: Json) => i.courseId === revisionId)).toMatchObject({ revisionOfCourseId: course.id });
    expect(await publicTitle(course.id)).toBe(title);

    const approved = await qaCall(qa, { courseId: revisionId, approvalStatus: 2, revenueId: formula });
    expect([approved.status, approved.body.description]).toEqual([200, APPROVAL_MESSAGES.approved]);
    expect(approved.body.data).toMatchObject({ stage: 'published', appliedToCourseId: course.id });

    // One course, its id unchanged, with the new content; the revision is gone.
    expect(await db().select().from(t.courses).where(eq(t.courses.id, revisionId))).toEqual([]);
    const [stored] = await db().select().from(t.courses).where(eq(t.courses.id, course.id));
    expect(stored).toMatchObject({ title: `${title} (2027 edition)`, approvalStatus: 2, draft: false, revenueFormulaId: formula, isActive: true });
    expect(await publicTitle(course.id)).toBe(`${title} (2027 edition)`);

    const after = (await player(learner, course.id)).body.data;
    expect(after.title).toBe(`${title} (2027 edition)`);
    const sections = after.videos.flatMap((m: Json) => m.items) as Json[];
    expect(sections.map((s) => [s.title, s.isCompleted])).toEqual([
      ['Welcome', true],
      ['Reading, revised', false],
      ['Check your understanding', false],
      ['New: closing the books', false],
    ]);
    // Kept sections and assets keep their ids (and the learner's progress); the new one is new.
    expect(sections.slice(0, 3).map((s) => s.courseModuleItemId)).toEqual([course.video.section, course.article.section, course.quiz.section]);
    expect(sections[0]!.courseModuleItemAssets[0].courseModuleItemAssetId).toBe(course.video.asset);

    // An offline copy: the content version changed, every media file it holds is unchanged (same
    // asset, same version, same path), so it fetches the content and no media at all.
    const manifestAfter = (await manifest(learner, course.id)).body.data;
    expect(manifestAfter.contentVersion).not.toBe(manifestBefore.contentVersion);
    expect(manifestAfter.assetVersions[course.video.asset]).toBe(manifestBefore.assetVersions[course.video.asset]);
    const fileKeys = (m: Json) => new Set((m.qualities as Json[]).flatMap((q) => (q.files as Json[]).map((f) => `${f.assetId}/${f.path}`)));
    expect([...fileKeys(manifestAfter)].filter((k) => !fileKeys(manifestBefore).has(k))).toEqual([]);
    expect(fileKeys(manifestAfter).size).toBeGreaterThan(0);

    // The revision's review history moved to the course; every step is audited.
    const events = await db().select().from(t.courseReviewEvents).where(eq(t.courseReviewEvents.courseId, course.id)).orderBy(asc(t.courseReviewEvents.id));
    expect(events.map((e) => e.action)).toEqual(['submit', 'approve', 'qaApprove']);
    expect((await audits('CourseApproval', course.id)).map((a) => a.description)).toEqual([
      `Applied approved revision ${revisionId} to published course ${course.id} “${title} (2027 edition)”: 3 sections kept with learners’ progress, 1 added, 0 removed, 0 media files replaced`,
    ]);
    expect((await audits('CourseApproval', revisionId)).map((a) => a.moduleAction)).toEqual(['Approval', 'QACourseApproval']);

    // The course can be updated again.
    expect((await check(author, course.id)).body.data).toMatchObject({ canEdit: true, revisionId: null });
  });

  it('sends a rejected revision back to its author with the comment, and the next Update continues it', async () => {
    const { course, title } = await published();
    const revisionId = (await revise(author, course.id)).body.data.courseId as number;
    await editAndSubmit(revisionId);
    const noComment = await partner(approver, { courseId: revisionId, status: 3, comment: ' ' });
    expect([noComment.status, noComment.body.description]).toEqual([400, APPROVAL_MESSAGES.commentRequired]);
    const rejected = await partner(approver, { courseId: revisionId, status: 3, comment: 'Keep the old reading list' });
    expect([rejected.status, rejected.body.description]).toEqual([200, APPROVAL_MESSAGES.rejected]);
    await app.idle();
    expect(app.mails.filter((m) => m.subject === `Course Rejected: ${title}`).map((m) => m.to)).toEqual(['revision.author@staff.demo.ng']);

    const list = await approver.call(`${COURSE}/Course/InstitutionRejectedCourses?courseTitle=Pangolin`);
    expect(list.body.data.items.find((i: Json) => i.courseId === revisionId)).toMatchObject({ revisionOfCourseId: course.id, comment: 'Keep the old reading list' });
    expect((await author.call(`${COURSE}/Course/Update/${revisionId}`)).body.data).toMatchObject({ reviewComment: 'Keep the old reading list', revisionOfCourseId: course.id });
    // The published course is untouched, and Update goes on with the rejected revision.
    expect(await publicTitle(course.id)).toBe(title);
    expect((await check(author, course.id)).body.data).toMatchObject({ canEdit: true, revisionId });
    expect((await revise(author, course.id)).body.data).toMatchObject({ courseId: revisionId, created: false });
  });

  it('drops progress on a removed section from completion, keeps a completed learner completed, and gives a replaced media file a new asset id', async () => {
    const { course, learner } = await published();
    const finisher = await fx.learner('Finisher');
    await fx.enrol(finisher.userId, course.id);
    const completedAt = new Date('2026-11-02T10:00:00Z');
    await db().update(t.enrollments).set({ completedAt }).where(and(eq(t.enrollments.userId, finisher.userId), eq(t.enrollments.courseId, course.id)));
    expect((await complete(learner, course, 'article')).status).toBe(200);

    const revisionId = (await revise(author, course.id)).body.data.courseId as number;
    // A new file for the video (as the builder stores a library file's key).
    const [videoCopy] = await db().select().from(t.courseAssets).where(eq(t.courseAssets.originId, course.video.asset));
    await db().update(t.courseAssets).set({ url: 'content:demo/videos/lesson-introduction-v2.mp4' }).where(eq(t.courseAssets.id, videoCopy!.id));
    await editAndSubmit(revisionId, { dropArticle: true });
    expect((await partner(approver, { courseId: revisionId, status: 2 })).status).toBe(200);
    expect((await qaCall(qa, { courseId: revisionId, approvalStatus: 2, revenueId: formula })).status).toBe(200);

    const after = (await player(learner, course.id)).body.data;
    const sections = after.videos.flatMap((m: Json) => m.items) as Json[];
    expect(sections.map((s) => s.title)).toEqual(['Welcome', 'Check your understanding', 'New: closing the books']);
    expect(sections.every((s) => !s.isCompleted)).toBe(true);
    expect(after.percentage).toBe(0);
    expect(await db().select().from(t.sectionProgress).where(eq(t.sectionProgress.sectionId, course.article.section))).toEqual([]);
    // Same section, new asset: an offline copy fetches the new file.
    expect(sections[0]!.courseModuleItemId).toBe(course.video.section);
    expect(sections[0]!.courseModuleItemAssets[0].courseModuleItemAssetId).not.toBe(course.video.asset);
    const [enrolment] = await db().select().from(t.enrollments).where(and(eq(t.enrollments.userId, finisher.userId), eq(t.enrollments.courseId, course.id)));
    expect(enrolment!.completedAt).toEqual(completedAt);
    expect((await audits('CourseApproval', course.id)).at(-1)!.description).toContain('2 sections kept with learners’ progress, 1 added, 1 removed, 1 media files replaced');
  });

  it('deletes the old version’s thumbnail and promotional video after approval, and keeps every file something still names', async () => {
    const { course } = await published();
    const file = (url: string) => join(app.dataDir, url.slice(1));
    const stored = (url: string) => existsSync(file(url));
    const put = (url: string) => {
      mkdirSync(dirname(file(url)), { recursive: true });
      writeFileSync(file(url), 'bytes');
      return url;
    };
    const oldThumbnail = put(`/media/courses/${randomUUID()}.webp`);
    const sharedBanner = put(`/media/courses/${randomUUID()}.webp`);
    const oldPromo = put(`/media/promo/${randomUUID()}.mp4`);
    const keptPromo = put(`/media/promo/${randomUUID()}.mp4`);
    await db().update(t.courses).set({ thumbnailUrl: oldThumbnail, bannerUrl: sharedBanner, promoVideoUrl: oldPromo }).where(eq(t.courses.id, course.id));
    // Another course names the same banner (nothing should, but a file is deleted only when nothing does).
    const other = await fx.course({ survey: false, title: `Pangolin Neighbour ${++seq}` });
    await db().update(t.courses).set({ bannerUrl: sharedBanner, promoVideoUrl: keptPromo }).where(eq(t.courses.id, other.id));

    const revisionId = (await revise(author, course.id)).body.data.courseId as number;
    // The revision gets a new thumbnail and banner and drops the promotional video (as the wizard stores them).
    const newThumbnail = put(`/media/courses/${randomUUID()}.webp`);
    const newBanner = put(`/media/courses/${randomUUID()}.webp`);
    await db().update(t.courses).set({ thumbnailUrl: newThumbnail, bannerUrl: newBanner, promoVideoUrl: null }).where(eq(t.courses.id, revisionId));
    await editAndSubmit(revisionId);
    expect((await partner(approver, { courseId: revisionId, status: 2 })).status).toBe(200);
    await app.idle();
    // Learners still see the published course's files while the revision waits.
    expect([oldThumbnail, sharedBanner, oldPromo].map(stored)).toEqual([true, true, true]);

    expect((await qaCall(qa, { courseId: revisionId, approvalStatus: 2, revenueId: formula })).status).toBe(200);
    await app.idle();
    const [after] = await db().select().from(t.courses).where(eq(t.courses.id, course.id));
    expect([after!.thumbnailUrl, after!.bannerUrl, after!.promoVideoUrl]).toEqual([newThumbnail, newBanner, null]);
    expect(stored(oldThumbnail)).toBe(false);
    expect(stored(oldPromo)).toBe(false);
    // Still named by the other course.
    expect(stored(sharedBanner)).toBe(true);
    expect(stored(keptPromo)).toBe(true);
    expect([newThumbnail, newBanner].map(stored)).toEqual([true, true]);
  });

  it('copies an image’s alt text into the revision, and an edited alt text shows as an edited item (decision 093)', async () => {
    const { course } = await published();
    const altText = 'Four numbered steps of closing the books';
    await db().insert(t.courseAssets).values({ sectionId: course.article.section, position: 1, assetType: 1, title: 'steps.png', url: 'content:demo/images/steps.png', altText });
    const revisionId = (await revise(author, course.id)).body.data.courseId as number;
    const read = await builder(author, revisionId);
    const reading = read.body.data.courseModules[0].items[1];
    expect(reading.courseModuleItemAssets.map((a: Json) => [a.assetType, a.altText])).toEqual([[3, null], [1, altText]]);
    const modules = read.body.data.courseModules.map((m: Json, i: number) =>
      i === 0 ? { ...m, items: [m.items[0], { ...reading, courseModuleItemAssets: [reading.courseModuleItemAssets[0], { ...reading.courseModuleItemAssets[1], altText: 'Five steps' }] }] } : m,
    );
    expect((await saveBuilder(author, revisionId, modules, true)).status).toBe(200);
    const changes = await author.call(`${COURSE}/Course/Revision/Changes/${revisionId}`);
    expect(JSON.stringify(changes.body.data)).toContain('"change":"edited","assetType":1');
  });

  it('keeps another institution away from the course and its revision', async () => {
    const { course } = await published();
    const revisionId = (await revise(author, course.id)).body.data.courseId as number;
    const rows = await courseCount();
    expect((await revise(lbsAdmin, course.id)).status).toBe(404);
    expect((await check(lbsAdmin, course.id)).status).toBe(404);
    expect((await lbsAdmin.call(`${COURSE}/Course/Update/${revisionId}`)).status).toBe(404);
    expect((await builder(lbsAdmin, revisionId)).status).toBe(404);
    expect((await saveBuilder(lbsAdmin, revisionId, [], true)).status).toBe(404);
    expect(await courseCount()).toBe(rows);
    // Only published courses have revisions; a revision is not one.
    expect((await revise(author, revisionId)).status).toBe(409);
    // Revisions are not listed as courses of their own in Manage Courses.
    const drafts = await author.call(`${COURSE}/Course/ManageCourses?draft=true&pageSize=100`);
    expect(drafts.body.data.items.map((i: Json) => i.courseId)).not.toContain(revisionId);
  });
});
