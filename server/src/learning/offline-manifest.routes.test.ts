import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineManifest } from '@rivet/shared/api/offline';
import * as t from '../db/schema';
import { DEMO_LEARNER_COURSE } from '../db/seed/catalogue/learners';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { COURSE, createStudyFixtures } from './study-fixtures';

describe.each(testDrivers())('the offline manifest on %s', (driver) => {
  let app: TestApp;
  let fx: ReturnType<typeof createStudyFixtures>;
  let demo: { b: Browser; userId: string; courseId: number };

  beforeAll(async () => {
    app = await createTestApp(driver);
    fx = createStudyFixtures(app);
    const b = new Browser(app);
    const signIn = await b.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: DEMO_ACCOUNTS.learner.userName, password: DEMO_ACCOUNTS.learner.password } });
    const [course] = await app.database.db.select({ id: t.courses.id }).from(t.courses).where(eq(t.courses.title, DEMO_LEARNER_COURSE));
    demo = { b, userId: signIn.body.data.userId, courseId: course!.id };
  });
  afterAll(() => app?.close());

  const manifestPath = (userId: string, courseId: number | string) => `${COURSE}/Course/Offline/Manifest/${userId}/${courseId}`;

  it('lists every media file of an enrolled course in two qualities, each served with the size it says', async () => {
    const res = await demo.b.call(manifestPath(demo.userId, demo.courseId));
    expect(res.status).toBe(200);
    const manifest = res.body.data as OfflineManifest;
    expect(manifest.courseId).toBe(demo.courseId);
    expect(Date.parse(manifest.mediaExpiresAt)).toBeGreaterThan(app.clock.now().getTime());
    expect(manifest.qualities.map((q) => [q.quality, q.label])).toEqual([
      ['data-saver', 'Data saver (144p)'],
      ['standard', 'Standard (240p)'],
    ]);

    const content = (await demo.b.call(`${COURSE}/Course/Enrolled/Details/${demo.userId}/${demo.courseId}`)).body.data;
    const assets = content.videos.flatMap((m: any) => m.items.flatMap((s: any) => s.courseModuleItemAssets));
    const withMedia = assets.filter((a: any) => ['video', 'image', 'compressVideo'].includes(a.assetType));
    const videos = assets.filter((a: any) => a.assetType === 'video');
    const [saver, standard] = manifest.qualities;
    for (const [quality, rung] of [[saver!, '144p'], [standard!, '240p']] as const) {
      expect(new Set(quality.files.map((f) => f.assetId))).toEqual(new Set(withMedia.map((a: any) => a.courseModuleItemAssetId)));
      expect(quality.playback).toEqual(Object.fromEntries(videos.map((v: any) => [String(v.courseModuleItemAssetId), `hls/${rung}/index.m3u8`])));
      expect(quality.bytes).toBe(quality.files.reduce((sum, f) => sum + f.bytes, 0));
      const video = quality.files.filter((f) => f.assetId === videos[0].courseModuleItemAssetId).map((f) => f.path);
      expect(video).toEqual([`hls/${rung}/index.m3u8`, `hls/${rung}/init.mp4`, ...['000', '001', '002', '003', '004', '005'].map((n) => `hls/${rung}/${n}.m4s`)]);
      const pack = assets.find((a: any) => a.assetType === 'compressVideo');
      expect(quality.files.filter((f) => f.assetId === pack.courseModuleItemAssetId).map((f) => f.path).sort()).toEqual(['index.html', 'lesson.mp4']);
      // The address the player's content gives for a picture or a package is one of the files.
      for (const a of withMedia.filter((x: any) => x.assetType !== 'video')) expect(quality.files.map((f) => f.url)).toContain(a.url);
    }
    expect(standard!.bytes).toBeGreaterThan(saver!.bytes);

    const files = new Map(manifest.qualities.flatMap((q) => q.files.map((f) => [f.url, f])));
    for (const file of files.values()) {
      expect(file.url).toBe(`${file.url.slice(0, file.url.indexOf(`/${file.assetId}/`))}/${file.assetId}/${file.path}`);
      const served = await app.fetch(file.url);
      expect(served.status, file.url).toBe(200);
      expect((await served.arrayBuffer()).byteLength, file.url).toBe(file.bytes);
    }
  });

  it('plays a video without a ladder from its mp4 in both qualities, and leaves articles, quizzes and external addresses out', async () => {
    const { b, userId, course } = await fx.enrolled();
    await app.database.db.update(t.courseAssets).set({ url: 'content:demo/packages/lesson-package.zip' }).where(eq(t.courseAssets.id, course.video.asset));
    await app.database.db.update(t.courseAssets).set({ url: 'https://cdn.example.com/intro.mp4' }).where(eq(t.courseAssets.id, course.article.asset));
    const manifest = (await b.call(manifestPath(userId, course.id))).body.data as OfflineManifest;
    for (const quality of manifest.qualities) {
      expect(quality.files.map((f) => [f.assetId, f.path])).toEqual([[course.video.asset, 'lesson-package.zip']]);
      expect(quality.playback).toEqual({ [course.video.asset]: 'lesson-package.zip' });
    }
    expect(manifest.qualities.map((q) => q.label)).toEqual(['Data saver', 'Standard']);
  });

  it('is only for the learner enrolled in the course', async () => {
    const { b, userId, course } = await fx.enrolled();
    const other = await fx.learner('Outsider');
    const notEnrolled = await other.b.call(manifestPath(other.userId, course.id));
    expect([notEnrolled.status, notEnrolled.body.description]).toEqual([403, 'You are not enrolled in this course']);
    expect((await other.b.call(manifestPath(userId, course.id))).status).toBe(403);
    expect((await b.call(manifestPath(userId, 999999))).body.description).toBe('Course not found');
    expect((await b.call(manifestPath(userId, 'abc'))).body.description).toBe('courseId must be a whole number from 1 to 2147483647');
    expect((await (await fx.superAdmin()).call(manifestPath(userId, course.id))).status).toBe(403);
    expect((await new Browser(app).call(manifestPath(userId, course.id))).status).toBe(401);
  });
});
