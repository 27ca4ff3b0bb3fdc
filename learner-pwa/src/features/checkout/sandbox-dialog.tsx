// The sandbox's stand-in for the card provider's popup (the server has no Paystack keys). It is
// plainly a test: nothing here takes card details, and no money moves. Closing it is a cancel.
import { formatKobo } from '@rivet/shared/domain/money';
import { Button } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';
import type { StartedPayment } from './use-checkout-payment';

export interface SandboxDialogProps {
  payment: StartedPayment;
  onSettle: (outcome: 'success' | 'failed') => void;
  onCancel: () => void;
}

export function SandboxDialog({ payment, onSettle, onCancel }: SandboxDialogProps) {
  const amount = formatKobo(payment.amountKobo);
  return (
    <Modal
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Test payment"
      footer={
        <div className="sandbox__actions">
          <Button onPress={() => onSettle('success')}>Pay {amount} (test)</Button>
          <Button variant="secondary" onPress={() => onSettle('failed')}>
            Decline (test)
          </Button>
        </div>
      }
    >
      <p className="sandbox__note">Sandbox: no real money moves. Paystack keys are not configured on this server.</p>
      <dl className="sandbox__facts">
        <div>
          <dt>Amount</dt>
          <dd>{amount}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{payment.email}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd className="sandbox__reference">{payment.reference}</dd>
        </div>
      </dl>
    </Modal>
  );
}
