// The wizard's own choice fields, bound to react-hook-form: radio groups (Course Type, Pricing),
// switches (EOC survey, Promote Course) and a searchable dropdown (Instructor Name). react-aria
// gives them keyboard use and labels; the look follows the kit's fields.
import type { ReactNode } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Switch,
  Text,
} from 'react-aria-components';
import type { Bound } from '@rivet/shared/ui/form';
import '@rivet/shared/ui/field.css';
import '@rivet/shared/ui/select.css';

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

/** A dropdown that filters its options as one types; the value is the chosen option's id. */
export function FormComboBox<T extends FieldValues>({
  control,
  name,
  label,
  items,
  placeholder,
  description,
}: Bound<T> & { label: string; items: readonly { id: string; label: string }[]; placeholder?: string; description?: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState, formState }) => (
        <ComboBox
          className="rv-field rv-select"
          name={field.name}
          selectedKey={(field.value as string) || null}
          onSelectionChange={(key) => field.onChange(key === null ? '' : String(key))}
          onBlur={field.onBlur}
          defaultItems={items}
          isInvalid={Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted)}
          validationBehavior="aria"
          menuTrigger="focus"
        >
          <Label className="rv-field__label">{label}</Label>
          <div className="cw-combo">
            <Input className="rv-field__input cw-combo__input" placeholder={placeholder} ref={field.ref} />
            <Button className="cw-combo__button" aria-label={`Show ${label} options`}>
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M6 9l6 6 6-6" />
              </svg>
            </Button>
          </div>
          {description ? (
            <Text slot="description" className="rv-field__description">
              {description}
            </Text>
          ) : null}
          <FieldError className="rv-field__error">{fieldState.error?.message}</FieldError>
          <Popover className="rv-select__popover">
            <ListBox className="rv-select__list" renderEmptyState={() => <p className="cw-combo__empty">No instructor matches</p>}>
              {(item: { id: string; label: string }) => (
                <ListBoxItem id={item.id} className="rv-select__option" textValue={item.label}>
                  {item.label}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
      )}
    />
  );
}
