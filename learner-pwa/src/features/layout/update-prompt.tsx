// 'A new version of Rivet is ready.' with Reload and Later, at the foot of the screen: a new
// version never replaces the running one under a learner in the middle of a lesson.
import { Button } from '@rivet/shared/ui/button';
import { applyUpdate, dismissUpdate, usePwa } from '../../offline/pwa';

export function UpdatePrompt() {
  const { updateReady } = usePwa();
  return (
    <div className="update-prompt-region" aria-live="polite">
      {updateReady ? (
        <section className="update-prompt" aria-label="New version">
          <p className="update-prompt__text">A new version of Rivet is ready.</p>
          <div className="update-prompt__actions">
            <Button size="sm" variant="ghost" onPress={dismissUpdate}>
              Later
            </Button>
            <Button size="sm" onPress={applyUpdate}>
              Reload
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
