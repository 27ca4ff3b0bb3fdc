// The wizard's own choice fields, bound to react-hook-form: radio groups (Course Type, Pricing),
// switches (EOC survey, Promote Course); Instructor Name has its own picker (instructor-picker.tsx).
// react-aria gives them keyboard use and labels; the look follows the kit's fields.
import type { ReactNode } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { FieldError, Label, Radio, RadioGroup, Switch } from 'react-aria-components';
import type { Bound } from '@rivet/shared/ui/form';
import '@rivet/shared/ui/field.css';

export function FormRadioGroup<T extends FieldValues>({ control, name, label, options }: Bound<T> & { label: string; options: readonly { id: string; label: string }[] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RadioGroup
          className="rv-field cw-radios"
          name={field.name}
          value={(field.value as string) || null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          isInvalid={Boolean(fieldState.error)}
          validationBehavior="aria"
          orientation="horizontal"
        >
          <Label className="rv-field__label">{label}</Label>
          <div className="cw-radios__options">
            {options.map((o) => (
              <Radio key={o.id} value={o.id} className="cw-radio">
                <span className="cw-radio__dot" aria-hidden="true" />
                {o.label}
              </Radio>
            ))}
          </div>
          <FieldError className="rv-field__error">{fieldState.error?.message}</FieldError>
        </RadioGroup>
      )}
    />
  );
}

/** A switch whose state is also said in words next to it ("activated" / "Deactivated"). */
export function FormSwitch<T extends FieldValues>({ control, name, label, onText, offText, description }: Bound<T> & { label: string; onText: string; offText: string; description?: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="cw-switch-field">
          <Switch className="cw-switch" name={field.name} isSelected={Boolean(field.value)} onChange={field.onChange} onBlur={field.onBlur}>
            <span className="cw-switch__track" aria-hidden="true">
              <span className="cw-switch__thumb" />
            </span>
            <span className="cw-switch__label">
              {label} <span className="cw-switch__state">({field.value ? onText : offText})</span>
            </span>
          </Switch>
          {description ? <p className="rv-field__description">{description}</p> : null}
        </div>
      )}
    />
  );
}
