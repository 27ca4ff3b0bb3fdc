import { useQuery } from '@tanstack/react-query';
import {
  addNotificationCategory,
  addNotificationFeature,
  createInAppNotification,
  listInAppNotifications,
  listNotificationCategories,
  listNotificationFeatures,
  toggleInAppNotification,
  updateInAppNotification,
  type CreateNotificationInput,
  type InAppNotification,
} from '@rivet/shared/api/in-app-notifications';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Every notification; the page splits them into the Current and Past tabs by their flags. */
export function useNotifications() {
  const { api } = useSessionManager();
  return useQuery({ queryKey: ['in-app-notifications'], queryFn: ({ signal }) => api.call(listInAppNotifications, { query: {}, signal }) });
}

export function useNotificationOptions() {
  const { api } = useSessionManager();
  const categories = useQuery({ queryKey: ['in-app-notifications', 'categories'], queryFn: ({ signal }) => api.call(listNotificationCategories, { query: { isActive: 'true' }, signal }) });
  const features = useQuery({ queryKey: ['in-app-notifications', 'features'], queryFn: ({ signal }) => api.call(listNotificationFeatures, { query: { isActive: 'true' }, signal }) });
  return { categories, features };
}

export function useNotificationCalls() {
  const { api } = useSessionManager();
  return {
    create: (body: CreateNotificationInput) => api.send(createInAppNotification, { body }),
    update: (id: number, body: CreateNotificationInput) => api.send(updateInAppNotification, { body: { id, ...body } }),
    /** §4: posts the opposite of the current isActive. */
    toggle: async (n: InAppNotification, isActive: boolean) => (await api.send(toggleInAppNotification, { query: { id: String(n.id), isActive: String(isActive) } })).description,
    addCategory: (name: string) => api.call(addNotificationCategory, { body: { name } }),
    addFeature: (name: string) => api.call(addNotificationFeature, { query: { name } }),
  };
}
