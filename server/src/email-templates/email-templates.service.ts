// E-mail templates' rules (spec 001 §2.9, §5; docs/decisions/046): one template per e-mail code,
// the body sanitised with the rich-text allow-list, only the placeholders the code offers, and an
// audit row with every change. The contract lets only manageEmailSettings change them.
import { EMAIL_MESSAGES as M, type EmailTemplate, type EmailTemplateSummary } from '@rivet/shared/api/email-templates';
import { emailKind, htmlToText, renderSubject, sampleValues, unknownTokens, type EmailCode } from '@rivet/shared/domain/email-templates';
import type { Audit } from '../audit/audit';
import { sanitiseRichText } from '../authoring/rich-text';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter } from '../http/rate-limit';
import { renderEmailHtml } from './email-html';
import type { EmailTemplatesRepository, TemplateRow } from './email-templates.repository';
import { violatedUnique } from '../db/errors';

const summary = (row: TemplateRow): EmailTemplateSummary => ({
  id: row.id,
  code: row.code,
  name: row.name,
  emailCategoryId: row.emailCategoryId,
  emailCategoryName: row.emailCategoryName,
  isActive: row.isActive,
  updatedAt: row.updatedAt.toISOString(),
});

const full = (row: TemplateRow): EmailTemplate => ({ ...summary(row), template: row.template, tokens: [...(emailKind(row.code)?.tokens ?? [])] });

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;

export function createEmailTemplatesService(deps: { repo: EmailTemplatesRepository; clock: Clock; mailer: Mailer; testMails?: RateLimiter }) {
  const { repo, clock } = deps;

  async function existing(id: number): Promise<TemplateRow> {
    const row = await repo.find(id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /** The body as it will be stored, or a 400 naming what is wrong. */
  async function checked(code: string, input: { name: string; template: string; emailCategoryId?: number }): Promise<string> {
    const template = sanitiseRichText(input.template);
    if (!template.replace(/<[^>]*>|&nbsp;|\s/g, '')) throw badRequest(M.message, [{ field: 'template', message: M.message }]);
    const unknown = unknownTokens(code, input.name, template);
    if (unknown.length) {
      const message = M.unknownTokens(unknown, emailKind(code)!.tokens.map((t) => t.token));
      throw badRequest(message, [{ field: 'template', message }]);
    }
    if (input.emailCategoryId !== undefined && !(await repo.categoryExists(input.emailCategoryId))) {
      throw badRequest(M.unknownCategory, [{ field: 'emailCategoryId', message: M.unknownCategory }]);
    }
    return template;
  }

  return {
    async list(page: number, pageSize: number) {
      const { items, totalRows } = await repo.page(page, pageSize);
      return { items: items.map(summary), totalRows };
    },

    get: async (id: number) => full(await existing(id)),

    tokens: async (id: number) => [...(emailKind((await existing(id)).code)?.tokens ?? [])],

    categories: () => repo.categories(),

    async create(caller: Caller, audit: Audit, input: { code: string; name: string; template: string; emailCategoryId: number }): Promise<EmailTemplate> {
      if (await repo.codeTaken(input.code)) throw conflict(M.codeTaken(input.code));
      const template = await checked(input.code, input);
      try {
        const row = await repo.create({ code: input.code, name: input.name, template, emailCategoryId: input.emailCategoryId, updatedBy: caller.userId }, (id) =>
          audit.row(id, `Created e-mail template ${input.code}: “${input.name}”`),
        );
        return full(row);
      } catch (e) {
        if (violatedUnique(e) === 'email_templates_code_key') throw conflict(M.codeTaken(input.code));
        throw e;
      }
    },

    async update(caller: Caller, audit: Audit, input: { id: number; name: string; template: string; emailCategoryId: number }): Promise<EmailTemplate> {
      const row = await existing(input.id);
      const template = await checked(row.code, input);
      const changed = [
        input.name !== row.name ? `subject “${row.name}” → “${input.name}”` : null,
        template !== row.template ? 'message' : null,
        input.emailCategoryId !== row.emailCategoryId ? `category ${row.emailCategoryId} → ${input.emailCategoryId}` : null,
      ].filter(Boolean);
      if (!changed.length) {
        audit.waive('nothing changed: the template is answered as it is');
        return full(row);
      }
      const updated = await repo.update(
        row.id,
        { name: input.name, template, emailCategoryId: input.emailCategoryId, updatedBy: caller.userId, updatedAt: clock.now() },
        audit.row(row.id, `Updated e-mail template ${row.code}: ${changed.join(', ')}`),
      );
      return full(updated);
    },

    async toggle(caller: Caller, audit: Audit, id: number): Promise<EmailTemplateSummary> {
      const row = await existing(id);
      const isActive = !row.isActive;
      const updated = await repo.update(
        id,
        { isActive, updatedBy: caller.userId, updatedAt: clock.now() },
        audit.row(id, `${isActive ? 'Activated' : 'Deactivated'} e-mail template ${row.code}${isActive ? '' : ' (its e-mail now uses the built-in text)'}`),
      );
      return summary(updated);
    },

    /** The form's subject and message with the sample values, to the addresses given (staff only) or the caller's own; nothing is saved. */
    async sendTest(caller: Caller, audit: Audit, input: { code: string; name: string; template: string; recipients?: string[] }): Promise<{ to: string }> {
      const template = await checked(input.code, input);
      const recipients = input.recipients?.length ? [...new Set(input.recipients.map((r) => r.toLowerCase()))] : [(await repo.emailOf(caller.userId))?.toLowerCase()];
      if (!recipients[0]) throw notFound('Your account has no e-mail address');
      // Counted before the addresses are checked, so refusals cannot probe which addresses are staff without limit.
      await deps.testMails?.hit(caller.userId);
      const staff = new Set(await repo.staffAddresses(recipients as string[]));
      const outside = (recipients as string[]).filter((r) => !staff.has(r));
      if (outside.length) throw badRequest(M.notStaff(outside), [{ field: 'recipients', message: M.notStaff(outside) }]);
      const values = sampleValues(input.code as EmailCode);
      const html = renderEmailHtml(template, values);
      const subject = `[Test] ${renderSubject(input.name, values)}`;
      for (const to of recipients as string[]) await deps.mailer.send({ to, template: 'template-test', subject, text: htmlToText(html), html });
      const to = recipients.join(', ');
      // A test mail changes no record: the row stands on its own, naming whom it went to.
      await repo.insertAudit(audit.row(input.code, `Sent a test of e-mail template ${input.code} to ${to}`));
      return { to };
    },
  };
}
