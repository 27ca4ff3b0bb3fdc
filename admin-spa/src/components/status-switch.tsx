// A list row's Active/Inactive switch (revenue formulas, discounts): the track, the thumb and the
// state in words beside them, so the state never rests on colour alone.
import { Switch } from 'react-aria-components';
import './status-switch.css';

export interface StatusSwitchProps {
  /** What the switch turns on, e.g. "Standard 30/70 active". */
  label: string;
  isActive: boolean;
  isBusy?: boolean;
  onChange: (isActive: boolean) => void;
  /** The words beside the switch when on, if not 'Active' (a discount switched on before its start: 'Scheduled'). */
  onText?: string;
}

export function StatusSwitch({ label, isActive, isBusy, onChange, onText = 'Active' }: StatusSwitchProps) {
  return (
    <Switch className="status-switch" aria-label={label} isSelected={isActive} isDisabled={isBusy} onChange={onChange}>
      <span className="status-switch__track" aria-hidden="true">
        <span className="status-switch__thumb" />
      </span>
      <span className="status-switch__state">{isActive ? onText : 'Inactive'}</span>
    </Switch>
  );
}
