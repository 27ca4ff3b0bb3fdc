import { Button } from '@rivet/shared/ui/button';

/** Every tab ends the same way (spec: Cancel, Save changes); saving shows the loader on its button. */
export function FormActions({ isSaving, onCancel }: { isSaving: boolean; onCancel: () => void }) {
  return (
    <div className="profile-form__actions">
      <Button variant="secondary" onPress={onCancel} isDisabled={isSaving}>
        Cancel
      </Button>
      <Button type="submit" isPending={isSaving}>
        Save changes
      </Button>
    </div>
  );
}
