// Mail through the job queue (docs/decisions/054): sealed while queued, sent once across two
// server processes, recorded in the outbox as before.
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../db/client';
import * as t from '../db/schema';
import { createJobQueue, type JobQueue } from '../jobs/job-queue';
import { POSTGRES_URL, sharedServicesMissing } from '../testing/services';
import { openTestDatabase } from '../testing/test-database';
import { createMailer, type MailTransport } from './mailer';
import { createQueuedMailer, MAIL_JOB, openMail, sealMail } from './queued-mailer';

const log = pino({ level: 'silent' });
const SECRET = 'queued-mail-test-secret-queued-mail-test-secret';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const missing = await sharedServicesMissing({ postgres: true });
if (missing) console.warn(`queued-mailer.test.ts (two processes) ${missing}`);

type Sent = Parameters<MailTransport['sendMail']>[0];

describe('mail through the queue', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** One "server process": its queue, its SMTP (recording), its queued mailer. */
  function process(database: DatabaseHandle, sent: Sent[]): { jobs: JobQueue; mailer: ReturnType<typeof createQueuedMailer> } {
    const jobs = createJobQueue(database, log);
    cleanups.push(() => jobs.stop());
    const inner = createMailer({ db: database.db, log, from: 'test@rivet.ng', transport: { sendMail: async (m) => sent.push(m) } });
    return { jobs, mailer: createQueuedMailer({ jobs, inner, secret: SECRET, log }) };
  }

  it('keeps a reset link out of the queued row, sends it whole, and hides it in the outbox', { timeout: 120_000 }, async () => {
    const database = await openTestDatabase('pglite');
    cleanups.push(() => database.close());
    const sent: Sent[] = [];
    const { jobs, mailer } = process(database, sent);
    const link = 'https://rivet.ng/reset?token=very-secret-token-123';
    await mailer.send({ to: 'ada@demo.ng', template: 'password-reset', subject: 'Reset your password', text: `Open ${link}`, secrets: [link] });
    // Handed over, not sent: a worker sends it.
    expect(sent).toEqual([]);
    const rows = (await database.sql.executeSql(`select data::text as data from pgboss.job where name = '${MAIL_JOB}'`)) as { rows: { data: string }[] };
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.data).not.toContain('very-secret-token');
    expect(rows.rows[0]!.data).not.toContain('ada@demo.ng');

    expect(await jobs.drain()).toBe(1);
    expect(sent).toEqual([{ from: 'test@rivet.ng', to: 'ada@demo.ng', subject: 'Reset your password', text: `Open ${link}`, html: undefined }]);
    const outbox = await database.db.select().from(t.emailOutbox);
    expect(outbox.map((o) => [o.recipient, o.status])).toEqual([['ada@demo.ng', 'sent']]);
    expect(outbox[0]!.text).not.toContain('very-secret-token');
  });

  it('seals so that only the same signing secret opens it', () => {
    const sealed = sealMail({ to: 'a@b.ng', template: 'payment-receipt', subject: 'Receipt', text: 'Paid' }, SECRET);
    expect(openMail(sealed, SECRET)).toMatchObject({ to: 'a@b.ng', subject: 'Receipt' });
    expect(() => openMail(sealed, `${SECRET}-rotated`)).toThrow();
  });

  it.skipIf(missing)('delivers each mail once when two server processes work the queue', { timeout: 90_000 }, async () => {
    const database = await openTestDatabase('postgres', { DATABASE_URL: POSTGRES_URL });
    cleanups.push(() => database.close());
    const rows = (await database.sql.executeSql('select current_database() as name')) as { rows: { name: string }[] };
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${rows.rows[0]!.name}`;
    const other = await openPostgres(url.toString(), { max: 4 });
    cleanups.push(() => other.close());

    const sentA: Sent[] = [];
    const sentB: Sent[] = [];
    const a = process(database, sentA);
    const b = process(other, sentB);
    // Mail is handed over by requests on both processes, before and while both workers run.
    for (let n = 0; n < 10; n++) await a.mailer.send({ to: `learner${n}@demo.ng`, template: 'payment-receipt', subject: `Receipt ${n}`, text: 'Paid' });
    await Promise.all([a.jobs.start({ pollingIntervalSeconds: 0.5 }), b.jobs.start({ pollingIntervalSeconds: 0.5 })]);
    for (let n = 10; n < 20; n++) await b.mailer.send({ to: `learner${n}@demo.ng`, template: 'payment-receipt', subject: `Receipt ${n}`, text: 'Paid' });
    for (let waited = 0; sentA.length + sentB.length < 20 && waited < 60_000; waited += 100) await sleep(100);
    await Promise.all([a.jobs.stop(), b.jobs.stop()]);

    const subjects = [...sentA, ...sentB].map((m) => m.subject).sort((x, y) => Number(x.split(' ')[1]) - Number(y.split(' ')[1]));
    expect(subjects).toEqual([...Array(20).keys()].map((n) => `Receipt ${n}`));
    const outbox = await database.db.select().from(t.emailOutbox);
    expect(outbox).toHaveLength(20);
    expect(outbox.every((o) => o.status === 'sent')).toBe(true);
  });
});
