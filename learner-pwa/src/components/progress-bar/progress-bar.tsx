// A labelled progress bar (react-aria ProgressBar: role progressbar with its value), used by the
// dashboard's course cards, the survey and the player.
import { ProgressBar as AriaProgressBar, Label } from 'react-aria-components';
import './progress-bar.css';

export interface ProgressBarProps {
  /** What the bar measures; read by screen readers, shown unless hideLabel. */
  label: string;
  /** 0–100. */
  value: number;
  hideLabel?: boolean;
  /** Show the percentage beside the label. */
  showValue?: boolean;
  /** What screen readers hear as the value ('Question 2 of 3'); the percentage by default. */
  valueLabel?: string;
  size?: 'sm' | 'md';
  className?: string;
}

export function ProgressBar({ label, value, hideLabel = false, showValue = true, valueLabel, size = 'md', className }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <AriaProgressBar value={clamped} valueLabel={valueLabel} className={`progress-bar progress-bar--${size} ${className ?? ''}`.trim()}>
      {({ percentage, valueText }) => (
        <>
          <div className={hideLabel ? 'visually-hidden' : 'progress-bar__head'}>
            <Label className="progress-bar__label">{label}</Label>
            {showValue ? <span className="progress-bar__value">{valueText}</span> : null}
          </div>
          <div className="progress-bar__track">
            <div className="progress-bar__fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
