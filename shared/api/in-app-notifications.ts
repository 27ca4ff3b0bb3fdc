// Notification service: in-app notifications (spec 002 §2.10, §3, §4, §5, §7; spec 000's strip and
// modal; docs/decisions/053). The Notification Manager is the two platform admin roles' (§6); the
// learner app's GetInAppNotification is public, so a maintenance notice reaches visitors too.
import * as v from 'valibot';
import { PLATFORM_ADMIN_ROLE_IDS } from '../domain/permissions';
import { DEFAULT_SEVERITY, MAINTENANCE_CATEGORY_ID } from '../domain/in-app-notification';
import { PUBLIC, defineEndpoint, staffInRoles } from './contract';
import { id, idList, int, queryBoolean, queryId, required, requiredQueryBoolean, text } from './fields';

export const NOTIFICATION_MESSAGES = {
  // §5, word for word.
  category: 'Please select a category!',
  title: 'Please input your title!',
  time: 'Please select time!',
  stripMessage: 'Please enter the message',
  modalMessage: 'Please enter the modal value',
  features: 'Please select your affected feature!',
  // §8.
  created: 'Notification created successfully',
  updated: 'Notification updated successfully',
  toggled: 'Record toggled successfully',
  // Not in the spec (docs/decisions/053).
  endBeforeStart: 'The end date must be after the start date',
  ended: 'The end date has already passed',
  editActive: 'Only inactive notifications can be edited. Deactivate it first.',
  activateExpired: 'This notification has expired and cannot be activated',
  activeRace: 'Another notification was activated at the same moment. Reload and try again.',
  notFound: 'Notification not found',
  unknownCategory: 'Choose one of the listed categories',
  unknownFeature: 'Choose affected features from the list',
  name: 'Please enter a name',
} as const;

export const NOTIFICATION_TITLE_MAX = 150;
export const STRIP_MESSAGE_MAX = 300;
export const MODAL_MESSAGE_MAX = 4000;
export const OPTION_NAME_MAX = 60;

export const notificationOptionSchema = v.object({ id: v.number(), name: v.string(), isActive: v.boolean() });
export type NotificationOption = v.InferOutput<typeof notificationOptionSchema>;

/** §3's in-app notification, as the manager and the learner app read it. */
export const inAppNotificationSchema = v.object({
  id: v.number(),
  title: v.string(),
  startDate: v.string(),
  endDate: v.string(),
  inAppNotificationCategoryId: v.number(),
  inAppNotificationCategoryName: v.string(),
  severity: v.number(),
  inAppFeaturesId: v.array(v.number()),
  inAppFeatures: v.array(v.string()),
  stripMessage: v.string(),
  modalMessage: v.string(),
  showModal: v.boolean(),
  showStrip: v.boolean(),
  isActive: v.boolean(),
  current: v.boolean(),
  upComing: v.boolean(),
  expired: v.boolean(),
});
export type InAppNotification = v.InferOutput<typeof inAppNotificationSchema>;

/** What the learner app needs (spec 000 §3): no author, no features. */
export const learnerNotificationSchema = v.object({
  id: v.number(),
  title: v.string(),
  startDate: v.string(),
  endDate: v.string(),
  inAppNotificationCategoryName: v.string(),
  stripMessage: v.string(),
  modalMessage: v.string(),
  showStrip: v.boolean(),
  showModal: v.boolean(),
});
export type LearnerNotification = v.InferOutput<typeof learnerNotificationSchema>;

const dateTime = () => v.pipe(v.string(NOTIFICATION_MESSAGES.time), v.trim(), v.nonEmpty(NOTIFICATION_MESSAGES.time), v.maxLength(40, NOTIFICATION_MESSAGES.time), v.isoTimestamp(NOTIFICATION_MESSAGES.time));

const notificationFields = {
  title: required(NOTIFICATION_MESSAGES.title, NOTIFICATION_TITLE_MAX),
  startDate: dateTime(),
  endDate: dateTime(),
  inAppNotificationCategoryId: id('inAppNotificationCategoryId', NOTIFICATION_MESSAGES.category),
  severity: v.optional(int('severity', 1, 3), DEFAULT_SEVERITY),
  inAppFeaturesId: idList('inAppFeaturesId', 50),
  stripMessage: v.pipe(
    v.optional(v.nullable(v.string(NOTIFICATION_MESSAGES.stripMessage)), ''),
    v.transform((s) => (s ?? '').trim()),
    v.nonEmpty(NOTIFICATION_MESSAGES.stripMessage),
    text(STRIP_MESSAGE_MAX),
  ),
  modalMessage: v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((s) => s ?? ''), text(MODAL_MESSAGE_MAX, { multiline: true })),
  showModal: v.optional(v.boolean('showModal must be true or false'), false),
  /** §3: always true; accepted for the seed's payload. */
  showStrip: v.optional(v.literal(true, 'showStrip is always true'), true),
};

/** §5's rules that tie one field to another, reported on the field the form shows them under. */
const needsModalMessage = (i: { showModal: boolean; modalMessage: string }) => !i.showModal || i.modalMessage.trim() !== '';
const needsFeatures = (i: { inAppNotificationCategoryId: number; inAppFeaturesId: number[] }) => i.inAppNotificationCategoryId !== MAINTENANCE_CATEGORY_ID || i.inAppFeaturesId.length > 0;
const endsAfterStart = (i: { startDate: string; endDate: string }) => Date.parse(i.endDate) > Date.parse(i.startDate);

export const createNotificationSchema = v.pipe(
  v.object(notificationFields),
  v.forward(v.partialCheck([['showModal'], ['modalMessage']], needsModalMessage, NOTIFICATION_MESSAGES.modalMessage), ['modalMessage']),
  v.forward(v.partialCheck([['inAppNotificationCategoryId'], ['inAppFeaturesId']], needsFeatures, NOTIFICATION_MESSAGES.features), ['inAppFeaturesId']),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endsAfterStart, NOTIFICATION_MESSAGES.endBeforeStart), ['endDate']),
);
export type CreateNotificationInput = v.InferInput<typeof createNotificationSchema>;

export const updateNotificationSchema = v.pipe(
  v.object({ id: id('id'), ...notificationFields }),
  v.forward(v.partialCheck([['showModal'], ['modalMessage']], needsModalMessage, NOTIFICATION_MESSAGES.modalMessage), ['modalMessage']),
  v.forward(v.partialCheck([['inAppNotificationCategoryId'], ['inAppFeaturesId']], needsFeatures, NOTIFICATION_MESSAGES.features), ['inAppFeaturesId']),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endsAfterStart, NOTIFICATION_MESSAGES.endBeforeStart), ['endDate']),
);
export type UpdateNotificationInput = v.InferInput<typeof updateNotificationSchema>;

const ACCESS = staffInRoles(...PLATFORM_ADMIN_ROLE_IDS);
const isActiveQuery = v.object({ isActive: queryBoolean('isActive') });

export const listNotificationCategories = defineEndpoint({
  service: 'Notification',
  method: 'GET',
  path: 'InAppNotification/ListCategory',
  summary: 'In-app notification categories (isActive filters; category 1 is Maintenance)',
  access: ACCESS,
  query: isActiveQuery,
  data: v.array(notificationOptionSchema),
  errors: [400, 401, 403],
});

export const listNotificationFeatures = defineEndpoint({
  service: 'Notification',
  method: 'GET',
  path: 'InAppNotification/ListFeatures',
  summary: 'The features a maintenance notification may name as affected (isActive filters)',
  access: ACCESS,
  query: isActiveQuery,
  data: v.array(notificationOptionSchema),
  errors: [400, 401, 403],
});

export const listInAppNotifications = defineEndpoint({
  service: 'Notification',
  method: 'GET',
  path: 'InAppNotification/ListInAppNotification',
  summary: 'Every in-app notification, newest window first, with the current/upComing/expired flags (optional isActive filter)',
  description: 'The Current tab shows current and upcoming notifications, the Past tab expired ones.',
  access: ACCESS,
  query: isActiveQuery,
  data: v.array(inAppNotificationSchema),
  errors: [400, 401, 403],
});

export const getInAppNotification = defineEndpoint({
  service: 'Notification',
  method: 'GET',
  path: 'InAppNotification/GetInAppNotification',
  summary: 'The notification learners see: the active one unless it has expired (an array of at most one)',
  description:
    'An active notification whose start lies ahead is included: the app keeps it for offline use and shows it from its start date to its end date. Open to everyone, signed in or not.',
  access: PUBLIC,
  data: v.array(learnerNotificationSchema),
  errors: [],
});

export const createInAppNotification = defineEndpoint({
  service: 'Notification',
  method: 'POST',
  path: 'InAppNotification/Create',
  summary: 'Create an in-app notification (inactive until toggled on)',
  description: 'Severity and affected features belong to category 1 (Maintenance); a window that has already ended is refused. Written to the audit trail.',
  access: ACCESS,
  audit: { module: 'InAppNotification', action: 'Create' },
  body: createNotificationSchema,
  data: inAppNotificationSchema,
  errors: [400, 401, 403],
});

export const updateInAppNotification = defineEndpoint({
  service: 'Notification',
  method: 'PUT',
  path: 'InAppNotification/Update',
  summary: 'Change an inactive in-app notification',
  description: 'An active notification cannot be edited (409): deactivate it first. Written to the audit trail.',
  access: ACCESS,
  audit: { module: 'InAppNotification', action: 'Update' },
  body: updateNotificationSchema,
  data: inAppNotificationSchema,
  errors: [400, 401, 403, 404, 409],
});

export const toggleInAppNotification = defineEndpoint({
  service: 'Notification',
  method: 'DELETE',
  path: 'InAppNotification/ToggleInAppNotification',
  summary: 'Activate (isActive=true) or deactivate (isActive=false) an in-app notification',
  description:
    'Activating one deactivates the one that is active, in the same transaction: learners see at most one. An expired notification cannot be activated (409). Written to the audit trail.',
  access: ACCESS,
  audit: { module: 'InAppNotification', action: 'Toggle' },
  query: v.object({ id: queryId('id'), isActive: requiredQueryBoolean('isActive') }),
  data: inAppNotificationSchema,
  errors: [400, 401, 403, 404, 409],
});

const optionName = () => required(NOTIFICATION_MESSAGES.name, OPTION_NAME_MAX);

export const addNotificationCategory = defineEndpoint({
  service: 'Notification',
  method: 'POST',
  path: 'InAppNotification/Category',
  summary: 'Add a category on the fly; a name already there (any case) answers the existing one',
  access: ACCESS,
  audit: { module: 'InAppNotification', action: 'AddCategory' },
  body: v.object({ name: optionName() }),
  data: notificationOptionSchema,
  errors: [400, 401, 403],
});

export const addNotificationFeature = defineEndpoint({
  service: 'Notification',
  method: 'POST',
  path: 'InAppNotification/Features',
  summary: 'Add an affected feature on the fly; a name already there (any case) answers the existing one',
  access: ACCESS,
  audit: { module: 'InAppNotification', action: 'AddFeature' },
  query: v.object({ name: optionName() }),
  data: notificationOptionSchema,
  errors: [400, 401, 403],
});
