// The admin console's Toggle with confirmation shape (STYLE.md): activate or deactivate a record
// after a confirmation, with the spec's progress text ("deactivating record..", "Activating
// record.."), its notice on success (the server's "Record deactivated" / "Record Activated"), the
// screen's failure message with the server's description, and a refetch.
import { useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';
import { toast } from '@rivet/shared/ui/toast';

export interface Toggleable {
  name: string;
  isActive: boolean;
}

export interface ToggleConfirmationOptions<T extends Toggleable> {
  /** What the record is called in the dialog: 'role', 'partner'… */
  noun: string;
  /** Sends the opposite of the current state; resolves with the server's description. */
  toggle: (record: T, isActive: boolean) => Promise<string>;
  /** Refetch the list. */
  onDone: () => unknown;
  /** The spec's failure messages, e.g. "Failed to deactivate role". */
  failed: { activate: string; deactivate: string };
  /** What deactivating means for this kind of record, shown in the dialog. */
  deactivateHint?: (record: T) => ReactNode;
  /** What activating means (e.g. that it deactivates another record), shown in the dialog. */
  activateHint?: (record: T) => ReactNode;
}

export const TOGGLE_PROGRESS = { deactivating: 'deactivating record..', activating: 'Activating record..' } as const;
export const TOGGLE_DONE = { deactivated: 'Record deactivated', activated: 'Record Activated' } as const;

/** Returns `ask(record)` for the row's button and the dialog to render once on the page. */
export function useToggleConfirmation<T extends Toggleable>(options: ToggleConfirmationOptions<T>) {
  const [record, setRecord] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const deactivating = record?.isActive ?? false;
  const verb = deactivating ? 'Deactivate' : 'Activate';

  async function confirm() {
    if (!record || busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      const description = await options.toggle(record, !record.isActive);
      toast.success(description || (deactivating ? TOGGLE_DONE.deactivated : TOGGLE_DONE.activated));
      await options.onDone();
      setRecord(null);
    } catch (error) {
      toast.error(deactivating ? options.failed.deactivate : options.failed.activate, errorMessage(error));
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  const dialog = (
    <Modal
      isOpen={record !== null}
      onOpenChange={(open) => {
        if (!open && !busy.current) setRecord(null);
      }}
      isDismissable={!pending}
      role="alertdialog"
      title={`${verb} ${options.noun}?`}
      footer={
        <>
          <Button variant="secondary" onPress={() => setRecord(null)} isDisabled={pending}>
            Cancel
          </Button>
          <Button variant={deactivating ? 'danger' : 'primary'} onPress={() => void confirm()} isPending={pending}>
            {pending ? (deactivating ? TOGGLE_PROGRESS.deactivating : TOGGLE_PROGRESS.activating) : verb}
          </Button>
        </>
      }
    >
      {record ? (
        <p>
          {verb} <strong>{record.name}</strong>?{deactivating && options.deactivateHint ? <> {options.deactivateHint(record)}</> : null}
          {!deactivating && options.activateHint ? <> {options.activateHint(record)}</> : null}
        </p>
      ) : null}
    </Modal>
  );

  return { ask: (r: T) => setRecord(r), dialog };
}
