// The rules of accounts and sessions: sign-in, sign-up, password changes and resets, refresh
// token rotation with reuse detection. A learner's own profile (reading, editing, deleting the
// account) is profile.service.ts; staff profiles are admin-profile.service.ts.
import type { Logger } from 'pino';
import type {
  AppName,
  RegisterData,
  Session,
} from '@rivet/shared/api/authentication';
import { COMMON_PASSWORD_MESSAGE } from '@rivet/shared/domain/password';
import { STUDENT_ROLE_ID, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { CODES } from '@rivet/shared/api/contract';
import type { Background } from '../http/background';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import type { RateLimiter } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import type { AuthenticationRepository, UserWithRole } from './authentication.repository';
import { isCommonPassword } from './common-passwords';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { ProfilePictureStore } from './profile-pictures';
import type { SignInGuard } from './sign-in-guard';
import { createAdminProfileService } from './admin-profile.service';
import { createProfileService } from './profile.service';
import { hashToken, randomToken, type AccessTokens } from './tokens';

export { MESSAGES, deletedIdentifier } from './messages';
import { MESSAGES } from './messages';

/** A refresh token used again within this window is a race between tabs, not theft. */
export const REUSE_GRACE_MS = 10_000;
export const RESET_TOKEN_TTL_MS = 30 * 60_000;

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface SignInResult {
  session: Session;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface AuthenticationServiceDeps {
  repo: AuthenticationRepository;
  tokens: AccessTokens;
  clock: Clock;
  mailer: Mailer;
  background: Background;
  log: Logger;
  publicUrl: string;
  refreshTokenTtlDays: number;
  limits: {
    signIn: SignInGuard;
    register: RateLimiter;
    /** Forgot-password requests from one address. */
    forgot: RateLimiter;
    /** At most one reset mail per account this often; requests in between are answered the same, quietly. */
    forgotMailIntervalMs: number;
  };
  pictures: ProfilePictureStore;
}

const sessionExpired = () => new AppError(401, CODES.sessionExpired, MESSAGES.sessionTimedOut);

export function createAuthenticationService(deps: AuthenticationServiceDeps) {
  const { repo, tokens, clock, limits } = deps;
  const profiles = createProfileService(deps);
  const staffProfiles = createAdminProfileService(deps);

  function rejectCommon(password: string, field = 'password') {
    if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, [{ field, message: COMMON_PASSWORD_MESSAGE }]);
  }

  function isStaff(found: UserWithRole) {
    return found.role.id !== STUDENT_ROLE_ID;
  }

  /** Refuses accounts that may not hold a session: deactivated users, roles or institutions. */
  function assertMayHoldSession(found: UserWithRole) {
    if (!found.user.isActive || !found.role.isActive) throw forbidden(MESSAGES.deactivated);
    if (isStaff(found) && isInstitutionScoped(found.role.roleType) && found.institution && !found.institution.isActive) {
      throw forbidden(MESSAGES.institutionInactive);
    }
  }

  async function issueSession(found: UserWithRole, app: AppName, familyId: string, meta: RequestMeta, isFirstLogin: boolean): Promise<SignInResult> {
    const now = clock.now();
    const permissions = await repo.permissionsOfRole(found.role.id);
    const caller: Caller = {
      // Staff whose password someone else set: the token opens only the change (docs/decisions/014).
      passwordChangeRequired: isStaff(found) && isFirstLogin,
      userId: found.user.id,
      userName: found.user.userName,
      role: found.role.name,
      roleId: found.role.id,
      roleType: found.role.roleType,
      permissions,
      institutionId: found.user.institutionId,
      sessionId: familyId,
      sessionVersion: found.user.sessionVersion,
    };
    const access = await tokens.issue(caller, now);
    const refreshToken = randomToken();
    const refreshExpiresAt = new Date(now.getTime() + deps.refreshTokenTtlDays * 86_400_000);
    await repo.insertRefreshToken({
      familyId,
      userId: found.user.id,
      tokenHash: hashToken(refreshToken),
      app,
      expiresAt: refreshExpiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    const session: Session = {
      userId: found.user.id,
      userName: found.user.userName,
      email: found.user.email,
      firstName: found.user.firstName,
      lastName: found.user.lastName,
      profilePix: found.profilePix,
      role: found.role.name,
      roleId: found.role.id,
      roleType: found.role.roleType,
      permissions,
      isFirstLogin,
      studentProfileId: found.studentProfileId,
      staffProfileId: found.staffProfileId,
      institutionId: found.institution?.id ?? null,
      institutionName: found.institution?.name ?? null,
      institutionCode: found.institution?.code ?? null,
      institutionLogo: found.institution?.logoUrl ?? null,
      accessToken: access.token,
      accessTokenExpiry: access.expiresAt.toISOString(),
      refreshTokenExpiry: refreshExpiresAt.toISOString(),
    };
    return { session, refreshToken, refreshExpiresAt };
  }

  const firstLogin = (found: UserWithRole) => (isStaff(found) ? found.user.mustChangePassword : found.user.lastLoginAt === null);

  return {
    ...profiles,
    ...staffProfiles,

    async signIn(app: AppName, userName: string, password: string, meta: RequestMeta): Promise<SignInResult> {
      const account = `${app}:${userName}`;
      await limits.signIn.before(account, meta.ip);
      const looked = app === 'learner' ? await repo.findByEmail(userName) : await repo.findByUserName(userName);
      // An account of the other kind is answered exactly as an unknown one: its password is never
      // checked, so neither the answer nor its timing says whether the password was right.
      const found = looked && isStaff(looked) === (app === 'admin') ? looked : null;
      const rightPassword = await verifyPassword(found?.user.passwordHash ?? (await dummyPasswordHash()), password);
      if (!found || !rightPassword) {
        await limits.signIn.failed(account);
        throw new AppError(401, CODES.unauthorized, app === 'learner' ? MESSAGES.invalidLearnerCredentials : MESSAGES.invalidStaffCredentials);
      }
      await limits.signIn.succeeded(account, meta.ip);
      assertMayHoldSession(found);
      const isFirst = firstLogin(found);
      await repo.recordSignIn(found.user.id, clock.now());
      return issueSession(found, app, crypto.randomUUID(), meta, isFirst);
    },

    async refresh(app: AppName, presented: string | undefined, meta: RequestMeta): Promise<SignInResult> {
      if (!presented) throw sessionExpired();
      const now = clock.now();
      const row = await repo.findRefreshToken(hashToken(presented));
      if (!row || row.app !== app || row.revokedAt || row.expiresAt <= now) throw sessionExpired();
      const won = !row.usedAt && (await repo.markRefreshTokenUsed(row.id, now));
      if (!won) {
        const usedAt = row.usedAt ?? now;
        if (now.getTime() - usedAt.getTime() > REUSE_GRACE_MS) {
          await repo.revokeFamily(row.familyId, now);
          deps.log.warn({ userId: row.userId, familyId: row.familyId, ip: meta.ip }, 'refresh token reused: session family revoked');
          throw sessionExpired();
        }
      }
      const found = await repo.findById(row.userId);
      if (!found) throw sessionExpired();
      try {
        assertMayHoldSession(found);
      } catch {
        await repo.revokeFamily(row.familyId, now);
        throw sessionExpired();
      }
      return issueSession(found, app, row.familyId, meta, firstLogin(found));
    },

    async signOut(presented: string | undefined): Promise<void> {
      if (!presented) return;
      const row = await repo.findRefreshToken(hashToken(presented));
      if (row) await repo.revokeFamily(row.familyId, clock.now());
    },

    /** Creates the learner and signs them in: a new learner goes on at once, not back to a sign-in form. */
    async register(input: RegisterData, meta: RequestMeta): Promise<SignInResult> {
      await limits.register.hit(meta.ip);
      rejectCommon(input.password);
      if (!(await repo.countryExists(input.country))) throw badRequest('Please select a country', [{ field: 'country', message: 'Please select a country' }]);
      if (await repo.emailTaken(input.email)) throw conflict(MESSAGES.emailTaken);
      const userId = await repo.createStudent({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName ?? '',
        middleName: input.middleName ?? '',
        passwordHash: await hashPassword(input.password),
        roleId: STUDENT_ROLE_ID,
        age: input.age,
        countryCode: input.country,
      });
      if (!userId) throw conflict(MESSAGES.emailTaken);
      const found = await repo.findById(userId);
      if (!found) throw conflict(MESSAGES.emailTaken);
      await repo.recordSignIn(userId, clock.now());
      return issueSession(found, 'learner', crypto.randomUUID(), meta, true);
    },

    async forgotPassword(identifier: string, student: boolean, meta: RequestMeta): Promise<void> {
      await limits.forgot.hit(meta.ip);
      // The reply is the same whatever happens next, and the work runs after it is sent.
      deps.background.run(async () => {
        const key = identifier.trim().toLowerCase();
        const found = student ? await repo.findByEmail(key) : ((await repo.findByUserName(key)) ?? (await repo.findByEmail(key)));
        if (!found || !found.user.isActive || isStaff(found) === student) return;
        const now = clock.now();
        const token = randomToken();
        // One mail per account per interval, however many requests: nobody can flood an inbox,
        // and since requests are never refused, nobody can stop the owner's reset either. Earlier
        // links stay valid (every one went to the owner) until one is used or they expire.
        const issued = await repo.issueResetToken(
          { userId: found.user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS), createdAt: now },
          new Date(now.getTime() - limits.forgotMailIntervalMs),
        );
        if (!issued) return;
        const link = `${deps.publicUrl}${student ? '' : '/admin'}/change-password?token=${encodeURIComponent(token)}`;
        await deps.mailer.send({
          to: found.user.email,
          template: 'password-reset',
          // The link signs in as this user once: it is sent, never logged or kept in the outbox.
          secrets: [link],
          values: { firstName: found.user.firstName, resetLink: link },
          subject: 'Reset your Rivet password',
          text: [
            `Hello ${found.user.firstName},`,
            '',
            'We received a request to reset your password. Open this link to choose a new one:',
            link,
            '',
            'The link works once and expires in 30 minutes. If you did not ask for this, ignore this e-mail: your password stays the same.',
          ].join('\n'),
        });
      });
    },

    async resetPassword(token: string, password: string): Promise<UserWithRole> {
      rejectCommon(password);
      const now = clock.now();
      const userId = await repo.consumeResetToken(hashToken(token), now);
      const found = userId ? await repo.findById(userId) : null;
      if (!found) throw badRequest(MESSAGES.resetInvalid);
      await repo.setPassword(found.user.id, await hashPassword(password), now);
      await repo.expireResetTokens(found.user.id, now);
      await repo.revokeAllForUser(found.user.id, now);
      return found;
    },

    async changePassword(caller: Caller, input: { userName: string; oldPassword: string; password: string }): Promise<UserWithRole> {
      if (input.userName && input.userName !== caller.userName) throw forbidden(MESSAGES.notYourAccount);
      const found = await repo.findById(caller.userId);
      if (!found) throw notFound(MESSAGES.userNotFound);
      if (!(await verifyPassword(found.user.passwordHash, input.oldPassword))) {
        throw badRequest(MESSAGES.wrongCurrentPassword, [{ field: 'oldPassword', message: MESSAGES.wrongCurrentPassword }]);
      }
      rejectCommon(input.password);
      const now = clock.now();
      await repo.setPassword(found.user.id, await hashPassword(input.password), now);
      await repo.revokeAllForUser(found.user.id, now, caller.sessionId);
      return found;
    },

    async permissions() {
      const rows = await repo.allPermissions();
      return rows.map((p) => ({ id: p.id, name: p.name, permissionGroupingName: p.groupingName, userTypeName: p.userTypeName }));
    },
  };
}

export type AuthenticationService = ReturnType<typeof createAuthenticationService>;
