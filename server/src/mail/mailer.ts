// Outgoing e-mail. Every message is recorded in email_outbox; with SMTP configured it is also
// sent, otherwise it stays queued there (and in the log) for an operator to read.
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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

export function createMailer(options: { db: Database; log: Logger; from: string; transport: MailTransport | null }): Mailer {
  const { db, log, from, transport } = options;
  return {
    async send(message) {
      if (!transport) {
        await db.insert(emailOutbox).values({ recipient: message.to, subject: message.subject, text: message.text, html: message.html, status: 'queued' });
        log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'mail kept in outbox (no SMTP configured)');
        return;
      }
      try {
        await transport.sendMail({ from, ...message });
        await db.insert(emailOutbox).values({ recipient: message.to, subject: message.subject, text: message.text, html: message.html, status: 'sent', sentAt: new Date() });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db.insert(emailOutbox).values({ recipient: message.to, subject: message.subject, text: message.text, html: message.html, status: 'failed', error: reason });
        log.error({ err: error, to: message.to }, 'mail delivery failed');
      }
    },
  };
}
