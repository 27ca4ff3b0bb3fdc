import type { ReactNode } from 'react';
import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  type Key,
} from 'react-aria-components';
import './field.css';
import './select.css';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps {
  label: ReactNode;
  items: readonly SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  placeholder?: string;
  description?: ReactNode;
  errorMessage?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  name?: string;
  className?: string;
}

/** A single-choice select (age band, country). The value is the option's id. */
export function Select({ label, items, value, onChange, onBlur, placeholder = 'Select', description, errorMessage, className, ...props }: SelectProps) {
  return (
    <AriaSelect
      validationBehavior="aria"
      {...props}
      value={value}
      onChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      onBlur={onBlur}
      placeholder={placeholder}
      isInvalid={Boolean(errorMessage)}
      className={`rv-field rv-select ${className ?? ''}`.trim()}
    >
      <Label className="rv-field__label">{label}</Label>
      <Button className="rv-field__input rv-select__trigger">
        <SelectValue className="rv-select__value" />
        <svg className="rv-select__chevron" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </Button>
      {description ? (
        <Text slot="description" className="rv-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="rv-field__error">{errorMessage}</FieldError>
      <Popover className="rv-select__popover">
        <ListBox className="rv-select__list" items={items}>
          {(item) => (
            <ListBoxItem id={item.id} className="rv-select__option" textValue={item.label}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
