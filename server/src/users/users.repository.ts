// Staff users for Manage Users (Drizzle only; the rules are in users.service.ts).
import { and, asc, count, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { containing, raiseSessionVersions } from '../db/shared-queries';

export interface StaffUserRow {
  id: string;
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  phoneNumber: string | null;
  isActive: boolean;
  mustChangePassword: boolean;
  roleId: number;
  roleName: string;
  roleType: number;
  institutionId: number | null;
  institutionName: string | null;
  profilePixUrl: string | null;
}

export interface StaffUserFilters {
  /** One institution's staff; every institution's when null. */
  institutionId: number | null;
  search: string;
  isActive?: boolean;
  page: number;
  pageSize: number;
}


export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function createUsersRepository(db: Database, options: { studentRoleId: number; superAdminRoleId: number }) {
  const staffOnly = and(ne(t.users.roleId, options.studentRoleId), isNull(t.users.deletedAt));

  const columns = {
    id: t.users.id,
    firstName: t.users.firstName,
    lastName: t.users.lastName,
    userName: t.users.userName,
    email: t.users.email,
    phoneNumber: t.users.phoneNumber,
    isActive: t.users.isActive,
    mustChangePassword: t.users.mustChangePassword,
    roleId: t.roles.id,
    roleName: t.roles.name,
    roleType: t.roles.roleType,
    institutionId: t.users.institutionId,
    institutionName: t.institutions.name,
    profilePixUrl: t.staffProfiles.profilePixUrl,
  };

  const selectUsers = (handle: Database) =>
    handle
      .select(columns)
      .from(t.users)
      .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
      .leftJoin(t.institutions, eq(t.institutions.id, t.users.institutionId))
      .leftJoin(t.staffProfiles, eq(t.staffProfiles.userId, t.users.id));

  async function findIn(handle: Database, id: string): Promise<StaffUserRow | null> {
    const [row] = await selectUsers(handle).where(and(eq(t.users.id, id), staffOnly)).limit(1);
    return row ?? null;
  }

  /**
   * Locks every active SUPER ADMIN (in id order, so two changes wait for each other instead of
   * deadlocking) and says whether `userId` is the only one left.
   */
  async function isLastActiveSuperAdmin(tx: Database, userId: string): Promise<boolean> {
    const rows = await tx
      .select({ id: t.users.id })
      .from(t.users)
      .where(and(eq(t.users.roleId, options.superAdminRoleId), eq(t.users.isActive, true), isNull(t.users.deletedAt)))
      .orderBy(asc(t.users.id))
      .for('update');
    return rows.length <= 1 && rows.some((r) => r.id === userId);
  }

  return {
    async list(filters: StaffUserFilters): Promise<{ rows: StaffUserRow[]; total: number }> {
      const conditions: (SQL | undefined)[] = [staffOnly];
      if (filters.institutionId !== null) conditions.push(eq(t.users.institutionId, filters.institutionId));
      if (filters.isActive !== undefined) conditions.push(eq(t.users.isActive, filters.isActive));
      if (filters.search) {
        const like = containing(filters.search);
        conditions.push(
          or(
            ilike(t.users.firstName, like),
            ilike(t.users.lastName, like),
            ilike(t.users.userName, like),
            ilike(t.users.email, like),
            sql`(${t.users.firstName} || ' ' || ${t.users.lastName}) ilike ${like}`,
          ),
        );
      }
      const where = and(...conditions);
      const [rows, [totals]] = await Promise.all([
        selectUsers(db)
          .where(where)
          .orderBy(sql`lower(${t.users.firstName})`, sql`lower(${t.users.lastName})`, asc(t.users.userName))
          .limit(filters.pageSize)
          .offset((filters.page - 1) * filters.pageSize),
        db.select({ total: count() }).from(t.users).where(where),
      ]);
      return { rows, total: Number(totals?.total ?? 0) };
    },

    find: (id: string) => findIn(db, id),

    async institution(id: number) {
      const [row] = await db
        .select({ id: t.institutions.id, name: t.institutions.name, fullName: t.institutions.fullName, code: t.institutions.code, isPlatform: t.institutions.isPlatform })
        .from(t.institutions)
        .where(eq(t.institutions.id, id))
        .limit(1);
      return row ?? null;
    },

    async role(id: number) {
      const [row] = await db.select({ id: t.roles.id, name: t.roles.name, roleType: t.roles.roleType, isActive: t.roles.isActive }).from(t.roles).where(eq(t.roles.id, id)).limit(1);
      return row ?? null;
    },

    /** Any account (staff or learner) already uses this as its user name. */
    async userNameTaken(userName: string): Promise<boolean> {
      const rows = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.userName, userName)).limit(1);
      return rows.length > 0;
    },

    /** Any account already uses this address (as its e-mail, or a learner's user name). */
    async emailTaken(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: t.users.id })
        .from(t.users)
        .where(or(eq(t.users.email, email), eq(t.users.userName, email)))
        .limit(1);
      return rows.length > 0;
    },

    /** The user, their (empty) staff profile and the audit row, together. */
    create(
      values: { userName: string; email: string; firstName: string; lastName: string; phoneNumber: string | null; passwordHash: string; roleId: number; institutionId: number },
      audit: (id: string) => AuditRow,
    ): Promise<StaffUserRow> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(t.users)
          .values({ ...values, mustChangePassword: true })
          .returning({ id: t.users.id });
        await tx.insert(t.staffProfiles).values({ userId: user!.id });
        await tx.insert(t.auditTrail).values(audit(user!.id));
        return (await findIn(tx, user!.id))!;
      });
    },

    /** Null when the change would take the role from the last active SUPER ADMIN (nothing is written). */
    update(
      id: string,
      changes: { firstName: string; lastName: string; phoneNumber: string | null; roleId: number },
      at: Date,
      auditRow: AuditRow,
    ): Promise<StaffUserRow | null> {
      return db.transaction(async (tx) => {
        if (changes.roleId !== options.superAdminRoleId && (await isLastActiveSuperAdmin(tx, id))) return null;
        // A new role: tokens naming the old one are refused from the next request (decision 084).
        const [before] = await tx.select({ roleId: t.users.roleId }).from(t.users).where(eq(t.users.id, id)).for('update');
        await tx.update(t.users).set({ ...changes, updatedAt: at }).where(eq(t.users.id, id));
        if (before && before.roleId !== changes.roleId) await raiseSessionVersions(tx, eq(t.users.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return findIn(tx, id);
      });
    },

    /**
     * Deactivating also revokes every refresh token of the user in the same transaction, so no
     * session can be renewed once the change is committed. Null when it would deactivate the last
     * active SUPER ADMIN (nothing is written).
     */
    setActive(id: string, isActive: boolean, at: Date, auditRow: AuditRow): Promise<StaffUserRow | null> {
      return db.transaction(async (tx) => {
        if (!isActive && (await isLastActiveSuperAdmin(tx, id))) return null;
        await tx.update(t.users).set({ isActive, updatedAt: at }).where(eq(t.users.id, id));
        if (!isActive) {
          await tx
            .update(t.refreshTokens)
            .set({ revokedAt: at })
            .where(and(eq(t.refreshTokens.userId, id), isNull(t.refreshTokens.revokedAt)));
          // And the access tokens already issued, from the next request (decision 084).
          await raiseSessionVersions(tx, eq(t.users.id, id));
        }
        await tx.insert(t.auditTrail).values(auditRow);
        return findIn(tx, id);
      });
    },
  };
}
