// In-app notifications' rules (spec 002 §2.10, §4, §5; docs/decisions/053): edited only while
// inactive, one active at a time (activating one deactivates the other), severity and affected
// features for category 1 only, no window that has already ended, an audit row with every change.
// Every text is plain text (decision 083): markup is removed on write, and again on read for rows
// stored before, so no client — the public GetInAppNotification's included — is handed a tag.
import { NOTIFICATION_MESSAGES as M, type InAppNotification, type LearnerNotification, type NotificationOption } from '@rivet/shared/api/in-app-notifications';
import { DEFAULT_SEVERITY, MAINTENANCE_CATEGORY_ID, offeredAt, severityName, timingFlags, windowProblem } from '@rivet/shared/domain/in-app-notification';
import type { Audit } from '../audit/audit';
import { plainText } from '../authoring/rich-text';
import { isUniqueViolation } from '../db/errors';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import type { InAppNotificationsRepository, NotificationRow, NotificationValues, OptionRow } from './in-app-notifications.repository';

const multiline = { multiline: true };
const plainOption = (o: OptionRow): OptionRow => ({ ...o, name: plainText(o.name) });

export interface NotificationInput {
  title: string;
  startDate: string;
  endDate: string;
  inAppNotificationCategoryId: number;
  severity: number;
  inAppFeaturesId: number[];
  stripMessage: string;
  modalMessage: string;
  showModal: boolean;
}

export type InAppNotificationsService = ReturnType<typeof createInAppNotificationsService>;

export function createInAppNotificationsService(deps: { repo: InAppNotificationsRepository; clock: Clock }) {
  const { repo, clock } = deps;

  const view = (row: NotificationRow): InAppNotification => {
    const window = { startDate: row.startDate.toISOString(), endDate: row.endDate.toISOString() };
    return {
      id: row.id,
      title: plainText(row.title),
      ...window,
      inAppNotificationCategoryId: row.categoryId,
      inAppNotificationCategoryName: plainText(row.categoryName),
      severity: row.severity,
      inAppFeaturesId: row.features.map((f) => f.id),
      inAppFeatures: row.features.map((f) => plainText(f.name)),
      stripMessage: plainText(row.stripMessage),
      modalMessage: plainText(row.modalMessage, multiline),
      showModal: row.showModal,
      showStrip: row.showStrip,
      isActive: row.isActive,
      ...timingFlags(window, clock.now()),
    };
  };

  async function existing(id: number): Promise<NotificationRow> {
    const row = await repo.find(id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /** The values to store, or a 400 naming the field at fault. */
  async function checked(input: NotificationInput): Promise<NotificationValues> {
    // Markup removed first: a message that was only markup is as blank as an empty one (§5's words).
    const title = plainText(input.title);
    const stripMessage = plainText(input.stripMessage);
    const modalMessage = plainText(input.modalMessage, multiline);
    if (!title) throw badRequest(M.title, [{ field: 'title', message: M.title }]);
    if (!stripMessage) throw badRequest(M.stripMessage, [{ field: 'stripMessage', message: M.stripMessage }]);
    if (input.showModal && !modalMessage.trim()) throw badRequest(M.modalMessage, [{ field: 'modalMessage', message: M.modalMessage }]);
    const problem = windowProblem(input, clock.now());
    if (problem === 'order') throw badRequest(M.endBeforeStart, [{ field: 'endDate', message: M.endBeforeStart }]);
    if (problem === 'ended') throw badRequest(M.ended, [{ field: 'endDate', message: M.ended }]);
    if (!(await repo.categoryExists(input.inAppNotificationCategoryId))) {
      throw badRequest(M.unknownCategory, [{ field: 'inAppNotificationCategoryId', message: M.unknownCategory }]);
    }
    const maintenance = input.inAppNotificationCategoryId === MAINTENANCE_CATEGORY_ID;
    // Affected features and severity mean something for maintenance only (§5): others keep neither.
    const featureIds = maintenance ? [...new Set(input.inAppFeaturesId)] : [];
    if ((await repo.featuresExisting(featureIds)).length !== featureIds.length) {
      throw badRequest(M.unknownFeature, [{ field: 'inAppFeaturesId', message: M.unknownFeature }]);
    }
    return {
      title,
      startDate: new Date(input.startDate),
      endDate: new Date(input.endDate),
      categoryId: input.inAppNotificationCategoryId,
      severity: maintenance ? input.severity : DEFAULT_SEVERITY,
      stripMessage,
      // A modal message with Show Modal off is kept (as plain text), so turning it back on loses nothing.
      modalMessage,
      showModal: input.showModal,
      featureIds,
    };
  }

  const describe = (v: NotificationValues) =>
    `“${v.title}” (${v.startDate.toISOString()} to ${v.endDate.toISOString()}, category ${v.categoryId}${v.categoryId === MAINTENANCE_CATEGORY_ID ? `, severity ${severityName(v.severity)}` : ''}${v.showModal ? ', with modal' : ''})`;

  async function addOption(kind: 'category' | 'feature', audit: Audit, typed: string): Promise<NotificationOption> {
    const name = plainText(typed);
    if (!name) throw badRequest(M.name, [{ field: 'name', message: M.name }]);
    const add = kind === 'category' ? repo.addCategory : repo.addFeature;
    const { option, added } = await add(name, (id) => audit.row(id, `Added in-app notification ${kind} “${name}”`));
    if (!added) audit.waive(`the ${kind} “${option.name}” already exists: it is answered as it is`);
    return plainOption(option);
  }

  return {
    async list(isActive: boolean | undefined): Promise<InAppNotification[]> {
      return (await repo.list(isActive)).map(view);
    },

    /** The learner's call: the active notification unless its window has passed. */
    async forLearners(): Promise<LearnerNotification[]> {
      const row = await repo.active();
      if (!row) return [];
      const n = view(row);
      if (!offeredAt(n, clock.now())) return [];
      const { id, title, startDate, endDate, inAppNotificationCategoryName, stripMessage, showStrip, showModal } = n;
      return [{ id, title, startDate, endDate, inAppNotificationCategoryName, stripMessage, modalMessage: showModal ? n.modalMessage : '', showStrip, showModal }];
    },

    categories: async (isActive?: boolean) => (await repo.categories(isActive)).map(plainOption),
    features: async (isActive?: boolean) => (await repo.features(isActive)).map(plainOption),
    addCategory: (audit: Audit, name: string) => addOption('category', audit, name),
    addFeature: (audit: Audit, name: string) => addOption('feature', audit, name),

    async create(caller: Caller, audit: Audit, input: NotificationInput): Promise<InAppNotification> {
      const values = await checked(input);
      const row = await repo.create({ ...values, by: caller.userId }, (id) => audit.row(id, `Created in-app notification ${describe(values)}`));
      return view(row);
    },

    async update(caller: Caller, audit: Audit, id: number, input: NotificationInput): Promise<InAppNotification> {
      const before = await existing(id);
      if (before.isActive) throw conflict(M.editActive);
      const values = await checked(input);
      const row = await repo.update(id, { ...values, by: caller.userId, at: clock.now() }, audit.row(id, `Updated in-app notification ${describe(values)}`));
      if (!row) throw conflict(M.editActive);
      return view(row);
    },

    async toggle(caller: Caller, audit: Audit, id: number, isActive: boolean): Promise<InAppNotification> {
      const before = await existing(id);
      if (before.isActive === isActive) {
        audit.waive('the notification was already in that state: it is answered as it is');
        return view(before);
      }
      if (isActive && timingFlags(view(before), clock.now()).expired) throw conflict(M.activateExpired);
      try {
        const row = await repo.setActive(id, isActive, { by: caller.userId, at: clock.now() }, (replaced) =>
          audit.row(id, `${isActive ? 'Activated' : 'Deactivated'} in-app notification “${before.title}”${replaced ? ` (notification ${replaced} deactivated)` : ''}`),
        );
        return view(row);
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(M.activeRace);
        throw e;
      }
    },
  };
}
