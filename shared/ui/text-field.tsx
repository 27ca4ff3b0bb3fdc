import type { ReactNode, Ref } from 'react';
import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import './field.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown under the field and marks it invalid; `undefined` means valid. */
  errorMessage?: string;
  placeholder?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ label, description, errorMessage, placeholder, className, inputRef, isInvalid, ...props }: TextFieldProps) {
  return (
    <AriaTextField validationBehavior="aria" {...props} isInvalid={isInvalid ?? Boolean(errorMessage)} className={`rv-field ${className ?? ''}`.trim()}>
      <Label className="rv-field__label">{label}</Label>
      <Input ref={inputRef} className="rv-field__input" placeholder={placeholder} />
      {description ? (
        <Text slot="description" className="rv-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="rv-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
