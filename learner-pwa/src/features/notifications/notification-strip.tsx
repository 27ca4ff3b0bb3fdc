// The in-app notification under the header (spec 000: the strip and modal show in the learner
// build and can be dismissed; a category named maintenance shows orange, any other blue). Each
// dismissal is remembered on the phone for that notification id. The modal's code loads only when
// there is a modal to show.
import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-aria-components';
import { isMaintenance } from '@rivet/shared/domain/in-app-notification';
import { useHydrating } from '../../hooks/use-hydrating';
import { dismiss, readDismissed, type Dismissed } from './notification-store';
import { useInAppNotification } from './use-in-app-notification';
import './notification-strip.css';

const NOTHING_DISMISSED: Dismissed = { strip: [], modal: [] };

const NotificationModal = lazy(async () => ({ default: (await import('./notification-modal')).NotificationModal }));

export function InAppNotification() {
  const notification = useInAppNotification();
  const [kept, setDismissed] = useState(readDismissed);
  // The server's page has nothing dismissed; what this phone dismissed applies once it is hydrated.
  const dismissed = useHydrating() ? NOTHING_DISMISSED : kept;
  if (!notification) return null;
  const { id } = notification;
  const strip = notification.showStrip && !dismissed.strip.includes(id);
  const modal = notification.showModal && notification.modalMessage.trim() !== '' && !dismissed.modal.includes(id);
  const tone = isMaintenance(notification.inAppNotificationCategoryName) ? 'maintenance' : 'info';
  return (
    <>
      {strip ? (
        <section className={`notice-strip notice-strip--${tone}`} aria-label={notification.inAppNotificationCategoryName}>
          <p className="notice-strip__text">
            <strong className="notice-strip__title">{notification.title}</strong> <span>{notification.stripMessage}</span>
          </p>
          <Button className="notice-strip__close" aria-label="Dismiss notification" onPress={() => setDismissed(dismiss('strip', id))}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" />
            </svg>
          </Button>
        </section>
      ) : null}
      {modal ? (
        <Suspense fallback={null}>
          <NotificationModal notification={notification} tone={tone} onClose={() => setDismissed(dismiss('modal', id))} />
        </Suspense>
      ) : null}
    </>
  );
}
