// RolePermissionManager endpoints: Role Management (spec 002 §2.6, §7).
import type { Hono } from 'hono';
import { ROLE_MESSAGES, activateDeactivateRole, createRoleAndPermission, getAllRoles, getRoleDetails, searchRoleDetails } from '@rivet/shared/api/roles';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { RolesService } from './roles.service';

export function registerRolesRoutes(app: Hono<AppEnv>, service: RolesService): void {
  bind(app, searchRoleDetails, async ({ query, caller }) => ({ data: await service.search(caller, query) }));
  bind(app, getAllRoles, async ({ query, caller }) => ({ data: await service.options(caller, query.RoleType) }));
  bind(app, getRoleDetails, async ({ query, caller }) => ({ data: await service.get(caller, query.roleId) }));
  bind(app, createRoleAndPermission, async ({ body, caller, audit }) => {
    const { role, created } = await service.save(caller, audit, body);
    return { data: role, description: created ? ROLE_MESSAGES.created : ROLE_MESSAGES.updated };
  });
  bind(app, activateDeactivateRole, async ({ query, caller, audit }) => {
    const role = await service.setActive(caller, audit, query.roleId, query.isActive);
    return { data: role, description: role.isActive ? ROLE_MESSAGES.activated : ROLE_MESSAGES.deactivated };
  });
}
