import { and, eq, ne, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { DEMO_LEARNER_COURSE } from '../db/seed/catalogue/learners';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { createMediaSigner, type SignableAsset } from './secure-media';

/** The app signs with a key derived from its JWT secret, as test-app.ts sets it. */
const signer = createMediaSigner('test-secret-test-secret-test-secret-0123456789:media');
const HOUR = 3600_000;

describe.each(testDrivers())('signed lesson media on %s', (driver) => {
  let app: TestApp;
  let learner: string;
  let other: string;
  const assets = {} as Record<'video' | 'image' | 'package' | 'article' | 'foreignVideo', SignableAsset>;

  const assetOf = async (courseTitle: string, assetType: number): Promise<SignableAsset> => {
    const [row] = await app.database.db
      .select({ assetId: t.courseAssets.id, assetType: t.courseAssets.assetType, url: t.courseAssets.url })
      .from(t.courseAssets)
      .innerJoin(t.courseSections, eq(t.courseSections.id, t.courseAssets.sectionId))
      .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId))
      .innerJoin(t.courses, eq(t.courses.id, t.courseModules.courseId))
      .where(and(eq(t.courses.title, courseTitle), eq(t.courseAssets.assetType, assetType)))
      .limit(1);
    return row!;
  };
  const userId = async (userName: string) => (await app.database.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.userName, userName)))[0]!.id;
  const sign = (asset: SignableAsset, user = learner) => signer.forAsset(asset, user, app.clock.now());
  const get = (url: string, headers: Record<string, string> = {}) => app.fetch(url, { headers });

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    learner = await userId('learner@demo.ng');
    assets.video = await assetOf(DEMO_LEARNER_COURSE, 2);
    assets.image = await assetOf(DEMO_LEARNER_COURSE, 1);
    assets.package = await assetOf(DEMO_LEARNER_COURSE, 5);
    assets.article = await assetOf(DEMO_LEARNER_COURSE, 3);
    const enrolled = db.select({ id: t.enrollments.courseId }).from(t.enrollments).where(eq(t.enrollments.userId, learner));
    const [foreign] = await db.select({ title: t.courses.title }).from(t.courses).where(notInArray(t.courses.id, enrolled)).limit(1);
    assets.foreignVideo = await assetOf(foreign!.title, 2);
    // Another demo learner, enrolled in the learner's course too, whose enrolment and account the tests take away.
    const [peer] = await db
      .select({ id: t.users.id })
      .from(t.users)
      .innerJoin(t.enrollments, eq(t.enrollments.userId, t.users.id))
      .innerJoin(t.courses, eq(t.courses.id, t.enrollments.courseId))
      .where(and(eq(t.courses.title, DEMO_LEARNER_COURSE), ne(t.users.id, learner)))
      .limit(1);
    other = peer!.id;
  });
  afterAll(() => app?.close());

  it('stores lesson content as storage keys, not public addresses', () => {
    expect(assets.video.url).toBe('content:demo/videos/lesson-introduction.mp4');
    expect(assets.package.url).toBe('content:demo/packages/lesson-package.zip');
    expect(assets.image.url).toMatch(/^content:demo\/images\/.+\.svg$/);
  });

  it('serves an enrolled learner the video, whole or by range, privately cached no longer than the link lives', async () => {
    const { url } = sign(assets.video);
    const whole = await get(url!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const size = Number(whole.headers.get('content-length'));
    expect((await whole.arrayBuffer()).byteLength).toBe(size);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(whole.headers.get('cache-control')!)![1]);
    expect(maxAge).toBeGreaterThan(11 * 3600);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
    expect(whole.headers.get('referrer-policy')).toBe('no-referrer');
    expect(whole.headers.get('x-frame-options')).toBe('DENY');

    const part = await get(url!, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it('serves the HLS master playlist, a rung and its segments under the same token', async () => {
    const { url, hlsUrl } = sign(assets.video);
    expect(hlsUrl).toBe(url!.replace(/[^/]+$/, 'hls/master.m3u8'));
    const master = await get(hlsUrl!);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const text = await master.text();
    expect(text).toMatch(/BANDWIDTH=\d+.*RESOLUTION=256x144/);
    expect(text).toContain('240p/index.m3u8');
    const rung = await get(new URL('144p/index.m3u8', `http://x${hlsUrl}`).pathname);
    expect(rung.status).toBe(200);
    expect(await rung.text()).toContain('000.m4s');
    const segment = await get(new URL('144p/000.m4s', `http://x${hlsUrl}`).pathname);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await get(new URL('144p/init.mp4', `http://x${hlsUrl}`).pathname)).status).toBe(200);
  });

  it('serves key-point images, scripts forbidden', async () => {
    const res = await get(sign(assets.image).url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(await res.text()).toContain('<svg');
  });

  it('serves a lesson package’s page and video with headers that let the app frame it, sandboxed', async () => {
    const { url, hlsUrl } = sign(assets.package);
    expect(url).toMatch(/\/index\.html$/);
    expect(hlsUrl).toBeNull();
    const page = await get(url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain("'none'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('src="lesson.mp4"');
    const video = await get(url!.replace(/index\.html$/, 'lesson.mp4'), { range: 'bytes=0-1023' });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toBe('video/mp4');
  });

  it('signs nothing for articles and quizzes', () => {
    expect(sign(assets.article)).toEqual({ url: null, hlsUrl: null });
  });

  it('refuses a tampered signature, another learner’s name in the token, or another asset’s token, without file bytes', async () => {
    const { url } = sign(assets.video);
    const [, , , token, id, file] = url!.split('/');
    const [payload, mac] = token!.split('.');
    const flipped = `${payload}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`;
    const otherPayload = Buffer.from(JSON.stringify({ u: other, e: JSON.parse(Buffer.from(payload!, 'base64url').toString()).e })).toString('base64url');
    const imageToken = sign(assets.image).url!.split('/')[3];
    for (const forged of [`/media/c/${flipped}/${id}/${file}`, `/media/c/${otherPayload}.${mac}/${id}/${file}`, `/media/c/${imageToken}/${id}/${file}`, `/media/c/nonsense/${id}/${file}`]) {
      const res = await get(forged);
      expect(res.status, forged).toBe(403);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect((await res.text()).length).toBeLessThan(100);
    }
  });

  it('refuses an expired link', async () => {
    const { url } = sign(assets.image);
    expect((await get(url!)).status).toBe(200);
    app.clock.advance(14 * HOUR);
    try {
      const res = await get(url!);
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(/expired/);
      expect((await get(sign(assets.image).url!)).status).toBe(200);
    } finally {
      app.clock.advance(-14 * HOUR);
    }
  });

  it('refuses a learner not enrolled in the asset’s course, even with a genuine link', async () => {
    const { url, hlsUrl } = sign(assets.foreignVideo);
    expect((await get(url!)).status).toBe(403);
    expect((await get(hlsUrl!)).status).toBe(403);
  });

  it('stops serving within a minute of the enrolment ending, and to deleted accounts', async () => {
    const db = app.database.db;
    const { url } = sign(assets.video, other);
    expect((await get(url!)).status).toBe(200);
    const [course] = await db.select({ id: t.courses.id }).from(t.courses).where(eq(t.courses.title, DEMO_LEARNER_COURSE));
    const [enrolment] = await db.delete(t.enrollments).where(and(eq(t.enrollments.userId, other), eq(t.enrollments.courseId, course!.id))).returning();
    expect((await get(url!)).status).toBe(200); // remembered for a minute: seeking stays cheap
    app.clock.advance(61_000);
    expect((await get(url!)).status).toBe(403);

    await db.insert(t.enrollments).values(enrolment!);
    expect((await get(sign(assets.image, other).url!)).status).toBe(200);
    await db.update(t.users).set({ deletedAt: app.clock.now() }).where(eq(t.users.id, other));
    app.clock.advance(61_000);
    expect((await get(sign(assets.image, other).url!)).status).toBe(403);
  });

  it('answers 404 for a missing asset, a file the asset does not have, or a path that tries to climb out', async () => {
    const { url } = sign(assets.video);
    const prefix = url!.replace(/[^/]+$/, '');
    const ghost = signer.forAsset({ assetId: 99_999_999, assetType: 2, url: 'content:demo/videos/lesson-introduction.mp4' }, learner, app.clock.now());
    for (const path of [ghost.url!, `${prefix}other.mp4`, `${prefix}hls/..%2F..%2Fpackages%2Flesson-package.zip`, `${prefix}%2e%2e/x`, `${prefix}hls/missing.m3u8`, `${prefix}`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
    const res = await app.fetch(url!, { method: 'POST' });
    expect(res.status).toBe(405);
  });

  it('no longer serves lesson files at their old public addresses, nor the private folder', async () => {
    for (const path of [
      '/media/demo/videos/lesson-introduction.mp4',
      '/media/demo/videos/lesson-walkthrough.mp4',
      '/media/demo/packages/lesson-package.zip',
      '/media/demo/images/customer-service-excellence.svg',
      '/media/content/demo/videos/lesson-introduction.mp4',
      '/media/demo/../content/demo/videos/lesson-introduction.mp4',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('still serves the catalogue’s thumbnails, banners, partner artwork and promotional videos publicly', async () => {
    for (const path of ['/media/demo/thumbnails/customer-service-excellence.svg', '/media/demo/banners/customer-service-excellence.svg', '/media/demo/partners/unilag-logo.svg']) {
      expect((await get(path)).status, path).toBe(200);
    }
    const promo = await get('/media/demo/videos/promo-productivity.mp4', { range: 'bytes=0-99' });
    expect(promo.status).toBe(206);
  });
});
