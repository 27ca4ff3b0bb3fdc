// The e-mails the platform sends and the {{placeholders}} each may use (docs/decisions/046). Staff
// edit a template per e-mail (spec 001 §2.9); the server renders the active one with the real
// values, the console's Preview with the sample values below, through the same function. A value is
// text: it is HTML-escaped into the body, so a course title or a reviewer's comment is never markup.

export type EmailCode = 'staff-invitation' | 'password-reset' | 'payment-receipt' | 'course-approved' | 'course-rejected';

export interface EmailToken {
  token: string;
  label: string;
  sample: string;
}

export interface EmailKind {
  code: EmailCode;
  /** What the e-mail is, for staff choosing a code on Add. */
  label: string;
  /** The seeded category's name (account, payment, course review). */
  category: string;
  tokens: readonly EmailToken[];
}

const firstName: EmailToken = { token: 'firstName', label: 'First name of the recipient', sample: 'Adaeze' };
const courseTitle: EmailToken = { token: 'courseTitle', label: 'Course title', sample: 'Introduction to Data Analysis' };
const consoleUrl: EmailToken = { token: 'consoleUrl', label: 'Link to the admin console', sample: 'https://rivet.ng/admin/' };

export const EMAIL_CATEGORIES = ['Account', 'Payment', 'Course Review'] as const;

export const EMAIL_KINDS: readonly EmailKind[] = [
  {
    code: 'staff-invitation',
    label: 'New staff account (one-time password)',
    category: 'Account',
    tokens: [
      firstName,
      { token: 'roleName', label: 'Role given to the account', sample: 'Institution Admin' },
      { token: 'organisation', label: 'Partner or platform the account belongs to', sample: 'University of Lagos' },
      { token: 'signInUrl', label: 'Link to the console sign-in page', sample: 'https://rivet.ng/admin/login' },
      { token: 'userName', label: 'Username to sign in with', sample: 'adaeze.obi' },
      { token: 'oneTimePassword', label: 'One-time password (secret: never kept in the outbox)', sample: 'Xk7#pQ2m9RtWz4' },
    ],
  },
  {
    code: 'password-reset',
    label: 'Password reset link',
    category: 'Account',
    tokens: [firstName, { token: 'resetLink', label: 'Reset link (secret: never kept in the outbox)', sample: 'https://rivet.ng/change-password?token=sample' }],
  },
  {
    code: 'payment-receipt',
    label: 'Payment receipt',
    category: 'Payment',
    tokens: [
      firstName,
      courseTitle,
      { token: 'partner', label: 'Partner offering the course', sample: 'University of Lagos' },
      { token: 'amount', label: 'Total paid', sample: '₦8,500.00' },
      { token: 'breakdown', label: 'Price, discount, VAT and fee, one per line', sample: 'Course price  ₦8,000.00\nVAT (7.5%)  ₦375.00\nCard payment fee  ₦125.00' },
      { token: 'reference', label: 'Payment reference', sample: 'RVT-2026-000123' },
      { token: 'paidAt', label: 'Date and time of payment (Lagos)', sample: '24 November 2026, 10:15' },
      { token: 'courseUrl', label: 'Link to start the course', sample: 'https://rivet.ng/course/delivery?courseId=12' },
    ],
  },
  {
    code: 'course-approved',
    label: 'Course approved (partner review or QA)',
    category: 'Course Review',
    tokens: [firstName, courseTitle, { token: 'outcome', label: 'What happened to the course', sample: 'Your course passed the platform’s quality review and is now published.' }, consoleUrl],
  },
  {
    code: 'course-rejected',
    label: 'Course rejected',
    category: 'Course Review',
    tokens: [firstName, courseTitle, { token: 'comment', label: 'The reviewer’s comment', sample: 'Please add captions to the videos in module 2.' }, consoleUrl],
  },
];

export const EMAIL_CODES = EMAIL_KINDS.map((k) => k.code);

export const emailKind = (code: string): EmailKind | undefined => EMAIL_KINDS.find((k) => k.code === code);

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** Placeholders used that the code's e-mail does not offer (in order of appearance, once each). */
export function unknownTokens(code: string, ...texts: string[]): string[] {
  const offered = new Set(emailKind(code)?.tokens.map((t) => t.token) ?? []);
  const unknown = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(PLACEHOLDER)) if (!offered.has(m[1]!)) unknown.add(m[1]!);
  return [...unknown];
}

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The body with each placeholder replaced by its value, escaped (line breaks become <br>). */
export function renderBody(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (_all, name: string) => escapeHtml(values[name] ?? '').replace(/\r?\n/g, '<br>'));
}

/** The subject line: plain text on one line (a header cannot hold a line break). */
export function renderSubject(subject: string, values: Readonly<Record<string, string>>): string {
  return subject
    .replace(PLACEHOLDER, (_all, name: string) => values[name] ?? '')
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

export const sampleValues = (code: string): Record<string, string> => Object.fromEntries((emailKind(code)?.tokens ?? []).map((t) => [t.token, t.sample]));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ', '#160': ' ' };

/** The text part of a rendered e-mail (for clients that show no HTML): paragraphs, lists and links kept readable. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_all, href: string, label: string) => (label.replace(/<[^>]+>/g, '').trim() === href ? href : `${label} (${href})`))
    .replace(/<\/(p|h2|h3|blockquote|pre|ul|ol)>/gi, '\n\n')
    .replace(/<\/li>|<hr\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp|#160);/g, (_all, name: string) => ENTITIES[name]!)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
