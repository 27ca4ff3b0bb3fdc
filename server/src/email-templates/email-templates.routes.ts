// Notification/Email/* : the e-mail templates staff edit (spec 001 §2.9, §7; docs/decisions/046).
import type { Hono } from 'hono';
import { EMAIL_MESSAGES as M, createEmailTemplate, fetchEmailTokens, getEmailTemplate, listEmailCategories, listEmailTemplates, sendTestEmail, toggleEmailTemplate, updateEmailTemplate } from '@rivet/shared/api/email-templates';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { EmailTemplatesService } from './email-templates.service';

export function registerEmailTemplateRoutes(app: Hono<AppEnv>, service: EmailTemplatesService): void {
  bind(app, listEmailTemplates, async ({ query }) => ({ data: await service.list(Number(query.Page), Number(query.PageSize)) }));
  bind(app, getEmailTemplate, async ({ params }) => ({ data: await service.get(Number(params.id)) }));
  bind(app, listEmailCategories, async () => ({ data: await service.categories() }));
  bind(app, fetchEmailTokens, async ({ params }) => ({ data: await service.tokens(Number(params.id)) }));
  bind(app, createEmailTemplate, async ({ caller, audit, body }) => ({ data: await service.create(caller, audit, body), description: M.created }));
  bind(app, updateEmailTemplate, async ({ caller, audit, body }) => ({ data: await service.update(caller, audit, body), description: M.updated }));
  bind(app, toggleEmailTemplate, async ({ caller, audit, params }) => {
    const template = await service.toggle(caller, audit, Number(params.id));
    return { data: template, description: template.isActive ? M.activated : M.deactivated };
  });
  bind(app, sendTestEmail, async ({ caller, audit, body }) => ({ data: await service.sendTest(caller, audit, body), description: M.sent }));
}
