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

const { app, reconcilePayments } = createApp({ config, database, clock: systemClock, mailer, log, limiters, searchCacheMs: config.searchCacheSeconds * 1000 });

// Payments nobody settled (tab closed, webhook lost) are verified with the provider every 5 minutes.
const reconciler = setInterval(() => {
  reconcilePayments()
    .then(({ checked, settled }) => checked && log.info({ checked, settled }, 'payments reconciled'))
    .catch((error: unknown) => log.error({ err: error }, 'payment reconciliation failed'));
}, 5 * 60_000);
reconciler.unref();

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
  clearInterval(reconciler);
  server.close();
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
