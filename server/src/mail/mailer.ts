// Outgoing e-mail. Every message is recorded in email_outbox (recipient, template, subject, status,
// times, and the body with its secrets hidden) so staff can see what was sent; with SMTP configured
// it is also sent. A secret (a password-reset link) goes only into the message itself: it is never
// logged nor kept at rest, sent or not. Without SMTP, in development (demo data), each message is
// written whole to DATA_DIR/mail/*.eml (0600) to be read there; in a real deployment it is not sent.
// docs/decisions/016-secrets-out-of-logs-and-outbox.md
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import { makeOwnerOnlyDir } from '../data-dir';

/** What a message is: kept in the outbox and logged instead of its content. */
/** 'template-test' is Send Test Email's sample rendering of a template (docs/decisions/046). */
export type MailTemplate = 'password-reset' | 'payment-receipt' | 'staff-invitation' | 'course-approved' | 'course-rejected' | 'template-test';

export interface MailMessage {
  to: string;
  template: MailTemplate;
  subject: string;
  text: string;
  html?: string;
  /** Parts only the recipient may read (a password-reset link): sent, never stored or logged. */
  secrets?: string[];
  /**
   * The {{placeholders}}' values: with them, the message renders from its code's active e-mail
   * template, and subject, text and html above are the built-in fallback (docs/decisions/046).
   */
  values?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
}

export async function smtpTransport(url: string): Promise<MailTransport> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(url);
}

export const HIDDEN = '[hidden: only in the e-mail itself]';

/** The message as it may be stored: declared secrets hidden, and any token in a link as a safety net. */
export function withoutSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.replaceAll(secret, HIDDEN);
  return out.replace(/([?&]token=)[^\s"'<>&]+/gi, `$1${HIDDEN}`);
}

export function createMailer(options: { db: Database; log: Logger; from: string; transport: MailTransport | null; mailDir?: string | null }): Mailer {
  const { db, log, from, transport } = options;
  const mailDir = options.mailDir ?? null;

  async function record(message: MailMessage, status: 'not-sent' | 'sent' | 'failed', error?: string): Promise<number> {
    const [row] = await db
      .insert(emailOutbox)
      .values({
        recipient: message.to,
        template: message.template,
        subject: message.subject,
        text: withoutSecrets(message.text, message.secrets),
        html: message.html === undefined ? undefined : withoutSecrets(message.html, message.secrets),
        status,
        error: error === undefined ? undefined : withoutSecrets(error, message.secrets),
        sentAt: status === 'sent' ? new Date() : undefined,
      })
      .returning({ id: emailOutbox.id });
    return row!.id;
  }

  return {
    async send(message) {
      const about = (id: number) => ({ id, to: message.to, template: message.template });
      if (!transport) {
        const id = await record(message, 'not-sent');
        if (!mailDir) {
          log.info({ mail: about(id) }, 'mail not sent (no SMTP configured)');
          return;
        }
        try {
          const file = await writeDevelopmentMail(mailDir, id, from, message);
          log.info({ mail: { ...about(id), file } }, 'mail not sent (no SMTP configured); written to the development mail folder');
        } catch (error) {
          log.error({ mail: about(id), reason: error instanceof Error ? error.message : String(error) }, 'mail could not be written to the development mail folder');
        }
        return;
      }
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const id = await record(message, 'failed', reason);
        // The reason only (an SMTP error object may carry the envelope or parts of the message).
        log.error({ mail: about(id), reason: withoutSecrets(reason, message.secrets) }, 'mail delivery failed');
        return;
      }
      const id = await record(message, 'sent');
      log.info({ mail: about(id) }, 'mail sent');
    },
  };
}

/** RFC 2047 for a header with non-ASCII characters (course titles may have them). */
const header = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`);

/** The whole message as an .eml file any mail client opens; owner-only, like the rest of DATA_DIR. */
async function writeDevelopmentMail(dir: string, id: number, from: string, message: MailMessage): Promise<string> {
  makeOwnerOnlyDir(dir);
  const crlf = (s: string) => s.replace(/\r?\n/g, '\r\n');
  const headers = [`From: ${header(from)}`, `To: ${message.to}`, `Subject: ${header(message.subject)}`, `Date: ${new Date().toUTCString()}`, `X-Rivet-Template: ${message.template}`, 'MIME-Version: 1.0'];
  let body: string;
  if (message.html === undefined) {
    headers.push('Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit');
    body = crlf(message.text);
  } else {
    const boundary = `rivet-${id}-alternative`;
    headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
    const part = (type: string, content: string) => `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${crlf(content)}\r\n`;
    body = `${part('text/plain', message.text)}${part('text/html', message.html)}--${boundary}--`;
  }
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}-${message.template}.eml`);
  await writeFile(file, `${headers.join('\r\n')}\r\n\r\n${body}\r\n`, { mode: 0o600 });
  return file;
}
