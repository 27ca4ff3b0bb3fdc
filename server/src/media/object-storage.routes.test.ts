// Media on S3-compatible object storage (decision 056), end to end through the API against a
// local S3 server: an uploaded video is processed (downloaded, encoded, its ladder uploaded) and
// served through signed addresses with range requests; a lesson package and an image are
// processed from the bucket; public media come from the bucket too; and nothing lands in the data
// folder's content/ or media/.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineManifest } from '@rivet/shared/api/offline';
import * as t from '../db/schema';
import { COURSE as LEARNER_COURSE, createStudyFixtures } from '../learning/study-fixtures';
import { createS3Storage, type MediaStorage } from '../storage';
import { tinyVideo, upload, zipOf } from '../testing/media-fixtures';
import { startTestS3, type TestS3 } from '../testing/s3-server';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const LIBRARY = '/api/ContentLibrary/FileManager';

const assetsOf = (content: any) => content.videos.flatMap((m: any) => m.items.flatMap((s: any) => s.courseModuleItemAssets));

describe.each(testDrivers())('media on S3-compatible object storage, on %s', (driver) => {
  let s3: TestS3;
  let bucket: MediaStorage;
  let app: TestApp;
  let admin: Browser;
  let unilagId: number;
  const video = tinyVideo();
  const keyOf = (storageKey: string) => `content/${storageKey.slice('content:'.length)}`;

  beforeAll(async () => {
    s3 = await startTestS3();
    bucket = createS3Storage(s3.config);
    app = await createTestApp(driver, { storage: createS3Storage(s3.config) });
    admin = await signedInStaff(app, 's3.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    unilagId = (await app.database.db.select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.code, 'UNILAG')))[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('uploads a video to the bucket, processes it there, and serves it through signed addresses, ranges included', async () => {
    const file = await upload(admin, 'lesson.mp4', video, 'video');
    const key = keyOf(file.fileLocationUrl);
    expect((await bucket.head(key))?.size).toBe(video.byteLength);
    expect(existsSync(join(app.dataDir, 'content'))).toBe(false);

    expect(await app.runJobs()).toBeGreaterThanOrEqual(1);
    const ladderKey = key.replace(/\.mp4$/, '.hls');
    const ladder = await bucket.list(ladderKey);
    expect(ladder.map((o) => o.key)).toEqual(expect.arrayContaining(['master.m3u8', '144p/index.m3u8', '144p/init.mp4', '144p/000.m4s', 'poster.jpg', 'poster.webp']));
    expect(existsSync(join(app.dataDir, 'content'))).toBe(false);
    // The job's temporary copy is gone.
    expect(existsSync(join(app.dataDir, 'cache', 'work')) ? readdirSync(join(app.dataDir, 'cache', 'work')) : []).toEqual([]);

    const fx = createStudyFixtures(app);
    const course = await fx.course({ survey: false });
    await app.database.db.update(t.courseAssets).set({ url: file.fileLocationUrl }).where(eq(t.courseAssets.id, course.video.asset));
    const learner = await fx.learner();
    await fx.enrol(learner.userId, course.id);
    const content = (await learner.b.call(`${LEARNER_COURSE}/Course/Enrolled/Details/${learner.userId}/${course.id}`)).body.data;
    const played = assetsOf(content).find((a: any) => a.courseModuleItemAssetId === course.video.asset);
    expect(played.hlsUrl).toMatch(/^\/media\/c\/[^/]+\/\d+\/hls\/master\.m3u8$/);

    // The mp4, whole and by range, streamed through from the bucket with the route's own headers.
    const whole = await app.fetch(played.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('x-frame-options')).toBe('DENY');
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(video))).toBe(true);
    const part = await app.fetch(played.url, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${video.byteLength}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(video.subarray(100, 1100)))).toBe(true);
    const tail = await app.fetch(played.url, { headers: { range: 'bytes=-500' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(Buffer.from(video.subarray(video.byteLength - 500)))).toBe(true);
    expect((await app.fetch(played.url, { headers: { range: `bytes=${video.byteLength}-` } })).status).toBe(416);
    const etag = whole.headers.get('etag')!;
    expect((await app.fetch(played.url, { headers: { 'if-none-match': etag } })).status).toBe(304);

    // The ladder: master, rung playlist and a segment, by range too.
    const master = await app.fetch(played.hlsUrl);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('144p/index.m3u8');
    const segmentUrl = played.hlsUrl.replace(/master\.m3u8$/, '144p/000.m4s');
    const segment = (await bucket.readBuffer(`${ladderKey}/144p/000.m4s`))!;
    const segmentPart = await app.fetch(segmentUrl, { headers: { range: 'bytes=0-99' } });
    expect(segmentPart.status).toBe(206);
    expect(Buffer.from(await segmentPart.arrayBuffer()).equals(segment.subarray(0, 100))).toBe(true);

    // A forged or foreign token reaches nothing in the bucket.
    expect((await app.fetch(played.url.replace(/\/media\/c\/[^/]+\//, '/media/c/forged-token/'))).status).toBe(403);

    // The offline manifest, sized from the bucket.
    const manifest = (await learner.b.call(`${LEARNER_COURSE}/Course/Offline/Manifest/${learner.userId}/${course.id}`)).body.data as OfflineManifest;
    const sizes = new Map(ladder.map((o) => [o.key, o.size]));
    for (const quality of manifest.qualities) {
      const files = quality.files.filter((f) => f.assetId === course.video.asset);
      expect(files.map((f) => f.path)).toEqual(['hls/144p/index.m3u8', 'hls/144p/init.mp4', 'hls/144p/000.m4s']);
      for (const f of files) expect(f.bytes).toBe(sizes.get(f.path.slice('hls/'.length)));
    }

    // Deleting the library file (once no course uses it) removes it and its ladder from the bucket.
    await app.database.db.update(t.courseAssets).set({ url: 'content:demo/videos/lesson-introduction.mp4' }).where(eq(t.courseAssets.id, course.video.asset));
    expect((await admin.call(`${LIBRARY}/DeleteFile?fileId=${file.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await bucket.head(key)).toBeNull();
    expect(await bucket.list(ladderKey)).toEqual([]);
  });

  it('unpacks a lesson package from the bucket and serves its files', async () => {
    const good = await upload(admin, 'lesson.zip', zipOf([{ name: 'index.html', data: '<p>Lesson</p>' }, { name: 'media/notes.txt', data: 'notes' }]), 'compressedVideo');
    await app.runJobs();
    const files = (await admin.call(`${LIBRARY}/GetAllFilesByOwnerId?ownerId=${unilagId}&fileType=5`)).body.data as any[];
    expect(files.find((f) => f.id === good.id)).toMatchObject({ processingState: 'ready', processingError: null });

    const fx = createStudyFixtures(app);
    const course = await fx.course({ survey: false });
    await app.database.db.update(t.courseAssets).set({ url: good.fileLocationUrl, assetType: 5 }).where(eq(t.courseAssets.id, course.video.asset));
    const learner = await fx.learner();
    await fx.enrol(learner.userId, course.id);
    const content = (await learner.b.call(`${LEARNER_COURSE}/Course/Enrolled/Details/${learner.userId}/${course.id}`)).body.data;
    const played = assetsOf(content).find((a: any) => a.courseModuleItemAssetId === course.video.asset);
    const page = await app.fetch(played.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain('sandbox allow-scripts');
    expect(await page.text()).toBe('<p>Lesson</p>');
    const notes = await app.fetch(played.url.replace(/index\.html$/, 'media/notes.txt'), { headers: { range: 'bytes=1-3' } });
    expect([notes.status, await notes.text()]).toEqual([206, 'ote']);
  });

  it('re-encodes an image in the bucket without its metadata', async () => {
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 90, b: 30 } } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'Taken at 12 Allen Avenue, Ikeja' } })
      .toBuffer();
    const file = await upload(admin, 'photo.jpg', new Uint8Array(photo), 'image');
    await app.runJobs();
    const stored = (await bucket.readBuffer(keyOf(file.fileLocationUrl)))!;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 80, height: 60 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Allen Avenue'))).toBe(false);
  });

  it('serves public media from the bucket, with ranges; nothing else', async () => {
    await bucket.write('media/promo/11111111-2222-3333-4444-555555555555.mp4', Buffer.from(video));
    const url = '/media/promo/11111111-2222-3333-4444-555555555555.mp4';
    const part = await app.fetch(url, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(video.subarray(0, 10)))).toBe(true);
    expect((await app.fetch('/media/promo/none.mp4')).status).toBe(404);
    expect((await app.fetch('/media/a%2F..%2F..%2Fcontent/x')).status).toBe(404);
    expect(existsSync(join(app.dataDir, 'media'))).toBe(false);
  });
});
