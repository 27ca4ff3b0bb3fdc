// A local SMTP server for the empty-platform story (playwright.empty.config.ts): the server under
// test sends its mail over real SMTP (SMTP_URL), as a deployment does, and each message is written
// whole to MAIL_DIR as an .eml file for the story to read (tests/e2e/mail.ts, mailIn).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_PORT);
const dir = process.env.MAIL_DIR!;
mkdirSync(dir, { recursive: true });
let n = 0;

/** The decoded text/plain part of a MIME message (nodemailer sends text and html as alternatives). */
function textPart(raw: string): string {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      if (/content-type:\s*multipart\//i.test(part) || /content-type:\s*text\/plain/i.test(part)) {
        const text = textPart(part.replace(/^\r\n/, ''));
        if (text) return text;
      }
    }
    return '';
  }
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const joined = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      const hex = joined[i] === '=' ? /^[0-9A-F]{2}/i.exec(joined.slice(i + 1, i + 3)) : null;
      if (hex) {
        bytes.push(parseInt(hex[0], 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const to = session.envelope.rcptTo.map((r) => `To: ${r.address}`).join('\r\n');
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
      // Sortable names: the newest message is last, as mailIn expects. The text part is kept decoded,
      // so a story reads what the recipient reads (a one-time password with '=' in it included).
      writeFileSync(join(dir, `${Date.now()}-${String(++n).padStart(5, '0')}.eml`), `${to}\r\nSubject: ${subject}\r\n\r\n${textPart(raw)}`);
      done();
    });
  },
});
server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
