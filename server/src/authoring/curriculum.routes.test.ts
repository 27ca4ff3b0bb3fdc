import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_AUTHORING_MESSAGES } from '@rivet/shared/api/course-authoring';
import { PRICING_MESSAGES } from '@rivet/shared/api/course-pricing';
import { CURRICULUM_MESSAGES as M } from '@rivet/shared/domain/curriculum';
import * as t from '../db/schema';
import { storedQuiz } from '../learning/learning.mappers';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course';

type Json = Record<string, any>;

const option = (title: string, isAnswer = false, description = '') => ({ title, description, isAnswer });
const question = (patch: Json = {}) => ({ type: 0, question: '<p>Which column holds the totals?</p>', options: [option('Column D', true, 'Totals sit at the end.'), option('Column A')], ...patch });
const quiz = (patch: Json = {}) => ({
  name: 'Check your understanding',
  description: 'Five quick questions.',
  timed: true,
  duration: 10,
  pointPerQuestion: 2,
  requiredNextModule: true,
  passMark: 60,
  randomize: false,
  data: [question(), question({ type: 1, question: '<p>Pick the sums</p>', options: [option('SUM', true), option('AVERAGE'), option('TOTAL', true)] })],
  ...patch,
});
const article = (patch: Json = {}) => ({ assetType: 3, title: 'Reading a ledger', body: '<p>A ledger lists every sale.</p>', ...patch });
const quizAsset = (patch: Json = {}) => ({ assetType: 4, title: '', quiz: quiz(), ...patch });
const section = (title: string, assets: Json[] = [article()]) => ({ title, courseModuleItemAssets: assets });
const module = (title: string, items: Json[] = [section(`${title}: first steps`)]) => ({ title, items });

describe.each(testDrivers())('course curriculum (Course/Builder) on %s', (driver) => {
  let app: TestApp;
  let unilagAdmin: Browser;
  let lbsAdmin: Browser;
  let superAdmin: Browser;
  let category: number;

  beforeAll(async () => {
    app = await createTestApp(driver);
    unilagAdmin = await signedInStaff(app, 'curriculum.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    lbsAdmin = await signedInStaff(app, 'curriculum.lbs', 'INSTITUTION ADMIN', 'LBS');
    superAdmin = await signedInStaff(app, 'curriculum.super', 'SUPER ADMIN', 'RIVET');
    const [row] = await app.database.db.select().from(t.courseCategories).where(eq(t.courseCategories.isActive, true)).limit(1);
    category = row!.id;
  });
  afterAll(() => app?.close());

  async function draft(who = unilagAdmin, patch: Json = {}) {
    const res = await who.call(`${COURSE}/Course/CreateUpdate`, {
      json: { title: 'Bookkeeping Basics', description: 'Books that balance.', courseCategoryId: category, courseType: 1, startDate: '2026-12-01', isPaid: true, hasSurvey: false, ...patch },
    });
    expect(res.status, res.body.description).toBe(200);
    return res.body.data as number;
  }
  const save = (who: Browser, courseId: number, courseModules: Json[], saveDraft: boolean | null = true) =>
    who.call(`${COURSE}/Course/Builder${saveDraft === null ? '' : `?SaveDraft=${saveDraft}`}`, { json: { courseId, courseModules } });
  const read = (who: Browser, courseId: number) => who.call(`${COURSE}/Course/Builder/${courseId}`);
  const refused = async (courseModules: Json[], message: string, field?: string) => {
    const res = await save(unilagAdmin, await draft(), courseModules);
    expect([res.status, res.body.description]).toEqual([400, message]);
    if (field) expect(res.body.errors).toContainEqual({ field, message });
  };

  it('saves a draft curriculum into the tables the player reads, in order, audited, and reads it back', async () => {
    const courseId = await draft();
    const res = await save(unilagAdmin, courseId, [
      module('Getting started', [section('Why books matter', [article()]), section('Test yourself', [quizAsset()])]),
      module('Daily records', [section('The sales book', [article({ title: 'Sales', body: '<p>Write down each sale.</p>' })])]),
    ]);
    expect([res.status, res.body.description]).toEqual([200, M.savedAsDraft]);
    const saved = res.body.data;
    expect(saved).toMatchObject({ courseId, stepNo: 3, draft: true, isPaid: true, hasSurvey: false });
    expect(saved.courseModules.map((m: Json) => [m.title, m.items.map((s: Json) => [s.title, s.courseModuleItemAssets.map((a: Json) => a.assetType)])])).toEqual([
      ['Getting started', [['Why books matter', [3]], ['Test yourself', [4]]]],
      ['Daily records', [['The sales book', [3]]]],
    ]);
    expect((await read(unilagAdmin, courseId)).body.data).toEqual(saved);

    const db = app.database.db;
    const modules = await db.select().from(t.courseModules).where(eq(t.courseModules.courseId, courseId));
    expect(modules.map((m) => [m.title, m.position]).sort()).toEqual([['Daily records', 1], ['Getting started', 0]]);
    const quizSection = saved.courseModules[0].items[1];
    const [quizRow] = await db.select().from(t.courseAssets).where(eq(t.courseAssets.sectionId, quizSection.courseModuleItemId));
    // The quiz's name is its title, and the player's own parser reads exactly what was written.
    expect(quizRow).toMatchObject({ assetType: 4, title: 'Check your understanding', url: null, body: null });
    expect(storedQuiz(quizRow!.quiz)).toEqual(quiz());
    const [articleRow] = await db.select().from(t.courseAssets).where(eq(t.courseAssets.id, saved.courseModules[0].items[0].courseModuleItemAssets[0].courseModuleItemAssetId));
    expect(articleRow).toMatchObject({ assetType: 3, title: 'Reading a ledger', body: '<p>A ledger lists every sale.</p>', duration: 1 });
    const [course] = await db.select().from(t.courses).where(eq(t.courses.id, courseId));
    // Two one-minute reads and the quiz's 10-minute limit (decision 080; before, quizzes counted nothing).
    expect(course).toMatchObject({ stepNo: 3, draft: true, durationMinutes: 12 });
    const audit = await db.select().from(t.auditTrail).where(and(eq(t.auditTrail.moduleName, 'Course'), eq(t.auditTrail.moduleAction, 'Builder'), eq(t.auditTrail.record, String(courseId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.description).toContain('2 modules, 3 sections');
  });

  it('keeps items sent with their ids (retitled and reordered), adds new ones and removes the ones left out', async () => {
    const courseId = await draft();
    const first = (await save(unilagAdmin, courseId, [module('One', [section('1a'), section('1b')]), module('Two'), module('Three')])).body.data;
    const [one, two, three] = first.courseModules;
    const res = await save(unilagAdmin, courseId, [
      // Three comes first; One loses section 1a and gains a new section; Two is removed.
      { courseModuleId: three.courseModuleId, title: 'Three, now first', items: three.items },
      { courseModuleId: one.courseModuleId, title: 'One', items: [one.items[1], section('1c')] },
    ]);
    expect(res.status, res.body.description).toBe(200);
    const after = res.body.data.courseModules;
    expect(after.map((m: Json) => m.courseModuleId)).toEqual([three.courseModuleId, one.courseModuleId]);
    expect(after[0].title).toBe('Three, now first');
    expect(after[1].items[0]).toEqual(one.items[1]);
    expect(after[1].items[1].title).toBe('1c');
    const db = app.database.db;
    expect(await db.select().from(t.courseModules).where(eq(t.courseModules.id, two.courseModuleId))).toEqual([]);
    expect(await db.select().from(t.courseSections).where(eq(t.courseSections.id, one.items[0].courseModuleItemId))).toEqual([]);
    const goneAssets = [one.items[0], two.items[0]].map((s: Json) => s.courseModuleItemAssets[0].courseModuleItemAssetId);
    expect(await db.select().from(t.courseAssets).where(inArray(t.courseAssets.id, goneAssets))).toEqual([]);
    // A section can move to another module of the course.
    const moved = await save(unilagAdmin, courseId, [{ ...after[0], items: [...after[0].items, after[1].items[0]] }, { ...after[1], items: [after[1].items[1]] }]);
    expect(moved.status).toBe(200);
    expect(moved.body.data.courseModules[0].items[1].courseModuleItemId).toBe(one.items[1].courseModuleItemId);
  });

  it('needs a title on every module and section, and on every article', async () => {
    await refused([module('  ')], M.missingTitle, 'courseModules.0.title');
    await refused([module('Intro', [section('')])], M.missingTitle, 'courseModules.0.items.0.title');
    await refused([module('Intro', [section('Read', [article({ title: ' ' })])])], M.articleTitle, 'courseModules.0.items.0.courseModuleItemAssets.0.title');
    await refused([module('Intro', [section('Read', [article({ body: '<p> </p>' })])])], M.articleBody, 'courseModules.0.items.0.courseModuleItemAssets.0.body');
  });

  it('Save Draft and Continue need §5’s structure: a module, a section in each, content in each, a question in each quiz', async () => {
    await refused([], M.noModule, 'courseModules');
    await refused([module('Intro', [])], M.moduleWithoutSection, 'courseModules.0.items');
    await refused([module('Intro', [section('Empty', [])])], M.sectionWithoutContent, 'courseModules.0.items.0.courseModuleItemAssets');
    await refused([module('Intro', [section('Quiz', [quizAsset({ quiz: quiz({ data: [] }) })])])], M.quizWithoutQuestion, 'courseModules.0.items.0.courseModuleItemAssets.0.quiz.data');
  });

  it('allows one content item of each type per section, and no video beside a compressed video or a quiz', async () => {
    await refused([module('Intro', [section('Two articles', [article(), article({ title: 'Again' })])])], M.oneOfEachType, 'courseModules.0.items.0.courseModuleItemAssets');
    await refused([module('Intro', [section('Two quizzes', [quizAsset(), quizAsset()])])], M.oneOfEachType);
    // An article and a quiz sit together.
    const courseId = await draft();
    expect((await save(unilagAdmin, courseId, [module('Intro', [section('Both', [article(), quizAsset()])])])).status).toBe(200);

    // Uploaded media (the content library slice) are kept; here rows stand in for uploads.
    const db = app.database.db;
    const saved = (await read(unilagAdmin, courseId)).body.data;
    const sectionId = saved.courseModules[0].items[0].courseModuleItemId;
    const [video] = await db.insert(t.courseAssets).values({ sectionId, position: 5, assetType: 2, title: 'Intro video', url: 'courses/intro.mp4', duration: 125 }).returning();
    const [zip] = await db.insert(t.courseAssets).values({ sectionId, position: 6, assetType: 5, title: 'Lesson package', url: 'courses/lesson.zip', duration: 60 }).returning();
    const keep = (row: typeof video) => ({ courseModuleItemAssetId: row!.id, assetType: row!.assetType, title: row!.title });
    const withAssets = (assets: Json[]) => [{ ...saved.courseModules[0], items: [{ ...saved.courseModules[0].items[0], courseModuleItemAssets: assets }] }];
    const [savedArticle, savedQuiz] = saved.courseModules[0].items[0].courseModuleItemAssets;

    let res = await save(unilagAdmin, courseId, withAssets([keep(video), savedQuiz]));
    expect([res.status, res.body.description]).toEqual([400, M.typesTogether]);
    res = await save(unilagAdmin, courseId, withAssets([keep(video), keep(zip)]));
    expect([res.status, res.body.description]).toEqual([400, M.typesTogether]);
    // A compressed video and a quiz may share a section (§4 offers a quiz beside one), in either order.
    res = await save(unilagAdmin, courseId, withAssets([savedQuiz, keep(zip), savedArticle]));
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data.courseModules[0].items[0].courseModuleItemAssets.map((a: Json) => [a.assetType, a.url])).toEqual([[4, null], [5, 'courses/lesson.zip'], [3, null]]);
    // The video was left out, so it is gone; a kept upload keeps its type.
    expect(await db.select().from(t.courseAssets).where(eq(t.courseAssets.id, video!.id))).toEqual([]);
    res = await save(unilagAdmin, courseId, withAssets([{ ...keep(zip), assetType: 2 }]));
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('courseModules.0.items.0.courseModuleItemAssets.0.assetType');
    // New media come only through uploads.
    res = await save(unilagAdmin, courseId, withAssets([{ assetType: 1, title: 'A picture' }]));
    expect([res.status, res.body.description]).toEqual([400, M.mediaNeedsUpload]);
  });

  it('shows media from the course partner’s content library, by the file’s guid and of the matching type', async () => {
    const db = app.database.db;
    const partner = async (code: string) => (await db.select().from(t.institutions).where(eq(t.institutions.code, code)))[0]!.id;
    const file = async (institutionId: number, fileType: number, key: string) =>
      (await db.insert(t.libraryFiles).values({ institutionId, fileName: `${key}.bin`, storageKey: `content:library/${key}`, fileType, contentType: 'application/octet-stream', sizeBytes: 10 }).returning())[0]!;
    const video = await file(await partner('UNILAG'), 2, `curriculum-video-${driver}`);
    const image = await file(await partner('UNILAG'), 1, `curriculum-image-${driver}`);
    const otherVideo = await file(await partner('LBS'), 2, `curriculum-lbs-video-${driver}`);
    const courseId = await draft();
    const withMedia = (asset: Json) => [module('Watch', [section('The lesson', [asset])])];

    let res = await save(unilagAdmin, courseId, withMedia({ assetType: 2, title: 'Opening the ledger', fileGuid: otherVideo.guid }));
    expect([res.status, res.body.description]).toEqual([400, M.fileNotFound]);
    res = await save(unilagAdmin, courseId, withMedia({ assetType: 2, title: 'Opening the ledger', fileGuid: image.guid }));
    expect([res.status, res.body.description]).toEqual([400, M.fileWrongType]);
    res = await save(unilagAdmin, courseId, withMedia({ assetType: 2, title: 'Opening the ledger', fileGuid: video.guid }));
    expect(res.status, res.body.description).toBe(200);
    const saved = res.body.data.courseModules[0].items[0].courseModuleItemAssets[0];
    expect(saved).toMatchObject({ assetType: 2, title: 'Opening the ledger', url: video.storageKey });
    // Kept without a file, it keeps its file; an image beside it in another section works the same way.
    // An image needs its alt text (decision 093): what it shows, kept for images only, trimmed.
    const first = res.body.data.courseModules[0];
    const picture = (patch: Json) => [{ ...first, items: [first.items[0], section('A picture', [{ assetType: 1, title: 'key-points.png', fileGuid: image.guid, ...patch }])] }];
    for (const altText of [undefined, null, '', '   ']) {
      res = await save(unilagAdmin, courseId, picture({ altText }));
      expect([res.status, res.body.description, res.body.errors?.[0]?.field]).toEqual([400, M.altText, 'courseModules.0.items.1.courseModuleItemAssets.0.altText']);
    }
    res = await save(unilagAdmin, courseId, picture({ altText: 'x'.repeat(501) }));
    expect([res.status, res.body.description]).toEqual([400, M.altTextTooLong]);
    res = await save(unilagAdmin, courseId, picture({ altText: '  Four numbered key points of keeping a ledger  ' }));
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data.courseModules[0].items.map((s: Json) => s.courseModuleItemAssets[0].url)).toEqual([video.storageKey, image.storageKey]);
    expect(res.body.data.courseModules[0].items.map((s: Json) => s.courseModuleItemAssets[0].altText)).toEqual([null, 'Four numbered key points of keeping a ledger']);
    // Alt text sent with another type is not kept.
    const [lesson, pictured] = res.body.data.courseModules[0].items;
    res = await save(unilagAdmin, courseId, [{ ...res.body.data.courseModules[0], items: [{ ...lesson, courseModuleItemAssets: [{ ...lesson.courseModuleItemAssets[0], altText: 'A video' }] }, pictured] }]);
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data.courseModules[0].items[0].courseModuleItemAssets[0].altText).toBeNull();
    // A platform author saving the LBS course may use LBS files only.
    const lbsCourse = await draft(lbsAdmin);
    res = await save(superAdmin, lbsCourse, withMedia({ assetType: 2, title: 'Video', fileGuid: video.guid }));
    expect([res.status, res.body.description]).toEqual([400, M.fileNotFound]);
    expect((await save(superAdmin, lbsCourse, withMedia({ assetType: 2, title: 'Video', fileGuid: otherVideo.guid }))).status).toBe(200);
  });

  it('answers every Quiz Setup rule with the spec’s message', async () => {
    const inQuiz = (patch: Json) => [module('Intro', [section('Quiz', [quizAsset({ quiz: quiz(patch) })])])];
    const at = 'courseModules.0.items.0.courseModuleItemAssets.0.quiz';
    await refused(inQuiz({ name: '' }), M.quizName, `${at}.name`);
    await refused(inQuiz({ description: '  ' }), M.quizDescription, `${at}.description`);
    await refused(inQuiz({ duration: 61 }), M.duration);
    await refused(inQuiz({ duration: -1 }), M.duration);
    await refused(inQuiz({ pointPerQuestion: 0 }), M.pointPerQuestion);
    await refused(inQuiz({ pointPerQuestion: 101 }), M.pointPerQuestion);
    await refused(inQuiz({ passMark: 101 }), M.passMark);
    await refused(inQuiz({ passMark: 2.5 }), M.passMark);
  });

  it('keeps a duration only when timed and a pass mark only when Required for Certificate', async () => {
    const courseId = await draft();
    const res = await save(unilagAdmin, courseId, [module('Intro', [section('Quiz', [quizAsset({ quiz: quiz({ timed: false, duration: 30, requiredNextModule: false, passMark: 70 }) })])])]);
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data.courseModules[0].items[0].courseModuleItemAssets[0].quiz).toMatchObject({ timed: false, duration: 0, requiredNextModule: false, passMark: 0 });
  });

  it('answers every question rule with the spec’s message', async () => {
    const withQuestion = (patch: Json) => [module('Intro', [section('Quiz', [quizAsset({ quiz: quiz({ data: [question(patch)] }) })])])];
    const at = 'courseModules.0.items.0.courseModuleItemAssets.0.quiz.data.0';
    await refused(withQuestion({ options: [option('Only one', true)] }), M.moreThanOneOption, `${at}.options`);
    await refused(withQuestion({ options: [option('Yes', true), option('  ')] }), M.optionTitle, `${at}.options.1.title`);
    await refused(withQuestion({ options: [option('Yes'), option('No')] }), M.correctAnswer, `${at}.options`);
    await refused(withQuestion({ options: [option('Yes', true), option('Also yes', true)] }), M.singleChoiceOneAnswer, `${at}.options`);
    await refused(withQuestion({ question: '<p></p>' }), M.questionText, `${at}.question`);
    // Multiple choice takes several correct answers.
    const courseId = await draft();
    const res = await save(unilagAdmin, courseId, withQuestion({ type: 1, options: [option('Yes', true), option('Also yes', true), option('No')] }));
    expect(res.status, res.body.description).toBe(200);
  });

  it('sanitises article bodies and question text against the rich-text allow-list', async () => {
    const courseId = await draft();
    const hostile = '<h1>Ledgers</h1><p onclick="x()">Keep <strong>every</strong> sale.<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a></p><iframe src="https://evil.example"></iframe>';
    const res = await save(unilagAdmin, courseId, [
      module('Intro', [section('Read', [article({ body: hostile }), quizAsset({ quiz: quiz({ data: [question({ question: `<p style="color:red">Which?<script>steal()</script></p>` })] }) })])]),
    ]);
    expect(res.status, res.body.description).toBe(200);
    const [storedArticle, storedQuizAsset] = res.body.data.courseModules[0].items[0].courseModuleItemAssets;
    expect(storedArticle.body).toBe('<h2>Ledgers</h2><p>Keep <strong>every</strong> sale.<a>bad</a></p>');
    expect(storedQuizAsset.quiz.data[0].question).toBe('<p>Which?</p>');
    // Text that is only markup the allow-list drops is empty.
    await refused([module('Intro', [section('Read', [article({ body: '<script>alert(1)</script>' })])])], M.articleBody);
  });

  it('Continue completes the step: the stored step moves to the survey or pricing step', async () => {
    const paid = await draft();
    const res = await save(unilagAdmin, paid, [module('Intro')], false);
    expect([res.status, res.body.description, res.body.data.stepNo]).toEqual([200, M.completed, 4]);
    // Saving a draft afterwards never moves the step back; no query means Save Draft.
    const again = await save(unilagAdmin, paid, res.body.data.courseModules, null);
    expect([again.status, again.body.description, again.body.data.stepNo]).toEqual([200, M.savedAsDraft, 4]);
    const surveyed = await draft(unilagAdmin, { isPaid: false, hasSurvey: true });
    expect((await save(unilagAdmin, surveyed, [module('Intro')], false)).body.data.stepNo).toBe(4);
    // A free course without a survey is submitted from here once complete (pricing.routes.test.ts).
    const free = await draft(unilagAdmin, { isPaid: false, hasSurvey: false });
    const refusedContinue = await save(unilagAdmin, free, [module('Intro')], false);
    expect([refusedContinue.status, refusedContinue.body.description]).toEqual([400, PRICING_MESSAGES.incomplete]);
    expect((await save(unilagAdmin, free, [module('Intro')], true)).body.data.stepNo).toBe(3);
  });

  it('never lets one institution read or change another’s curriculum; platform authors may', async () => {
    const lbsCourse = await draft(lbsAdmin);
    const saved = (await save(lbsAdmin, lbsCourse, [module('LBS module')])).body.data;
    const readOther = await read(unilagAdmin, lbsCourse);
    expect([readOther.status, readOther.body.description]).toEqual([404, COURSE_AUTHORING_MESSAGES.notFound]);
    const changeOther = await save(unilagAdmin, lbsCourse, [module('Taken over')]);
    expect([changeOther.status, changeOther.body.description]).toEqual([404, COURSE_AUTHORING_MESSAGES.notFound]);
    expect((await read(lbsAdmin, lbsCourse)).body.data).toEqual(saved);
    // Ids of another course are refused, not moved into this one.
    const own = await draft();
    const steal = await save(unilagAdmin, own, [{ ...saved.courseModules[0] }]);
    expect(steal.status).toBe(400);
    expect(steal.body.description).toBe(`Module ${saved.courseModules[0].courseModuleId} is not part of this course`);
    expect((await read(lbsAdmin, lbsCourse)).body.data).toEqual(saved);
    // The same id twice is refused.
    const mine = (await save(unilagAdmin, own, [module('Mine')])).body.data.courseModules[0];
    const twice = await save(unilagAdmin, own, [mine, mine]);
    expect([twice.status, twice.body.description]).toEqual([400, `Module ${mine.courseModuleId} appears more than once`]);
    // A platform author reaches every partner's courses.
    expect((await read(superAdmin, lbsCourse)).status).toBe(200);
    expect((await save(superAdmin, lbsCourse, [module('Edited by the platform')])).status).toBe(200);
    expect((await read(superAdmin, 999_999)).status).toBe(404);
  });

  it('changes only drafts', async () => {
    const [published] = await app.database.db.select().from(t.courses).where(eq(t.courses.draft, false)).limit(1);
    const res = await save(superAdmin, published!.id, [module('Intro')]);
    expect([res.status, res.body.description]).toEqual([409, COURSE_AUTHORING_MESSAGES.notDraft]);
    // Reading a published course's curriculum is allowed (the review slices will use it).
    const read200 = await read(superAdmin, published!.id);
    expect(read200.status).toBe(200);
    expect(read200.body.data.courseModules.length).toBeGreaterThan(0);
  });
});
