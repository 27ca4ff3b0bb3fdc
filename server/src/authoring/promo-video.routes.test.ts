// The promotional video of Additional Information (spec 001 §2.3; decision 036): uploaded in
// chunks into the partner's library, named on Course/Update/OtherDetails, served publicly.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_AUTHORING_MESSAGES as M, promoTooLargeMessage } from '@rivet/shared/api/course-authoring';
import { CONTENT_LIBRARY_MESSAGES as L, UPLOAD_CHUNK_SIZE } from '@rivet/shared/api/content-library';
import * as t from '../db/schema';
import { signedInStaff } from '../testing/staff-fixtures';
import { Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course/Course';
const MiB = UPLOAD_CHUNK_SIZE;
const PROMO_LIMIT = 2 * MiB;

/** Bytes that start like an MP4 (ftyp box, isom brand), then a pattern that differs per file. */
function fakeMp4(size: number, seed = 0): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + seed + (i >> 12)) & 255;
  bytes.set([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')], 0);
  return bytes;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 110, b: 90 } } })
    .png()
    .toBuffer();

/** Uploads `bytes` in 1 MiB chunks and completes it as `kind`; answers the Complete response. */
async function upload(who: Browser, fileName: string, bytes: Uint8Array<ArrayBuffer>, kind = 'video') {
  const total = Math.ceil(bytes.length / MiB);
  for (let i = 0; i < total; i++) {
    const query = new URLSearchParams({ id: String(i), fileName, totalChunks: String(total) });
    const sent = await who.call(`${COURSE}/UploadChunks?${query}`, { raw: new Uint8Array(bytes.subarray(i * MiB, Math.min(bytes.length, (i + 1) * MiB))) });
    expect(sent.status, sent.body.description).toBe(200);
  }
  return who.call(`${COURSE}/UploadComplete?${new URLSearchParams({ fileName, kind })}`, { method: 'POST' });
}

describe.each(testDrivers())('the promotional video on %s', (driver) => {
  let app: TestApp;
  let unilag: Browser;
  let lbs: Browser;
  let visitor: Browser;
  let ids: { category: number; language: number };
  let instructors: { unilag: string; lbs: string };

  beforeAll(async () => {
    app = await createTestApp(driver, { uploads: { promoVideoMaxBytes: PROMO_LIMIT } });
    const db = app.database.db;
    unilag = await signedInStaff(app, 'promo.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    lbs = await signedInStaff(app, 'promo.lbs', 'INSTITUTION ADMIN', 'LBS');
    visitor = new Browser(app, '10.9.9.8');
    const partner = async (code: string) => (await db.select().from(t.institutions).where(eq(t.institutions.code, code)))[0]!.id;
    const [category] = await db.select().from(t.courseCategories).where(eq(t.courseCategories.isActive, true)).limit(1);
    ids = { category: category!.id, language: 1 };
    const firstInstructor = async (code: string) => (await db.select().from(t.instructors).where(eq(t.instructors.institutionId, await partner(code))).limit(1))[0]!.name;
    instructors = { unilag: await firstInstructor('UNILAG'), lbs: await firstInstructor('LBS') };
  }, 60_000);
  afterAll(() => app?.close());

  async function draft(who: Browser, title = 'Promoted Bookkeeping') {
    const res = await who.call(`${COURSE}/CreateUpdate`, {
      json: { title, description: 'Keep the books.', courseCategoryId: ids.category, courseType: 1, startDate: '2026-12-01', isPaid: false, hasSurvey: false },
    });
    expect(res.status, res.body.description).toBe(200);
    return res.body.data as number;
  }

  /** Additional Information with images the first time; `extra` carries the promo fields. */
  async function otherDetails(who: Browser, courseId: number, extra: Record<string, string>, withImages = false) {
    const form = new FormData();
    const fields = {
      CourseId: String(courseId),
      HeadLine: 'Books that balance',
      OverView: '<p>Everything a shop owner needs.</p>',
      CourseLevel: '1',
      LanguageId: String(ids.language),
      Objectives: '<p>Track sales</p>',
      Effort: '2 to 4 hours per week',
      InstructorName: who === lbs ? instructors.lbs : instructors.unilag,
      StepNo: '2',
      ...extra,
    };
    for (const [k, value] of Object.entries(fields)) form.append(k, value);
    if (withImages) {
      form.append('CourseThumbNail', new Blob([new Uint8Array(await png(300, 200))]), 'thumb.png');
      form.append('CourseBanner', new Blob([new Uint8Array(await png(300, 150))]), 'banner.png');
    }
    return who.call(`${COURSE}/Update/OtherDetails`, { form });
  }

  const publicGet = (url: string, range?: string) => app.fetch(url, { headers: range ? { range } : {} });

  it('refuses a file that is not an MP4 by its bytes, whatever its name', async () => {
    const course = await draft(unilag);
    // Text named .mp4 never reaches the library.
    const text = new Uint8Array(Buffer.from('this is not a video at all, only words pretending to be one'));
    const refused = await upload(unilag, 'promo-fake.mp4', text);
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe(L.unsupported);
    // A picture that is in the library cannot become the promotional video.
    const picture = await upload(unilag, 'poster.png', new Uint8Array(await png(64, 64)), 'image');
    expect(picture.status, picture.body.description).toBe(200);
    const res = await otherDetails(unilag, course, { CoursePromotionalVideoGuid: picture.body.data.guid }, true);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'CoursePromotionalVideo', message: M.unsupportedFile }]);
    // Not a guid at all: the contract refuses it.
    expect((await otherDetails(unilag, course, { CoursePromotionalVideoGuid: '../../etc/passwd' })).status).toBe(400);
    // Nothing was saved, images included.
    const [row] = await app.database.db.select().from(t.courses).where(eq(t.courses.id, course));
    expect(row).toMatchObject({ promoVideoUrl: null, thumbnailUrl: null });
  });

  it('refuses a video over the configured limit with the limit in the message', async () => {
    const course = await draft(unilag);
    const big = await upload(unilag, 'promo-big.mp4', fakeMp4(PROMO_LIMIT + 1));
    expect(big.status, big.body.description).toBe(200);
    const res = await otherDetails(unilag, course, { CoursePromotionalVideoGuid: big.body.data.guid }, true);
    expect(res.status).toBe(400);
    expect(res.body.description).toBe(promoTooLargeMessage(PROMO_LIMIT));
    expect(res.body.description).toBe('The promotional video is too large: the limit is 2 MB.');
    expect((await unilag.call(`${COURSE}/Update/${course}`)).body.data).toMatchObject({ coursePromotionalVideoUrl: null, promotionalVideoMaxBytes: PROMO_LIMIT });
  });

  it('keeps another institution from setting a promotional video on my course or using my upload', async () => {
    const mine = await draft(unilag);
    const theirs = await draft(lbs, 'Their Course');
    const lbsVideo = await upload(lbs, 'lbs-promo.mp4', fakeMp4(MiB + 10, 3));
    expect(lbsVideo.status).toBe(200);
    const myVideo = await upload(unilag, 'unilag-promo.mp4', fakeMp4(MiB + 10, 4));
    expect(myVideo.status).toBe(200);

    // LBS cannot touch my course, even with its own video.
    const onMine = await otherDetails(lbs, mine, { CoursePromotionalVideoGuid: lbsVideo.body.data.guid }, true);
    expect(onMine.status).toBe(404);
    expect(onMine.body.description).toBe(M.notFound);
    // LBS cannot use my library file on its own course: it reads as missing.
    const usingMine = await otherDetails(lbs, theirs, { CoursePromotionalVideoGuid: myVideo.body.data.guid }, true);
    expect(usingMine.status).toBe(400);
    expect(usingMine.body.errors).toEqual([{ field: 'CoursePromotionalVideo', message: M.promoNotInLibrary }]);
    // Nor finish my upload under my upload's name: uploads belong to their uploader.
    const half = fakeMp4(MiB + 10, 5);
    await unilag.call(`${COURSE}/UploadChunks?${new URLSearchParams({ id: '0', fileName: 'unilag-half.mp4', totalChunks: '2' })}`, { raw: new Uint8Array(half.subarray(0, MiB)) });
    const stolen = await lbs.call(`${COURSE}/UploadComplete?${new URLSearchParams({ fileName: 'unilag-half.mp4', kind: 'video' })}`, { method: 'POST' });
    expect(stolen.status).toBe(404);
    expect((await lbs.call(`${COURSE}/UploadStatus?${new URLSearchParams({ fileName: 'unilag-half.mp4' })}`)).status).toBe(404);

    for (const id of [mine, theirs]) {
      const [row] = await app.database.db.select().from(t.courses).where(eq(t.courses.id, id));
      expect(row!.promoVideoUrl).toBeNull();
    }
  });

  it('publishes the video at a public address with range requests, replaces and removes it, audited', async () => {
    const course = await draft(unilag, 'Promoted Ledger Course');
    const video = fakeMp4(MiB + 4096, 7);
    const uploaded = await upload(unilag, 'ledger-promo.mp4', video);
    expect(uploaded.status, uploaded.body.description).toBe(200);
    const saved = await otherDetails(unilag, course, { CoursePromotionalVideoGuid: uploaded.body.data.guid }, true);
    expect(saved.status, saved.body.description).toBe(200);
    expect(saved.body.description).toBe(M.savedAsDraft);
    const url = saved.body.data.coursePromotionalVideoUrl as string;
    expect(url).toMatch(/^\/media\/promo\/[0-9a-f-]{36}\.mp4$/);

    // Anyone may fetch it, whole or by range (a video seeks; a broken download resumes).
    const whole = await publicGet(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(video);
    const part = await publicGet(url, 'bytes=1048570-1048589');
    expect(part.status).toBe(206);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('content-range')).toBe(`bytes 1048570-1048589/${video.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(video.subarray(1048570, 1048590));

    // Saving again without the field keeps it.
    const kept = await otherDetails(unilag, course, {});
    expect(kept.body.data.coursePromotionalVideoUrl).toBe(url);

    // Published, the learner course page shows it, to anonymous visitors too.
    await app.database.db.update(t.courses).set({ draft: false, approvalStatus: 2, publishDate: new Date('2026-01-01T00:00:00Z') }).where(eq(t.courses.id, course));
    const page = await visitor.call(`${COURSE}/GetCourseById/${course}`);
    expect(page.status).toBe(200);
    expect(page.body.data.coursePromotionalVideoUrl).toBe(url);
    await app.database.db.update(t.courses).set({ draft: true, approvalStatus: 1 }).where(eq(t.courses.id, course));

    // Replaced: the new one is served, the old one is gone.
    const second = await upload(unilag, 'ledger-promo-2.mp4', fakeMp4(MiB - 1, 9));
    const replaced = await otherDetails(unilag, course, { CoursePromotionalVideoGuid: second.body.data.guid });
    const newUrl = replaced.body.data.coursePromotionalVideoUrl as string;
    expect(newUrl).not.toBe(url);
    expect((await publicGet(newUrl)).status).toBe(200);
    expect((await publicGet(url)).status).toBe(404);

    // Asking for both a new video and its removal is a contradiction, refused.
    const both = await otherDetails(unilag, course, { CoursePromotionalVideoGuid: second.body.data.guid, RemoveCoursePromotionalVideo: 'true' });
    expect(both.status).toBe(400);
    expect(both.body.description).toBe(M.promoBoth);

    // Removed: null, and the file is gone. The library keeps its own copy.
    const removed = await otherDetails(unilag, course, { RemoveCoursePromotionalVideo: 'true' });
    expect(removed.status).toBe(200);
    expect(removed.body.data.coursePromotionalVideoUrl).toBeNull();
    expect((await publicGet(newUrl)).status).toBe(404);
    expect(existsSync(join(app.dataDir, 'content', second.body.data.url.slice('content:'.length)))).toBe(true);

    const audit = await app.database.db
      .select({ text: t.auditTrail.description })
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleAction, 'UpdateOtherDetails'), eq(t.auditTrail.record, String(course)), like(t.auditTrail.description, '%promotional video%')));
    expect(audit.map((a) => a.text)).toEqual([
      expect.stringContaining('with a new promotional video'),
      expect.stringContaining('with a new promotional video'),
      expect.stringContaining('removing its promotional video'),
    ]);
  });
});
