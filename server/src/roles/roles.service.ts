// Role Management's rules (spec 002 §2.6, §5 "Role", §6). Built-in roles keep their meaning: the
// console and the server recognise them by name, so they keep it; SUPER ADMIN keeps every
// permission and cannot be deactivated, so the platform can never lock out its last super admin.
import { ROLE_MESSAGES, type Role, type RoleOption } from '@rivet/shared/api/roles';
import { ROLES, ROLE_NAMES, ROLE_TYPE, STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import type { Audit } from '../audit/audit';
import type { Caller } from '../http/context';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import type { RoleRow, RolesRepository } from './roles.repository';
import { violatedUnique } from '../db/errors';

const BUILT_IN = new Map(ROLES.map((r) => [r.id, r.name]));
const SUPER_ADMIN_ID = ROLES.find((r) => r.name === ROLE_NAMES.superAdmin)!.id;
const TYPE_NAME: Record<number, string> = { [ROLE_TYPE.Rivet]: 'Rivet', [ROLE_TYPE.Institution]: 'Institution' };

/** A super admin manages every staff role; anyone else only institution roles. */
const isSuperAdmin = (caller: Caller) => caller.role === ROLE_NAMES.superAdmin;
const mayReach = (caller: Caller, roleType: number) => isSuperAdmin(caller) || roleType === ROLE_TYPE.Institution;

/** The permission's user types ('Rivet,Institution') include the role's type. */
export const permissionFitsRoleType = (userTypeName: string, roleType: number) =>
  userTypeName.split(',').map((s) => s.trim()).includes(TYPE_NAME[roleType] ?? '');

function toRole(row: RoleRow): Role {
  return {
    id: row.id,
    roleName: row.name,
    name: row.name,
    roleType: row.roleType,
    isActive: row.isActive,
    builtIn: BUILT_IN.has(row.id),
    permission: row.permissionIds.join(','),
    permissionId: row.permissionIds,
  };
}

export type RolesService = ReturnType<typeof createRolesService>;

export function createRolesService(deps: { repo: RolesRepository }) {
  const { repo } = deps;

  /** The role, if the caller may see it; the learner role is not a staff role and is never managed here. */
  async function reachable(caller: Caller, roleId: number): Promise<RoleRow> {
    const row = roleId === STUDENT_ROLE_ID ? null : await repo.find(roleId);
    if (!row || !mayReach(caller, row.roleType)) throw notFound(ROLE_MESSAGES.notFound);
    return row;
  }

  return {
    async search(caller: Caller, query: { pageNumber: number; pageSize: number; search: string }) {
      const { rows, total } = await repo.search({
        roleType: isSuperAdmin(caller) ? undefined : ROLE_TYPE.Institution,
        excludeIds: [STUDENT_ROLE_ID],
        search: query.search,
        page: query.pageNumber,
        pageSize: query.pageSize,
      });
      return { items: rows.map(toRole), totalRows: total };
    },

    /** The user form's role list: a super admin may give any staff role, anyone else institution roles. */
    async options(caller: Caller, roleType: number | undefined): Promise<RoleOption[]> {
      if (!isSuperAdmin(caller) && roleType === ROLE_TYPE.Rivet) return [];
      return repo.activeOptions({ roleType: isSuperAdmin(caller) ? roleType : ROLE_TYPE.Institution, excludeIds: [STUDENT_ROLE_ID] });
    },

    async get(caller: Caller, roleId: number): Promise<Role> {
      return toRole(await reachable(caller, roleId));
    },

    async save(
      caller: Caller,
      audit: Audit,
      input: { roleId?: number | null; roleType: number; name: string; permissionId: number[] },
    ): Promise<{ role: Role; created: boolean }> {
      const permissionIds = [...new Set(input.permissionId)].sort((a, b) => a - b);
      const existing = input.roleId ? await reachable(caller, input.roleId) : null;
      if (existing && existing.roleType !== input.roleType) throw badRequest(ROLE_MESSAGES.typeFixed, [{ field: 'roleType', message: ROLE_MESSAGES.typeFixed }]);
      if (!existing && !mayReach(caller, input.roleType)) throw forbidden(ROLE_MESSAGES.platformOnly);

      const permissions = await repo.permissionsByIds(permissionIds);
      const unfit = permissionIds.filter((id) => {
        const p = permissions.find((x) => x.id === id);
        return !p || !permissionFitsRoleType(p.userTypeName, input.roleType);
      });
      if (unfit.length) throw badRequest(ROLE_MESSAGES.permissionType, [{ field: 'permissionId', message: `${ROLE_MESSAGES.permissionType}: ${unfit.join(', ')}` }]);

      if (existing) {
        const builtInName = BUILT_IN.get(existing.id);
        if (builtInName && input.name !== builtInName) throw badRequest(ROLE_MESSAGES.builtInName, [{ field: 'name', message: ROLE_MESSAGES.builtInName }]);
        if (existing.id === SUPER_ADMIN_ID && existing.permissionIds.some((id) => !permissionIds.includes(id))) {
          throw badRequest(ROLE_MESSAGES.superAdminPermissions, [{ field: 'permissionId', message: ROLE_MESSAGES.superAdminPermissions }]);
        }
      }
      if (await repo.nameTaken(input.name, existing?.id ?? null)) throw conflict(ROLE_MESSAGES.nameTaken(input.name));

      // Two saves at once: the name's index decides (decision 082). A new role's id is the next
      // one, so two creates of different names may pick the same id: the later one tries again.
      for (let attempt = 1; ; attempt++) {
        try {
          if (existing) {
            const row = await repo.update(existing.id, { name: input.name, permissionIds }, audit.row(existing.id, `Updated role ${input.name} (${permissionIds.length} permissions)`));
            return { role: toRole(row), created: false };
          }
          const row = await repo.create({ name: input.name, roleType: input.roleType, permissionIds }, (id) =>
            audit.row(id, `Created ${TYPE_NAME[input.roleType]} role ${input.name} (${permissionIds.length} permissions)`),
          );
          return { role: toRole(row), created: true };
        } catch (e) {
          const index = violatedUnique(e);
          if (index === 'roles_name_key') throw conflict(ROLE_MESSAGES.nameTaken(input.name));
          if (index === 'roles_pkey' && !existing && attempt < 20) continue;
          if (index !== null) throw conflict('Another change was saved at the same time; please try again.');
          throw e;
        }
      }
    },

    async setActive(caller: Caller, audit: Audit, roleId: number, isActive: boolean): Promise<Role> {
      const existing = await reachable(caller, roleId);
      if (!isActive && existing.id === SUPER_ADMIN_ID) throw badRequest(ROLE_MESSAGES.superAdminActive);
      const row = await repo.setActive(existing.id, isActive, audit.row(existing.id, `${isActive ? 'Activated' : 'Deactivated'} role ${existing.name}`));
      return toRole(row);
    },
  };
}
