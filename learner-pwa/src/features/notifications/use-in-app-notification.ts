// The notification learners see now (spec 000; spec 002 §7 GetInAppNotification; decision 053):
// the server's answer when online, the phone's copy otherwise, filtered by the same timing rule the
// server uses, re-checked at the notification's start and end, so a strip kept offline appears at
// its start and hides itself at its end without a network.
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getInAppNotification, type LearnerNotification } from '@rivet/shared/api/in-app-notifications';
import { visibleAt } from '@rivet/shared/domain/in-app-notification';
import { useSessionManager } from '@rivet/shared/client/session-context';
import { readSavedNotifications, saveNotifications } from './notification-store';

/** setTimeout's longest wait; a later boundary is reached in steps. */
const MAX_WAIT_MS = 2_147_483_647;

export function useInAppNotification(): LearnerNotification | null {
  const { api } = useSessionManager();
  const query = useQuery({
    queryKey: ['in-app-notification'],
    queryFn: async ({ signal }) => {
      const notifications = await api.call(getInAppNotification, { signal });
      saveNotifications(notifications);
      return notifications;
    },
    initialData: () => readSavedNotifications()?.notifications,
    initialDataUpdatedAt: () => readSavedNotifications()?.savedAt,
    // The saved copy is only a stand-in: asked again on every start and every return to the app.
    staleTime: 0,
  });
  const notifications = useMemo(() => query.data ?? [], [query.data]);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const boundaries = notifications.flatMap((n) => [Date.parse(n.startDate), Date.parse(n.endDate) + 1]).filter((t) => t > now);
    const onReturn = () => setNow(Date.now());
    document.addEventListener('visibilitychange', onReturn);
    const next = Math.min(...boundaries);
    const timer = Number.isFinite(next) ? setTimeout(() => setNow(Date.now()), Math.min(next - now, MAX_WAIT_MS)) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', onReturn);
      if (timer) clearTimeout(timer);
    };
  }, [notifications, now]);

  // What the server answered is active by definition; the phone still judges the window itself.
  return notifications.find((n) => visibleAt({ ...n, isActive: true }, new Date(now))) ?? null;
}
