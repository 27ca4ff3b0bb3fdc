import { useState, type ReactNode, type Ref } from 'react';
import { Button, FieldError, Group, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import './field.css';

export interface PasswordFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children' | 'type'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  placeholder?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Some screens show the toggle only on one of several password fields. */
  showToggle?: boolean;
}

/** A password input with a show/hide toggle; the toggle's aria-label says what pressing it does. */
export function PasswordField({ label, description, errorMessage, placeholder, className, inputRef, isInvalid, showToggle = true, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <AriaTextField
      validationBehavior="aria"
      {...props}
      type={visible ? 'text' : 'password'}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      className={`rv-field ${className ?? ''}`.trim()}
    >
      <Label className="rv-field__label">{label}</Label>
      <Group className="rv-field__group">
        <Input ref={inputRef} className="rv-field__input rv-field__input--grouped" placeholder={placeholder} autoCapitalize="none" spellCheck={false} />
        {showToggle ? (
          <Button className="rv-field__toggle" aria-label={visible ? 'Hide password' : 'Show password'} onPress={() => setVisible((v) => !v)}>
            <EyeIcon crossed={visible} />
          </Button>
        ) : null}
      </Group>
      {description ? (
        <Text slot="description" className="rv-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="rv-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}
