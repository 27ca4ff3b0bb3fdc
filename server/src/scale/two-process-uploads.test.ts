// A chunked upload across two real server processes on one PostgreSQL database and one media
// store, with no sticky routing (docs/decisions/067): its chunks go alternately to each process,
// one twice, the status is asked of either, and the upload is completed through the other; the
// stored file has the right bytes. Then both processes are asked to complete one upload at the same
// moment, and it is filed once. Run on both stores: a local S3-compatible server (several machines)
// and one data folder shared by both processes (several processes on one machine).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE } from '@rivet/shared/api/content-library';
import { hashPassword } from '../authentication/passwords';
import { openPostgres, type DatabaseHandle } from '../db/client';
import * as t from '../db/schema';
import { createLocalStorage, createS3Storage, type MediaStorage } from '../storage';
import { insertInstitution } from '../testing/catalogue-fixtures';
import { startTestS3, type TestS3 } from '../testing/s3-server';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { adminQuery, scratchDatabase, sharedServicesMissing } from '../testing/services';
import { roleIdOf } from '../testing/staff-fixtures';

const missing = await sharedServicesMissing({ postgres: true });
if (missing) console.warn(`two-process-uploads.test.ts ${missing}`);

const MiB = UPLOAD_CHUNK_SIZE;
const PASSWORD = 'Staff#Member2026';
const COURSE = 'Course/Course';

/** Bytes that start like an MP4 (ftyp box, isom brand), then a pattern seeded by `seed`, so no two chunks match. */
function fakeMp4(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + seed + (i >> 12)) & 255;
  bytes.set([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')], 0);
  return bytes;
}
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(missing).each([
  ['S3-compatible object storage', 's3', [4483, 4484]],
  ['one shared data folder', 'shared-folder', [4485, 4486]],
] as const)('a chunked upload across two server processes on %s', (_label, kind, ports) => {
  const { name, url: databaseUrl } = scratchDatabase('rivet_up2');
  let servers: ServerProcess[] = [];
  let database: DatabaseHandle;
  let s3: TestS3 | undefined;
  let sharedDir: string | undefined;
  let store: MediaStorage;
  let token: string;
  let institutionId: number;


  const call = (server: ServerProcess, path: string, init: { method?: string; json?: unknown; raw?: Uint8Array<ArrayBuffer> } = {}) =>
    fetch(`${server.url}/api/${path}`, {
      method: init.method ?? (init.json || init.raw ? 'POST' : 'GET'),
      headers: {
        ...(init.json ? { 'content-type': 'application/json' } : {}),
        ...(init.raw ? { 'content-type': 'application/octet-stream' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: init.json ? JSON.stringify(init.json) : init.raw,
    });

  const sendChunk = async (server: ServerProcess, fileName: string, bytes: Buffer, i: number) => {
    const total = Math.ceil(bytes.length / MiB);
    const query = new URLSearchParams({ id: String(i), fileName, totalChunks: String(total) });
    const res = await call(server, `${COURSE}/UploadChunks?${query}`, { raw: new Uint8Array(bytes.subarray(i * MiB, Math.min(bytes.length, (i + 1) * MiB))) });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const complete = async (server: ServerProcess, fileName: string) => {
    const res = await call(server, `${COURSE}/UploadComplete?${new URLSearchParams({ fileName, kind: 'video' })}`, { method: 'POST' });
    return { status: res.status, body: (await res.json()) as { description: string; data: { guid: string; url: string; file: { id: number; size: number } } } };
  };
  const status = async (server: ServerProcess, fileName: string) =>
    ((await (await call(server, `${COURSE}/UploadStatus?${new URLSearchParams({ fileName })}`)).json()) as { data: { received: number[]; completed: { guid: string } | null } }).data;
  const chunkKeys = async () => (await store.list('uploads')).filter((o) => o.key.includes('/chunks/'));

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    const env: Record<string, string> = { DATABASE_URL: databaseUrl, JWT_SECRET: 'two-processes-share-this-signing-secret-0123456789', SEED_DEMO: 'true' };
    let dataDirs: (string | undefined)[] = [undefined, undefined];
    if (kind === 's3') {
      s3 = await startTestS3();
      const c = s3.config;
      Object.assign(env, { S3_BUCKET: c.bucket, S3_ENDPOINT: c.endpoint!, S3_REGION: c.region, S3_ACCESS_KEY_ID: c.accessKeyId!, S3_SECRET_ACCESS_KEY: c.secretAccessKey!, S3_PREFIX: c.prefix, S3_FORCE_PATH_STYLE: 'true' });
      store = createS3Storage(c);
    } else {
      sharedDir = mkdtempSync(join(tmpdir(), 'rivet-shared-data-'));
      dataDirs = [sharedDir, sharedDir];
      store = createLocalStorage(sharedDir);
    }
    // Started together: the second waits for the first's migrations (the startup lock).
    servers = await Promise.all(ports.map((port, i) => startServerProcess(port, env, dataDirs[i] ? { dataDir: dataDirs[i] } : {})));
    database = await openPostgres(databaseUrl, { max: 2 });
    const db = database.db;
    institutionId = (await insertInstitution(db, { fullName: 'Two Process Uploads Institute' })).id;
    const [user] = await db
      .insert(t.users)
      .values({ userName: 'two.process.uploader', email: 'two.process.uploader@staff.demo.ng', firstName: 'Bola', passwordHash: await hashPassword(PASSWORD), roleId: roleIdOf('INSTITUTION ADMIN'), institutionId })
      .returning({ id: t.users.id });
    await db.insert(t.staffProfiles).values({ userId: user!.id });
    const signIn = await call(servers[0]!, 'Authentication/Account/Admin/SignIn', { json: { userName: 'two.process.uploader', password: PASSWORD } });
    expect(signIn.status, servers[0]!.output()).toBe(200);
    token = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    await s3?.close();
    if (sharedDir) rmSync(sharedDir, { recursive: true, force: true });
    if (!missing) await adminQuery(`drop database if exists ${name} with (force)`);
  }, 60_000);

  it('takes chunks alternately at each process and completes through the other, with the right bytes', { timeout: 120_000 }, async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const video = fakeMp4(4 * MiB + 321, 1);
    // Out of order, alternating: 0 → a, 1 → b, 3 → a, chunk 1 again → a (a duplicate at the other process), 4 → b.
    await sendChunk(a, 'across.mp4', video, 0);
    await sendChunk(b, 'across.mp4', video, 1);
    await sendChunk(a, 'across.mp4', video, 3);
    await sendChunk(a, 'across.mp4', video, 1);
    await sendChunk(b, 'across.mp4', video, 4);
    // Either process knows what is held; the upload resumes at whichever the client reaches.
    expect((await status(a, 'across.mp4')).received).toEqual([0, 1, 3, 4]);
    expect((await status(b, 'across.mp4')).received).toEqual([0, 1, 3, 4]);
    const refused = await complete(b, 'across.mp4');
    expect([refused.status, refused.body.description]).toEqual([400, 'The upload is missing chunk 2 of 5. Send it again, then complete the upload.']);
    await sendChunk(a, 'across.mp4', video, 2);

    // Completed through b, which never saw chunks 0, 2 and 3.
    const done = await complete(b, 'across.mp4');
    expect(done.status, done.body.description).toBe(200);
    expect(done.body.data.file.size).toBe(video.length);
    const stored = await store.readBuffer(`content/${done.body.data.url.slice('content:'.length)}`);
    expect(sha(stored!)).toBe(sha(video));
    expect(await chunkKeys()).toEqual([]);
    // A retry at the other process answers the same file.
    const again = await complete(a, 'across.mp4');
    expect([again.status, again.body.data.guid]).toEqual([200, done.body.data.guid]);
    expect((await status(a, 'across.mp4')).completed?.guid).toBe(done.body.data.guid);
  });

  it('files an upload once when both processes are asked to complete it at the same moment', { timeout: 120_000 }, async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const video = fakeMp4(2 * MiB + 10, 2);
    for (let i = 0; i < 3; i++) await sendChunk(servers[i % 2]!, 'twice.mp4', video, i);
    const [one, two] = await Promise.all([complete(a, 'twice.mp4'), complete(b, 'twice.mp4')]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.data.guid).toBe(two.body.data.guid);
    const rows = await database.db.select().from(t.libraryFiles).where(eq(t.libraryFiles.institutionId, institutionId));
    expect(rows.filter((r) => r.fileName === 'twice.mp4')).toHaveLength(1);
    // The loser's joined copy was deleted: one object in the institution's library folder per filed file.
    const objects = (await store.list(`content/library/${institutionId}`)).map((o) => o.key).filter((k) => /^[0-9a-f-]{36}\.mp4$/.test(k));
    expect(objects.sort()).toEqual(rows.map((r) => r.storageKey.split('/').pop()!).sort());
    expect(sha((await store.readBuffer(`content/${one.body.data.url.slice('content:'.length)}`))!)).toBe(sha(video));
  });
});
