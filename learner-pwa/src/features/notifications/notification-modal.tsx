// The in-app notification's modal (spec 000, spec 002 §3 modalMessage): shown once per
// notification until the learner closes it. The message is plain text (decision 053).
import type { LearnerNotification } from '@rivet/shared/api/in-app-notifications';
import { Button } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';

export function NotificationModal({ notification, tone, onClose }: { notification: LearnerNotification; tone: 'maintenance' | 'info'; onClose: () => void }) {
  return (
    <Modal
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        <span className="notice-modal__title">
          <span className={`notice-modal__tag notice-modal__tag--${tone}`}>{notification.inAppNotificationCategoryName}</span>
          {notification.title}
        </span>
      }
      footer={<Button onPress={onClose}>Got it</Button>}
    >
      <p className="notice-modal__message">{notification.modalMessage}</p>
    </Modal>
  );
}
