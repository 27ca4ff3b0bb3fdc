// Roles and their permissions (Drizzle only; the rules are in roles.service.ts).
import { and, asc, count, eq, ilike, inArray, max, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { raiseSessionVersions } from '../db/shared-queries';

export interface RoleRow {
  id: number;
  name: string;
  roleType: number;
  isActive: boolean;
  permissionIds: number[];
}

export interface RoleFilters {
  /** Only these role types; all when absent. */
  roleType?: number;
  /** Never listed (the learner role). */
  excludeIds: readonly number[];
  search: string;
  page: number;
  pageSize: number;
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;

export function createRolesRepository(db: Database) {
  async function permissionIdsOf(handle: Database, roleIds: number[]): Promise<Map<number, number[]>> {
    const byRole = new Map<number, number[]>(roleIds.map((id) => [id, []]));
    if (roleIds.length === 0) return byRole;
    const rows = await handle
      .select({ roleId: t.rolePermissions.roleId, permissionId: t.rolePermissions.permissionId })
      .from(t.rolePermissions)
      .where(inArray(t.rolePermissions.roleId, roleIds))
      .orderBy(asc(t.rolePermissions.permissionId));
    for (const r of rows) byRole.get(r.roleId)?.push(r.permissionId);
    return byRole;
  }

  async function findIn(handle: Database, id: number): Promise<RoleRow | null> {
    const [role] = await handle.select().from(t.roles).where(eq(t.roles.id, id));
    if (!role) return null;
    const permissions = await permissionIdsOf(handle, [id]);
    return { id: role.id, name: role.name, roleType: role.roleType, isActive: role.isActive, permissionIds: permissions.get(id) ?? [] };
  }

  async function replacePermissions(tx: Database, roleId: number, permissionIds: readonly number[]) {
    await tx.delete(t.rolePermissions).where(eq(t.rolePermissions.roleId, roleId));
    if (permissionIds.length) await tx.insert(t.rolePermissions).values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
  }

  return {
    async search(filters: RoleFilters): Promise<{ rows: RoleRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filters.excludeIds.length) conditions.push(notInArray(t.roles.id, [...filters.excludeIds]));
      if (filters.roleType !== undefined) conditions.push(eq(t.roles.roleType, filters.roleType));
      if (filters.search) conditions.push(ilike(t.roles.name, `%${filters.search.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`));
      const where = and(...conditions);
      const [roles, [totals]] = await Promise.all([
        db
          .select()
          .from(t.roles)
          .where(where)
          .orderBy(asc(t.roles.name))
          .limit(filters.pageSize)
          .offset((filters.page - 1) * filters.pageSize),
        db.select({ total: count() }).from(t.roles).where(where),
      ]);
      const permissions = await permissionIdsOf(db, roles.map((r) => r.id));
      return {
        rows: roles.map((r) => ({ id: r.id, name: r.name, roleType: r.roleType, isActive: r.isActive, permissionIds: permissions.get(r.id) ?? [] })),
        total: Number(totals?.total ?? 0),
      };
    },

    find: (id: number) => findIn(db, id),

    /** Active roles for a pick list, by name; of one type when given. */
    activeOptions(filters: { roleType?: number; excludeIds: readonly number[] }) {
      const conditions: SQL[] = [eq(t.roles.isActive, true)];
      if (filters.excludeIds.length) conditions.push(notInArray(t.roles.id, [...filters.excludeIds]));
      if (filters.roleType !== undefined) conditions.push(eq(t.roles.roleType, filters.roleType));
      return db
        .select({ id: t.roles.id, name: t.roles.name, roleType: t.roles.roleType })
        .from(t.roles)
        .where(and(...conditions))
        .orderBy(asc(t.roles.name));
    },

    /** Another role with this name, compared without regard to case. */
    async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
      const conditions: SQL[] = [sql`lower(${t.roles.name}) = lower(${name})`];
      if (exceptId !== null) conditions.push(ne(t.roles.id, exceptId));
      const rows = await db.select({ id: t.roles.id }).from(t.roles).where(and(...conditions)).limit(1);
      return rows.length > 0;
    },

    permissionsByIds(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(t.permissions).where(inArray(t.permissions.id, [...ids]));
    },

    /** Role ids are not serial (the seeded ones are fixed), so a new role takes the next one. */
    create(values: { name: string; roleType: number; permissionIds: readonly number[] }, audit: (id: number) => AuditRow) {
      return db.transaction(async (tx) => {
        const [top] = await tx.select({ id: max(t.roles.id) }).from(t.roles);
        const id = (top?.id ?? 0) + 1;
        await tx.insert(t.roles).values({ id, name: values.name, roleType: values.roleType });
        await replacePermissions(tx, id, values.permissionIds);
        await tx.insert(t.auditTrail).values(audit(id));
        return (await findIn(tx, id))!;
      });
    },

    update(id: number, values: { name: string; permissionIds: readonly number[] }, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        await tx.update(t.roles).set({ name: values.name }).where(eq(t.roles.id, id));
        await replacePermissions(tx, id, values.permissionIds);
        // The role's holders carry its name and permissions in their tokens: refused from the next request (decision 084).
        await raiseSessionVersions(tx, eq(t.users.roleId, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },

    setActive(id: number, isActive: boolean, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        await tx.update(t.roles).set({ isActive }).where(eq(t.roles.id, id));
        // A deactivated role's holders stop at their next request, not at their token's expiry (decision 084).
        if (!isActive) await raiseSessionVersions(tx, eq(t.users.roleId, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },
  };
}
