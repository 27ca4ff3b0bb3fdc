// Small fields of the curriculum's dialogs: a switch that says its state in words (as the wizard's
// FormSwitch, without react-hook-form), a whole-number field kept as typed text, and the lazily
// loaded rich-text editor (decision 029: Tiptap loads only when a step needs it).
import { lazy, Suspense, type ReactNode } from 'react';
import { Switch } from 'react-aria-components';
import { TextField } from '@rivet/shared/ui/text-field';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

export function StateSwitch({ label, isSelected, onChange, onText = 'on', offText = 'off', description }: { label: string; isSelected: boolean; onChange: (on: boolean) => void; onText?: string; offText?: string; description?: ReactNode }) {
  return (
    <div className="cw-switch-field">
      <Switch className="cw-switch" isSelected={isSelected} onChange={onChange}>
        <span className="cw-switch__track" aria-hidden="true">
          <span className="cw-switch__thumb" />
        </span>
        <span className="cw-switch__label">
          {label} <span className="cw-switch__state">({isSelected ? onText : offText})</span>
        </span>
      </Switch>
      {description ? <p className="rv-field__description">{description}</p> : null}
    </div>
  );
}

/** A whole number typed as text: only digits are kept, so the value is '' or digits. */
export function WholeNumberField({ label, value, onChange, isDisabled, description, errorMessage }: { label: string; value: string; onChange: (value: string) => void; isDisabled?: boolean; description?: string; errorMessage?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(typed) => onChange(typed.replace(/\D/g, '').slice(0, 3))}
      inputMode="numeric"
      isDisabled={isDisabled}
      description={description}
      errorMessage={errorMessage}
    />
  );
}

export const wholeNumber = (text: string) => (text === '' ? Number.NaN : Number(text));

export function RichText({ label, value, onChange, errorMessage, description }: { label: string; value: string; onChange: (html: string) => void; errorMessage?: string; description?: string }) {
  return (
    <Suspense
      fallback={
        <div className="rv-field">
          <span className="rv-field__label">{label}</span>
          <div className="cw-editor-loading" role="status">
            Loading the editor…
          </div>
        </div>
      }
    >
      <RichTextEditor label={label} value={value} onChange={onChange} onBlur={() => undefined} errorMessage={errorMessage} description={description} />
    </Suspense>
  );
}
