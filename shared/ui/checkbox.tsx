import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import './checkbox.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'children'> {
  children: ReactNode;
  errorMessage?: string;
  className?: string;
}

export function Checkbox({ children, errorMessage, className, isInvalid, ...props }: CheckboxProps) {
  return (
    <div className={`rv-checkbox-field ${className ?? ''}`.trim()}>
      <AriaCheckbox validationBehavior="aria" {...props} isInvalid={isInvalid ?? Boolean(errorMessage)} className="rv-checkbox">
        {({ isSelected }) => (
          <>
            <span className="rv-checkbox__box" aria-hidden="true">
              {isSelected ? (
                <svg viewBox="0 0 18 18" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="3">
                  <path d="M3 9.5l4 4 8-9" />
                </svg>
              ) : null}
            </span>
            <span className="rv-checkbox__label">{children}</span>
          </>
        )}
      </AriaCheckbox>
      {errorMessage ? (
        <p className="rv-field__error" role="alert">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}
