// Authentication service: Role Management (spec 002 §2.6, §5 "Role", §6, §7 RolePermissionManager).
// Kept apart from authentication.ts, which every screen loads with the session.
import * as v from 'valibot';
import { ROLE_TYPE } from '../domain/permissions';
import { defineEndpoint, staffWith } from './contract';
import { MAX_ID, id, queryId, queryInt, required, requiredQueryBoolean, text } from './fields';

export const ROLE_MESSAGES = {
  name: 'Role name is required',
  permission: 'Select at least one permission',
  roleType: 'Choose a role type',
  created: 'Role created successfully',
  updated: 'Role updated successfully',
  saveFailed: 'Failed to create role',
  deactivated: 'Record deactivated',
  activated: 'Record Activated',
  deactivateFailed: 'Failed to deactivate role',
  activateFailed: 'Failed to activate role',
  notFound: 'Role not found',
  typeFixed: 'A role’s type cannot be changed',
  platformOnly: 'Only a super admin can manage Rivet roles',
  superAdminActive: 'The SUPER ADMIN role cannot be deactivated',
  superAdminPermissions: 'The SUPER ADMIN role keeps every permission',
  builtInName: 'A built-in role keeps its name',
  permissionType: 'Some permissions cannot be given to this role type',
  nameTaken: (name: string) => `A role named “${name}” already exists`,
} as const;

export const ROLE_TYPE_LABELS: Record<number, string> = { [ROLE_TYPE.Rivet]: 'Rivet', [ROLE_TYPE.Institution]: 'Institution' };

export const ROLE_NAME_MAX = 60;

export const roleSchema = v.object({
  id: v.number(),
  /** The spec's roleName and name carry the same text. */
  roleName: v.string(),
  name: v.string(),
  roleType: v.number(),
  isActive: v.boolean(),
  /** Built-in roles (seeded) keep their name; SUPER ADMIN also keeps every permission and stays active. */
  builtIn: v.boolean(),
  /** The spec's comma-separated permission ids, and the same as a list. */
  permission: v.string(),
  permissionId: v.array(v.number()),
});
export type Role = v.InferOutput<typeof roleSchema>;

const VIEW = ['viewRole', 'manageRole'] as const;

export const searchRoleDetails = defineEndpoint({
  service: 'Authentication',
  method: 'GET',
  path: 'RolePermissionManager/SearchRoleDetails',
  summary: 'Roles with their permissions, searched by name',
  description:
    'A super admin sees every staff role; anyone else sees institution roles (role type 1) only. The learner role is not managed here. Ordered by name.',
  access: staffWith(...VIEW),
  query: v.object({
    pageNumber: queryInt('pageNumber', 1, 100_000, 1),
    pageSize: queryInt('pageSize', 1, 1000, 1000),
    search: v.optional(text(100), ''),
  }),
  data: v.object({ items: v.array(roleSchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const getRoleDetails = defineEndpoint({
  service: 'Authentication',
  method: 'GET',
  path: 'RolePermissionManager/GetRoleDetails',
  summary: 'One role with its permissions',
  description: 'A role the caller may not see (see SearchRoleDetails) answers 404, as a missing one does.',
  access: staffWith(...VIEW),
  query: v.object({ roleId: queryId('roleId') }),
  data: roleSchema,
  errors: [400, 401, 403, 404],
});

/** The Manage Roles form: a name and at least one permission (spec §5). */
export const roleFormSchema = v.object({
  roleType: v.picklist([ROLE_TYPE.Rivet, ROLE_TYPE.Institution], ROLE_MESSAGES.roleType),
  name: required(ROLE_MESSAGES.name, ROLE_NAME_MAX),
  permissionId: v.pipe(v.array(id('Each permission'), ROLE_MESSAGES.permission), v.minLength(1, ROLE_MESSAGES.permission), v.maxLength(100, ROLE_MESSAGES.permission)),
});

export const createRoleSchema = v.object({
  /** Present when updating. */
  roleId: v.optional(v.nullable(v.pipe(v.number('roleId must be a number'), v.integer(), v.minValue(1), v.maxValue(MAX_ID)))),
  ...roleFormSchema.entries,
});
export type CreateRoleInput = v.InferInput<typeof createRoleSchema>;

export const createRoleAndPermission = defineEndpoint({
  service: 'Authentication',
  method: 'POST',
  path: 'RolePermissionManager/CreateRoleandPermission',
  summary: 'Create a role, or update one when roleId is sent',
  description:
    'Names are unique whatever their case (409). The type is fixed once created. Every permission must be one the role type may hold (its userTypeName names the type). Only a super admin manages Rivet roles. Built-in roles keep their names, and SUPER ADMIN keeps every permission. Written to the audit trail.',
  access: staffWith('manageRole'),
  audit: { module: 'RolePermissionManager', action: 'CreateRoleandPermission' },
  body: createRoleSchema,
  data: roleSchema,
  errors: [400, 401, 403, 404, 409],
});

export const activateDeactivateRole = defineEndpoint({
  service: 'Authentication',
  method: 'DELETE',
  path: 'RolePermissionManager/ActivateDeactivateRole',
  summary: 'Activate (isActive=true) or deactivate (isActive=false) a role',
  description:
    'Staff holding a deactivated role cannot sign in. SUPER ADMIN cannot be deactivated, so the platform is never locked out. Written to the audit trail.',
  access: staffWith('manageRole'),
  audit: { module: 'RolePermissionManager', action: 'ActivateDeactivateRole' },
  query: v.object({ roleId: queryId('roleId'), isActive: requiredQueryBoolean('isActive') }),
  data: roleSchema,
  errors: [400, 401, 403, 404],
});

/** A role as the user form lists it (spec §3 "Role (short)"). */
export const roleOptionSchema = v.object({ id: v.number(), name: v.string(), roleType: v.number() });
export type RoleOption = v.InferOutput<typeof roleOptionSchema>;

export const getAllRoles = defineEndpoint({
  service: 'Authentication',
  method: 'GET',
  path: 'RolePermissionManager/GetAllRoles',
  summary: 'Active staff roles for the user form, optionally of one role type',
  description:
    'A super admin gets every active staff role; anyone else only active institution roles (role type 1), whatever RoleType asks. The learner role is never listed. Ordered by name.',
  access: staffWith('manageuser', 'viewuser', ...VIEW),
  query: v.object({ RoleType: v.optional(v.pipe(v.string(), v.picklist(['0', '1'], 'RoleType must be 0 or 1'), v.toNumber())) }),
  data: v.array(roleOptionSchema),
  errors: [400, 401, 403],
});
