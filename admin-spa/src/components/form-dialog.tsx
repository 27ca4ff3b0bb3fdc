// The console's create/update dialogs (roles, platform parties, users): a form in a modal with
// Cancel and a submit button in the footer. While the form is saving the dialog can't be dismissed,
// so a save is never half-seen; the submit button sits outside the <form> and names it by id.
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';

export interface FormDialogProps {
  title: ReactNode;
  /** The <form>'s id, which the footer's submit button refers to. */
  formId: string;
  submitLabel: string;
  saving: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  isSubmitDisabled?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** 'end' shows the form in a side drawer. */
  placement?: 'center' | 'end';
  className?: string;
  /** The form's accessible name, when the title alone does not say it. */
  label?: string;
  children: ReactNode;
}

export function FormDialog({ title, formId, submitLabel, saving, onSubmit, onClose, isSubmitDisabled, size, placement, className, label, children }: FormDialogProps) {
  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      isDismissable={!saving}
      size={size}
      placement={placement}
      title={title}
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isDisabled={isSubmitDisabled} isPending={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={className} onSubmit={onSubmit} noValidate aria-label={label}>
        {children}
      </form>
    </Modal>
  );
}
