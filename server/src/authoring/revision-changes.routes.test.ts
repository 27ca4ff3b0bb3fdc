// Course/Revision/Changes/{id} (decision 078): what an update of a published course changes, made
// through the authoring calls themselves, and who may read it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_AUTHORING_MESSAGES } from '@rivet/shared/api/course-authoring';
import { REVISION_CHANGES_MESSAGES } from '@rivet/shared/api/course-revision-changes';
import { PERMISSIONS } from '@rivet/shared/domain/permissions';
import * as t from '../db/schema';
import { createStudyFixtures } from '../learning/study-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course';
type Json = Record<string, any>;

describe.each(testDrivers())('what an update of a published course changes, on %s', (driver) => {
  let app: TestApp;
  let fx: ReturnType<typeof createStudyFixtures>;
  let author: Browser;
  let approver: Browser;
  let lbsAdmin: Browser;
  let unilagReport: Browser;
  let superAdmin: Browser;
  /** A platform role holding only approvecourse: reviews, never authors. */
  let platformReviewer: Browser;
  let seq = 0;

  beforeAll(async () => {
    app = await createTestApp(driver);
    fx = createStudyFixtures(app);
    author = await signedInStaff(app, 'changes.author', 'INSTITUTION ADMIN', 'UNILAG');
    approver = await signedInStaff(app, 'changes.approver', 'INSTITUTION ADMIN', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'changes.lbs', 'INSTITUTION ADMIN', 'LBS');
    unilagReport = await signedInStaff(app, 'changes.report', 'INSTITUTION REPORT', 'UNILAG');
    superAdmin = await signedInStaff(app, 'changes.super', 'SUPER ADMIN', null);
    await app.database.db.insert(t.roles).values({ id: 91, name: 'CHANGES REVIEWER', roleType: 0 });
    await app.database.db.insert(t.rolePermissions).values({ roleId: 91, permissionId: PERMISSIONS.find((p) => p.name === 'approvecourse')!.id });
    platformReviewer = await signedInStaff(app, 'changes.reviewer', 91, null);
  });
  afterAll(() => app?.close());

  const db = () => app.database.db;
  const changes = (who: Browser, id: number) => who.call(`${COURSE}/Course/Revision/Changes/${id}`);

  /** A published paid course (₦10,000 base) with everything a submission needs, and its fresh revision. */
  async function revisionOfPublished() {
    const title = `Aardvark Accounts ${++seq}`;
    const course = await fx.course({ survey: false, title });
    await db()
      .update(t.courses)
      .set({
        headline: 'Accounts',
        overview: '<p>Overview</p>',
        objectives: '<p>Goals</p>',
        effort: '1 to 2 hours per week',
        instructorName: 'Ada Obi',
        thumbnailUrl: '/media/courses/old-thumb.webp',
        bannerUrl: '/media/courses/banner.webp',
        startDate: new Date('2026-12-01T00:00:00Z'),
        stepNo: 4,
        isPaid: true,
        basePriceKobo: 1_000_000,
        vatKobo: 75_000,
        gatewayChargeKobo: 26_523,
        priceKobo: 1_101_523,
      })
      .where(eq(t.courses.id, course.id));
    const started = await author.call(`${COURSE}/Course/Revision/${course.id}`, { method: 'POST' });
    expect(started.status, started.body.description).toBe(200);
    return { course, title, revisionId: started.body.data.courseId as number };
  }

  it('lists nothing for a revision that changes nothing', async () => {
    const { course, revisionId } = await revisionOfPublished();
    const res = await changes(author, revisionId);
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data).toEqual({ courseId: revisionId, publishedCourseId: course.id, fields: [], price: null, pictures: [], modules: [], sections: [] });
  });

  it('shows the fields, price, pictures, modules and sections a submitted revision changed, to its reviewers', async () => {
    const { course, title, revisionId } = await revisionOfPublished();
    const draft = (await author.call(`${COURSE}/Course/Update/${revisionId}`)).body.data;

    // Basic Setup: a new title (category, type, dates and pricing kept).
    const basic = await author.call(`${COURSE}/Course/CreateUpdate`, {
      json: { courseId: revisionId, title: `${title} (2027)`, description: draft.description, courseCategoryId: draft.courseCategoryId, courseType: 1, startDate: draft.startDate, isPaid: true, hasSurvey: false },
    });
    expect(basic.status, basic.body.description).toBe(200);
    // A new thumbnail (the upload itself is Additional Information's, tested there).
    await db().update(t.courses).set({ thumbnailUrl: '/media/courses/new-thumb.webp' }).where(eq(t.courses.id, revisionId));

    // Build Curriculum: drop the video section, retitle and rewrite the article section, rename
    // module 2, add a module with a section.
    const read = await author.call(`${COURSE}/Course/Builder/${revisionId}`);
    expect(read.status, read.body.description).toBe(200);
    const [m1, m2] = read.body.data.courseModules as Json[];
    const reading = m1!.items[1] as Json;
    const modules = [
      { ...m1, items: [{ ...reading, title: 'Reading, revised', courseModuleItemAssets: reading.courseModuleItemAssets.map((a: Json) => ({ ...a, body: '<p>Read this instead</p>' })) }] },
      { ...m2, title: 'Test yourself' },
      { title: 'Wrapping up', items: [{ title: 'Closing the books', courseModuleItemAssets: [{ assetType: 3, title: 'Month end', body: '<p>Close the books monthly.</p>' }] }] },
    ];
    const built = await author.call(`${COURSE}/Course/Builder?SaveDraft=false`, { json: { courseId: revisionId, courseModules: modules } });
    expect([built.status, built.body.description]).toEqual([200, 'Course curriculum completed']);

    // A reviewer who does not author courses does not read a draft's changes.
    const early = await changes(platformReviewer, revisionId);
    expect([early.status, early.body.description]).toEqual([404, COURSE_AUTHORING_MESSAGES.notFound]);

    // Pricing: a new base price, submitted for review.
    const priced = await author.call(`${COURSE}/Course/Pricing`, { json: { courseId: revisionId, currencyId: 1, basePrice: 12_000, vat: 0, gatewayCharge: 0 } });
    expect(priced.status, priced.body.description).toBe(200);
    const [stored] = await db().select().from(t.courses).where(eq(t.courses.id, revisionId));

    for (const reader of [author, approver, superAdmin, platformReviewer]) {
      const res = await changes(reader, revisionId);
      expect(res.status, res.body.description).toBe(200);
      expect(res.body.data).toEqual({
        courseId: revisionId,
        publishedCourseId: course.id,
        fields: [{ field: 'title', label: 'Title', before: title, after: `${title} (2027)` }],
        price: {
          before: { isPaid: true, basePrice: 10_000, vat: 750, gatewayCharge: 265.23, coursePrice: 11_015.23 },
          after: { isPaid: true, basePrice: 12_000, vat: stored!.vatKobo / 100, gatewayCharge: stored!.gatewayChargeKobo / 100, coursePrice: stored!.priceKobo / 100 },
        },
        pictures: [{ picture: 'thumbnail', label: 'Course thumbnail', before: '/media/courses/old-thumb.webp', after: '/media/courses/new-thumb.webp' }],
        modules: [
          { change: 'renamed', title: 'Test yourself', previousTitle: 'Check yourself' },
          { change: 'added', title: 'Wrapping up', previousTitle: null },
        ],
        sections: [
          { change: 'edited', module: 'Getting started', title: 'Reading, revised', previousTitle: 'Reading', previousModule: null, contents: [{ change: 'edited', assetType: 3, title: 'Reading: basics' }] },
          { change: 'added', module: 'Wrapping up', title: 'Closing the books', previousTitle: null, previousModule: null, contents: [] },
          { change: 'removed', module: 'Getting started', title: 'Welcome', previousTitle: null, previousModule: null, contents: [] },
        ],
      });
    }
    expect(stored!.priceKobo).toBeGreaterThan(1_200_000);
  });

  it('reports a section moved to another module, and content added, removed and replaced', async () => {
    const { course, revisionId } = await revisionOfPublished();
    // The builder takes media only from the partner's content library (its own tests); this is the
    // comparison's story, so the revision's rows are changed directly: the video section gets
    // another video file and an image beside it, the article section moves to module 2 and its
    // article gives way to an image.
    const revisionModules = await db().select().from(t.courseModules).where(eq(t.courseModules.courseId, revisionId));
    const copyOf = <R extends { originId: number | null }>(rows: R[], originId: number) => rows.find((r) => r.originId === originId)!;
    const m2 = copyOf(revisionModules, course.m2);
    const sections = await db().select().from(t.courseSections);
    const welcome = copyOf(sections, course.video.section);
    const reading = copyOf(sections, course.article.section);
    const assets = await db().select().from(t.courseAssets);
    await db().update(t.courseAssets).set({ url: 'content:demo/videos/lesson-two.mp4' }).where(eq(t.courseAssets.id, copyOf(assets, course.video.asset).id));
    await db().insert(t.courseAssets).values({ sectionId: welcome.id, position: 1, assetType: 1, title: 'Chart', url: 'content:demo/images/chart.png' });
    await db().update(t.courseSections).set({ moduleId: m2.id, position: 5 }).where(eq(t.courseSections.id, reading.id));
    await db().delete(t.courseAssets).where(eq(t.courseAssets.sectionId, reading.id));
    await db().insert(t.courseAssets).values({ sectionId: reading.id, position: 0, assetType: 1, title: 'Diagram', url: 'content:demo/images/diagram.png' });

    const res = await changes(author, revisionId);
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data.modules).toEqual([]);
    expect(res.body.data.sections).toEqual([
      {
        change: 'edited',
        module: 'Getting started',
        title: 'Welcome',
        previousTitle: null,
        previousModule: null,
        contents: [
          { change: 'replaced', assetType: 2, title: 'Welcome video' },
          { change: 'added', assetType: 1, title: 'Chart' },
        ],
      },
      {
        change: 'edited',
        module: 'Check yourself',
        title: 'Reading',
        previousTitle: null,
        previousModule: 'Getting started',
        contents: [
          { change: 'added', assetType: 1, title: 'Diagram' },
          { change: 'removed', assetType: 3, title: 'Reading: basics' },
        ],
      },
    ]);
  });

  it('is for the course’s partner and the platform, authors and reviewers only, and only for revisions', async () => {
    const { course, revisionId } = await revisionOfPublished();
    const other = await changes(lbsAdmin, revisionId);
    expect([other.status, other.body.description]).toEqual([404, COURSE_AUTHORING_MESSAGES.notFound]);
    expect((await changes(unilagReport, revisionId)).status).toBe(403);
    const learner = await fx.learner('Curious');
    expect((await changes(learner.b, revisionId)).status).toBe(403);
    expect((await app.fetch(`${COURSE}/Course/Revision/Changes/${revisionId}`)).status).toBe(401);
    // The published course itself, and a course that was never published, are not revisions.
    const published = await changes(author, course.id);
    expect([published.status, published.body.description]).toEqual([404, REVISION_CHANGES_MESSAGES.notARevision]);
    expect((await changes(author, 2_000_000_000)).status).toBe(404);
  });
});
