// Instructor Name on Additional Information (spec 001 §2.3; decision 075): a searchable dropdown of
// the partner's active instructors whose typed text is never thrown away. Text that names no
// instructor stays in the box, and the list offers "Add “…” as an instructor", as does the button
// beside it: a small dialog adds the instructor through the API and the new name is chosen, so the
// author never leaves the step. The name a course already has stays offered even when its
// instructor has since been deactivated or renamed: the course keeps it until the author picks
// another.
import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { Button as AriaButton, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { normaliseInstructorName } from '@rivet/shared/api/instructors';
import { Button } from '@rivet/shared/ui/button';
import { InstructorDialog } from '../../components/instructor-dialog';
import type { AdditionalInfoValues } from './course-forms';
import '@rivet/shared/ui/field.css';
import '@rivet/shared/ui/select.css';

/** The list's own "add" option; no instructor name can be this (names hold no control characters). */
const ADD = '\u0000add';

export const NOT_LISTED = (name: string, partner: string) => `“${name}” is not one of ${partner}’s instructors: choose one from the list, or add them with “Add instructor”.`;

/** The known name the text stands for, whatever its case and spacing; null when it names none. */
export function knownInstructor(names: readonly string[], typed: string): string | null {
  const wanted = normaliseInstructorName(typed).toLowerCase();
  return wanted ? (names.find((n) => n.toLowerCase() === wanted) ?? null) : null;
}

export interface InstructorPickerProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<AdditionalInfoValues, unknown, any>;
  partner: { id: number; name: string };
  /** The partner's active instructors' names. */
  active: readonly string[];
  /** The name the course has now (kept even if it is no longer among the active ones). */
  stored: string | null;
  isLoading: boolean;
}

type Option = { id: string; label: string; note?: string };

export function InstructorPicker({ control, partner, active, stored, isLoading }: InstructorPickerProps) {
  const {
    field: { value, onChange, onBlur, name, ref },
    fieldState,
    formState,
  } = useController({ control, name: 'instructorName' });
  const error = fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined;
  const [text, setText] = useState(value);
  const [adding, setAdding] = useState<string | null>(null);
  const keptOnly = stored !== null && stored !== '' && !active.includes(stored);
  const names = keptOnly ? [...active, stored] : [...active];
  // The form reset from outside (a saved draft read back): show its value unless the text already stands for it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if ((knownInstructor(names, text) ?? text) !== value) setText(value);
  }
  const typed = normaliseInstructorName(text);
  const match = knownInstructor(names, text);
  const options: Option[] = active.map((n) => ({ id: n, label: n }));
  if (keptOnly) options.push({ id: stored, label: stored, note: 'kept on this course; no longer offered' });
  // Its text is what was typed, so the box keeps it whatever the combo box does on choosing it.
  if (typed && !match) options.push({ id: ADD, label: text, note: 'add as a new instructor' });

  const choose = (name: string) => {
    setText(name);
    onChange(name);
  };

  return (
    <div className="cw-instructor">
      <ComboBox
        className="rv-field rv-select cw-instructor__combo"
        name={name}
        allowsCustomValue
        inputValue={text}
        onInputChange={(next) => {
          setText(next);
          // The form holds the known spelling when the text names an instructor, else the text itself.
          onChange(knownInstructor(names, next) ?? next);
        }}
        selectedKey={match}
        onSelectionChange={(key) => {
          if (key === ADD) setAdding(typed);
          else if (key !== null) choose(String(key));
        }}
        onBlur={onBlur}
        defaultItems={options}
        isInvalid={Boolean(error)}
        validationBehavior="aria"
        menuTrigger="focus"
      >
        <Label className="rv-field__label">Instructor Name</Label>
        <div className="cw-combo">
          <Input className="rv-field__input cw-combo__input" placeholder={isLoading ? 'Loading instructors…' : 'Search instructors'} ref={ref} />
          <AriaButton className="cw-combo__button" aria-label="Show Instructor Name options">
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 9l6 6 6-6" />
            </svg>
          </AriaButton>
        </div>
        <Text slot="description" className="rv-field__description">
          {active.length === 0 && !isLoading ? `${partner.name} has no active instructors yet: add one.` : `Instructors of ${partner.name}.`}
        </Text>
        <FieldError className="rv-field__error">{error}</FieldError>
        <Popover className="rv-select__popover">
          <ListBox className="rv-select__list" renderEmptyState={() => <p className="cw-combo__empty">No instructor matches</p>}>
            {(option: Option) => (
              <ListBoxItem id={option.id} className={`rv-select__option${option.id === ADD ? ' cw-instructor__add-option' : ''}`} textValue={option.label}>
                {option.id === ADD ? (
                  <>
                    Add “{option.label.trim()}” as an instructor
                  </>
                ) : (
                  <>
                    {option.label}
                    {option.note ? <span className="cw-instructor__note"> ({option.note})</span> : null}
                  </>
                )}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <Button variant="secondary" size="sm" className="cw-instructor__add" onPress={() => setAdding(match ? '' : typed)}>
        Add instructor
      </Button>
      {adding !== null ? <InstructorDialog partner={partner} initialName={adding} onClose={() => setAdding(null)} onSaved={(made) => choose(made.name)} /> : null}
    </div>
  );
}
