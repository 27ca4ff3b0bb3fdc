// A 2 GiB upload in §9's 1 MiB chunks against a real server on localhost (PGlite, a scratch data
// directory), sent one chunk after another as the console's uploader does (docs/decisions/030).
// Halfway, a chunk is cut off mid-body (the connection drops); the client then asks the server
// which chunks it holds and resumes from the first missing one. Reports the server's memory
// (RSS from /proc before, at its peak, after), the rate of each half and of the join, and checks
// the stored file's SHA-256 against what was sent. The data is generated on the fly; nothing is
// written to the repository, and the data directory is deleted afterwards. The chunks and the file
// are in the media store (decision 067): the data folder, or with BENCH_UPLOAD_S3=1 a local
// S3-compatible server (s3rver, as in the tests). BENCH_UPLOAD_MIB sets the size (2048).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalStorage, createS3Storage, type MediaStorage } from '../server/src/storage';
import { startTestS3, type TestS3 } from '../server/src/testing/s3-server';
import { call, withServer } from './server';

const MiB = 1_048_576;
const CHUNKS = Number(process.env.BENCH_UPLOAD_MIB ?? 2048);
const PORT = 8196;

/** Chunk i: a counting pattern seeded by i (the first starts like an MP4), so no two chunks match. */
function chunk(i: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(MiB);
  const view = new DataView(bytes.buffer);
  for (let o = 0; o < MiB; o += 4) view.setUint32(o, (o * 2654435761 + i) >>> 0);
  if (i === 0) bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0, ...new TextEncoder().encode('isomiso2')]);
  return bytes;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

async function sendChunk(url: string, token: string, fileName: string, i: number, body: BodyInit, signal?: AbortSignal) {
  const res = await fetch(`${url}/api/Course/Course/UploadChunks?${new URLSearchParams({ id: String(i), fileName, totalChunks: String(CHUNKS) })}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body,
    signal,
    duplex: 'half',
  } as RequestInit);
  if (!res.ok) throw new Error(`chunk ${i}: ${res.status} ${(await res.json()).description}`);
}

const mbps = (bytes: number, ms: number) => +(bytes / 1e6 / (ms / 1000)).toFixed(1);

export async function uploadBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rivet-bench-upload-'));
  const s3: TestS3 | null = process.env.BENCH_UPLOAD_S3 === '1' ? await startTestS3('bench') : null;
  const store: MediaStorage = s3 ? createS3Storage(s3.config) : createLocalStorage(dataDir);
  const s3Env: Record<string, string> = s3
    ? { S3_BUCKET: s3.config.bucket, S3_ENDPOINT: s3.config.endpoint!, S3_ACCESS_KEY_ID: s3.config.accessKeyId!, S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!, S3_PREFIX: s3.config.prefix, S3_FORCE_PATH_STYLE: 'true' }
    : {};
  try {
    return await withServer({ DATABASE_URL: '', DATA_DIR: dataDir, UPLOAD_MAX_MB: String(Math.max(4096, CHUNKS + 1)), ...s3Env }, PORT, async (url, pid) => {
      const session = await call(url, '/Authentication/Account/Admin/SignIn', { json: { userName: 'superadmin', password: 'Rivet#Admin2026' } });
      const token: string = session.accessToken;
      const fileName = `bench/${Date.now()}.mp4`;
      const before = rssMiB(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 50);
      const sent = createHash('sha256');
      const half = Math.floor(CHUNKS / 2);
      try {
        // First half, then a chunk cut off after half its bytes.
        let started = performance.now();
        for (let i = 0; i < half; i++) {
          const bytes = chunk(i);
          sent.update(bytes);
          await sendChunk(url, token, fileName, i, bytes);
        }
        const firstHalfMs = performance.now() - started;
        const cut = new AbortController();
        const partial = chunk(half);
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(partial.subarray(0, MiB / 2));
            setTimeout(() => cut.abort(), 50);
          },
        });
        await sendChunk(url, token, fileName, half, body, cut.signal).then(
          () => {
            throw new Error('the cut chunk was accepted');
          },
          () => undefined,
        );

        // Resume: ask what the server holds, send from the first missing chunk.
        const status = await call(url, `/Course/Course/UploadStatus?fileName=${encodeURIComponent(fileName)}`, { token });
        const held = new Set<number>(status.received);
        const firstMissing = Array.from({ length: CHUNKS }, (_, i) => i).find((i) => !held.has(i))!;
        started = performance.now();
        let resent = 0;
        for (let i = firstMissing; i < CHUNKS; i++) {
          if (held.has(i)) continue;
          const bytes = chunk(i);
          sent.update(bytes);
          await sendChunk(url, token, fileName, i, bytes);
          resent++;
        }
        const secondHalfMs = performance.now() - started;
        started = performance.now();
        const done = await call(url, `/Course/Course/UploadComplete?${new URLSearchParams({ fileName, kind: 'video' })}`, { token, json: {} });
        const joinMs = performance.now() - started;
        clearInterval(sampler);
        await new Promise((r) => setTimeout(r, 2000));
        const after = rssMiB(pid);

        const hash = createHash('sha256');
        for await (const part of (await store.read(`content/${done.url.slice('content:'.length)}`))!) hash.update(part as Buffer);
        const leftovers = (await store.list('uploads')).filter((o) => o.key.includes('/chunks/'));
        return {
          store: store.kind,
          sizeMiB: CHUNKS,
          rssBeforeMiB: before,
          rssPeakMiB: peak,
          rssAfterMiB: after,
          firstHalfMBps: mbps(half * MiB, firstHalfMs),
          heldAfterCut: held.size,
          resumedFrom: firstMissing,
          chunksResent: resent,
          secondHalfMBps: mbps(resent * MiB, secondHalfMs),
          completeSeconds: +(joinMs / 1000).toFixed(1),
          joinMBps: mbps(CHUNKS * MiB, joinMs),
          overallMBps: mbps(CHUNKS * MiB, firstHalfMs + secondHalfMs + joinMs),
          sha256Matches: hash.digest('hex') === sent.digest('hex'),
          chunkFilesLeft: leftovers.length,
        };
      } finally {
        clearInterval(sampler);
      }
    });
  } finally {
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table([await uploadBench()]);
