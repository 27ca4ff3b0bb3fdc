// E-mail templates and their categories (Drizzle only; the rules are in email-templates.service.ts).
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export interface TemplateRow {
  id: number;
  code: string;
  name: string;
  template: string;
  emailCategoryId: number;
  emailCategoryName: string;
  isActive: boolean;
  updatedAt: Date;
}

const columns = {
  id: t.emailTemplates.id,
  code: t.emailTemplates.code,
  name: t.emailTemplates.name,
  template: t.emailTemplates.template,
  emailCategoryId: t.emailTemplates.emailCategoryId,
  emailCategoryName: t.emailCategories.name,
  isActive: t.emailTemplates.isActive,
  updatedAt: t.emailTemplates.updatedAt,
};

export interface TemplateValues {
  name: string;
  template: string;
  emailCategoryId: number;
}

export type EmailTemplatesRepository = ReturnType<typeof createEmailTemplatesRepository>;

export function createEmailTemplatesRepository(db: Database) {
  async function findIn(handle: Database, id: number): Promise<TemplateRow | null> {
    const [row] = await handle.select(columns).from(t.emailTemplates).innerJoin(t.emailCategories, eq(t.emailCategories.id, t.emailTemplates.emailCategoryId)).where(eq(t.emailTemplates.id, id));
    return row ?? null;
  }

  return {
    find: (id: number) => findIn(db, id),

    async page(page: number, pageSize: number): Promise<{ items: TemplateRow[]; totalRows: number }> {
      const items = await db
        .select(columns)
        .from(t.emailTemplates)
        .innerJoin(t.emailCategories, eq(t.emailCategories.id, t.emailTemplates.emailCategoryId))
        .orderBy(asc(t.emailTemplates.name), asc(t.emailTemplates.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(t.emailTemplates);
      return { items, totalRows: Number(total?.n ?? 0) };
    },

    /** The template the platform's e-mail of this code renders from: the active one, or none. */
    async activeFor(code: string): Promise<{ name: string; template: string } | null> {
      const [row] = await db.select({ name: t.emailTemplates.name, template: t.emailTemplates.template, isActive: t.emailTemplates.isActive }).from(t.emailTemplates).where(eq(t.emailTemplates.code, code));
      return row?.isActive ? row : null;
    },

    async codeTaken(code: string): Promise<boolean> {
      return (await db.select({ id: t.emailTemplates.id }).from(t.emailTemplates).where(eq(t.emailTemplates.code, code)).limit(1)).length > 0;
    },

    categories: () => db.select({ id: t.emailCategories.id, name: t.emailCategories.name }).from(t.emailCategories).orderBy(asc(t.emailCategories.id)),

    async categoryExists(id: number): Promise<boolean> {
      return (await db.select({ id: t.emailCategories.id }).from(t.emailCategories).where(eq(t.emailCategories.id, id))).length > 0;
    },

    async emailOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, userId));
      return row?.email ?? null;
    },

    /** Those of the (lower-case) addresses that belong to an active staff account: a test e-mail may go to them (decision 083). */
    async staffAddresses(addresses: string[]): Promise<string[]> {
      if (!addresses.length) return [];
      const rows = await db
        .select({ email: sql<string>`lower(${t.users.email})` })
        .from(t.users)
        .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
        .where(and(inArray(sql`lower(${t.users.email})`, addresses), ne(t.users.roleId, STUDENT_ROLE_ID), eq(t.users.isActive, true), isNull(t.users.deletedAt), eq(t.roles.isActive, true)));
      return rows.map((r) => r.email);
    },

    async insertAudit(row: AuditRow): Promise<void> {
      await db.insert(t.auditTrail).values(row);
    },

    create(values: TemplateValues & { code: string; updatedBy: string }, audit: (id: number) => AuditRow) {
      return db.transaction(async (tx) => {
        const [made] = await tx.insert(t.emailTemplates).values(values).returning({ id: t.emailTemplates.id });
        await tx.insert(t.auditTrail).values(audit(made!.id));
        return (await findIn(tx, made!.id))!;
      });
    },

    update(id: number, values: Partial<TemplateValues> & { isActive?: boolean; updatedBy: string; updatedAt: Date }, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        await tx.update(t.emailTemplates).set(values).where(eq(t.emailTemplates.id, id));
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },
  };
}
