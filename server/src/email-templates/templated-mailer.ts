// The e-mails the platform sends render from their active template when staff have written one
// (docs/decisions/046): subject and body with the message's values, each value HTML-escaped. A
// missing or inactive template, or one that cannot be read, leaves the built-in text as it is. A
// secret (one-time password, reset link) stays declared in its escaped form too, so the outbox and
// the logs hide it in the rendered HTML as they do in the text (decision 016). The rendered HTML is
// checked again, links included, before it leaves (email-html.ts, decision 083).
import { htmlToText, renderSubject } from '@rivet/shared/domain/email-templates';
import type { Logger } from 'pino';
import type { MailMessage, Mailer } from '../mail/mailer';
import { htmlForms, renderEmailHtml } from './email-html';

export function templatedMailer(inner: Mailer, activeFor: (code: string) => Promise<{ name: string; template: string } | null>, log: Logger): Mailer {
  return {
    async send(message: MailMessage) {
      if (!message.values) return inner.send(message);
      let found: { name: string; template: string } | null = null;
      try {
        found = await activeFor(message.template);
      } catch (error) {
        log.warn({ mail: { template: message.template }, reason: error instanceof Error ? error.message : String(error) }, 'e-mail template unreadable: the built-in text is sent');
      }
      const { values, ...rest } = message;
      if (!found) return inner.send(rest);
      const html = renderEmailHtml(found.template, values);
      const secrets = (message.secrets ?? []).flatMap(htmlForms);
      return inner.send({ ...rest, subject: renderSubject(found.name, values), html, text: htmlToText(html), secrets: [...new Set(secrets)] });
    },
  };
}
