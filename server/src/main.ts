// Starts the server: configuration, database (migrated and seeded), then HTTP.
import { createMediaStorage } from './storage';
import { serve } from '@hono/node-server';
import { loadConfig, type Config } from './config';
import { createApp } from './app';
import { ownerOnlyUmask, restrictTree } from './data-dir';
import { openDatabase } from './db/client';
import { seed } from './db/seed/seed';
import { systemClock } from './http/clock';
import type { Redis } from 'ioredis';
import { createLocalCacheBus, createRedisCacheBus } from './http/cache-bus';
import { memoryLimiters, redisLimiters } from './http/rate-limit';
import { connectRedis } from './http/redis';
import { createLogger } from './logger';
import { createMailer, smtpTransport } from './mail/mailer';
import { createRetentionRepository } from './privacy/retention.repository';

// Before anything is written to DATA_DIR: what the server creates there is for its own user only.
ownerOnlyUmask();
const started = performance.now();
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A configuration the server must not run with (e.g. a real deployment without a payment provider).
  console.error(`Rivet did not start. ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const log = createLogger(config.logLevel);
for (const warning of config.warnings) log.warn(warning);

// Several processes share rate limits and cache invalidation through Redis (docs/decisions/054);
// without REDIS_URL both live in this process, which is all one process needs. Checked first: a
// deployment that asked for Redis and cannot reach it stops at once.
let redis: Redis | null = null;
try {
  redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : null;
} catch (error) {
  console.error(`Rivet did not start. ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const database = await openDatabase(config, (db) => seed(db, { demo: config.seedDemo }));
// PGlite writes its first database files mode 0666 whatever the umask; older installs have them too.
const restricted = restrictTree(config.dataDir);
if (restricted) log.info({ dataDir: config.dataDir, changed: restricted }, 'data directory made owner-only (0700 directories, 0600 files)');
const payments = config.payments.paystack ? 'paystack' : 'sandbox';

const mailer = createMailer({
  db: database.db,
  log,
  from: config.mailFrom,
  transport: config.smtpUrl ? await smtpTransport(config.smtpUrl) : null,
  mailDir: config.mailDir,
});
const limiters = redis ? redisLimiters(redis) : memoryLimiters;
const caches = redis ? await createRedisCacheBus(redis, log) : createLocalCacheBus();

const storage = createMediaStorage(config);
const { app, jobs, ffmpeg, startJobs, sweepUploads } = createApp({ config, database, clock: systemClock, mailer, log, limiters, caches, searchCacheMs: config.searchCacheSeconds * 1000, sessionCheckMs: config.sessionCheckSeconds * 1000, storage });

// Payment reconciliation (every 5 minutes) and the daily purge run as scheduled jobs of the queue,
// once across all processes (app.ts, decision 054).

// What the privacy notice promises (docs/decisions/019): spent sign-in records, reset links and
// e-mail copies are purged once their time is up, at start (here) and then daily (the queue).
const retention = createRetentionRepository(database.db);
const purgeExpired = () =>
  retention
    .purgeExpired(new Date())
    .then((purged) => log.info(purged, 'expired records purged'))
    .catch((error: unknown) => log.error({ err: error }, 'purging expired records failed'));
void purgeExpired();

// Chunked uploads left unfinished for UPLOAD_EXPIRE_HOURS are deleted, at start and then hourly.
const sweep = () =>
  sweepUploads()
    .then((removed) => removed && log.info({ removed }, 'abandoned uploads deleted'))
    .catch((error: unknown) => log.error({ err: error }, 'deleting abandoned uploads failed'));
void sweep();
const sweeper = setInterval(() => void sweep(), 60 * 60_000);
sweeper.unref();

// Video processing needs ffmpeg; without it everything else works and video jobs fail saying so.
const ffmpegVersion = await ffmpeg.version();
if (ffmpegVersion) log.info({ ffmpeg: ffmpegVersion }, 'ffmpeg found: uploaded videos get their HLS ladder');
else log.warn({ ffmpegPath: config.media.ffmpegPath }, 'ffmpeg was not found (FFMPEG_PATH): uploaded videos will not be processed; install ffmpeg for video processing');

// Media processing and other durable jobs: queued and interrupted ones resume now.
const enqueued = await startJobs();
if (enqueued) log.info({ enqueued }, 'library files waiting for processing were enqueued');

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  log.info(
    {
      port: info.port,
      database: database.kind,
      dataDir: config.dataDir,
      media: config.s3 ? `object storage: bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : 'the data folder',
      demo: config.seedDemo,
      payments,
      redis: redis ? 'rate limits and cache invalidation shared' : 'not used (one process)',
      mail: config.smtpUrl ? 'smtp' : config.mailDir ? `not sent, written to ${config.mailDir}` : 'not sent (no SMTP_URL)',
      startupMs: Math.round(performance.now() - started),
    },
    `Rivet is ready on ${config.publicUrl} (learner app /, admin app /admin/, API reference /api/docs)`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  clearInterval(sweeper);
  server.close();
  // Running jobs are asked to stop (an interrupted one is tried again after the next start).
  await jobs.stop().catch((error: unknown) => log.error({ err: error }, 'stopping the job queue failed'));
  await database.close().catch(() => undefined);
  await caches.close().catch(() => undefined);
  await redis?.quit().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
