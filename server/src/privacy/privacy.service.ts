// Privacy & Settings' rules (docs/decisions/090): platform staff change the retention periods and
// the data protection contact (the contract checks the bounds), partner staff who hold
// viewPrivacySettings may read them but never change them nor see learners' data requests, and a
// learner's export is logged as a data request with how it ended.
import {
  DATA_EXPORT_FORMAT,
  DATA_REQUEST_KIND,
  DATA_REQUEST_STATUS,
  PRIVACY_MESSAGES,
  maskEmail,
  type DataRequest,
  type LearnerDataExport,
  type PrivacySettings,
  type PrivacySettingsFormOutput,
} from '@rivet/shared/api/privacy';
import { ROLE_TYPE, STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import type { Audit } from '../audit/audit';
import type { Caller } from '../http/context';
import type { Clock } from '../http/clock';
import { forbidden, notFound } from '../http/errors';
import type { DataRequestRow, PrivacyRepository, PrivacySettingsRow } from './privacy.repository';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const orNull = (s: string) => (s === '' ? null : s);

function toSettings(row: PrivacySettingsRow): PrivacySettings {
  return {
    signInRecordsDays: row.signInRecordsDays,
    resetLinksDays: row.resetLinksDays,
    emailCopiesDays: row.emailCopiesDays,
    contact: { name: row.contactName, email: row.contactEmail, phone: row.contactPhone, address: row.contactAddress },
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedByName,
  };
}

function toRequest(row: DataRequestRow): DataRequest {
  return { id: row.id, kind: row.kind, subject: row.subject, status: row.status, requestedAt: row.requestedAt.toISOString(), completedAt: iso(row.completedAt) };
}

/** Dates as ISO 8601 strings, so the document reads the same in any JSON tool. */
function plain<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, value]) => [k, value instanceof Date ? value.toISOString() : value]));
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;

export function createPrivacyService(deps: { repo: PrivacyRepository; clock: Clock }) {
  const { repo, clock } = deps;

  /** The contract lets partner roles hold viewPrivacySettings; what is platform-wide stays the platform's. */
  function assertPlatformStaff(caller: Caller, message: string) {
    if (caller.roleType !== ROLE_TYPE.Rivet) throw forbidden(message);
  }

  return {
    settings: async (): Promise<PrivacySettings> => toSettings(await repo.settings()),

    async notice() {
      const s = toSettings(await repo.settings());
      return { signInRecordsDays: s.signInRecordsDays, resetLinksDays: s.resetLinksDays, emailCopiesDays: s.emailCopiesDays, contact: s.contact };
    },

    async update(caller: Caller, audit: Audit, input: PrivacySettingsFormOutput): Promise<PrivacySettings> {
      assertPlatformStaff(caller, PRIVACY_MESSAGES.platformOnly);
      const before = await repo.settings();
      const changes = {
        signInRecordsDays: input.signInRecordsDays,
        resetLinksDays: input.resetLinksDays,
        emailCopiesDays: input.emailCopiesDays,
        contactName: orNull(input.contactName),
        contactEmail: orNull(input.contactEmail),
        contactPhone: orNull(input.contactPhone),
        contactAddress: orNull(input.contactAddress),
      };
      const changed = (Object.keys(changes) as (keyof typeof changes)[])
        .filter((k) => before[k] !== changes[k])
        .map((k) => `${k} ${before[k] ?? '(none)'} → ${changes[k] ?? '(none)'}`);
      const description = changed.length ? `Updated privacy settings: ${changed.join('; ')}` : 'Saved privacy settings unchanged';
      return toSettings(await repo.update(changes, caller.userId, clock.now(), audit.row(1, description.slice(0, 1000))));
    },

    async requests(caller: Caller, filters: { kind: number; page: number; pageSize: number }) {
      assertPlatformStaff(caller, PRIVACY_MESSAGES.requestsPlatformOnly);
      const { rows, total } = await repo.searchRequests(filters);
      return { items: rows.map(toRequest), totalRows: total };
    },

    /** Everything held about the signed-in learner, logged as an export request (received, then completed or failed). */
    async exportFor(caller: Caller): Promise<LearnerDataExport> {
      if (caller.roleId !== STUDENT_ROLE_ID) throw forbidden(PRIVACY_MESSAGES.exportLearnersOnly);
      const requestId = await repo.startRequest({ kind: DATA_REQUEST_KIND.export, userId: caller.userId, subject: maskEmail(caller.userName), at: clock.now() });
      try {
        const data = await repo.learnerData(caller.userId);
        if (!data || data.account.user.deletedAt) throw notFound('User not found');
        const { user, profile, countryName } = data.account;
        const document: LearnerDataExport = {
          format: DATA_EXPORT_FORMAT,
          exportedAt: clock.now().toISOString(),
          profile: {
            userId: user.id,
            userName: user.userName,
            email: user.email,
            firstName: user.firstName,
            middleName: user.middleName,
            lastName: user.lastName,
            phoneNumber: user.phoneNumber,
            ageBand: profile?.age ?? null,
            country: countryName ?? profile?.countryCode ?? null,
            organization: profile?.organization ?? null,
            jobTitle: profile?.jobTitle ?? null,
            profilePictureUrl: profile?.profilePixUrl ?? null,
            facebook: profile?.facebook ?? null,
            twitter: profile?.twitter ?? null,
            youtube: profile?.youtube ?? null,
            linkedin: profile?.linkedin ?? null,
            registeredAt: user.createdAt.toISOString(),
            lastSignInAt: iso(user.lastLoginAt),
            passwordChangedAt: iso(user.passwordChangedAt),
          },
          enrolments: data.enrolments.map(plain),
          progress: data.progress.map(plain),
          quizAttempts: data.quizzes.map(plain),
          payments: data.payments.map(plain),
          certificates: data.certificates.map(plain),
          surveyAnswers: data.survey.map(plain),
          signIns: data.signIns.map(plain),
        };
        await repo.finishRequest(requestId, DATA_REQUEST_STATUS.completed, clock.now());
        return document;
      } catch (error) {
        await repo.finishRequest(requestId, DATA_REQUEST_STATUS.failed, null).catch(() => undefined);
        throw error;
      }
    },
  };
}
