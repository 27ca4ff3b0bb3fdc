// The events the server refused (a 4xx for that event), with its reason: never dropped silently.
// The learner dismisses them after reading; nothing else removes them.
import { Button } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';
import type { ParkedEvent } from './sync-store';

const KIND = { progress: 'Progress', quiz: 'Quiz answers', survey: 'Survey answers' } as const;

export default function ParkedDialog({ parked, onClose }: { parked: ParkedEvent[]; onClose: () => void }) {
  const dismiss = async () => {
    const { syncRuntime } = await import('./sync-runtime');
    await syncRuntime()?.dismissParked();
    onClose();
  };
  return (
    <Modal
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      title="Updates that could not be saved"
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            Close
          </Button>
          <Button onPress={() => void dismiss()}>Dismiss these</Button>
        </>
      }
    >
      <p>The server refused these. They will not be sent again.</p>
      <ul className="sync-status__parked-list">
        {parked.map((p) => (
          <li key={p.eventId}>
            <strong>{KIND[p.kind]}</strong>, {new Date(p.queuedAt).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' })}: {p.reason}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
