// E-mails the e2e server would have sent: with no SMTP and demo data it writes each one whole to
// DATA_DIR/mail/*.eml (the log and the outbox never hold a reset link; docs/decisions/016).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MAIL_DIR = join('.tmp', `e2e-data-${process.env.E2E_PORT ?? 8181}`, 'mail');

/** The body of the newest e-mail to this address whose text matches, waiting for it to be written. */
export function mailTo(email: string, matching: RegExp): Promise<string> {
  return mailIn(MAIL_DIR, email, matching);
}

/** As mailTo, reading the .eml files another server wrote to `dir` (the empty-platform story's SMTP sink). */
export async function mailIn(dir: string, email: string, matching: RegExp, attempts = 100): Promise<string> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    for (const file of files.reverse()) {
      const eml = await readFile(join(dir, file), 'utf8');
      const [head = '', ...body] = eml.split('\r\n\r\n');
      if (head.split('\r\n').includes(`To: ${email}`) && matching.test(eml)) return body.join('\r\n\r\n').replace(/\r\n/g, '\n');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${email} matching ${matching} in ${dir}`);
}
