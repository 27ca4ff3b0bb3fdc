// Processing of content library files as durable jobs (docs/decisions/033), enqueued when a file
// lands in the library:
//   video (2)            the HLS ladder and a poster in `x.hls/` beside `x.mp4` (decision 010's
//                        layout, so the player and the offline download find it), and its length
//   lesson package (5)   checked and unpacked once, safely (lesson-package.ts), into the cache the
//                        media route serves it from; a package without index.html is refused
//   image (1)            re-encoded in its own format: metadata (EXIF, GPS) and trailing bytes gone
// ffmpeg, sharp and unzipping need a file on this machine: on the local data folder they work on
// the stored file in place; on object storage (decision 056) the job downloads it into a temporary
// folder, processes it there and uploads what it made (the ladder, the re-encoded image).
// The file's state is 'processing' until the job ends 'ready' or 'failed' with a reason. A fault in
// the file itself fails at once; anything else (ffmpeg crashing, a timeout, the disk) throws and
// the queue retries it with backoff, recording 'failed' only when the last try fails.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Logger } from 'pino';
import type { Clock } from '../http/clock';
import type { JobQueue } from '../jobs/job-queue';
import { contentPathOf, contentStorageKey } from '../media/content-store';
import type { MediaStorage } from '../storage';
import { FFMPEG_MISSING, type Ffmpeg } from '../media/ffmpeg';
import { MASTER_PLAYLIST, RUNG_PLAYLIST, avcCodecOf, ladderDirFor, masterPlaylist, rungEncodeArgs, rungsFor, type LadderEntry } from '../media/hls-ladder';
import { PackageError, createPackageCache, type PackageLimits } from '../media/lesson-package';
import { createLocalStorage as createLocalFolder } from '../storage';
import type { ContentLibraryRepository } from './content-library.repository';

export const MEDIA_JOB = 'media.process-library-file';
const MAX_IMAGE_PIXELS = 100_000_000;
const POSTER_HEIGHT = 540;

/** A fault in the file itself: retrying cannot help. */
class Unusable extends Error {}

export interface MediaProcessing {
  /** Starts processing a file just added to the library (its row says 'processing'). */
  enqueue(fileId: number): Promise<void>;
  /** Enqueues every 'processing' file that has no job yet (at start). */
  enqueueMissing(): Promise<number>;
  /** Processes one file now, outside the queue (the benchmark). */
  process(fileId: number, signal?: AbortSignal): Promise<void>;
}

export interface LadderReport {
  rungs: { name: string; width: number; height: number; bytes: number; peakKbps: number }[];
  posterBytes: number;
}

/** Encodes `source`'s ladder and poster into `dir` (made afresh, swapped in whole when done). */
export async function encodeLadder(ffmpeg: Ffmpeg, source: string, sourceHeight: number, durationSeconds: number, options: { timeoutMs: number; signal?: AbortSignal }): Promise<LadderReport> {
  const dir = ladderDirFor(source);
  const work = `${dir}.tmp-${randomBytes(6).toString('hex')}`;
  await rm(work, { recursive: true, force: true });
  try {
    const entries: LadderEntry[] = [];
    const rungs: LadderReport['rungs'] = [];
    for (const rung of rungsFor(sourceHeight)) {
      const rungDir = join(work, rung.name);
      await mkdir(rungDir, { recursive: true });
      await ffmpeg.run(rungEncodeArgs(rung, source), { cwd: rungDir, ...options });
      const playlist = await readFile(join(rungDir, RUNG_PLAYLIST), 'utf8');
      const segments = await Promise.all(
        [...playlist.matchAll(/#EXTINF:([\d.]+),\s*\n(\S+)/g)].map(async (m) => ({ seconds: Number(m[1]), bytes: (await stat(join(rungDir, m[2]!))).size })),
      );
      if (!segments.length) throw new Error(`The ${rung.name} rendition has no segments.`);
      const init = await readFile(join(rungDir, 'init.mp4'));
      const { width, height } = await ffmpeg.probe(join(rungDir, RUNG_PLAYLIST), options);
      const seconds = segments.reduce((sum, s) => sum + s.seconds, 0);
      const bytes = segments.reduce((sum, s) => sum + s.bytes, 0) + init.length + Buffer.byteLength(playlist);
      const bandwidth = Math.ceil(Math.max(...segments.map((s) => (s.bytes * 8) / Math.max(s.seconds, 0.1))));
      entries.push({
        name: rung.name,
        bandwidth,
        averageBandwidth: Math.ceil((bytes * 8) / Math.max(seconds, 0.1)),
        width: width ?? 0,
        height: height ?? rung.height,
        codecs: [avcCodecOf(init), init.includes('mp4a') ? 'mp4a.40.2' : null].filter(Boolean).join(','),
        uri: `${rung.name}/${RUNG_PLAYLIST}`,
      });
      rungs.push({ name: rung.name, width: width ?? 0, height: height ?? rung.height, bytes, peakKbps: Math.round(bandwidth / 1000) });
    }
    // The poster: a frame a second in (or halfway through a shorter clip), as JPEG and WebP.
    const at = Math.min(1, durationSeconds / 2).toFixed(2);
    // prettier-ignore
    await ffmpeg.run(['-hide_banner', '-loglevel', 'error', '-y', '-ss', at, '-i', source, '-frames:v', '1', '-vf', `scale=-2:${Math.min(POSTER_HEIGHT, sourceHeight)}`, '-map_metadata', '-1', '-q:v', '4', join(work, 'poster.jpg')], options);
    await sharp(join(work, 'poster.jpg')).webp({ quality: 75 }).toFile(join(work, 'poster.webp'));
    await writeFile(join(work, MASTER_PLAYLIST), masterPlaylist(entries));
    await rm(dir, { recursive: true, force: true });
    await rename(work, dir);
    const posterBytes = (await stat(join(dir, 'poster.jpg'))).size + (await stat(join(dir, 'poster.webp'))).size;
    return { rungs, posterBytes };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

const reencoders: Record<string, (image: Sharp) => Sharp> = {
  'image/png': (image) => image.png({ compressionLevel: 9 }),
  'image/jpeg': (image) => image.rotate().jpeg({ quality: 85, mozjpeg: true }),
  'image/gif': (image) => image.gif(),
};

export function createMediaProcessing(deps: {
  repo: ContentLibraryRepository;
  jobs: JobQueue;
  ffmpeg: Ffmpeg;
  /** Where library files are (under content/). */
  storage: MediaStorage;
  /** Where files from object storage are processed (DATA_DIR/cache/work): emptied after each job. */
  workDir: string;
  /** Where lesson packages are unpacked for the media route (DATA_DIR/cache/packages). */
  packageCacheDir: string;
  /** What a package may unpack to, counted while unpacking (config's PACKAGE_MAX_MB, PACKAGE_MAX_RATIO). */
  packageLimits?: PackageLimits;
  timeoutSeconds: number;
  clock: Clock;
  log: Logger;
}): MediaProcessing {
  const { repo, jobs, ffmpeg, clock, log, storage } = deps;
  const packages = createPackageCache(deps.packageCacheDir, deps.packageLimits);
  const timeoutMs = deps.timeoutSeconds * 1000;

  const finish = async (id: number, outcome: { state: 'ready' | 'failed'; error: string | null; durationSeconds?: number | null; sizeBytes?: number }) => {
    const kept = await repo.finish(id, { ...outcome, at: clock.now() });
    if (outcome.state === 'failed') log.warn({ fileId: id, reason: outcome.error }, 'media processing failed');
    else log.info({ fileId: id }, 'media processing done');
    return kept;
  };

  /** Puts every file under a local folder into the media store under `prefix`, replacing what was there. */
  async function upload(dir: string, prefix: string) {
    await storage.deletePrefix(prefix);
    for (const { key } of await createLocalFolder(dirname(dir)).list(basename(dir))) await storage.writeFile(`${prefix}/${key}`, join(dir, key));
  }

  async function video(id: number, path: string, file: string, remote: boolean, signal?: AbortSignal) {
    if (!(await ffmpeg.available())) throw new Unusable(FFMPEG_MISSING);
    const probed = await ffmpeg.probe(file, { timeoutMs: 60_000, signal }).catch(() => null);
    if (!probed?.height) throw new Unusable('The video cannot be read: it has no picture ffmpeg understands.');
    await encodeLadder(ffmpeg, file, probed.height, probed.durationSeconds ?? 0, { timeoutMs, signal });
    const ladderKey = contentStorageKey(ladderDirFor(path));
    if (remote) await upload(ladderDirFor(file), ladderKey);
    const durationSeconds = probed.durationSeconds === null ? null : Math.max(1, Math.round(probed.durationSeconds));
    // Deleted while it was encoding: its ladder goes too.
    if (!(await finish(id, { state: 'ready', error: null, durationSeconds }))) await storage.deletePrefix(ladderKey);
  }

  async function lessonPackage(id: number, storageKey: string, key: string) {
    let folder: string;
    try {
      folder = await packages.folderOf(storageKey, { storage, key });
    } catch (error) {
      if (error instanceof PackageError) throw new Unusable(`The lesson package cannot be used: ${error.message}`);
      throw error;
    }
    if (!existsSync(join(folder, 'index.html'))) throw new Unusable('The lesson package cannot be used: it has no index.html at its top level.');
    await finish(id, { state: 'ready', error: null });
  }

  async function image(id: number, key: string, file: string, contentType: string) {
    const reencode = reencoders[contentType];
    if (!reencode) return finish(id, { state: 'ready', error: null });
    const temp = `${file}.tmp-${randomBytes(6).toString('hex')}`;
    try {
      const input = sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: contentType === 'image/gif' });
      // sharp writes no metadata unless asked: EXIF (a phone photo's place), XMP and comments go.
      await reencode(input).toFile(temp);
    } catch (error) {
      await rm(temp, { force: true });
      throw new Unusable(`The image cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    const sizeBytes = (await stat(temp)).size;
    try {
      await storage.writeFile(key, temp, contentType);
    } finally {
      await rm(temp, { force: true });
    }
    await finish(id, { state: 'ready', error: null, sizeBytes });
  }

  async function process(fileId: number, signal?: AbortSignal) {
    const row = await repo.byId(fileId);
    if (!row || row.processingState !== 'processing') return; // deleted, or finished by an earlier try
    const path = contentPathOf(row.storageKey);
    const key = path && contentStorageKey(path);
    const inPlace = key && storage.localFile(key);
    let work: string | null = null;
    let file: string | null = inPlace && existsSync(inPlace) ? inPlace : null;
    try {
      if (key && !inPlace && row.fileType !== 5) {
        work = join(deps.workDir, randomBytes(8).toString('hex'));
        const copy = join(work, basename(key));
        if (await storage.download(key, copy)) file = copy;
      }
      if (!path || !key || (row.fileType !== 5 && !file) || (row.fileType === 5 && !(await storage.head(key)))) {
        await finish(fileId, { state: 'failed', error: 'The stored file is missing.' });
        return;
      }
      if (row.fileType === 2) await video(fileId, path, file!, work !== null, signal);
      else if (row.fileType === 5) await lessonPackage(fileId, row.storageKey, key);
      else if (row.fileType === 1) await image(fileId, key, file!, row.contentType);
      else await finish(fileId, { state: 'ready', error: null });
    } catch (error) {
      if (!(error instanceof Unusable)) throw error;
      await finish(fileId, { state: 'failed', error: error.message });
    } finally {
      if (work) await rm(work, { recursive: true, force: true });
    }
  }

  jobs.work<{ fileId: number }>(
    MEDIA_JOB,
    {
      run: (job) => process(job.data.fileId, job.signal),
      async onFailed(data, reason) {
        const row = await repo.byId(data.fileId);
        if (row?.processingState === 'processing') await finish(data.fileId, { state: 'failed', error: reason ?? 'Processing did not finish.' });
      },
    },
    // One encoding at a time per process (2 cores); a lease long enough for every rung of a long video.
    { retryLimit: 2, retryDelaySeconds: 60, concurrency: 1, expireInSeconds: deps.timeoutSeconds * 6 + 600 },
  );

  async function enqueue(fileId: number) {
    const jobId = await jobs.enqueue(MEDIA_JOB, { fileId });
    if (jobId) await repo.setJobId(fileId, jobId);
  }

  return {
    async enqueue(fileId) {
      // The upload has succeeded whatever happens here: a file left without a job is enqueued at the next start.
      await enqueue(fileId).catch((error: unknown) => log.error({ err: error, fileId }, 'enqueueing media processing failed'));
    },
    async enqueueMissing() {
      const waiting = await repo.awaitingJob();
      for (const { id } of waiting) await enqueue(id);
      return waiting.length;
    },
    process,
  };
}
