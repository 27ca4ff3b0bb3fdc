import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import './link.css';

export interface LinkProps extends Omit<AriaLinkProps, 'className'> {
  className?: string;
  /** 'inline' underlines like body text links; 'plain' is for navigation bars and cards. */
  variant?: 'inline' | 'plain';
}

/**
 * A link. `href` starting with '/' is an app route and is followed client-side (RouterBridge);
 * anything else (https:, mailto:) is an ordinary navigation.
 */
export function Link({ variant = 'inline', className, ...props }: LinkProps) {
  return <AriaLink {...props} className={`rv-link rv-link--${variant} ${className ?? ''}`.trim()} />;
}
