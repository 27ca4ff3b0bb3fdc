// The Wizard shape of the admin console (STYLE.md): numbered steps, Prev and Next, resuming at a
// stored step, and a read-only review mode. Built once for the staff profile; the course and
// partner wizards use it too.
//
//   const [step, setStep] = useWizardStep(STEPS.length, { initial: course.stepNo - 1 });
//   <Wizard title="Update Profile" steps={STEPS} step={step} onStepChange={setStep} readOnly={reviewing}>
//     {step === 0 ? <form onSubmit={…}>…<WizardActions /></form> : …}
//   </Wizard>
//
// The wizard does not own the data: each step is the caller's form, which ends with
// <WizardActions>. In edit mode its Next is the form's submit button (the form validates, then
// calls next()); Prev never validates. In review mode nothing submits: every step can be opened
// from the list, Prev and Next only move, and fields are read-only (useWizard().readOnly).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button as AriaButton } from 'react-aria-components';
import { Button } from './button';
import './wizard.css';

export interface WizardStep {
  id: string;
  title: string;
}

export interface WizardState {
  /** 0-based. */
  step: number;
  count: number;
  readOnly: boolean;
  isFirst: boolean;
  isLast: boolean;
  goTo: (step: number) => void;
  next: () => void;
  prev: () => void;
}

const WizardContext = createContext<WizardState | null>(null);

export function useWizard(): WizardState {
  const state = useContext(WizardContext);
  if (!state) throw new Error('useWizard is used inside <Wizard>');
  return state;
}

const clamp = (n: number, count: number) => Math.min(Math.max(0, Math.trunc(n)), count - 1);

/**
 * The current step, kept in the address (`?step=2`, 1-based) so a reload or a link resumes there.
 * Without one, the wizard opens at `initial` (a step stored with the record, e.g. a course's stepNo).
 */
export function useWizardStep(count: number, { initial = 0, param = 'step' }: { initial?: number; param?: string } = {}) {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(param));
  const step = Number.isFinite(raw) && raw >= 1 ? clamp(raw - 1, count) : clamp(initial, count);
  const setStep = useCallback(
    (next: number) => {
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.set(param, String(clamp(next, count) + 1));
          return copy;
        },
        { replace: true },
      );
    },
    [count, param, setParams],
  );
  return [step, setStep] as const;
}

export interface WizardProps {
  /** What the wizard does, e.g. "Update Profile": names the step list. */
  title: string;
  steps: readonly WizardStep[];
  step: number;
  onStepChange: (step: number) => void;
  /** Review mode: every step can be opened, nothing changed or saved. */
  readOnly?: boolean;
  /**
   * Steps the user may open from the list in edit mode; by default those already passed. (Later
   * steps are reached with Next, which checks the current one.)
   */
  reachable?: (step: number) => boolean;
  children: ReactNode;
  className?: string;
}

export function Wizard({ title, steps, step, onStepChange, readOnly = false, reachable, children, className }: WizardProps) {
  const count = steps.length;
  const current = clamp(step, count);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const state = useMemo<WizardState>(() => {
    const goTo = (n: number) => {
      moved.current = true;
      onStepChange(clamp(n, count));
    };
    return {
      step: current,
      count,
      readOnly,
      isFirst: current === 0,
      isLast: current === count - 1,
      goTo,
      next: () => goTo(current + 1),
      prev: () => goTo(current - 1),
    };
  }, [current, count, readOnly, onStepChange]);

  // After Prev, Next or a step chosen from the list, the new step's heading takes the focus so
  // keyboard and screen-reader users start reading at its top (not on the first load).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = false;
  }, [current]);

  const canOpen = (i: number) => i !== current && (readOnly || (reachable ? reachable(i) : i < current));
  const active = steps[current];

  return (
    <WizardContext.Provider value={state}>
      <div className={`rv-wizard ${className ?? ''}`.trim()}>
        <nav aria-label={`${title} steps`} className="rv-wizard__nav">
          <ol className="rv-wizard__steps">
            {steps.map((s, i) => {
              const status = i === current ? 'current' : i < current ? 'done' : 'todo';
              const content = (
                <>
                  <span className="rv-wizard__number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span className="rv-wizard__label">
                    <span className="visually-hidden">Step {i + 1}: </span>
                    {s.title}
                    {status === 'done' && !readOnly ? <span className="visually-hidden"> (done)</span> : null}
                  </span>
                </>
              );
              return (
                <li key={s.id} className={`rv-wizard__step rv-wizard__step--${status}`} aria-current={i === current ? 'step' : undefined}>
                  {canOpen(i) ? (
                    <AriaButton className="rv-wizard__step-button" onPress={() => state.goTo(i)}>
                      {content}
                    </AriaButton>
                  ) : (
                    <span className="rv-wizard__step-button">{content}</span>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
        <section className="rv-wizard__panel" aria-labelledby="rv-wizard-heading">
          <h2 id="rv-wizard-heading" ref={heading} tabIndex={-1} className="rv-wizard__heading">
            <span className="rv-wizard__counter">
              Step {current + 1} of {count}
              {readOnly ? ' · Review' : ''}
            </span>
            {active?.title}
          </h2>
          {children}
        </section>
      </div>
    </WizardContext.Provider>
  );
}

export interface WizardActionsProps {
  /** The forward button's label in edit mode: "Next", or "Save" on a step that saves. */
  nextLabel?: string;
  /** Edit mode: the form's submit is running (repeat presses are ignored). */
  isPending?: boolean;
  /** Edit mode: e.g. until the form is valid. */
  isNextDisabled?: boolean;
  /** Hide the forward button (a last step whose form has its own). */
  hideNext?: boolean;
  /** Extra actions at the start of the row (Cancel). */
  children?: ReactNode;
}

/** Prev and Next for the current step; put it at the end of the step's form. */
export function WizardActions({ nextLabel = 'Next', isPending, isNextDisabled, hideNext, children }: WizardActionsProps) {
  const { isFirst, isLast, readOnly, prev, next } = useWizard();
  return (
    <div className="rv-wizard__actions">
      {children}
      <span className="rv-wizard__spacer" />
      {!isFirst ? (
        <Button variant="secondary" onPress={prev} isDisabled={isPending}>
          Prev
        </Button>
      ) : null}
      {readOnly ? (
        !isLast ? (
          <Button onPress={next}>Next</Button>
        ) : null
      ) : hideNext ? null : (
        <Button type="submit" isPending={isPending} isDisabled={isNextDisabled}>
          {nextLabel}
        </Button>
      )}
    </div>
  );
}
