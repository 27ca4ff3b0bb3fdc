// Drizzle queries for partner institutions.
import { and, asc, count, countDistinct, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { containing, raiseSessionVersions, visibleCourse } from '../db/shared-queries';

export interface InstitutionFilters {
  /** Inactive partners too (platform staff who view institutions); otherwise active ones only. */
  includeInactive: boolean;
  isActive?: boolean;
  id?: number;
  search?: string;
  page: number;
  pageSize: number;
}

export type InstitutionRepository = ReturnType<typeof createInstitutionRepository>;
export type InstitutionRow = Awaited<ReturnType<InstitutionRepository['search']>>['rows'][number];

export function createInstitutionRepository(db: Database) {
  return {
    /** Partners (never the platform's own record) with their visible courses and learners counted. */
    async search(filters: InstitutionFilters, now: Date) {
      const conditions: SQL[] = [eq(t.institutions.isPlatform, false)];
      if (!filters.includeInactive) conditions.push(eq(t.institutions.isActive, true));
      else if (filters.isActive !== undefined) conditions.push(eq(t.institutions.isActive, filters.isActive));
      if (filters.id) conditions.push(eq(t.institutions.id, filters.id));
      if (filters.search) {
        const like = containing(filters.search);
        conditions.push(or(ilike(t.institutions.name, like), ilike(t.institutions.fullName, like), ilike(t.institutions.code, like))!);
      }
      const where = and(...conditions);
      // Counts come from grouped subqueries joined in (not correlated subqueries), so every column
      // stays qualified and each count is computed once per request.
      const visibleCourses = db
        .select({ institutionId: t.courses.institutionId, n: count().as('visible_courses') })
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .where(visibleCourse(now))
        .groupBy(t.courses.institutionId)
        .as('vc');
      const learners = db
        .select({ institutionId: t.courses.institutionId, n: countDistinct(t.enrollments.userId).as('learners') })
        .from(t.enrollments)
        .innerJoin(t.courses, eq(t.courses.id, t.enrollments.courseId))
        .groupBy(t.courses.institutionId)
        .as('lc');
      const rows = await db
        .select({ institution: t.institutions, courses: visibleCourses.n, students: learners.n })
        .from(t.institutions)
        .leftJoin(visibleCourses, eq(visibleCourses.institutionId, t.institutions.id))
        .leftJoin(learners, eq(learners.institutionId, t.institutions.id))
        .where(where)
        .orderBy(asc(t.institutions.fullName))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize);
      const [total] = await db.select({ n: count() }).from(t.institutions).where(where);
      return { rows, total: total?.n ?? rows.length };
    },
  };
}

export interface PartnerFilters {
  /** An institution's staff see only their own; null for every partner. */
  institutionId: number | null;
  isActive?: boolean;
  search: string;
  page: number;
  pageSize: number;
}

export type PartnerValues = Omit<typeof t.institutions.$inferInsert, 'id' | 'isPlatform' | 'isActive' | 'createdAt'>;


/** Manage Partners' queries: partners (never the platform's own record) with country and bank names. */
export function createPartnerRepository(db: Database) {
  const partnerColumns = {
    institution: t.institutions,
    countryName: t.countries.countryName,
    bankName: t.banks.name,
  };
  const partnerQuery = (tx: Database = db) =>
    tx
      .select(partnerColumns)
      .from(t.institutions)
      .leftJoin(t.countries, eq(t.countries.code1, t.institutions.countryCode))
      .leftJoin(t.banks, eq(t.banks.id, t.institutions.bankId));

  async function find(id: number, tx: Database = db) {
    const [row] = await partnerQuery(tx)
      .where(and(eq(t.institutions.id, id), eq(t.institutions.isPlatform, false)))
      .limit(1);
    return row ?? null;
  }

  return {
    async search(filters: PartnerFilters) {
      const conditions: SQL[] = [eq(t.institutions.isPlatform, false)];
      if (filters.institutionId !== null) conditions.push(eq(t.institutions.id, filters.institutionId));
      if (filters.isActive !== undefined) conditions.push(eq(t.institutions.isActive, filters.isActive));
      if (filters.search) {
        const like = containing(filters.search);
        conditions.push(or(ilike(t.institutions.name, like), ilike(t.institutions.fullName, like), ilike(t.institutions.code, like))!);
      }
      const where = and(...conditions);
      const rows = await partnerQuery()
        .where(where)
        .orderBy(asc(t.institutions.fullName), asc(t.institutions.id))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize);
      const [total] = await db.select({ n: count() }).from(t.institutions).where(where);
      return { rows, total: total?.n ?? rows.length };
    },

    find: (id: number) => find(id),

    /** Which of the values another institution (the platform's record included) already holds. */
    async taken(values: { name?: string; code?: string; email?: string }, exceptId: number) {
      const same = (column: AnyPgColumn, value: string | undefined) =>
        value
          ? db
              .select({ id: t.institutions.id })
              .from(t.institutions)
              .where(and(sql`lower(${column}) = ${value.toLowerCase()}`, ne(t.institutions.id, exceptId)))
              .limit(1)
              .then((r) => r.length > 0)
          : Promise.resolve(false);
      const [nameTaken, codeTaken, emailTaken] = await Promise.all([
        same(t.institutions.name, values.name),
        same(t.institutions.code, values.code),
        same(t.institutions.email, values.email),
      ]);
      return { nameTaken, codeTaken, emailTaken };
    },

    async countryExists(code: string) {
      return (await db.select({ id: t.countries.id }).from(t.countries).where(eq(t.countries.code1, code)).limit(1)).length > 0;
    },

    async bankIsActive(id: number) {
      return (await db.select({ id: t.banks.id }).from(t.banks).where(and(eq(t.banks.id, id), eq(t.banks.isActive, true))).limit(1)).length > 0;
    },

    /** Whether an account (learner or staff) holds the user name or the e-mail address. */
    async accountTaken(userName: string, email: string) {
      const [byName] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.userName, userName)).limit(1);
      const [byEmail] = await db.select({ id: t.users.id }).from(t.users).where(sql`lower(${t.users.email}) = ${email.toLowerCase()}`).limit(1);
      return { userNameTaken: Boolean(byName), emailTaken: Boolean(byEmail) };
    },

    /** The partner, its admin (with a staff profile) and the audit row, all or nothing. */
    async create(values: PartnerValues, admin: Omit<typeof t.users.$inferInsert, 'institutionId'>, auditRow: (id: number) => AuditRow) {
      return db.transaction(async (tx) => {
        const [institution] = await tx.insert(t.institutions).values(values).returning({ id: t.institutions.id });
        const [user] = await tx.insert(t.users).values({ ...admin, institutionId: institution!.id }).returning({ id: t.users.id });
        await tx.insert(t.staffProfiles).values({ userId: user!.id });
        await tx.insert(t.auditTrail).values(auditRow(institution!.id));
        return (await find(institution!.id, tx))!;
      });
    },

    async update(id: number, values: Partial<PartnerValues>, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        await tx.update(t.institutions).set(values).where(eq(t.institutions.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await find(id, tx))!;
      });
    },

    /** Deactivating also revokes every session of the partner's accounts, so they end at the next refresh. */
    async setActive(id: number, isActive: boolean, auditRow: AuditRow, now: Date) {
      return db.transaction(async (tx) => {
        await tx.update(t.institutions).set({ isActive }).where(eq(t.institutions.id, id));
        if (!isActive) {
          const members = tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.institutionId, id));
          await tx
            .update(t.refreshTokens)
            .set({ revokedAt: now })
            .where(and(inArray(t.refreshTokens.userId, members), isNull(t.refreshTokens.revokedAt)));
          // Their access tokens too, from the next request (decision 084).
          await raiseSessionVersions(tx, eq(t.users.institutionId, id));
        }
        await tx.insert(t.auditTrail).values(auditRow);
        return (await find(id, tx))!;
      });
    },

    /** The institution's staff accounts (not learners), by name. */
    async staffOf(institutionId: number, studentRoleId: number) {
      return db
        .select({ user: t.users, roleName: t.roles.name })
        .from(t.users)
        .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
        .where(and(eq(t.users.institutionId, institutionId), ne(t.users.roleId, studentRoleId), isNull(t.users.deletedAt)))
        .orderBy(asc(t.users.firstName), asc(t.users.lastName), asc(t.users.userName));
    },
  };
}

export type PartnerRepository = ReturnType<typeof createPartnerRepository>;
export type PartnerRow = NonNullable<Awaited<ReturnType<PartnerRepository['find']>>>;
