// How to install on iPhone and iPad, where browsers offer no install prompt: Share, then
// 'Add to Home Screen'. Loaded when the learner asks for it.
import { Button } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';
import { closeInstallGuide } from '../../offline/pwa';

export function InstallGuide({ isOpen }: { isOpen: boolean }) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) closeInstallGuide();
      }}
      isDismissable
      title="Install Rivet"
      footer={
        <Button fullWidth onPress={closeInstallGuide}>
          Got it
        </Button>
      }
    >
      <p>Add Rivet to your Home Screen to open it like an app, even without a connection.</p>
      <ol className="install-guide__steps">
        <li>
          Tap the Share button <ShareIcon /> in the browser’s toolbar.
        </li>
        <li>
          Scroll down and tap <strong>Add to Home Screen</strong>.
        </li>
        <li>
          Tap <strong>Add</strong>.
        </li>
      </ol>
    </Modal>
  );
}

function ShareIcon() {
  return (
    <svg className="install-guide__icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" role="img" aria-label="(a square with an arrow pointing up)">
      <path d="M12 3v12M8 7l4-4 4 4M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1" />
    </svg>
  );
}
