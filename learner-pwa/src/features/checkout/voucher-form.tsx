// 'Got a voucher? Click here to enter your code': a disclosure with the discount code field.
// Spec: Apply is disabled while the code is empty. A refused code empties the field and the
// server's reason shows under it (the field's description, so it is read with the field).
import { useId, useRef, useState } from 'react';
import { DISCOUNT_MESSAGES } from '@rivet/shared/domain/discount';
import { Button } from '@rivet/shared/ui/button';
import { TextField } from '@rivet/shared/ui/text-field';
import type { Pricing } from './use-pricing';

export function VoucherForm({ pricing, isDisabled }: { pricing: Pricing; isDisabled: boolean }) {
  const [open, setOpen] = useState(pricing.appliedCode !== null);
  const [text, setText] = useState('');
  const panelId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const empty = text.trim() === '';

  const submit = () => {
    if (empty || isDisabled || pricing.isApplying) return;
    pricing.apply(text, {
      onApplied: () => setText(''),
      onRefused: () => {
        setText('');
        // Back to the field, whose description now says why the code was refused.
        inputRef.current?.focus();
      },
    });
  };

  return (
    <div className="voucher">
      <button type="button" className="voucher__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Got a voucher? Click here to enter your code
        <svg className="voucher__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div id={panelId} className="voucher__panel" hidden={!open}>
        <form
          className="voucher__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            className="voucher__field"
            label="Discount code"
            value={text}
            onChange={(value) => {
              setText(value);
              pricing.clearCodeError();
            }}
            errorMessage={pricing.codeError ?? undefined}
            inputRef={inputRef}
            autoComplete="off"
            spellCheck="false"
          />
          <Button type="submit" variant="secondary" className="voucher__apply" isDisabled={empty || isDisabled} isPending={pricing.isApplying}>
            Apply
          </Button>
        </form>
        <div role="status" className="voucher__status">
          {pricing.appliedCode ? (
            <p className="voucher__applied">{DISCOUNT_MESSAGES.applied}</p>
          ) : null}
        </div>
        {pricing.appliedCode ? (
          <Button
            variant="ghost"
            size="sm"
            className="voucher__remove"
            isDisabled={pricing.isApplying}
            aria-label={`Remove code ${pricing.appliedCode}`}
            onPress={pricing.removeCode}
          >
            Remove code
          </Button>
        ) : null}
      </div>
    </div>
  );
}
