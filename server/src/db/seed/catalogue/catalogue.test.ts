import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../schema';
import { seed } from '../seed';
import { DEMO_RESPONSE_LIMIT } from '../survey-responses';
import { signedInStaff } from '../../../testing/staff-fixtures';
import { DEMO_MEDIA_DIR } from '../../../http/media';
import { BUNDLED_CONTENT_DIR, contentPathOf } from '../../../media/content-store';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { testDrivers } from '../../../testing/test-database';
import { ASSET_TYPES, type QuizContent } from './curriculum';
import { demoImages } from './demo-images';
import { MEDIA_URL } from './media';
import { DEMO_SURVEY } from './surveys';

/** Public artwork at /media/demo/…, or lesson content by its storage key (content:demo/…). */
const mediaFile = (url: string) => {
  const content = contentPathOf(url);
  return content ? join(BUNDLED_CONTENT_DIR, content) : join(DEMO_MEDIA_DIR, url.slice(MEDIA_URL.length + 1));
};

describe.each(testDrivers())('demo catalogue on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  const visibleCourses = () =>
    app.database.db
      .select({ course: t.courses, category: t.courseCategories.name, language: t.languages.name, partner: t.institutions })
      .from(t.courses)
      .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
      .innerJoin(t.courseCategories, eq(t.courseCategories.id, t.courses.courseCategoryId))
      .innerJoin(t.languages, eq(t.languages.id, t.courses.languageId))
      .where(and(eq(t.courses.approvalStatus, 2), eq(t.courses.draft, false), eq(t.courses.isActive, true), eq(t.institutions.isActive, true)));

  const assetsOf = (courseIds: number[]) =>
    app.database.db
      .select({ courseId: t.courseModules.courseId, asset: t.courseAssets })
      .from(t.courseAssets)
      .innerJoin(t.courseSections, eq(t.courseSections.id, t.courseAssets.sectionId))
      .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId))
      .where(inArray(t.courseModules.courseId, courseIds));

  it('shows learners at least 30 courses across every category, level, several languages, free and paid', async () => {
    const rows = await visibleCourses();
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.category)).size).toBe(3);
    expect(new Set(rows.map((r) => r.course.courseLevel))).toEqual(new Set([1, 2, 3]));
    expect(new Set(rows.map((r) => r.language)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.partner.code)).size).toBe(3);
    expect(rows.some((r) => r.course.promote)).toBe(true);
    expect(new Set(rows.map((r) => r.course.publishDate?.getTime())).size).toBe(rows.length);
    const titles = rows.map((r) => r.course.title);
    expect(titles).toEqual(expect.arrayContaining(['Excel for Small Business Owners', 'Microsoft Excel Essentials', 'Leadership for New Managers']));
  });

  it('lists exactly the visible courses in the learner catalogue', async () => {
    const visible = await visibleCourses();
    const res = await app.fetch('/api/Course/Course/Search?PageSize=200', { method: 'POST', json: {} });
    const body = (await res.json()) as { data: { totalRows: number; items: { title: string }[] } };
    expect(body.data.totalRows).toBe(visible.length);
    expect(new Set(body.data.items.map((i) => i.title))).toEqual(new Set(visible.map((r) => r.course.title)));
  });

  it('prices paid courses as base + VAT (7.5%) + gateway charge, and free courses at zero', async () => {
    const rows = (await visibleCourses()).map((r) => r.course);
    const paid = rows.filter((c) => c.isPaid);
    expect(paid.length).toBeGreaterThan(5);
    expect(rows.length - paid.length).toBeGreaterThan(paid.length);
    for (const c of paid) {
      expect(c.priceKobo, c.title).toBe(c.basePriceKobo + c.vatKobo + c.gatewayChargeKobo);
      expect(c.vatKobo).toBe(Math.round(c.basePriceKobo * 0.075));
      expect(c.gatewayChargeKobo).toBeGreaterThan(0);
      expect(c.gatewayChargeKobo).toBeLessThanOrEqual(200_000);
    }
    for (const c of rows.filter((r) => !r.isPaid)) expect([c.priceKobo, c.basePriceKobo, c.vatKobo, c.gatewayChargeKobo]).toEqual([0, 0, 0, 0]);
  });

  it('gives every visible course its media, rich text, effort, instructor, search text and every content type', async () => {
    const rows = await visibleCourses();
    const assets = await assetsOf(rows.map((r) => r.course.id));
    for (const { course, category, partner } of rows) {
      expect(course.thumbnailUrl && course.bannerUrl && course.promoVideoUrl, course.title).toBeTruthy();
      expect(course.objectives).toMatch(/^<ul><li>/);
      expect(course.overview).toMatch(/^<p>/);
      expect(course.effort).toMatch(/^\d+ to \d+ hours per week$/);
      expect(course.instructorName).toBeTruthy();
      expect(course.durationMinutes).toBeGreaterThan(0);
      expect(course.searchText).toContain(course.title);
      expect(course.searchText).toContain(category);
      expect(course.searchText).toContain(partner.name);
      const own = assets.filter((a) => a.courseId === course.id).map((a) => a.asset);
      expect(new Set(own.map((a) => a.assetType)), course.title).toEqual(
        new Set([ASSET_TYPES.video, ASSET_TYPES.compressVideo, ASSET_TYPES.article, ASSET_TYPES.image, ASSET_TYPES.quiz]),
      );
      for (const article of own.filter((a) => a.assetType === ASSET_TYPES.article)) {
        expect(article.body).toMatch(/<p>.+<\/p>/);
        expect(article.duration).toBeGreaterThan(0);
      }
      for (const { quiz } of own.filter((a) => a.assetType === ASSET_TYPES.quiz)) {
        const q = quiz as QuizContent;
        expect(q.data.length).toBeGreaterThanOrEqual(3);
        expect(q.data.length).toBeLessThanOrEqual(5);
        expect(q.duration).toBeLessThanOrEqual(60);
        expect(new Set(q.data.map((d) => d.type))).toEqual(new Set([0, 1]));
        for (const question of q.data) {
          const answers = question.options.filter((o) => o.isAnswer).length;
          expect(question.type === 0 ? answers === 1 : answers > 1, question.question).toBe(true);
        }
      }
    }
  });

  it('builds curricula of 2 to 4 modules, 2 to 3 sections each, one content item per section', async () => {
    const db = app.database.db;
    const modules = await db.select({ courseId: t.courseModules.courseId, n: count() }).from(t.courseModules).groupBy(t.courseModules.courseId);
    for (const m of modules) expect(m.n).toBeGreaterThanOrEqual(2);
    for (const m of modules) expect(m.n).toBeLessThanOrEqual(4);
    const sections = await db.select({ moduleId: t.courseSections.moduleId, n: count() }).from(t.courseSections).groupBy(t.courseSections.moduleId);
    for (const s of sections) expect([2, 3]).toContain(s.n);
    const perSection = await db.select({ sectionId: t.courseAssets.sectionId, n: count() }).from(t.courseAssets).groupBy(t.courseAssets.sectionId);
    expect(perSection.every((s) => s.n === 1)).toBe(true);
    expect(perSection.length).toBe(sections.reduce((sum, s) => sum + s.n, 0));
  });

  it('points catalogue artwork at public files in server/media/demo and lesson content at private storage keys', async () => {
    const db = app.database.db;
    const courses = await db.select().from(t.courses);
    const assets = await db.select({ url: t.courseAssets.url }).from(t.courseAssets);
    const partners = await db.select().from(t.institutions).where(eq(t.institutions.isPlatform, false));
    const publicUrls = new Set([
      ...courses.flatMap((c) => [c.thumbnailUrl, c.bannerUrl, c.promoVideoUrl]),
      ...partners.flatMap((p) => [p.logoUrl, p.thumbnailUrl, p.bannerUrl, p.certificateLogoUrl]),
    ]);
    const contentKeys = new Set(assets.map((a) => a.url));
    publicUrls.delete(null);
    contentKeys.delete(null);
    expect(publicUrls.size).toBeGreaterThan(80);
    expect(contentKeys.size).toBeGreaterThan(30);
    for (const url of publicUrls) {
      expect(url).toMatch(/^\/media\/demo\//);
      expect(existsSync(mediaFile(url!)), url!).toBe(true);
    }
    for (const key of contentKeys) {
      expect(key).toMatch(/^content:demo\//);
      expect(existsSync(mediaFile(key!)), key!).toBe(true);
    }
  });

  it('keeps the inactive partner’s approved courses and the draft, pending and rejected ones in the database', async () => {
    const db = app.database.db;
    const techhub = await db
      .select({ id: t.courses.id })
      .from(t.courses)
      .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
      .where(and(eq(t.institutions.code, 'TECHHUB'), eq(t.institutions.isActive, false), eq(t.courses.approvalStatus, 2), eq(t.courses.draft, false)));
    expect(techhub.length).toBeGreaterThanOrEqual(2);
    const all = await db.select({ approvalStatus: t.courses.approvalStatus, draft: t.courses.draft, publishDate: t.courses.publishDate }).from(t.courses);
    expect(all.some((c) => c.draft)).toBe(true);
    for (const status of [1, 3, 4]) expect(all.some((c) => !c.draft && c.approvalStatus === status), `status ${status}`).toBe(true);
    expect(all.filter((c) => c.approvalStatus !== 2).every((c) => c.publishDate === null)).toBe(true);
  });

  it('enrols demo learners in free courses only, so learner counts are not all zero', async () => {
    const db = app.database.db;
    const rows = await db.select({ isPaid: t.courses.isPaid }).from(t.enrollments).innerJoin(t.courses, eq(t.courses.id, t.enrollments.courseId));
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((r) => !r.isPaid)).toBe(true);
  });

  it('has demo learners’ answers to the demo survey, so Manage Survey’s responses are not all zero, shown without names', async () => {
    const admin = await signedInStaff(app, 'seed.survey.admin', 'SUPER ADMIN', null);
    const [survey] = await app.database.db.select({ id: t.surveys.id }).from(t.surveys).where(eq(t.surveys.title, DEMO_SURVEY.title));
    const res = await admin.call(`/api/Course/Survey/Responses/${survey!.id}`);
    expect(res.status).toBe(200);
    const results = res.body.data;
    expect(results.responses).toBe(DEMO_RESPONSE_LIMIT);
    const [choice, text, rating] = results.questions;
    expect(choice.options.reduce((sum: number, o: { count: number }) => sum + o.count, 0)).toBe(DEMO_RESPONSE_LIMIT);
    expect(choice.options.filter((o: { count: number }) => o.count > 0).length).toBeGreaterThan(1);
    expect(text.answers).toHaveLength(DEMO_RESPONSE_LIMIT);
    expect(rating.average).toBeGreaterThan(0);
    expect(JSON.stringify(results)).not.toMatch(/@demo\.ng|userId/);
  });

  it('adds nothing on a second seed', async () => {
    const db = app.database.db;
    const counts = async () => ({
      courses: (await db.select({ n: count() }).from(t.courses))[0]!.n,
      modules: (await db.select({ n: count() }).from(t.courseModules))[0]!.n,
      sections: (await db.select({ n: count() }).from(t.courseSections))[0]!.n,
      assets: (await db.select({ n: count() }).from(t.courseAssets))[0]!.n,
      users: (await db.select({ n: count() }).from(t.users))[0]!.n,
      enrollments: (await db.select({ n: count() }).from(t.enrollments))[0]!.n,
      surveyResponses: (await db.select({ n: count() }).from(t.surveyResponses))[0]!.n,
    });
    // The test app seeds without the demo's sales; the first call here adds them, the second nothing.
    await seed(db, { demo: true });
    const before = await counts();
    await seed(db, { demo: true });
    expect(await counts()).toEqual(before);
  });
});

describe('demo media files', () => {
  it('match what the generator would write from the course data', () => {
    for (const { url, svg } of demoImages()) expect(readFileSync(mediaFile(url), 'utf8'), url).toBe(`${svg}\n`);
  });

  it('stay small enough for the repository', () => {
    const sizes = (dir: string): number[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sizes(join(dir, e.name)) : [statSync(join(dir, e.name)).size]));
    const all = [...sizes(DEMO_MEDIA_DIR), ...sizes(BUNDLED_CONTENT_DIR)];
    expect(Math.max(...all)).toBeLessThanOrEqual(300 * 1024);
    expect(all.reduce((a, b) => a + b, 0)).toBeLessThan(3 * 1024 * 1024);
  });
});
