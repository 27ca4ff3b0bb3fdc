// Privacy & Settings (spec 001 §2.9, spec 002 §2.12; docs/decisions/090): the platform's data
// protection settings under the Nigeria Data Protection Act 2023. How long the daily purge keeps
// each kind of record, the data protection contact the privacy notice names, and the learners'
// data requests (exports and account deletions) staff answer for.
import * as v from 'valibot';
import { EMAIL_PATTERN } from '../domain/people';
import { PUBLIC, SIGNED_IN, defineEndpoint, staffWith } from './contract';
import { EMAIL_MAX, queryInt, text } from './fields';

/**
 * The bounds staff may set. The upper ones are what the privacy notice promises (sign-in records
 * up to 12 months, e-mail copies up to 90 days); the lower ones keep what security investigations,
 * a reset link's last use and support's reading of sent mail need.
 */
export const RETENTION_LIMITS = {
  signInRecordsDays: { min: 30, max: 365, label: 'Sign-in records' },
  resetLinksDays: { min: 1, max: 30, label: 'Spent reset links' },
  emailCopiesDays: { min: 7, max: 90, label: 'Copies of e-mails' },
} as const;
export type RetentionKey = keyof typeof RETENTION_LIMITS;

export const PRIVACY_MESSAGES = {
  updated: 'Privacy settings updated successfully',
  range: (key: RetentionKey) => `${RETENTION_LIMITS[key].label} must be kept from ${RETENTION_LIMITS[key].min} to ${RETENTION_LIMITS[key].max} days`,
  contactEmail: 'Enter a valid e-mail address',
  contactPhone: 'Enter a phone number of 7 to 20 digits (+, spaces and dashes allowed)',
  contactNameNeeded: 'Enter the contact’s name with their e-mail address',
  platformOnly: 'Privacy settings are changed by platform staff only',
  requestsPlatformOnly: 'Learners’ data requests are seen by platform staff only',
  exportLearnersOnly: 'Only a learner’s own account can be downloaded here',
} as const;

/** What the privacy notice says when no contact is set (docs/decisions/019). */
export const FALLBACK_PRIVACY_CONTACT = { name: 'Data Protection Officer', email: 'privacy@rivet.ng' } as const;

/** Data requests: 1 an export of everything held, 2 an account deletion. */
export const DATA_REQUEST_KIND = { export: 1, deletion: 2 } as const;
export const DATA_REQUEST_KIND_LABEL: Record<number, string> = { 1: 'Data export', 2: 'Account deletion' };
/** 0 received, 1 completed, 2 failed. */
export const DATA_REQUEST_STATUS = { received: 0, completed: 1, failed: 2 } as const;
export const DATA_REQUEST_STATUS_LABEL: Record<number, string> = { 0: 'Received', 1: 'Completed', 2: 'Failed' };
export const DATA_REQUESTS_PAGE_SIZE = 10;

/** The export's format name and version: a reader can tell which sections to expect. */
export const DATA_EXPORT_FORMAT = 'rivet-learner-data/1';

/** How staff recognise a request once the account is gone: a***@gmail.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

const PHONE = /^\+?[0-9][0-9 -]{5,22}[0-9]$/;
const digits = (s: string) => s.replace(/\D/g, '').length;

const days = (key: RetentionKey) => {
  const { min, max } = RETENTION_LIMITS[key];
  const message = PRIVACY_MESSAGES.range(key);
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
};

const retentionSchema = v.object({
  signInRecordsDays: v.number(),
  resetLinksDays: v.number(),
  emailCopiesDays: v.number(),
});

const contactSchema = v.object({
  name: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  address: v.nullable(v.string()),
});
export type PrivacyContact = v.InferOutput<typeof contactSchema>;

export const privacySettingsSchema = v.object({
  ...retentionSchema.entries,
  contact: contactSchema,
  /** ISO 8601. */
  updatedAt: v.string(),
  /** Who last saved them; null when never changed (or the account is gone). */
  updatedBy: v.nullable(v.string()),
});
export type PrivacySettings = v.InferOutput<typeof privacySettingsSchema>;

/** The form: the three periods, and the contact (each field optional; empty clears it). */
export const privacySettingsFormSchema = v.pipe(
  v.object({
    signInRecordsDays: days('signInRecordsDays'),
    resetLinksDays: days('resetLinksDays'),
    emailCopiesDays: days('emailCopiesDays'),
    contactName: v.optional(text(100), ''),
    contactEmail: v.optional(v.pipe(text(EMAIL_MAX), v.check((s) => s === '' || EMAIL_PATTERN.test(s), PRIVACY_MESSAGES.contactEmail), v.toLowerCase()), ''),
    contactPhone: v.optional(v.pipe(text(24), v.check((s) => s === '' || (PHONE.test(s) && digits(s) >= 7 && digits(s) <= 20), PRIVACY_MESSAGES.contactPhone)), ''),
    contactAddress: v.optional(text(300, { multiline: true }), ''),
  }),
  // A name without a way to write to it (or an address without a name) would leave the notice
  // naming someone learners cannot reach; the fallback stands until both are given.
  v.forward(
    v.check((f) => (f.contactName === '') === (f.contactEmail === ''), PRIVACY_MESSAGES.contactNameNeeded),
    ['contactName'],
  ),
);
export type PrivacySettingsFormInput = v.InferInput<typeof privacySettingsFormSchema>;
export type PrivacySettingsFormOutput = v.InferOutput<typeof privacySettingsFormSchema>;

export const dataRequestSchema = v.object({
  id: v.number(),
  kind: v.number(),
  subject: v.string(),
  status: v.number(),
  /** ISO 8601. */
  requestedAt: v.string(),
  completedAt: v.nullable(v.string()),
});
export type DataRequest = v.InferOutput<typeof dataRequestSchema>;

export const getPrivacySettings = defineEndpoint({
  service: 'Configuration',
  method: 'GET',
  path: 'Privacy/Settings',
  summary: 'The data protection settings: retention periods and the data protection contact',
  description: 'Platform-wide. Partner staff who hold viewPrivacySettings read them too: they are what learners are told on the privacy notice.',
  access: staffWith('managePrivacySettings', 'viewPrivacySettings'),
  data: privacySettingsSchema,
  errors: [401, 403],
});

export const updatePrivacySettings = defineEndpoint({
  service: 'Configuration',
  method: 'PUT',
  path: 'Privacy/Settings',
  summary: 'Change the retention periods the daily purge uses and the data protection contact',
  description:
    'Sign-in records 30 to 365 days, spent reset links 1 to 30, e-mail copies 7 to 90 (the notice promises the upper bounds). The contact’s name and e-mail come together; phone and address are optional. Platform staff only. Written to the audit trail.',
  access: staffWith('managePrivacySettings'),
  audit: { module: 'Privacy', action: 'Update' },
  body: privacySettingsFormSchema,
  data: privacySettingsSchema,
  errors: [400, 401, 403],
});

export const searchDataRequests = defineEndpoint({
  service: 'Configuration',
  method: 'GET',
  path: 'Privacy/DataRequests',
  summary: 'Learners’ data requests (exports, account deletions), newest first',
  description: 'kind 0 lists both, 1 exports, 2 deletions; 10 a page unless pageSize says otherwise, with totalRows. Subjects are masked e-mail addresses. Platform staff only (403 for partner staff).',
  access: staffWith('managePrivacySettings', 'viewPrivacySettings'),
  query: v.object({
    kind: queryInt('kind', 0, 2, 0),
    page: queryInt('page', 1, 100_000, 1),
    pageSize: queryInt('pageSize', 1, 100, DATA_REQUESTS_PAGE_SIZE),
  }),
  data: v.object({ items: v.array(dataRequestSchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const privacyNotice = defineEndpoint({
  service: 'Configuration',
  method: 'GET',
  path: 'Privacy/Notice',
  summary: 'What the privacy notice shows from the settings: the contact and the retention periods',
  description: 'Public. A contact field never set is null; the notice then names its fallback.',
  access: PUBLIC,
  data: v.object({ ...retentionSchema.entries, contact: contactSchema }),
  errors: [],
});

const section = v.array(v.record(v.string(), v.unknown()));

export const learnerDataExportSchema = v.object({
  format: v.string(),
  /** ISO 8601. */
  exportedAt: v.string(),
  profile: v.record(v.string(), v.unknown()),
  enrolments: section,
  progress: section,
  quizAttempts: section,
  payments: section,
  certificates: section,
  surveyAnswers: section,
  signIns: section,
});
export type LearnerDataExport = v.InferOutput<typeof learnerDataExportSchema>;

export const exportMyData = defineEndpoint({
  service: 'Authentication',
  method: 'GET',
  path: 'Account/Student/ExportData',
  summary: 'Everything the platform holds about the signed-in learner, as one JSON document',
  description:
    'NDPA section 34 and 38 (access, portability): profile, enrolments, progress, quiz attempts, payments, certificates, survey answers and sign-in records, each a section of one document (format rivet-learner-data/1). Each export is recorded as a data request.',
  access: SIGNED_IN,
  data: learnerDataExportSchema,
  errors: [401, 403, 404],
});
