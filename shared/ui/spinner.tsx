import './spinner.css';

export interface SpinnerProps {
  /** Read by screen readers; omit inside a control that already says it is busy. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label, size = 'md' }: SpinnerProps) {
  return (
    <span
      className={`rv-spinner rv-spinner--${size}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
