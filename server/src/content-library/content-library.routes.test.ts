import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_LIBRARY_MESSAGES as M, UPLOAD_CHUNK_SIZE } from '@rivet/shared/api/content-library';
import * as t from '../db/schema';
import { createLocalStorage, createS3Storage, type MediaStorage } from '../storage';
import { startTestS3, type TestS3 } from '../testing/s3-server';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const COURSE = '/api/Course/Course';
const LIBRARY = '/api/ContentLibrary/FileManager';
const MiB = UPLOAD_CHUNK_SIZE;

/** Bytes that start like an MP4 (ftyp box, isom brand), then a counting pattern so every chunk differs. */
function fakeMp4(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 12)) & 255;
  bytes.set([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')].slice(0, size), 0);
  return bytes;
}

const png = (side = 64) => sharp({ create: { width: side, height: side, channels: 3, background: { r: 20, g: 110, b: 90 } } }).png().toBuffer();
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const chunkOf = (bytes: Uint8Array, i: number) => new Uint8Array(bytes.subarray(i * MiB, Math.min(bytes.length, (i + 1) * MiB)));
const totalOf = (bytes: Uint8Array) => Math.ceil(bytes.length / MiB);

function sendChunk(who: Browser, fileName: string, bytes: Uint8Array, i: number, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ id: String(i), fileName, totalChunks: String(totalOf(bytes)), ...extra });
  return who.call(`${COURSE}/UploadChunks?${query}`, { raw: chunkOf(bytes, i) });
}

const complete = (who: Browser, fileName: string, kind?: string) => who.call(`${COURSE}/UploadComplete?${new URLSearchParams({ fileName, ...(kind ? { kind } : {}) })}`, { method: 'POST' });
const status = (who: Browser, fileName: string) => who.call(`${COURSE}/UploadStatus?${new URLSearchParams({ fileName })}`);

async function upload(who: Browser, fileName: string, bytes: Uint8Array, kind?: string, extra: Record<string, string> = {}) {
  for (let i = 0; i < totalOf(bytes); i++) expect((await sendChunk(who, fileName, bytes, i, extra)).status).toBe(200);
  return complete(who, fileName, kind);
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : [join(dir, d.name)]));
}

// Every case on both databases and on both media stores (decisions 056, 067): the data folder and a
// local S3-compatible server, where the chunks are objects too.
const CASES = testDrivers().flatMap((driver) => (['local', 's3'] as const).map((store) => [driver, store] as const));

describe.each(CASES)('chunked uploads and the content library on %s, media on %s', (driver, storeKind) => {
  let app: TestApp;
  let s3: TestS3 | undefined;
  /** The media store the app writes to, read directly. */
  let store: MediaStorage;
  const keyOf = (url: string) => `content/${url.slice('content:'.length)}`;
  const bytesOf = async (url: string) => (await store.readBuffer(keyOf(url)))!;
  /** Every key under uploads/ and content/ in the store. */
  const keys = async () => [...(await store.list('uploads')).map((o) => `uploads/${o.key}`), ...(await store.list('content')).map((o) => `content/${o.key}`)];
  let unilag: Browser;
  let lbs: Browser;
  let platform: Browser;
  let ids: { unilag: number; lbs: number };

  beforeAll(async () => {
    // Small limits so the size refusals are cheap to reach.
    const uploads = { maxBytes: 4 * MiB, maxImageBytes: MiB, maxDocumentBytes: MiB, formMaxBytes: 2 * MiB, expireHours: 24 };
    if (storeKind === 's3') {
      s3 = await startTestS3();
      app = await createTestApp(driver, { uploads, storage: createS3Storage(s3.config) });
      store = createS3Storage(s3.config);
    } else {
      app = await createTestApp(driver, { uploads });
      store = createLocalStorage(app.dataDir);
    }
    unilag = await signedInStaff(app, 'library.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    lbs = await signedInStaff(app, 'library.lbs', 'INSTITUTION ADMIN', 'LBS');
    platform = await signedInStaff(app, 'library.super', 'SUPER ADMIN', 'RIVET');
    const inst = async (code: string) => (await app.database.db.select().from(t.institutions).where(eq(t.institutions.code, code)))[0]!.id;
    ids = { unilag: await inst('UNILAG'), lbs: await inst('LBS') };
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('takes chunks out of order and twice, says which it holds, and joins them into the institution’s library', async () => {
    const video = fakeMp4(2 * MiB + 100);
    expect((await sendChunk(unilag, 'lesson-1.mp4', video, 2)).body.data).toEqual({ id: 2, size: 100 });
    expect((await sendChunk(unilag, 'lesson-1.mp4', video, 0)).status).toBe(200);
    expect((await sendChunk(unilag, 'lesson-1.mp4', video, 0)).status).toBe(200);
    expect((await status(unilag, 'lesson-1.mp4')).body.data).toEqual({ fileName: 'lesson-1.mp4', totalChunks: 3, received: [0, 2], completed: null });
    expect((await sendChunk(unilag, 'lesson-1.mp4', video, 1)).status).toBe(200);

    const done = await complete(unilag, 'lesson-1.mp4', 'video');
    expect(done.status, done.body.description).toBe(200);
    expect(done.body.description).toBe(M.uploaded);
    const { guid, url, file } = done.body.data;
    expect(url).toMatch(new RegExp(`^content:library/${ids.unilag}/[0-9a-f-]{36}\\.mp4$`));
    expect(file).toMatchObject({ guid, fileLocationUrl: url, fileName: 'lesson-1.mp4', fileType: 2, contentType: 'video/mp4', size: video.length, institutionId: ids.unilag });
    expect(sha(await bytesOf(url))).toBe(sha(video));
    if (storeKind === 'local') {
      const onDisk = join(app.dataDir, 'content', url.slice('content:'.length));
      expect(statSync(onDisk).mode & 0o777).toBe(0o600);
      expect(statSync(join(app.dataDir, 'uploads')).mode & 0o777).toBe(0o700);
      expect(filesUnder(join(app.dataDir, 'uploads')).every((f) => (statSync(f).mode & 0o777) === 0o600)).toBe(true);
    } else {
      expect(existsSync(join(app.dataDir, 'uploads'))).toBe(false);
      expect(existsSync(join(app.dataDir, 'content'))).toBe(false);
    }

    // Completing again (a retry after a lost answer) answers the same file; the chunks are gone.
    const again = await complete(unilag, 'lesson-1.mp4', 'video');
    expect(again.body.data.guid).toBe(guid);
    expect((await status(unilag, 'lesson-1.mp4')).body.data.completed).toEqual({ guid, url });
    expect((await keys()).filter((k) => k.startsWith('uploads/') && k.includes('/chunks/'))).toEqual([]);

    const listed = await unilag.call(`${LIBRARY}/GetAllFilesByOwnerId?ownerId=${ids.unilag}&fileType=2`);
    expect(listed.body.data.map((f: { guid: string }) => f.guid)).toContain(guid);
    expect((await unilag.call(`${LIBRARY}/GetAllFilesByOwnerId?ownerId=${ids.unilag}&fileType=1`)).body.data.some((f: { guid: string }) => f.guid === guid)).toBe(false);
    const [audit] = await app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'Course'), eq(t.auditTrail.moduleAction, 'Upload file'), eq(t.auditTrail.record, String(file.id))));
    expect(audit?.description).toContain('lesson-1.mp4');
  });

  it('refuses to complete while chunks are missing, naming them, and completes once they are sent (resume)', async () => {
    const video = fakeMp4(3 * MiB + 5);
    await sendChunk(unilag, 'cut.mp4', video, 0);
    await sendChunk(unilag, 'cut.mp4', video, 3);
    const refused = await complete(unilag, 'cut.mp4');
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe('The upload is missing chunks 1, 2 of 4. Send them again, then complete the upload.');
    const { received } = (await status(unilag, 'cut.mp4')).body.data;
    expect(received).toEqual([0, 3]);
    for (let i = 0; i < 4; i++) if (!received.includes(i)) await sendChunk(unilag, 'cut.mp4', video, i);
    const done = await complete(unilag, 'cut.mp4');
    expect(done.status).toBe(200);
    expect(sha(await bytesOf(done.body.data.url))).toBe(sha(video));
  });

  it('never uses a forged fileName as a path', async () => {
    const forged = '../../../../../tmp/rivet-escape/../evil.mp4';
    const before = new Set(filesUnder(app.dataDir));
    const keysBefore = new Set(await keys());
    const done = await upload(unilag, forged, fakeMp4(1000));
    expect(done.status).toBe(200);
    expect(done.body.data.file.fileName).toBe('evil.mp4');
    expect(done.body.data.url).toMatch(/^content:library\/\d+\/[0-9a-f-]{36}\.mp4$/);
    const added = filesUnder(app.dataDir).filter((f) => !before.has(f));
    expect(added.every((f) => f.startsWith(join(app.dataDir, 'uploads')) || f.startsWith(join(app.dataDir, 'content', 'library')))).toBe(true);
    expect(added.some((f) => f.includes('evil'))).toBe(false);
    const addedKeys = (await keys()).filter((k) => !keysBefore.has(k));
    expect(addedKeys.length).toBeGreaterThan(0);
    expect(addedKeys.every((k) => /^uploads\/[0-9a-f]{64}\/meta\.json$/.test(k) || /^content\/library\/\d+\/[0-9a-f-]{36}\.mp4$/.test(k))).toBe(true);
    expect(existsSync('/tmp/evil.mp4')).toBe(false);
    // A NUL byte or control characters in the name are refused outright.
    expect((await sendChunk(unilag, 'a\u0000b.mp4', fakeMp4(10), 0)).status).toBe(400);
  });

  it('judges the type by content: a text file named .mp4, a picture sent as video, a broken picture', async () => {
    const text = new TextEncoder().encode('just some text, not a video at all');
    expect((await upload(unilag, 'notes.mp4', text)).body.description).toBe(M.unsupported);
    const picture = await png();
    const asVideo = await upload(unilag, 'photo.png', picture, 'video');
    expect([asVideo.status, asVideo.body.description]).toEqual([400, M.unsupported]);
    const broken = new Uint8Array(picture.subarray(0, 40));
    expect((await upload(unilag, 'broken.png', broken)).body.description).toBe(M.unsupported);
    // A refused upload can be completed as what it is.
    const image = await complete(unilag, 'photo.png', 'image');
    expect(image.status).toBe(200);
    expect(image.body.data.file).toMatchObject({ fileType: 1, contentType: 'image/png' });
  });

  it('refuses oversize files and malformed chunks with clear messages', async () => {
    const tooMany = await sendChunk(unilag, 'huge.mp4', fakeMp4(10), 0, { totalChunks: '6' });
    expect([tooMany.status, tooMany.body.description]).toEqual([400, 'The file is too large: the limit is 4 MB.']);
    // An image over its own (smaller) limit is refused when complete.
    const bigImage = new Uint8Array(MiB + 10);
    bigImage.set(await png(), 0);
    const refused = await upload(unilag, 'big.png', bigImage);
    expect([refused.status, refused.body.description]).toEqual([400, 'The file is too large: the limit is 1 MB.']);
    // A chunk over 1 MiB, a short chunk that is not the last, an empty one, one past the end.
    const over = await unilag.call(`${COURSE}/UploadChunks?id=0&fileName=over.mp4&totalChunks=2`, { raw: new Uint8Array(MiB + 1) });
    expect([over.status, over.body.description]).toEqual([400, M.chunkTooLarge]);
    const short = await unilag.call(`${COURSE}/UploadChunks?id=0&fileName=short.mp4&totalChunks=2`, { raw: new Uint8Array(10) });
    expect([short.status, short.body.description]).toEqual([400, M.chunkShort]);
    const empty = await unilag.call(`${COURSE}/UploadChunks?id=0&fileName=empty.mp4&totalChunks=1`, { method: 'POST' });
    expect([empty.status, empty.body.description]).toEqual([400, M.emptyChunk]);
    const past = await unilag.call(`${COURSE}/UploadChunks?id=2&fileName=past.mp4&totalChunks=2`, { raw: new Uint8Array(10) });
    expect([past.status, past.body.description]).toEqual([400, M.chunkOutOfRange]);
    // The same name with another length is a different file: refused, not mixed.
    await sendChunk(unilag, 'twice.mp4', fakeMp4(2 * MiB), 0);
    const other = await sendChunk(unilag, 'twice.mp4', fakeMp4(3 * MiB), 0);
    expect([other.status, other.body.description]).toEqual([409, M.otherTotal]);
    expect((await complete(unilag, 'never-started.mp4')).status).toBe(404);
  });

  it('keeps each institution to its own files and uploads', async () => {
    const done = await upload(unilag, 'private.mp4', fakeMp4(500));
    const fileId = done.body.data.file.id;
    expect((await lbs.call(`${LIBRARY}/GetAllFilesByOwnerId?ownerId=${ids.unilag}`)).status).toBe(403);
    expect((await lbs.call(`${LIBRARY}/GetAllFilesByOwnerId?ownerId=${ids.lbs}`)).body.data.some((f: { id: number }) => f.id === fileId)).toBe(false);
    expect((await lbs.call(`${LIBRARY}/DeleteFile?fileId=${fileId}`, { method: 'DELETE' })).status).toBe(403);
    // An upload belongs to its uploader: another account's same name is another upload.
    expect((await status(lbs, 'private.mp4')).status).toBe(404);
    expect((await sendChunk(lbs, 'x.mp4', fakeMp4(10), 0, { InstitutionId: String(ids.unilag) })).status).toBe(403);
    // Platform staff name the institution.
    expect((await platform.call(`${LIBRARY}/GetAllFilesByOwnerId?ownerId=${ids.unilag}`)).body.data.some((f: { id: number }) => f.id === fileId)).toBe(true);
    const forLbs = await upload(platform, 'for-lbs.mp4', fakeMp4(300), undefined, { InstitutionId: String(ids.lbs) });
    expect(forLbs.body.data.file.institutionId).toBe(ids.lbs);
    expect((await lbs.call(`${LIBRARY}/GetAllFilesByOwnerId?ownerId=${ids.lbs}`)).body.data.some((f: { id: number }) => f.id === forLbs.body.data.file.id)).toBe(true);
    expect(await app.database.db.select().from(t.libraryFiles).where(eq(t.libraryFiles.id, fileId))).toHaveLength(1);
  });

  it('refuses to delete a file a course uses, and deletes it (and its bytes) once unused', async () => {
    const db = app.database.db;
    const done = await upload(unilag, 'promo.mp4', fakeMp4(800));
    const { id } = done.body.data.file;
    const { url } = done.body.data;
    const [course] = await db.select().from(t.courses).where(eq(t.courses.institutionId, ids.unilag)).limit(1);
    await db.update(t.courses).set({ promoVideoUrl: url }).where(eq(t.courses.id, course!.id));
    const inUse = await unilag.call(`${LIBRARY}/DeleteFile?fileId=${id}`, { method: 'DELETE' });
    expect([inUse.status, inUse.body.description]).toEqual([409, M.inUse]);
    await db.update(t.courses).set({ promoVideoUrl: course!.promoVideoUrl }).where(eq(t.courses.id, course!.id));

    const [asset] = await db.select().from(t.courseAssets).limit(1);
    await db.update(t.courseAssets).set({ url }).where(eq(t.courseAssets.id, asset!.id));
    expect((await unilag.call(`${LIBRARY}/DeleteFile?fileId=${id}`, { method: 'DELETE' })).status).toBe(409);
    await db.update(t.courseAssets).set({ url: asset!.url }).where(eq(t.courseAssets.id, asset!.id));

    const deleted = await unilag.call(`${LIBRARY}/DeleteFile?fileId=${id}`, { method: 'DELETE' });
    expect([deleted.status, deleted.body.description]).toEqual([200, M.deleted]);
    expect(await store.head(keyOf(url))).toBeNull();
    expect((await unilag.call(`${LIBRARY}/DeleteFile?fileId=${id}`, { method: 'DELETE' })).status).toBe(404);
    const audits = await db.select().from(t.auditTrail).where(and(eq(t.auditTrail.moduleName, 'FileManager'), eq(t.auditTrail.record, String(id))));
    expect(audits.map((a) => a.moduleAction)).toEqual(['Delete file']);
  });

  it('takes several small files in one multipart request, all or none', async () => {
    const form = new FormData();
    form.append('UserName', 'library.unilag');
    form.append('files', new Blob([await png()]), 'one.png');
    form.append('files', new Blob([new TextEncoder().encode('%PDF-1.4\n%…\n')]), 'notes.pdf');
    const res = await unilag.call(`${LIBRARY}/UploadMultipleFileFromLocal`, { form });
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data.map((f: { fileName: string; fileType: number }) => [f.fileName, f.fileType])).toEqual([
      ['one.png', 1],
      ['notes.pdf', 3],
    ]);
    const bad = new FormData();
    bad.append('files', new Blob([await png()]), 'fine.png');
    bad.append('files', new Blob([new TextEncoder().encode('plain text')]), 'readme.txt');
    const before = (await app.database.db.select().from(t.libraryFiles)).length;
    const refused = await unilag.call(`${LIBRARY}/UploadMultipleFileFromLocal`, { form: bad });
    expect([refused.status, refused.body.description]).toEqual([400, `${M.unsupported} (readme.txt)`]);
    expect((await app.database.db.select().from(t.libraryFiles)).length).toBe(before);
    const none = await unilag.call(`${LIBRARY}/UploadMultipleFileFromLocal`, { form: new FormData() });
    expect(none.status).toBe(400);
  });

  it('deletes uploads abandoned for longer than the limit', async () => {
    await sendChunk(unilag, 'abandoned.mp4', fakeMp4(2 * MiB), 0);
    expect(await app.sweepUploads(Date.now())).toBe(0);
    expect((await status(unilag, 'abandoned.mp4')).status).toBe(200);
    expect(await app.sweepUploads(Date.now() + 25 * 3_600_000)).toBeGreaterThan(0);
    expect((await status(unilag, 'abandoned.mp4')).status).toBe(404);
    expect((await keys()).filter((k) => k.startsWith('uploads/') && k.includes('/chunks/'))).toEqual([]);
  });
});
