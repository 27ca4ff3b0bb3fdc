import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import * as t from '../db/schema';
import type { DatabaseHandle } from '../db/client';
import { createLogger } from '../logger';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { openTestDatabase, testDrivers } from '../testing/test-database';
import { createMailer, HIDDEN, type MailMessage } from './mailer';

/** A logger whose every line is kept, as the server would write it. */
function capturedLog() {
  const lines: string[] = [];
  return { lines, log: createLogger('debug', { write: (line: string) => void lines.push(line) }) };
}

const TOKEN = 'tok_3f9a1c2b7e_secret';
const LINK = `http://localhost:8080/change-password?token=${TOKEN}`;
const resetMail = (to: string): MailMessage => ({
  to,
  template: 'password-reset',
  secrets: [LINK],
  subject: 'Reset your Rivet password',
  text: `Hello Ada,\n\nOpen this link to choose a new one:\n${LINK}\n\nThe link works once.`,
});

describe.each(testDrivers())('mail on %s', (driver) => {
  let database: DatabaseHandle;
  const dirs: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });
  const outboxOf = (to: string) => database.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.recipient, to));

  it('without SMTP in development: the whole message goes to DATA_DIR/mail (0600), the outbox and the log never see the link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rivet-mail-'));
    dirs.push(dataDir);
    const mailDir = join(dataDir, 'mail');
    const { lines, log } = capturedLog();
    await createMailer({ db: database.db, log, from: 'Rivet <no-reply@rivet.ng>', transport: null, mailDir }).send(resetMail('dev@demo.ng'));

    const [row, ...more] = await outboxOf('dev@demo.ng');
    expect(more).toEqual([]);
    expect(row).toMatchObject({ template: 'password-reset', subject: 'Reset your Rivet password', status: 'not-sent', sentAt: null });
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    expect(row!.text).toContain(HIDDEN);

    expect(lines.join('')).not.toContain(TOKEN);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, mail: { id: row!.id, to: 'dev@demo.ng', template: 'password-reset' } });

    const [file, ...others] = readdirSync(mailDir);
    expect(others).toEqual([]);
    expect(file).toMatch(new RegExp(`-${row!.id}-password-reset\\.eml$`));
    expect(statSync(mailDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(mailDir, file!)).mode & 0o777).toBe(0o600);
    const eml = readFileSync(join(mailDir, file!), 'utf8');
    expect(eml).toContain('To: dev@demo.ng\r\n');
    expect(eml).toContain('Subject: Reset your Rivet password\r\n');
    expect(eml).toContain(`${LINK}\r\n`);
  });

  it('without SMTP in a real deployment: recorded as not sent, written nowhere', async () => {
    const { lines, log } = capturedLog();
    await createMailer({ db: database.db, log, from: 'x@rivet.ng', transport: null, mailDir: null }).send(resetMail('prod@demo.ng'));
    const [row] = await outboxOf('prod@demo.ng');
    expect(row).toMatchObject({ status: 'not-sent', template: 'password-reset' });
    expect(JSON.stringify(row) + lines.join('')).not.toContain(TOKEN);
  });

  it('with SMTP: the recipient gets the link; the outbox keeps the message without it', async () => {
    const sent: unknown[] = [];
    const { lines, log } = capturedLog();
    await createMailer({ db: database.db, log, from: 'x@rivet.ng', transport: { sendMail: async (m) => sent.push(m) } }).send(resetMail('smtp@demo.ng'));
    expect(sent).toEqual([expect.objectContaining({ to: 'smtp@demo.ng', text: expect.stringContaining(LINK) })]);
    const [row] = await outboxOf('smtp@demo.ng');
    expect(row).toMatchObject({ status: 'sent', sentAt: expect.any(Date) });
    expect(JSON.stringify(row) + lines.join('')).not.toContain(TOKEN);
  });

  it('a failed delivery is recorded and logged with its reason, never the link (even when the SMTP error quotes it)', async () => {
    const { lines, log } = capturedLog();
    const transport = {
      sendMail: async () => {
        throw Object.assign(new Error(`550 rejected: ${LINK}`), { response: `550 ${LINK}` });
      },
    };
    await createMailer({ db: database.db, log, from: 'x@rivet.ng', transport }).send(resetMail('fail@demo.ng'));
    const [row] = await outboxOf('fail@demo.ng');
    expect(row).toMatchObject({ status: 'failed', error: `550 rejected: ${HIDDEN}` });
    expect(JSON.stringify(row) + lines.join('')).not.toContain(TOKEN);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, msg: 'mail delivery failed', mail: { to: 'fail@demo.ng', template: 'password-reset' } });
  });

  it('hides any link token a message forgot to declare', async () => {
    const { log } = capturedLog();
    await createMailer({ db: database.db, log, from: 'x@rivet.ng', transport: null }).send({ ...resetMail('undeclared@demo.ng'), secrets: [] });
    const [row] = await outboxOf('undeclared@demo.ng');
    expect(row!.text).toContain(`change-password?token=${HIDDEN}`);
    expect(row!.text).not.toContain(TOKEN);
  });
});

describe.each(testDrivers())('a password reset through the API on %s', (driver) => {
  let app: TestApp;
  const { lines, log } = capturedLog();
  beforeAll(async () => {
    app = await createTestApp(driver, { log });
  });
  afterAll(() => app?.close());

  it('sends the link to the learner only: not in the log, not in the outbox', async () => {
    const { learner } = DEMO_ACCOUNTS;
    const res = await new Browser(app).call(`${AUTH}/Account/User/ForgotPassword`, { json: { userName: learner.email, student: true } });
    expect(res.status).toBe(200);
    await app.idle();

    const sent = app.mails.filter((m) => m.to === learner.email).at(-1);
    const token = /token=([^\s]+)/.exec(sent?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    const rows = await app.database.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.recipient, learner.email));
    expect(rows.map((r) => r.template)).toEqual(['password-reset']);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain(token);
    expect(lines.map((l) => JSON.parse(l)).find((l) => l.mail)).toMatchObject({ msg: 'mail sent', mail: { to: learner.email, template: 'password-reset' } });
  });
});
