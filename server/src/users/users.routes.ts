// Manage Users endpoints (spec 002 §2.5, §7 "Users and roles").
import type { Hono } from 'hono';
import { USER_MESSAGES, activateDeactivateUser, createAdminUser, getUserInfoByInstitutionId, updateUserInfo } from '@rivet/shared/api/users';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { UsersService } from './users.service';

export function registerUsersRoutes(app: Hono<AppEnv>, service: UsersService): void {
  bind(app, getUserInfoByInstitutionId, async ({ query, caller }) => ({ data: await service.list(caller, query) }));
  bind(app, createAdminUser, async ({ body, caller, audit }) => ({ data: await service.create(caller, audit, body), description: USER_MESSAGES.created }));
  bind(app, updateUserInfo, async ({ query, caller, audit }) => ({ data: await service.update(caller, audit, query), description: USER_MESSAGES.updated }));
  bind(app, activateDeactivateUser, async ({ query, caller, audit }) => {
    const user = await service.setActive(caller, audit, query.id, query.isActive);
    return { data: user, description: user.isActive ? USER_MESSAGES.activated : USER_MESSAGES.deactivated };
  });
}
