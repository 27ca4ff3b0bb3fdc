// Notification/InAppNotification/* : the Notification Manager's calls and the learner's
// GetInAppNotification (spec 002 §7; docs/decisions/053).
import type { Hono } from 'hono';
import {
  NOTIFICATION_MESSAGES as M,
  addNotificationCategory,
  addNotificationFeature,
  createInAppNotification,
  getInAppNotification,
  listInAppNotifications,
  listNotificationCategories,
  listNotificationFeatures,
  toggleInAppNotification,
  updateInAppNotification,
} from '@rivet/shared/api/in-app-notifications';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { InAppNotificationsService } from './in-app-notifications.service';

export function registerInAppNotificationRoutes(app: Hono<AppEnv>, service: InAppNotificationsService): void {
  bind(app, listNotificationCategories, async ({ query }) => ({ data: await service.categories(query.isActive) }));
  bind(app, listNotificationFeatures, async ({ query }) => ({ data: await service.features(query.isActive) }));
  bind(app, listInAppNotifications, async ({ query }) => ({ data: await service.list(query.isActive) }));
  bind(app, getInAppNotification, async ({ c }) => {
    // Always asked afresh when online: a notice switched off must not linger in a browser cache.
    c.header('Cache-Control', 'no-cache');
    return { data: await service.forLearners() };
  });
  bind(app, createInAppNotification, async ({ caller, audit, body }) => ({ data: await service.create(caller, audit, body), description: M.created }));
  bind(app, updateInAppNotification, async ({ caller, audit, body }) => {
    const { id, ...input } = body;
    return { data: await service.update(caller, audit, id, input), description: M.updated };
  });
  bind(app, toggleInAppNotification, async ({ caller, audit, query }) => ({ data: await service.toggle(caller, audit, query.id, query.isActive), description: M.toggled }));
  bind(app, addNotificationCategory, async ({ audit, body }) => ({ data: await service.addCategory(audit, body.name) }));
  bind(app, addNotificationFeature, async ({ audit, query }) => ({ data: await service.addFeature(audit, query.name) }));
}
