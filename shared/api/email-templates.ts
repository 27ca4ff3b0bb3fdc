// Notification service: e-mail templates (spec 001 §2.9, §3, §4, §5, §7; spec 002 §2.10, §5, §7;
// docs/decisions/046). Templates are the platform's, one per e-mail it sends: only platform roles
// change them (manageEmailSettings); institution staff with viewEmailSettings read them.
import * as v from 'valibot';
import { EMAIL_CODES } from '../domain/email-templates';
import { EMAIL_PATTERN } from '../domain/people';
import { defineEndpoint, staffWith } from './contract';
import { EMAIL_MAX, id, pathId, queryInt, required, text } from './fields';

export const EMAIL_MESSAGES = {
  name: 'Name is required',
  code: 'Code is required',
  message: 'message is required',
  category: 'email categoryId is required',
  unknownCode: `Code must be one of: ${EMAIL_CODES.join(', ')}`,
  codeTaken: (code: string) => `A template for ${code} already exists`,
  unknownCategory: 'Choose one of the listed e-mail categories',
  unknownTokens: (tokens: string[], offered: string[]) =>
    `${tokens.map((t) => `{{${t}}}`).join(', ')} ${tokens.length === 1 ? 'is not a placeholder' : 'are not placeholders'} of this e-mail. It may use ${offered.map((t) => `{{${t}}}`).join(', ')}.`,
  created: 'Email Created Successfully',
  updated: 'Email Updated Successfully',
  sent: 'Email Sent Successfully',
  // Spec 002 §5 "Email template send" and the user form's pattern message.
  email: 'Email is required',
  emailInvalid: 'Not a valid email address',
  tooManyRecipients: 'Send a test to at most 3 addresses',
  // Decision 083: a test goes to the sender or a colleague, never outside.
  notStaff: (addresses: string[]) =>
    `Test e-mails go only to your own address or another active staff member’s: ${addresses.join(', ')} ${addresses.length === 1 ? 'is not a staff address' : 'are not staff addresses'}`,
  activated: 'Record Activated',
  deactivated: 'Record deactivated',
  notFound: 'E-mail template not found',
} as const;

export const EMAIL_SUBJECT_MAX = 200;
/** As the course overview's rich text (shared/api/course-authoring.ts RICH_TEXT_MAX). */
export const EMAIL_BODY_MAX = 8000;
/** Send Test Email's recipients: a few colleagues, never a mailing list (decision 049). */
export const TEST_RECIPIENTS_MAX = 3;
/** Test e-mails one staff member may send an hour (decision 049). */
export const TEST_MAILS_PER_HOUR = 20;
/** §9: the settings screen shows 10 templates a page. */
export const EMAIL_PAGE_SIZE = 10;

export const emailCategorySchema = v.object({ id: v.number(), name: v.string() });
export type EmailCategory = v.InferOutput<typeof emailCategorySchema>;

export const emailTemplateSummarySchema = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  emailCategoryId: v.number(),
  emailCategoryName: v.string(),
  isActive: v.boolean(),
  updatedAt: v.string(),
});
export type EmailTemplateSummary = v.InferOutput<typeof emailTemplateSummarySchema>;

export const emailTokenSchema = v.object({ token: v.string(), label: v.string(), sample: v.string() });

export const emailTemplateSchema = v.object({
  ...emailTemplateSummarySchema.entries,
  template: v.string(),
  tokens: v.array(emailTokenSchema),
});
export type EmailTemplate = v.InferOutput<typeof emailTemplateSchema>;

const body = () =>
  v.pipe(
    v.optional(v.nullable(v.string(EMAIL_MESSAGES.message)), ''),
    v.transform((s) => (s ?? '').trim()),
    v.nonEmpty(EMAIL_MESSAGES.message),
    text(EMAIL_BODY_MAX, { multiline: true, tooLong: `At most ${EMAIL_BODY_MAX.toLocaleString('en-NG')} characters of formatted text` }),
  );
const code = () => v.pipe(required(EMAIL_MESSAGES.code, 64), v.picklist(EMAIL_CODES, EMAIL_MESSAGES.unknownCode));
const fields = {
  name: required(EMAIL_MESSAGES.name, EMAIL_SUBJECT_MAX),
  template: body(),
  emailCategoryId: id('emailCategoryId', EMAIL_MESSAGES.category),
};

export const createEmailTemplateSchema = v.object({
  ...fields,
  code: code(),
});
export type CreateEmailTemplateInput = v.InferInput<typeof createEmailTemplateSchema>;

export const updateEmailTemplateSchema = v.object({ id: id('id'), ...fields });
export type UpdateEmailTemplateInput = v.InferInput<typeof updateEmailTemplateSchema>;

export const listEmailTemplates = defineEndpoint({
  service: 'Notification',
  method: 'GET',
  path: 'Email/Template/List',
  summary: 'E-mail templates, a page at a time',
  access: staffWith('manageEmailSettings', 'viewEmailSettings'),
  query: v.object({ Page: queryInt('Page', 1, 100_000, 1), PageSize: queryInt('PageSize', 1, 100, EMAIL_PAGE_SIZE) }),
  data: v.object({ items: v.array(emailTemplateSummarySchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const getEmailTemplate = defineEndpoint({
  service: 'Notification',
  method: 'GET',
  path: 'Email/Template/{id}',
  summary: 'One e-mail template with its placeholders',
  access: staffWith('manageEmailSettings', 'viewEmailSettings'),
  params: v.object({ id: pathId('id') }),
  data: emailTemplateSchema,
  errors: [400, 401, 403, 404],
});

export const listEmailCategories = defineEndpoint({
  service: 'Notification',
  method: 'GET',
  path: 'Email/Email/Category/List',
  summary: 'E-mail categories (account, payment, course review)',
  access: staffWith('manageEmailSettings', 'viewEmailSettings'),
  data: v.array(emailCategorySchema),
  errors: [401, 403],
});

export const fetchEmailTokens = defineEndpoint({
  service: 'Notification',
  method: 'GET',
  path: 'Email/Email/FetchTokens/{id}',
  summary: 'The placeholders the template’s e-mail may use (id is the template’s)',
  access: staffWith('manageEmailSettings', 'viewEmailSettings'),
  params: v.object({ id: pathId('id') }),
  data: v.array(emailTokenSchema),
  errors: [400, 401, 403, 404],
});

/** The spec's call is a GET; a call that changes data is a POST on the same path (docs/decisions/039). */
export const toggleEmailTemplate = defineEndpoint({
  service: 'Notification',
  method: 'POST',
  path: 'Email/Email/Toggle/{id}',
  summary: 'Turn an e-mail template on or off',
  description: 'An inactive template is not used: its e-mail is sent with the built-in text. Written to the audit trail.',
  access: staffWith('manageEmailSettings'),
  audit: { module: 'EmailTemplate', action: 'Toggle' },
  params: v.object({ id: pathId('id') }),
  data: emailTemplateSummarySchema,
  errors: [400, 401, 403, 404],
});

export const createEmailTemplate = defineEndpoint({
  service: 'Notification',
  method: 'POST',
  path: 'Email/Template/Create',
  summary: 'Add the template of an e-mail the platform sends',
  description: 'One template per code (409). The body is sanitised against the rich-text allow-list; placeholders the code does not offer are refused (400). Written to the audit trail.',
  access: staffWith('manageEmailSettings'),
  audit: { module: 'EmailTemplate', action: 'Create' },
  body: createEmailTemplateSchema,
  data: emailTemplateSchema,
  errors: [400, 401, 403, 409],
});

export const updateEmailTemplate = defineEndpoint({
  service: 'Notification',
  method: 'POST',
  path: 'Email/Template/Update',
  summary: 'Change a template’s subject, category or message',
  description: 'The code stays. The body is sanitised; unknown placeholders are refused (400). Written to the audit trail.',
  access: staffWith('manageEmailSettings'),
  audit: { module: 'EmailTemplate', action: 'Update' },
  body: updateEmailTemplateSchema,
  data: emailTemplateSchema,
  errors: [400, 401, 403, 404],
});

/**
 * Send Test Email: the subject and message as they stand in the form, rendered with the sample
 * values, to the addresses the sender types (spec 002 §2.10 "an e-mail input", §7 "recipients
 * list"), or their own address when none are sent. Only the sender's own address and other active
 * staff members' (decision 083); at most TEST_RECIPIENTS_MAX addresses and TEST_MAILS_PER_HOUR
 * sends an hour per staff member, each audited with its recipients, so the console is no relay for
 * bulk mail (decision 049). Nothing is saved.
 */
export const testRecipientSchema = v.pipe(required(EMAIL_MESSAGES.email, EMAIL_MAX), v.regex(EMAIL_PATTERN, EMAIL_MESSAGES.emailInvalid), v.toLowerCase());

export const sendTestEmail = defineEndpoint({
  service: 'Notification',
  method: 'POST',
  path: 'Email/Send',
  summary: 'Send a template, rendered with sample values, to the addresses given (or your own)',
  description: 'Recipients must be your own address or other active staff members’ (400 names any that are not). At most 3 a test and 20 tests an hour per staff member (429). Written to the audit trail.',
  access: staffWith('manageEmailSettings'),
  audit: { module: 'EmailTemplate', action: 'SendTest' },
  body: v.object({
    name: fields.name,
    template: fields.template,
    code: code(),
    recipients: v.optional(v.pipe(v.array(testRecipientSchema, EMAIL_MESSAGES.email), v.minLength(1, EMAIL_MESSAGES.email), v.maxLength(TEST_RECIPIENTS_MAX, EMAIL_MESSAGES.tooManyRecipients))),
  }),
  data: v.object({ to: v.string() }),
  errors: [400, 401, 403, 429],
});
