import type { ReactNode } from 'react';
import { Button, Input, Label, SearchField as AriaSearchField, type SearchFieldProps as AriaSearchFieldProps } from 'react-aria-components';
import './field.css';
import './search-field.css';

export interface SearchFieldProps extends Omit<AriaSearchFieldProps, 'className' | 'children'> {
  /** Visible label, or hidden when `hideLabel` (the placeholder alone is not a label). */
  label: ReactNode;
  hideLabel?: boolean;
  placeholder?: string;
  className?: string;
}

/** A search box with a clear button; Enter calls onSubmit, Escape clears. */
export function SearchField({ label, hideLabel, placeholder, className, ...props }: SearchFieldProps) {
  return (
    <AriaSearchField {...props} className={`rv-field rv-search ${className ?? ''}`.trim()}>
      <Label className={hideLabel ? 'visually-hidden' : 'rv-field__label'}>{label}</Label>
      <div className="rv-search__box">
        <svg className="rv-search__icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
        <Input className="rv-field__input rv-search__input" placeholder={placeholder} />
        <Button className="rv-search__clear" aria-label="Clear search">
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </Button>
      </div>
    </AriaSearchField>
  );
}
