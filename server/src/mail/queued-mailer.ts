// Mail goes through the durable job queue (docs/decisions/054): a request hands its message over
// and answers; a worker in whichever process claims the job sends it, once across all processes,
// and a message accepted before a crash is still sent after the restart.
//
// A queued job is a database row, and a message may carry a secret (a password-reset link) that
// must never be kept at rest (docs/decisions/016). So the message is sealed — AES-256-GCM under a
// key derived from the server's signing secret — before it is queued; only a server process can
// open it, the row is deleted a day after delivery, and the email_outbox keeps its copy with the
// secrets hidden as before.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { JobQueue } from '../jobs/job-queue';
import type { MailMessage, Mailer } from './mailer';

export const MAIL_JOB = 'mail.send';

export interface SealedMail {
  sealed: string;
}

function keyFrom(secret: string): Buffer {
  return createHash('sha256').update(`${secret}:mail-queue`).digest();
}

export function sealMail(message: MailMessage, secret: string): SealedMail {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
  return { sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
}

export function openMail(sealed: SealedMail, secret: string): MailMessage {
  const raw = Buffer.from(sealed.sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as MailMessage;
}

/**
 * A Mailer whose send() queues the message; `inner` (the SMTP mailer, which records the outbox)
 * sends it from the job. Declares the job on `jobs`, so create it before the queue is used.
 */
export function createQueuedMailer(deps: { jobs: JobQueue; inner: Mailer; secret: string; log: Logger }): Mailer & { queuedAny(): boolean } {
  const { jobs, inner, secret, log } = deps;
  jobs.work<SealedMail>(
    MAIL_JOB,
    {
      async run(job) {
        let message: MailMessage;
        try {
          message = openMail(job.data, secret);
        } catch {
          // Sealed under another signing secret (JWT_SECRET changed): it can never be opened.
          log.error({ job: job.id }, 'a queued e-mail could not be opened (JWT_SECRET changed since it was queued); it is not sent');
          return;
        }
        await inner.send(message);
      },
      async onFailed(_data, reason) {
        log.error({ reason }, 'a queued e-mail could not be sent');
      },
    },
    // Recording and handing to SMTP takes seconds; a delivery failure is recorded by the mailer, not retried.
    { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 120, concurrency: 2, deleteAfterSeconds: 24 * 3600 },
  );
  let queued = false;
  return {
    async send(message) {
      await jobs.enqueue(MAIL_JOB, sealMail(message, secret));
      queued = true;
    },
    /** Whether this process queued any mail yet (tests skip opening the queue otherwise). */
    queuedAny: () => queued,
  };
}
