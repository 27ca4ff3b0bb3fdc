// In-app notifications, their categories and affected features (Drizzle only; the rules are in
// in-app-notifications.service.ts).
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export interface NotificationRow {
  id: number;
  title: string;
  startDate: Date;
  endDate: Date;
  categoryId: number;
  categoryName: string;
  severity: number;
  stripMessage: string;
  modalMessage: string;
  showModal: boolean;
  showStrip: boolean;
  isActive: boolean;
  features: { id: number; name: string }[];
}

export interface NotificationValues {
  title: string;
  startDate: Date;
  endDate: Date;
  categoryId: number;
  severity: number;
  stripMessage: string;
  modalMessage: string;
  showModal: boolean;
  featureIds: number[];
}

export interface OptionRow {
  id: number;
  name: string;
  isActive: boolean;
}

const columns = {
  id: t.inAppNotifications.id,
  title: t.inAppNotifications.title,
  startDate: t.inAppNotifications.startDate,
  endDate: t.inAppNotifications.endDate,
  categoryId: t.inAppNotifications.categoryId,
  categoryName: t.inAppNotificationCategories.name,
  severity: t.inAppNotifications.severity,
  stripMessage: t.inAppNotifications.stripMessage,
  modalMessage: t.inAppNotifications.modalMessage,
  showModal: t.inAppNotifications.showModal,
  showStrip: t.inAppNotifications.showStrip,
  isActive: t.inAppNotifications.isActive,
};

type OptionTable = typeof t.inAppNotificationCategories | typeof t.inAppNotificationFeatures;

export type InAppNotificationsRepository = ReturnType<typeof createInAppNotificationsRepository>;

export function createInAppNotificationsRepository(db: Database) {
  async function withFeatures(handle: Database, rows: Omit<NotificationRow, 'features'>[]): Promise<NotificationRow[]> {
    if (!rows.length) return [];
    const links = await handle
      .select({ notificationId: t.inAppNotificationFeatureLinks.notificationId, id: t.inAppNotificationFeatures.id, name: t.inAppNotificationFeatures.name })
      .from(t.inAppNotificationFeatureLinks)
      .innerJoin(t.inAppNotificationFeatures, eq(t.inAppNotificationFeatures.id, t.inAppNotificationFeatureLinks.featureId))
      .where(
        inArray(
          t.inAppNotificationFeatureLinks.notificationId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(t.inAppNotificationFeatures.name));
    return rows.map((r) => ({ ...r, features: links.filter((l) => l.notificationId === r.id).map(({ id, name }) => ({ id, name })) }));
  }

  const base = (handle: Database) => handle.select(columns).from(t.inAppNotifications).innerJoin(t.inAppNotificationCategories, eq(t.inAppNotificationCategories.id, t.inAppNotifications.categoryId));

  async function findIn(handle: Database, id: number): Promise<NotificationRow | null> {
    const [row] = await withFeatures(handle, await base(handle).where(eq(t.inAppNotifications.id, id)));
    return row ?? null;
  }

  async function setFeatures(tx: Database, notificationId: number, featureIds: number[]) {
    await tx.delete(t.inAppNotificationFeatureLinks).where(eq(t.inAppNotificationFeatureLinks.notificationId, notificationId));
    if (featureIds.length) await tx.insert(t.inAppNotificationFeatureLinks).values(featureIds.map((featureId) => ({ notificationId, featureId })));
  }

  const row = ({ featureIds: _links, ...values }: NotificationValues) => values;

  function options(table: OptionTable, isActive: boolean | undefined): Promise<OptionRow[]> {
    return db
      .select({ id: table.id, name: table.name, isActive: table.isActive })
      .from(table)
      .where(isActive === undefined ? undefined : eq(table.isActive, isActive))
      .orderBy(asc(table.id));
  }

  /** The option of that name (any case), added if missing; `added` says which. */
  function addOption(table: OptionTable, name: string, audit: (id: number) => AuditRow): Promise<{ option: OptionRow; added: boolean }> {
    return db.transaction(async (tx) => {
      const [made] = await tx
        .insert(table)
        .values({ name })
        .onConflictDoNothing()
        .returning({ id: table.id, name: table.name, isActive: table.isActive });
      if (made) {
        await tx.insert(t.auditTrail).values(audit(made.id));
        return { option: made, added: true };
      }
      const [found] = await tx
        .select({ id: table.id, name: table.name, isActive: table.isActive })
        .from(table)
        .where(sql`lower(${table.name}) = lower(${name})`);
      return { option: found!, added: false };
    });
  }

  return {
    find: (id: number) => findIn(db, id),

    async list(isActive: boolean | undefined): Promise<NotificationRow[]> {
      const rows = await base(db)
        .where(isActive === undefined ? undefined : eq(t.inAppNotifications.isActive, isActive))
        .orderBy(desc(t.inAppNotifications.startDate), desc(t.inAppNotifications.id));
      return withFeatures(db, rows);
    },

    async active(): Promise<NotificationRow | null> {
      const [found] = await withFeatures(db, await base(db).where(eq(t.inAppNotifications.isActive, true)));
      return found ?? null;
    },

    categories: (isActive?: boolean) => options(t.inAppNotificationCategories, isActive),
    features: (isActive?: boolean) => options(t.inAppNotificationFeatures, isActive),

    async categoryExists(id: number): Promise<boolean> {
      return (await db.select({ id: t.inAppNotificationCategories.id }).from(t.inAppNotificationCategories).where(eq(t.inAppNotificationCategories.id, id))).length > 0;
    },

    async featuresExisting(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      return (await db.select({ id: t.inAppNotificationFeatures.id }).from(t.inAppNotificationFeatures).where(inArray(t.inAppNotificationFeatures.id, ids))).map((r) => r.id);
    },

    addCategory: (name: string, audit: (id: number) => AuditRow) => addOption(t.inAppNotificationCategories, name, audit),
    addFeature: (name: string, audit: (id: number) => AuditRow) => addOption(t.inAppNotificationFeatures, name, audit),

    create(values: NotificationValues & { by: string }, audit: (id: number) => AuditRow): Promise<NotificationRow> {
      return db.transaction(async (tx) => {
        const [made] = await tx
          .insert(t.inAppNotifications)
          .values({ ...row(values), createdBy: values.by, updatedBy: values.by })
          .returning({ id: t.inAppNotifications.id });
        await setFeatures(tx, made!.id, values.featureIds);
        await tx.insert(t.auditTrail).values(audit(made!.id));
        return (await findIn(tx, made!.id))!;
      });
    },

    /** Changes the notification only while it is inactive; null when it was activated meanwhile. */
    update(id: number, values: NotificationValues & { by: string; at: Date }, auditRow: AuditRow): Promise<NotificationRow | null> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(t.inAppNotifications)
          .set({ ...row(values), updatedBy: values.by, updatedAt: values.at })
          .where(and(eq(t.inAppNotifications.id, id), eq(t.inAppNotifications.isActive, false)))
          .returning({ id: t.inAppNotifications.id });
        if (!changed.length) return null;
        await setFeatures(tx, id, values.featureIds);
        await tx.insert(t.auditTrail).values(auditRow);
        return (await findIn(tx, id))!;
      });
    },

    /**
     * Sets the flag; activating first deactivates whichever other one is active, in the same
     * transaction, and answers its id so the audit row can name it.
     */
    setActive(id: number, isActive: boolean, meta: { by: string; at: Date }, audit: (replaced: number | null) => AuditRow): Promise<NotificationRow> {
      return db.transaction(async (tx) => {
        let replaced: number | null = null;
        if (isActive) {
          const off = await tx
            .update(t.inAppNotifications)
            .set({ isActive: false, updatedBy: meta.by, updatedAt: meta.at })
            .where(and(eq(t.inAppNotifications.isActive, true), ne(t.inAppNotifications.id, id)))
            .returning({ id: t.inAppNotifications.id });
          replaced = off[0]?.id ?? null;
        }
        await tx.update(t.inAppNotifications).set({ isActive, updatedBy: meta.by, updatedAt: meta.at }).where(eq(t.inAppNotifications.id, id));
        await tx.insert(t.auditTrail).values(audit(replaced));
        return (await findIn(tx, id))!;
      });
    },
  };
}
