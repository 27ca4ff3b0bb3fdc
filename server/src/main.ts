// Starts the server: configuration, database (migrated and seeded), then HTTP.
import { serve } from '@hono/node-server';
import pino from 'pino';
import { loadConfig } from './config';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { seed } from './db/seed/seed';
import { systemClock } from './http/clock';
import { memoryLimiters, redisLimiters } from './http/rate-limit';
import { createMailer, smtpTransport } from './mail/mailer';

const started = performance.now();
const config = loadConfig();
const log = pino({ level: config.logLevel, base: undefined });

const database = await openDatabase(config);
await seed(database.db, { demo: config.seedDemo });

const mailer = createMailer({
  db: database.db,
  log,
  from: config.mailFrom,
  transport: config.smtpUrl ? await smtpTransport(config.smtpUrl) : null,
});
const limiters = config.redisUrl ? await redisLimiters(config.redisUrl) : memoryLimiters;

const { app } = createApp({ config, database, clock: systemClock, mailer, log, limiters, searchCacheMs: config.searchCacheSeconds * 1000 });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  log.info(
    {
      port: info.port,
      database: database.kind,
      dataDir: config.dataDir,
      demo: config.seedDemo,
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
  server.close();
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
