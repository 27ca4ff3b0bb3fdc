import type { ReactNode } from 'react';
import './inline-alert.css';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

export interface InlineAlertProps {
  tone?: AlertTone;
  /** First line, in bold. */
  title: ReactNode;
  /** Optional second line (e.g. 'Check your network or contact your admin'), or a list of problems: not a paragraph, so it may hold one. */
  children?: ReactNode;
  className?: string;
}

/** A message inside the page flow; errors are announced at once (role alert), others politely. */
export function InlineAlert({ tone = 'error', title, children, className }: InlineAlertProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rv-alert rv-alert--${tone} ${className ?? ''}`.trim()}>
      <p className="rv-alert__title">{title}</p>
      {children ? <div className="rv-alert__body">{children}</div> : null}
    </div>
  );
}
