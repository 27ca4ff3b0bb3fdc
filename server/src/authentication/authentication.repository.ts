// Drizzle queries for accounts and sessions. Rows stay on the server: the service maps them.
import { and, count, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { DATA_REQUEST_KIND, DATA_REQUEST_STATUS, maskEmail } from '@rivet/shared/api/privacy';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { activeCourseCount } from '../db/shared-queries';

export type UserRow = typeof t.users.$inferSelect;

export interface UserWithRole {
  user: UserRow;
  role: { id: number; name: string; roleType: number; isActive: boolean };
  institution: { id: number; name: string; code: string; logoUrl: string | null; isActive: boolean } | null;
  studentProfileId: number | null;
  staffProfileId: number | null;
  profilePix: string | null;
}

/** What a learner may change about themselves (null clears). */
export type StudentUserChanges = Partial<Pick<UserRow, 'firstName' | 'lastName' | 'phoneNumber'>>;
export type StudentProfileChanges = Partial<
  Pick<typeof t.studentProfiles.$inferInsert, 'age' | 'countryCode' | 'organization' | 'jobTitle' | 'profilePixUrl' | 'facebook' | 'twitter' | 'youtube' | 'linkedin'>
>;

export type StaffUserChanges = Partial<Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'phoneNumber'>>;
export type StaffProfileChanges = Partial<Omit<typeof t.staffProfiles.$inferInsert, 'id' | 'userId'>>;
export type AuditRow = typeof t.auditTrail.$inferInsert;

export function createAuthenticationRepository(db: Database) {
  async function findWithRole(where: ReturnType<typeof eq>): Promise<UserWithRole | null> {
    const [row] = await db
      .select({
        user: t.users,
        role: { id: t.roles.id, name: t.roles.name, roleType: t.roles.roleType, isActive: t.roles.isActive },
        institution: {
          id: t.institutions.id,
          name: t.institutions.name,
          code: t.institutions.code,
          logoUrl: t.institutions.logoUrl,
          isActive: t.institutions.isActive,
        },
        studentProfileId: t.studentProfiles.id,
        staffProfileId: t.staffProfiles.id,
        studentPix: t.studentProfiles.profilePixUrl,
        staffPix: t.staffProfiles.profilePixUrl,
      })
      .from(t.users)
      .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
      .leftJoin(t.institutions, eq(t.institutions.id, t.users.institutionId))
      .leftJoin(t.studentProfiles, eq(t.studentProfiles.userId, t.users.id))
      .leftJoin(t.staffProfiles, eq(t.staffProfiles.userId, t.users.id))
      .where(where)
      .limit(1);
    if (!row) return null;
    return {
      user: row.user,
      role: row.role,
      institution: row.institution?.id ? row.institution : null,
      studentProfileId: row.studentProfileId,
      staffProfileId: row.staffProfileId,
      profilePix: row.studentPix ?? row.staffPix ?? null,
    };
  }

  return {
    findByUserName: (userName: string) => findWithRole(eq(t.users.userName, userName.toLowerCase())),
    findByEmail: (email: string) => findWithRole(eq(t.users.email, email.toLowerCase())),
    findById: (id: string) => findWithRole(eq(t.users.id, id)),

    async permissionsOfRole(roleId: number): Promise<string[]> {
      const rows = await db
        .select({ name: t.permissions.name })
        .from(t.rolePermissions)
        .innerJoin(t.permissions, eq(t.permissions.id, t.rolePermissions.permissionId))
        .where(eq(t.rolePermissions.roleId, roleId))
        .orderBy(t.permissions.id);
      return rows.map((r) => r.name);
    },

    async allPermissions() {
      return db.select().from(t.permissions).orderBy(t.permissions.id);
    },

    async emailTaken(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: t.users.id })
        .from(t.users)
        .where(sql`${t.users.email} = ${email} or ${t.users.userName} = ${email}`)
        .limit(1);
      return Boolean(row);
    },

    async countryExists(code: string): Promise<boolean> {
      const [row] = await db.select({ id: t.countries.id }).from(t.countries).where(eq(t.countries.code1, code)).limit(1);
      return Boolean(row);
    },

    /** Creates the learner and their profile together; null when the e-mail was taken meanwhile. */
    async createStudent(input: {
      email: string;
      firstName: string;
      lastName: string;
      middleName: string;
      passwordHash: string;
      roleId: number;
      age: string;
      countryCode: string;
    }): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(t.users)
          .values({
            userName: input.email,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            middleName: input.middleName,
            passwordHash: input.passwordHash,
            roleId: input.roleId,
          })
          .onConflictDoNothing()
          .returning({ id: t.users.id });
        if (!user) return null;
        await tx.insert(t.studentProfiles).values({ userId: user.id, age: input.age, countryCode: input.countryCode });
        return user.id;
      });
    },

    async recordSignIn(userId: string, at: Date) {
      await db.update(t.users).set({ lastLoginAt: at }).where(eq(t.users.id, userId));
    },

    async setPassword(userId: string, passwordHash: string, at: Date) {
      await db
        .update(t.users)
        // A new password ends what the old one opened: refresh families are revoked by the
        // service, and access tokens already issued are refused from the next request (decision 084).
        .set({ passwordHash, mustChangePassword: false, passwordChangedAt: at, updatedAt: at, sessionVersion: sql`${t.users.sessionVersion} + 1` })
        .where(eq(t.users.id, userId));
    },

    async insertRefreshToken(row: typeof t.refreshTokens.$inferInsert) {
      await db.insert(t.refreshTokens).values(row);
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db.select().from(t.refreshTokens).where(eq(t.refreshTokens.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },

    /** Marks the token used, unless another request already did: true when this call won. */
    async markRefreshTokenUsed(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(t.refreshTokens)
        .set({ usedAt: at })
        .where(and(eq(t.refreshTokens.id, id), isNull(t.refreshTokens.usedAt)))
        .returning({ id: t.refreshTokens.id });
      return rows.length === 1;
    },

    async revokeFamily(familyId: string, at: Date) {
      await db
        .update(t.refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(t.refreshTokens.familyId, familyId), isNull(t.refreshTokens.revokedAt)));
    },

    async revokeAllForUser(userId: string, at: Date, exceptFamily?: string) {
      const conditions = [eq(t.refreshTokens.userId, userId), isNull(t.refreshTokens.revokedAt)];
      if (exceptFamily) conditions.push(sql`${t.refreshTokens.familyId} <> ${exceptFamily}`);
      await db.update(t.refreshTokens).set({ revokedAt: at }).where(and(...conditions));
    },

    /**
     * Stores a reset token unless the user was given one after `notSince`; false when one was.
     * The user's row is locked so that requests racing each other issue one token, not several.
     */
    async issueResetToken(row: typeof t.passwordResetTokens.$inferInsert & { createdAt: Date }, notSince: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.id, row.userId)).for('update');
        const [recent] = await tx
          .select({ id: t.passwordResetTokens.id })
          .from(t.passwordResetTokens)
          .where(and(eq(t.passwordResetTokens.userId, row.userId), sql`${t.passwordResetTokens.createdAt} > ${notSince.toISOString()}`))
          .limit(1);
        if (recent) return false;
        await tx.insert(t.passwordResetTokens).values(row);
        return true;
      });
    },

    /** Consumes an unexpired, unused reset token once; returns its user id. */
    async consumeResetToken(tokenHash: string, at: Date): Promise<string | null> {
      const rows = await db
        .update(t.passwordResetTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(t.passwordResetTokens.tokenHash, tokenHash),
            isNull(t.passwordResetTokens.usedAt),
            sql`${t.passwordResetTokens.expiresAt} > ${at.toISOString()}`,
          ),
        )
        .returning({ userId: t.passwordResetTokens.userId });
      return rows[0]?.userId ?? null;
    },

    /** Once a link has been used, the user's other links are useless. */
    async expireResetTokens(userId: string, at: Date) {
      await db
        .update(t.passwordResetTokens)
        .set({ usedAt: at })
        .where(and(eq(t.passwordResetTokens.userId, userId), isNull(t.passwordResetTokens.usedAt)));
    },

    async studentProfile(userId: string) {
      const [row] = await db
        .select({ user: t.users, profile: t.studentProfiles, countryName: t.countries.countryName })
        .from(t.users)
        .innerJoin(t.studentProfiles, eq(t.studentProfiles.userId, t.users.id))
        .leftJoin(t.countries, eq(t.countries.code1, t.studentProfiles.countryCode))
        .where(eq(t.users.id, userId))
        .limit(1);
      return row ?? null;
    },

    /** Changes the learner's own fields on the user row and on their profile together. */
    async updateStudentProfile(userId: string, changes: { user: StudentUserChanges; profile: StudentProfileChanges }, at: Date) {
      await db.transaction(async (tx) => {
        if (Object.keys(changes.user).length) await tx.update(t.users).set({ ...changes.user, updatedAt: at }).where(eq(t.users.id, userId));
        else await tx.update(t.users).set({ updatedAt: at }).where(eq(t.users.id, userId));
        if (Object.keys(changes.profile).length) await tx.update(t.studentProfiles).set(changes.profile).where(eq(t.studentProfiles.userId, userId));
      });
    },

    /**
     * Account deletion (docs/decisions/009): one transaction that removes what identifies the
     * learner and keeps the rows that partners' reports and the accounts need (enrolments,
     * payments, progress, quiz attempts), now pointing at an anonymous user.
     */
    async anonymiseStudent(userId: string, replacement: { identifier: string; passwordHash: string }, at: Date) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, userId)).for('update');
        await tx
          .update(t.users)
          .set({
            firstName: 'Deleted',
            lastName: 'learner',
            middleName: '',
            userName: replacement.identifier,
            email: replacement.identifier,
            phoneNumber: null,
            passwordHash: replacement.passwordHash,
            isActive: false,
            mustChangePassword: false,
            deletedAt: at,
            updatedAt: at,
            // The access token in the learner's hands stops working now, not at its expiry (decision 084).
            sessionVersion: sql`${t.users.sessionVersion} + 1`,
          })
          .where(eq(t.users.id, userId));
        await tx
          .update(t.studentProfiles)
          .set({ age: null, countryCode: null, organization: null, jobTitle: null, profilePixUrl: null, facebook: null, twitter: null, youtube: null, linkedin: null })
          .where(eq(t.studentProfiles.userId, userId));
        await tx.update(t.refreshTokens).set({ revokedAt: at }).where(and(eq(t.refreshTokens.userId, userId), isNull(t.refreshTokens.revokedAt)));
        await tx.delete(t.passwordResetTokens).where(eq(t.passwordResetTokens.userId, userId));
        await tx
          .update(t.certificates)
          .set({ learnerName: null, withdrawnAt: sql`coalesce(${t.certificates.withdrawnAt}, ${at.toISOString()}::timestamptz)` })
          .where(eq(t.certificates.userId, userId));
        // Mail kept for the admin to read carries the learner's address and name.
        if (before) await tx.delete(t.emailOutbox).where(eq(t.emailOutbox.recipient, before.email));
        // The erasure is a data request staff answer for (decision 090): logged with a masked
        // address and no link to the anonymised row, in the same transaction as the erasure.
        if (before) {
          await tx.insert(t.dataRequests).values({ kind: DATA_REQUEST_KIND.deletion, userId: null, subject: maskEmail(before.email), status: DATA_REQUEST_STATUS.completed, requestedAt: at, completedAt: at });
        }
      });
    },

    /** Another account already uses this address (as its e-mail or its user name). */
    async emailTakenByOther(email: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: t.users.id })
        .from(t.users)
        .where(and(ne(t.users.id, userId), sql`(${t.users.email} = ${email} or ${t.users.userName} = ${email})`))
        .limit(1);
      return Boolean(row);
    },

    /** Courses a learner can find now, one partner's or all: the dashboard's Active Courses too. */
    liveCourseCount(institutionId: number | null, now: Date): Promise<number> {
      return activeCourseCount(db, institutionId, now);
    },

    /**
     * The profile's Notifications figure (decision 088): in-app notifications not yet past — the
     * Notification Manager's Current tab (current and upcoming, active or not), platform-wide as
     * the notifications are.
     */
    async currentNotificationCount(now: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(t.inAppNotifications).where(gte(t.inAppNotifications.endDate, now));
      return Number(row?.n ?? 0);
    },

    /** A staff member's own edit: user row, profile row and its audit row in one transaction. */
    async updateStaffProfile(userId: string, changes: { user: StaffUserChanges; profile: StaffProfileChanges }, at: Date, audit: AuditRow) {
      await db.transaction(async (tx) => {
        await tx.update(t.users).set({ ...changes.user, updatedAt: at }).where(eq(t.users.id, userId));
        if (Object.keys(changes.profile).length) await tx.update(t.staffProfiles).set(changes.profile).where(eq(t.staffProfiles.userId, userId));
        await tx.insert(t.auditTrail).values(audit);
      });
    },

    async staffProfile(userId: string) {
      const [row] = await db
        .select({
          user: t.users,
          profile: t.staffProfiles,
          role: { id: t.roles.id, name: t.roles.name, roleType: t.roles.roleType },
          institution: { id: t.institutions.id, name: t.institutions.name, code: t.institutions.code },
        })
        .from(t.users)
        .innerJoin(t.staffProfiles, eq(t.staffProfiles.userId, t.users.id))
        .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
        .leftJoin(t.institutions, eq(t.institutions.id, t.users.institutionId))
        .where(eq(t.users.id, userId))
        .limit(1);
      return row ?? null;
    },
  };
}

export type AuthenticationRepository = ReturnType<typeof createAuthenticationRepository>;
