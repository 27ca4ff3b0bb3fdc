import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import * as auth from '@rivet/shared/api/authentication';
import * as profile from '@rivet/shared/api/profile';
import * as adminProfile from '@rivet/shared/api/admin-profile';
import { recordAudit } from '../audit/audit';
import type { Database } from '../db/client';
import { bind } from '../http/bind';
import { AppError } from '../http/errors';
import type { AppEnv } from '../http/context';
import type { AuthenticationService, RequestMeta, SignInResult } from './authentication.service';
import { MESSAGES } from './authentication.service';

export const REFRESH_COOKIE_PATH = '/api/Authentication/Account';
export const refreshCookieName = (app: auth.AppName) => `rivet_rt_${app}`;

export interface AuthenticationRoutesDeps {
  service: AuthenticationService;
  db: Database;
  secureCookies: boolean;
}

const meta = (c: Context<AppEnv>): RequestMeta => ({ ip: c.get('ip'), userAgent: c.req.header('user-agent') ?? null });

export function registerAuthenticationRoutes(app: Hono<AppEnv>, deps: AuthenticationRoutesDeps): void {
  const { service, db } = deps;

  const setRefreshCookie = (c: Context<AppEnv>, appName: auth.AppName, result: SignInResult) => {
    setCookie(c, refreshCookieName(appName), result.refreshToken, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      secure: deps.secureCookies,
      sameSite: 'Strict',
      expires: result.refreshExpiresAt,
    });
  };
  const clearRefreshCookie = (c: Context<AppEnv>, appName: auth.AppName) =>
    deleteCookie(c, refreshCookieName(appName), { path: REFRESH_COOKIE_PATH, secure: deps.secureCookies });

  bind(app, auth.studentSignIn, async ({ body, c }) => {
    const result = await service.signIn('learner', body.userName, body.password, meta(c));
    setRefreshCookie(c, 'learner', result);
    return { data: result.session, description: 'Login successfully' };
  });

  bind(app, auth.adminSignIn, async ({ body, c }) => {
    const result = await service.signIn('admin', body.userName, body.password, meta(c));
    setRefreshCookie(c, 'admin', result);
    const s = result.session;
    await recordAudit(db, c, {
      userId: s.userId,
      userName: s.userName,
      institutionId: s.institutionId,
      moduleName: 'Authentication',
      moduleAction: 'SignIn',
      record: s.userId,
      description: `${s.userName} signed in`,
    });
    return { data: s, description: 'Login successfully' };
  });

  bind(app, auth.refreshToken, async ({ body, c }) => {
    try {
      const result = await service.refresh(body.app, getCookie(c, refreshCookieName(body.app)), meta(c));
      setRefreshCookie(c, body.app, result);
      return { data: result.session };
    } catch (error) {
      if (error instanceof AppError && error.status === 401) clearRefreshCookie(c, body.app);
      throw error;
    }
  });

  bind(app, auth.signOut, async ({ body, c }) => {
    await service.signOut(getCookie(c, refreshCookieName(body.app)));
    clearRefreshCookie(c, body.app);
    return { data: null, description: 'Signed out' };
  });

  bind(app, auth.register, async ({ body, c }) => {
    const result = await service.register(body, meta(c));
    setRefreshCookie(c, 'learner', result);
    return { data: result.session, description: MESSAGES.studentCreated };
  });

  bind(app, auth.forgotPassword, async ({ body, c }) => {
    await service.forgotPassword(body.userName, body.student, meta(c));
    return { data: null, description: MESSAGES.resetRequested };
  });

  bind(app, auth.resetPassword, async ({ body, c }) => {
    const found = await service.resetPassword(body.token, body.password);
    if (found.role.id !== STUDENT_ROLE_ID) {
      await recordAudit(db, c, {
        userId: found.user.id,
        userName: found.user.userName,
        institutionId: found.user.institutionId,
        moduleName: 'Authentication',
        moduleAction: 'ResetPassword',
        record: found.user.id,
        description: `${found.user.userName} reset their password with an e-mailed link`,
      });
    }
    return { data: null, description: MESSAGES.passwordChanged };
  });

  bind(app, auth.changePassword, async ({ body, caller, c }) => {
    const found = await service.changePassword(caller, body);
    if (found.role.id !== STUDENT_ROLE_ID) {
      await recordAudit(db, c, {
        userId: caller.userId,
        userName: caller.userName,
        institutionId: caller.institutionId,
        moduleName: 'Authentication',
        moduleAction: 'ChangePassword',
        record: caller.userId,
        description: `${caller.userName} changed their password`,
      });
    }
    return { data: null, description: MESSAGES.passwordChanged };
  });

  bind(app, auth.getAllPermissions, async () => ({ data: await service.permissions() }));

  bind(app, auth.getStudentByUserId, async ({ query, caller }) => ({ data: await service.studentProfile(caller, query.userId) }));

  bind(app, profile.updateStudentProfile, async ({ body, files, caller }) => ({
    data: await service.updateStudentProfile(caller, body, files['UpdateProfiles.ProfilePix']),
    description: MESSAGES.profileUpdated,
  }));

  bind(app, profile.updateStudentSocial, async ({ body, caller }) => ({
    data: await service.updateStudentSocial(caller, body),
    description: MESSAGES.socialUpdated,
  }));

  bind(app, profile.deleteStudentAccount, async ({ body, caller, c }) => {
    await service.deleteStudentAccount(caller, body.password, meta(c));
    clearRefreshCookie(c, 'learner');
    return { data: { deleted: true }, description: MESSAGES.accountDeleted };
  });

  bind(app, auth.getAdminByUserId, async ({ query, caller }) => ({ data: await service.adminProfile(caller, query.userId) }));

  // Audited in the service, in the change's own transaction.
  bind(app, adminProfile.updateAdminUser, async ({ body, files, caller, audit }) => ({
    data: await service.updateAdminUser(caller, body, files.ProfilePix, audit),
    description: adminProfile.ADMIN_PROFILE_MESSAGES.updated,
  }));
}

