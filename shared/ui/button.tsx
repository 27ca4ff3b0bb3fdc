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

/**
 * A button; with isPending it shows a spinner, stays focusable and ignores presses (repeat submits).
 *
 * Pending is done here rather than by react-aria's own isPending: that one announces the change
 * through a hidden role="img" labelled by the button's id, which outlives the button for seven
 * seconds; a save that navigates away leaves an image with no name in the page (axe's
 * role-img-alt, decision 093). A pending button says so as aria-disabled (and the class
 * rv-button--pending: react-aria sets data-pending itself, from its own isPending only).
 */
export function Button({ children, isPending, onPress, onPressStart, onPressEnd, onPressChange, onPressUp, onClick, type, ...props }: ButtonProps) {
  const pending = Boolean(isPending);
  const handlers = pending ? {} : { onPress, onPressStart, onPressEnd, onPressChange, onPressUp, onClick };
  return (
    <AriaButton
      {...props}
      {...handlers}
      // A pending submit button stops implicit submission too (Enter in a field of its form).
      type={pending && type === 'submit' ? 'button' : type}
      aria-disabled={pending ? true : props['aria-disabled']}
      className={`${classes(props)}${pending ? ' rv-button--pending' : ''}`}
    >
      {pending ? <Spinner size="sm" /> : null}
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
