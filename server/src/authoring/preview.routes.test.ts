import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_AUTHORING_MESSAGES } from '@rivet/shared/api/course-authoring';
import { PREVIEW_MESSAGES } from '@rivet/shared/domain/course-preview';
import * as t from '../db/schema';
import { createMediaSigner } from '../media/secure-media';
import { ACCESS_CACHE_MS } from '../media/secure-media.routes';
import { signedInStaff } from '../testing/staff-fixtures';
import { Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course';
/** The app signs with a key derived from its JWT secret, as test-app.ts sets it. */
const signer = createMediaSigner('test-secret-test-secret-test-secret-0123456789:media');

type Json = Record<string, any>;

const option = (title: string, isAnswer = false) => ({ title, description: '', isAnswer });
const certificateQuiz = {
  name: 'Check your understanding',
  description: 'Two questions.',
  timed: false,
  duration: 0,
  pointPerQuestion: 5,
  requiredNextModule: true,
  passMark: 50,
  randomize: false,
  data: [
    { type: 0, question: '<p>Where do totals go?</p>', options: [option('Column D', true), option('Column A')] },
    { type: 1, question: '<p>Pick the sums</p>', options: [option('SUM', true), option('AVERAGE'), option('TOTAL', true)] },
  ],
};

describe.each(testDrivers())('Preview Course (Course/AdminPreviewCourse) on %s', (driver) => {
  let app: TestApp;
  let unilagAdmin: Browser & { userId: string };
  let lbsAdmin: Browser & { userId: string };
  let superAdmin: Browser & { userId: string };
  let category: number;
  let courseId: number;
  let preview: Json;

  const previewOf = (who: Browser, id: number) => who.call(`${COURSE}/Course/AdminPreviewCourse/${id}`);
  const progressRows = async (id: number) => (await app.database.db.select({ n: count() }).from(t.sectionProgress).where(eq(t.sectionProgress.courseId, id)))[0]!.n;

  async function draft(who: Browser) {
    const res = await who.call(`${COURSE}/Course/CreateUpdate`, {
      json: { title: 'Bookkeeping Basics', description: 'Books that balance.', courseCategoryId: category, courseType: 1, startDate: '2026-12-01', isPaid: true, hasSurvey: false },
    });
    expect(res.status, res.body.description).toBe(200);
    return res.body.data as number;
  }

  beforeAll(async () => {
    app = await createTestApp(driver);
    unilagAdmin = await signedInStaff(app, 'preview.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'preview.lbs', 'INSTITUTION ADMIN', 'LBS');
    superAdmin = await signedInStaff(app, 'preview.super', 'SUPER ADMIN', 'RIVET');
    const db = app.database.db;
    category = (await db.select().from(t.courseCategories).where(eq(t.courseCategories.isActive, true)).limit(1))[0]!.id;
    const unilag = (await db.select().from(t.institutions).where(eq(t.institutions.code, 'UNILAG')))[0]!.id;
    // A picture in UNILAG's content library, stored where the demo pictures are.
    const [picture] = await db
      .insert(t.libraryFiles)
      .values({ institutionId: unilag, fileName: 'ledger.svg', storageKey: 'content:demo/images/cybersecurity-basics.svg', fileType: 1, contentType: 'image/svg+xml', sizeBytes: 1000 })
      .returning();
    courseId = await draft(unilagAdmin);
    const saved = await unilagAdmin.call(`${COURSE}/Course/Builder?SaveDraft=true`, {
      json: {
        courseId,
        courseModules: [
          {
            title: 'Getting started',
            items: [
              { title: 'Why books matter', courseModuleItemAssets: [{ assetType: 3, title: 'Reading a ledger', body: '<p>A ledger lists every sale.</p>' }] },
              { title: 'The ledger, pictured', courseModuleItemAssets: [{ assetType: 1, title: 'Key points', fileGuid: picture!.guid, altText: 'A ledger page with three sales in columns' }] },
            ],
          },
          { title: 'Test yourself', items: [{ title: 'Quiz', courseModuleItemAssets: [{ assetType: 4, title: '', quiz: certificateQuiz }] }] },
        ],
      },
    });
    expect(saved.status, saved.body.description).toBe(200);
    const res = await previewOf(unilagAdmin, courseId);
    expect(res.status, res.body.description).toBe(200);
    preview = res.body.data;
  });
  afterAll(() => app?.close());

  const pictureUrl = () => preview.videos[0].items[1].courseModuleItemAssets[0].url as string;

  it('shows the author’s own draft in the player’s shape, with no progress, and marks quizzes only by the keys beside them', () => {
    expect(preview).toMatchObject({ courseId, title: 'Bookkeeping Basics', percentage: 0, completed: false, currentModule: null, currentSection: null, certificateId: null, surveySubmitted: false });
    expect(preview.videos.map((m: Json) => [m.title, m.itemsCompleted, m.items.map((s: Json) => [s.title, s.isCompleted, s.courseModuleItemAssets.map((a: Json) => a.assetType)])])).toEqual([
      ['Getting started', 0, [['Why books matter', false, ['article']], ['The ledger, pictured', false, ['image']]]],
      ['Test yourself', 0, [['Quiz', false, ['quiz']]]],
    ]);
    expect(preview.videos[0].items[0].courseModuleItemAssets[0].body).toBe('<p>A ledger lists every sale.</p>');
    // The picture is described by its author's alt text (decision 093), the article has none.
    expect([preview.videos[0].items[1].courseModuleItemAssets[0].altText, preview.videos[0].items[0].courseModuleItemAssets[0].altText]).toEqual(['A ledger page with three sales in columns', null]);
    // A certificate quiz looks as it will to learners (no key in it); the preview's key is beside it.
    const quiz = preview.videos[1].items[0].courseModuleItemAssets[0];
    expect(quiz.quiz.data[0].options.map((o: Json) => o.isAnswer)).toEqual([null, null]);
    expect(preview.answerKeys).toEqual({ [String(quiz.courseModuleItemAssetId)]: [[0], [0, 2]] });
    expect(Date.parse(preview.mediaExpiresAt) - app.clock.now().getTime()).toBeLessThanOrEqual(65 * 60_000);
  });

  it('keeps institution staff to their own institution’s courses; platform staff preview any', async () => {
    const other = await previewOf(lbsAdmin, courseId);
    expect([other.status, other.body.description]).toEqual([404, COURSE_AUTHORING_MESSAGES.notFound]);
    const platform = await previewOf(superAdmin, courseId);
    expect(platform.status).toBe(200);
    expect(platform.body.data.videos).toHaveLength(2);
    expect((await previewOf(unilagAdmin, 2_000_000)).status).toBe(404);
  });

  it('refuses a course with no module, a module without a section or a section without content, in §5’s words', async () => {
    const db = app.database.db;
    const empty = await draft(unilagAdmin);
    const refused = async () => {
      const res = await previewOf(unilagAdmin, empty);
      expect([res.status, res.body.description]).toEqual([422, PREVIEW_MESSAGES.noContent]);
    };
    await refused();
    const [module] = await db.insert(t.courseModules).values({ courseId: empty, position: 0, title: 'Module 1' }).returning();
    await refused();
    const [section] = await db.insert(t.courseSections).values({ moduleId: module!.id, position: 0, title: 'Lesson 1' }).returning();
    await refused();
    await db.insert(t.courseAssets).values({ sectionId: section!.id, position: 0, assetType: 3, title: 'Read', body: '<p>Text</p>' });
    expect((await previewOf(unilagAdmin, empty)).status).toBe(200);
    // One empty section anywhere is enough to refuse.
    await db.insert(t.courseSections).values({ moduleId: module!.id, position: 1, title: 'Lesson 2' });
    await refused();
  });

  it('previews a submitted course too (any approval status)', async () => {
    const db = app.database.db;
    const [language] = await db.select().from(t.languages).limit(1);
    await db.update(t.courses).set({ draft: false, approvalStatus: 1, courseLevel: 1, languageId: language!.id }).where(eq(t.courses.id, courseId));
    try {
      expect((await previewOf(unilagAdmin, courseId)).status).toBe(200);
    } finally {
      await db.update(t.courses).set({ draft: true }).where(eq(t.courses.id, courseId));
    }
  });

  it('serves the preview’s media to the staff member it was signed for, and to no one else', async () => {
    const url = pictureUrl();
    const res = await app.fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(Number(/max-age=(\d+)/.exec(res.headers.get('cache-control')!)![1])).toBeLessThanOrEqual(3600);

    const assetId = preview.videos[0].items[1].courseModuleItemAssets[0].courseModuleItemAssetId as number;
    const asset = { assetId, assetType: 1, url: 'content:demo/images/cybersecurity-basics.svg' };
    const now = app.clock.now();
    // Another institution's staff, even with a genuine preview token of their own: refused.
    expect((await app.fetch(signer.forPreview(asset, lbsAdmin.userId, now).url!)).status).toBe(403);
    // A learner's kind of token for the same staff member: no enrolment, refused.
    expect((await app.fetch(signer.forAsset(asset, unilagAdmin.userId, now).url!)).status).toBe(403);
    // A preview token for a learner: learners preview nothing.
    const [learner] = await app.database.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.userName, 'learner@demo.ng'));
    expect((await app.fetch(signer.forPreview(asset, learner!.id, now).url!)).status).toBe(403);
    // Platform staff may preview any institution's course.
    expect((await app.fetch(signer.forPreview(asset, superAdmin.userId, now).url!)).status).toBe(200);
  });

  it('writes no progress: previewing writes nothing, and the learner calls refuse staff who are not enrolled', async () => {
    const before = await progressRows(courseId);
    await previewOf(unilagAdmin, courseId);
    const module = preview.videos[0];
    const section = module.items[0];
    const viewing = await unilagAdmin.call(`${COURSE}/Course/Uploadviewing/${unilagAdmin.userId}`, {
      json: { eventId: crypto.randomUUID(), courseId, currentModule: module.courseModuleId, currentSection: section.courseModuleItemId, isCompleted: true, lastDateVisted: new Date().toISOString() },
    });
    expect(viewing.status).toBe(403);
    const quiz = preview.videos[1].items[0];
    const score = await unilagAdmin.call(`${COURSE}/Course/Quiz/UpdateScore/${unilagAdmin.userId}`, {
      json: {
        eventId: crypto.randomUUID(),
        courseQuizId: quiz.courseModuleItemAssets[0].courseModuleItemAssetId,
        courseId,
        module: preview.videos[1].courseModuleId,
        section: quiz.courseModuleItemId,
        answers: [{ question: 0, options: [0] }],
        lastDateVisted: new Date().toISOString(),
      },
    });
    expect(score.status).toBe(403);
    expect(await progressRows(courseId)).toBe(before);
    expect(before).toBe(0);
    const enrolments = await app.database.db.select({ n: count() }).from(t.enrollments).where(eq(t.enrollments.courseId, courseId));
    expect(enrolments[0]!.n).toBe(0);
  });

  it('is refused to anyone signed out (learners and other roles: the authorization matrix)', async () => {
    expect((await new Browser(app).call(`${COURSE}/Course/AdminPreviewCourse/${courseId}`)).status).toBe(401);
  });

  it('stops serving the preview’s media once the staff member is deactivated, and when it expires', async () => {
    const colleague = await signedInStaff(app, 'preview.colleague', 'INSTITUTION ADMIN', 'UNILAG');
    const url = (await previewOf(colleague, courseId)).body.data.videos[0].items[1].courseModuleItemAssets[0].url as string;
    expect((await app.fetch(url)).status).toBe(200);
    await app.database.db.update(t.users).set({ isActive: false }).where(eq(t.users.id, colleague.userId));
    // A positive answer is remembered for a minute (seeking a video stays cheap); then it is asked again.
    app.clock.advance(ACCESS_CACHE_MS + 1000);
    expect((await app.fetch(url)).status).toBe(403);
    await app.database.db.update(t.users).set({ isActive: true }).where(eq(t.users.id, colleague.userId));
    expect((await app.fetch(url)).status).toBe(200);
    app.clock.advance(66 * 60_000);
    const expired = await app.fetch(url);
    expect([expired.status, await expired.text()]).toEqual([403, 'This link has expired. Open the lesson again.']);
  });
});
