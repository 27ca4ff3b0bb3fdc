// A square, borderless button holding one icon (menu, search, close). The label is required:
// an icon alone says nothing to a screen reader.
import type { ReactNode, Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import './icon-button.css';

export interface IconButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  'aria-label': string;
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({ className, children, ...props }: IconButtonProps) {
  return (
    <AriaButton {...props} className={`rv-icon-button ${className ?? ''}`.trim()}>
      {children}
    </AriaButton>
  );
}
