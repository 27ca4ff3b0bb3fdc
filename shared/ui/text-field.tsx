import type { ReactNode, Ref } from 'react';
import { FieldError, Input, Label, Text, TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import './field.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown under the field and marks it invalid; `undefined` means valid. */
  errorMessage?: string;
  placeholder?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** A text area of this many rows instead of a one-line input (a biography, a description). */
  rows?: number;
}

export function TextField({ label, description, errorMessage, placeholder, className, inputRef, isInvalid, rows, ...props }: TextFieldProps) {
  return (
    <AriaTextField validationBehavior="aria" {...props} isInvalid={isInvalid ?? Boolean(errorMessage)} className={`rv-field ${className ?? ''}`.trim()}>
      <Label className="rv-field__label">{label}</Label>
      {rows ? (
        // react-hook-form only focuses the element on an error; the ref's element type does not matter to it.
        <TextArea ref={inputRef as unknown as Ref<HTMLTextAreaElement>} rows={rows} className="rv-field__input rv-field__input--multiline" placeholder={placeholder} />
      ) : (
        <Input ref={inputRef} className="rv-field__input" placeholder={placeholder} />
      )}
      {description ? (
        <Text slot="description" className="rv-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="rv-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
