import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay, type ModalOverlayProps } from 'react-aria-components';
import { Button } from './button';
import './modal.css';

export interface ModalProps extends Omit<ModalOverlayProps, 'children' | 'className'> {
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom of the dialog. */
  footer?: ReactNode;
  /** 'alertdialog' for messages that need an answer before the user goes on. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  /** A width the spec fixes (the bulk uploader's 650 px), instead of the size's. */
  width?: number;
  /** 'end': a side drawer at the inline end, full height (spec: "a side drawer"). */
  placement?: 'center' | 'end';
}

/** A centred dialog (or a side drawer) over a dimmed page. Control it with isOpen/onOpenChange. */
export function Modal({ title, children, footer, role = 'dialog', size = 'sm', width, placement = 'center', ...overlay }: ModalProps) {
  const drawer = placement === 'end';
  return (
    <ModalOverlay {...overlay} className={drawer ? 'rv-modal-overlay rv-modal-overlay--drawer' : 'rv-modal-overlay'}>
      <AriaModal className={`rv-modal rv-modal--${size}${drawer ? ' rv-modal--drawer' : ''}`} style={width ? { maxWidth: width } : undefined}>
        <Dialog role={role} className="rv-modal__dialog">
          <Heading slot="title" className="rv-modal__title">
            {title}
          </Heading>
          <div className="rv-modal__body">{children}</div>
          {footer ? <div className="rv-modal__footer">{footer}</div> : null}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

export interface AlertDialogProps {
  isOpen: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The one action, e.g. 'Got it'; pressing it (or Escape) calls onAction. */
  actionLabel: string;
  onAction: () => void;
  tone?: 'success' | 'error' | 'info';
}

/** A message with one acknowledging action (spec: 'Password Reset' … 'Got it'). */
export function AlertDialog({ isOpen, title, children, actionLabel, onAction, tone = 'info' }: AlertDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onAction();
      }}
      isDismissable={false}
      role="alertdialog"
      title={
        <span className={`rv-modal__tone rv-modal__tone--${tone}`}>
          <ToneIcon tone={tone} />
          {title}
        </span>
      }
      footer={
        <Button autoFocus onPress={onAction} fullWidth>
          {actionLabel}
        </Button>
      }
    >
      <div className="rv-modal__centered">{children}</div>
    </Modal>
  );
}

function ToneIcon({ tone }: { tone: 'success' | 'error' | 'info' }) {
  const path = tone === 'success' ? 'M7 12.5l3.5 3.5L17 9' : tone === 'error' ? 'M8 8l8 8M16 8l-8 8' : 'M12 8h.01M12 11v5';
  return (
    <svg className="rv-modal__icon" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d={path} />
    </svg>
  );
}
