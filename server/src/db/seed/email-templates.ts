// The e-mail categories (reference data: Add needs them everywhere) and, for the demo, one template
// per e-mail the platform sends, worded as the built-in text so a demo mail reads the same either
// way (docs/decisions/046).
import { eq } from 'drizzle-orm';
import { EMAIL_CATEGORIES, EMAIL_KINDS, type EmailCode } from '@rivet/shared/domain/email-templates';
import type { Database } from '../client';
import * as t from '../schema';

export const DEMO_EMAIL_TEMPLATES: Record<EmailCode, { name: string; template: string }> = {
  'staff-invitation': {
    name: 'Your Rivet admin console account',
    template:
      '<p>Hello {{firstName}},</p><p>An account has been created for you on the Rivet admin console as {{roleName}} for {{organisation}}.</p>' +
      '<p>Sign in at {{signInUrl}} with:<br>Username: {{userName}}<br>One-time password: {{oneTimePassword}}</p>' +
      '<p>You will be asked to choose your own password when you first sign in. If you did not expect this e-mail, tell your administrator.</p>',
  },
  'password-reset': {
    name: 'Reset your Rivet password',
    template:
      '<p>Hello {{firstName}},</p><p>We received a request to reset your password. Open this link to choose a new one:<br><a href="{{resetLink}}">{{resetLink}}</a></p>' +
      '<p>The link works once and expires in 30 minutes. If you did not ask for this, ignore this e-mail: your password stays the same.</p>',
  },
  'payment-receipt': {
    name: 'Your Rivet receipt: {{courseTitle}}',
    template:
      '<p>Hello {{firstName}},</p><p>Thank you for your payment. You are enrolled in {{courseTitle}} ({{partner}}); your access lasts one year.</p>' +
      '<p>{{breakdown}}</p><p>Reference: {{reference}}<br>Paid: {{paidAt}}</p><p>Start learning: {{courseUrl}}</p>' +
      '<p>Keep this e-mail for your records. Quote the reference if you contact support@rivet.ng about this payment.</p>',
  },
  'course-approved': {
    name: 'Course Approved: {{courseTitle}}',
    template: '<p>Hello {{firstName}},</p><p>{{outcome}}</p><p>{{consoleUrl}}</p>',
  },
  'course-rejected': {
    name: 'Course Rejected: {{courseTitle}}',
    template:
      '<p>Hello {{firstName}},</p><p>{{outcome}} The reviewer said:</p><blockquote><p>{{comment}}</p></blockquote>' +
      '<p>Open the course in the console to change it and submit it again.</p><p>{{consoleUrl}}</p>',
  },
};

export async function seedEmailCategories(db: Database): Promise<void> {
  await db
    .insert(t.emailCategories)
    .values(EMAIL_CATEGORIES.map((name) => ({ name })))
    .onConflictDoNothing();
}

export async function seedDemoEmailTemplates(db: Database): Promise<void> {
  const categories = new Map((await db.select().from(t.emailCategories)).map((c) => [c.name, c.id]));
  for (const kind of EMAIL_KINDS) {
    const emailCategoryId = categories.get(kind.category);
    if (emailCategoryId === undefined) continue;
    const exists = await db.select({ id: t.emailTemplates.id }).from(t.emailTemplates).where(eq(t.emailTemplates.code, kind.code));
    if (exists.length) continue;
    await db.insert(t.emailTemplates).values({ code: kind.code, ...DEMO_EMAIL_TEMPLATES[kind.code], emailCategoryId }).onConflictDoNothing();
  }
}
