import type { ReactNode } from 'react';
import { Button as AriaButton, Link as AriaLink, type ButtonProps as AriaButtonProps, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the container's width (forms on phones). */
  fullWidth?: boolean;
  className?: string;
}

const classes = ({ variant = 'primary', size = 'md', fullWidth, className }: Look) =>
  ['rv-button', `rv-button--${variant}`, `rv-button--${size}`, fullWidth ? 'rv-button--full' : '', className ?? ''].filter(Boolean).join(' ');

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'>, Look {
  children: ReactNode;
}

/** A button; with isPending it shows a spinner, stays focusable and ignores presses (repeat submits). */
export function Button({ children, isPending, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} isPending={isPending} className={classes(props)}>
      {isPending ? <Spinner size="sm" /> : null}
      <span className="rv-button__label">{children}</span>
    </AriaButton>
  );
}

export interface ButtonLinkProps extends Omit<AriaLinkProps, 'className' | 'children'>, Look {
  children: ReactNode;
}

/** A link that looks like a button; `href` is an app path, routed client-side by RouterBridge. */
export function ButtonLink({ children, ...props }: ButtonLinkProps) {
  return (
    <AriaLink {...props} className={classes(props)}>
      <span className="rv-button__label">{children}</span>
    </AriaLink>
  );
}
