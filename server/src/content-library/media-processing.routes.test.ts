// Media processing of content library files (docs/decisions/033), through the API: a real (tiny)
// video gets its HLS ladder, poster and length, and enrolled learners then get its renditions and
// their sizes offline; a zip that climbs out of its folder fails with the reason; an image loses
// its metadata; without ffmpeg the server says so and video jobs fail saying why.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineManifest } from '@rivet/shared/api/offline';
import * as t from '../db/schema';
import { FFMPEG_MISSING } from '../media/ffmpeg';
import { COURSE as LEARNER_COURSE, FIXTURE_QUIZ, createStudyFixtures } from '../learning/study-fixtures';
import { deflatedZipOf, tinyVideo, upload, zipOf } from '../testing/media-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course/Course';
const LIBRARY = '/api/ContentLibrary/FileManager';

describe.each(testDrivers())('media processing on %s', (driver) => {
  let app: TestApp;
  let admin: Browser;
  let unilagId: number;
  const video = tinyVideo();

  beforeAll(async () => {
    app = await createTestApp(driver);
    admin = await signedInStaff(app, 'media.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    unilagId = (await app.database.db.select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.code, 'UNILAG')))[0]!.id;
  });
  afterAll(() => app?.close());

  const listed = async (fileType: number) => (await admin.call(`${LIBRARY}/GetAllFilesByOwnerId?ownerId=${unilagId}&fileType=${fileType}`)).body.data as any[];

  it('gives an uploaded video its HLS ladder, poster and length; enrolled learners get the renditions, online and offline', async () => {
    const health = await app.fetch('/api/health');
    expect((await health.json()).data.media).toEqual({ ffmpeg: true });

    const file = await upload(admin, 'lesson.mp4', video, 'video');
    expect(file.processingState).toBe('processing');
    expect((await listed(2)).find((f) => f.id === file.id)).toMatchObject({ processingState: 'processing', processingError: null, durationSeconds: null });

    // A lesson uses it before processing ends; the builder shows the item as processing.
    const fx = createStudyFixtures(app);
    const course = await fx.course({ survey: false });
    await app.database.db.update(t.courseAssets).set({ url: file.fileLocationUrl, duration: null }).where(eq(t.courseAssets.id, course.video.asset));
    const itemOf = (curriculum: any) => curriculum.courseModules.flatMap((m: any) => m.items.flatMap((s: any) => s.courseModuleItemAssets)).find((a: any) => a.courseModuleItemAssetId === course.video.asset);
    expect(itemOf((await admin.call(`${COURSE}/Builder/${course.id}`)).body.data).processing).toEqual({ state: 'processing', error: null });
    // Another course uses the same file, with a timed quiz; a third does not use it (decision 080).
    const second = await fx.course({ survey: false });
    const untouched = await fx.course({ survey: false });
    await app.database.db.update(t.courseAssets).set({ url: file.fileLocationUrl, duration: null }).where(eq(t.courseAssets.id, second.video.asset));
    await app.database.db.update(t.courseAssets).set({ quiz: { ...FIXTURE_QUIZ, timed: true, duration: 10 } }).where(eq(t.courseAssets.id, second.quiz.asset));
    await app.database.db.update(t.courses).set({ durationMinutes: 0 }).where(inArray(t.courses.id, [course.id, second.id]));
    const minutesOf = async (id: number) => (await app.database.db.select({ m: t.courses.durationMinutes }).from(t.courses).where(eq(t.courses.id, id)))[0]!.m;

    expect(await app.runJobs()).toBeGreaterThanOrEqual(1);
    expect((await listed(2)).find((f) => f.id === file.id)).toMatchObject({ processingState: 'ready', processingError: null, durationSeconds: 2 });
    expect(itemOf((await admin.call(`${COURSE}/Builder/${course.id}`)).body.data).processing).toEqual({ state: 'ready', error: null });
    const ladder = join(app.dataDir, 'content', file.fileLocationUrl.slice('content:'.length).replace(/\.mp4$/, '.hls'));
    for (const name of ['master.m3u8', '144p/index.m3u8', '144p/init.mp4', '144p/000.m4s', 'poster.jpg', 'poster.webp']) expect(existsSync(join(ladder, name)), name).toBe(true);
    expect(readFileSync(join(ladder, 'master.m3u8'), 'utf8')).toMatch(/RESOLUTION=256x144,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\n144p\/index\.m3u8/);
    // The lesson's length is the video's.
    expect((await app.database.db.select({ d: t.courseAssets.duration }).from(t.courseAssets).where(eq(t.courseAssets.id, course.video.asset)))[0]!.d).toBe(2);
    // Every course using the file has its length from its content now: 2 s of video, a 4-minute
    // read and an untimed quiz of two questions (2 minutes) round up to 7 minutes; with the quiz
    // timed at 10 minutes, 15. A course not using the file keeps what it had.
    expect(await minutesOf(course.id)).toBe(7);
    expect(await minutesOf(second.id)).toBe(15);
    expect(await minutesOf(untouched.id)).toBe(12);
    const card = (await app.fetch(`${COURSE}/GetCourseById/${course.id}`).then((r) => r.json())).data;
    expect(card.duration).toBe(7);

    // A new learner of the course plays the ladder…
    const learner = await fx.learner();
    await fx.enrol(learner.userId, course.id);
    const content = (await learner.b.call(`${LEARNER_COURSE}/Course/Enrolled/Details/${learner.userId}/${course.id}`)).body.data;
    const played = content.videos.flatMap((m: any) => m.items.flatMap((s: any) => s.courseModuleItemAssets)).find((a: any) => a.courseModuleItemAssetId === course.video.asset);
    expect(played.hlsUrl).toMatch(/\/hls\/master\.m3u8$/);
    const master = await app.fetch(played.hlsUrl);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('144p/index.m3u8');

    // …and downloads its rendition, sized as on disk.
    const manifest = (await learner.b.call(`${LEARNER_COURSE}/Course/Offline/Manifest/${learner.userId}/${course.id}`)).body.data as OfflineManifest;
    for (const quality of manifest.qualities) {
      const files = quality.files.filter((f) => f.assetId === course.video.asset);
      expect(files.map((f) => f.path)).toEqual(['hls/144p/index.m3u8', 'hls/144p/init.mp4', 'hls/144p/000.m4s']);
      for (const f of files) expect(f.bytes).toBe(readFileSync(join(ladder, f.path.slice('hls/'.length))).length);
    }
  });

  it('fails a lesson package whose entry climbs out of its folder, with the reason; unpacks a good one', async () => {
    const hostile = await upload(admin, 'escape.zip', zipOf([{ name: 'index.html', data: '<p>hi</p>' }, { name: '../../evil.sh', data: 'echo owned' }]), 'compressedVideo');
    const good = await upload(admin, 'lesson.zip', zipOf([{ name: 'index.html', data: '<p>Lesson</p>' }, { name: 'media/notes.txt', data: 'notes' }]), 'compressedVideo');
    const noIndex = await upload(admin, 'no-index.zip', zipOf([{ name: 'lesson/page.html', data: '<p>x</p>' }]), 'compressedVideo');
    await app.runJobs();
    const files = await listed(5);
    expect(files.find((f) => f.id === hostile.id)).toMatchObject({ processingState: 'failed', processingError: 'The lesson package cannot be used: The package holds an unsafe name: "../../evil.sh".' });
    expect(files.find((f) => f.id === good.id)).toMatchObject({ processingState: 'ready', processingError: null });
    expect(files.find((f) => f.id === noIndex.id)).toMatchObject({ processingState: 'failed', processingError: 'The lesson package cannot be used: it has no index.html at its top level.' });
    expect(existsSync(join(app.dataDir, 'evil.sh'))).toBe(false);
  });

  it('fails a zip bomb with the reason as it unpacks, leaving nothing in the cache (issue 29)', async () => {
    // 64 MB of zeros in a 64 KB zip, its headers telling the truth: refused by the bytes written.
    const bomb = await upload(admin, 'bomb.zip', deflatedZipOf([{ name: 'index.html', data: Buffer.from('<p>hi</p>') }, { name: 'lesson.mp4', data: Buffer.alloc(64 * 1024 * 1024) }]), 'compressedVideo');
    await app.runJobs();
    expect((await listed(5)).find((f) => f.id === bomb.id)).toMatchObject({
      processingState: 'failed',
      processingError: 'The lesson package cannot be used: The package expands more than 100 times its compressed size; it is refused as a possible zip bomb.',
    });
    const cache = join(app.dataDir, 'cache', 'packages');
    const left = existsSync(cache) ? readdirSync(cache) : [];
    expect(left.filter((name) => name.includes('.tmp-') || name.includes('.zip-'))).toEqual([]);
  }, 60_000);

  it('re-encodes an image without its metadata', async () => {
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 90, b: 30 } } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'Taken at 12 Allen Avenue, Ikeja' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const file = await upload(admin, 'photo.jpg', new Uint8Array(photo), 'image');
    expect(file.processingState).toBe('processing');
    await app.runJobs();
    expect((await listed(1)).find((f) => f.id === file.id)).toMatchObject({ processingState: 'ready' });
    const stored = readFileSync(join(app.dataDir, 'content', file.fileLocationUrl.slice('content:'.length)));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 80, height: 60 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Allen Avenue'))).toBe(false);
  });

  it('without ffmpeg: the server runs, /api/health says so, and video jobs fail saying why', async () => {
    const bare = await createTestApp(driver, { media: { ffmpegPath: join(tmpdir(), 'no-such-dir', 'ffmpeg') } });
    try {
      const health = await bare.fetch('/api/health');
      expect(health.status).toBe(200);
      expect((await health.json()).data).toMatchObject({ status: 'ok', media: { ffmpeg: false } });
      const staff = await signedInStaff(bare, 'media.bare', 'INSTITUTION ADMIN', 'UNILAG');
      const file = await upload(staff, 'lesson.mp4', video, 'video');
      await bare.runJobs();
      const files = (await staff.call(`${LIBRARY}/GetAllFilesByOwnerId?ownerId=${unilagId}&fileType=2`)).body.data as any[];
      expect(files.find((f) => f.id === file.id)).toMatchObject({ processingState: 'failed', processingError: FFMPEG_MISSING });
    } finally {
      await bare.close();
    }
  });
});
