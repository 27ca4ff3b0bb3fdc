import { useState, type FormEvent } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';
import { Wizard, WizardActions, useWizard, useWizardStep } from './wizard';

const STEPS = [
  { id: 'basic', title: 'Basic Info' },
  { id: 'public', title: 'Public Profile' },
  { id: 'password', title: 'Password and Settings' },
];

/** A step whose form is valid only with a name: Next submits it, and moves on only when valid. */
function NamedStep({ label }: { label: string }) {
  const { next, readOnly } = useWizard();
  const [value, setValue] = useState(readOnly ? 'Kept value' : '');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) return setError(`${label} is required`);
    next();
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField label={label} value={value} onChange={setValue} errorMessage={error} isReadOnly={readOnly} />
      <WizardActions />
    </form>
  );
}

function Where() {
  const { search } = useLocation();
  return <output aria-label="search">{search}</output>;
}

function Harness({ readOnly = false, initial }: { readOnly?: boolean; initial?: number }) {
  const [step, setStep] = useWizardStep(STEPS.length, { initial });
  return (
    <>
      <Wizard title="Update Profile" steps={STEPS} step={step} onStepChange={setStep} readOnly={readOnly}>
        <NamedStep key={step} label={STEPS[step]!.title} />
      </Wizard>
      <Where />
    </>
  );
}

function renderWizard(url = '/wizard', props: { readOnly?: boolean; initial?: number } = {}) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/wizard" element={<Harness {...props} />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

const heading = () => screen.getByRole('heading', { level: 2 });
const steps = () => within(screen.getByRole('navigation', { name: 'Update Profile steps' }));

describe('Wizard', () => {
  it('moves forward only through a valid step, back with Prev, and keeps the step in the address', async () => {
    const user = renderWizard();
    expect(heading()).toHaveTextContent('Step 1 of 3Basic Info');
    expect(screen.queryByRole('button', { name: 'Prev' })).toBeNull();
    expect(steps().getByText('Basic Info').closest('li')).toHaveAttribute('aria-current', 'step');
    // Later steps cannot be opened from the list before Next has checked this one.
    expect(steps().queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Basic Info is required')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Basic Info');

    await user.type(screen.getByLabelText('Basic Info'), 'Ada');
    await user.keyboard('{Enter}');
    expect(heading()).toHaveTextContent('Step 2 of 3Public Profile');
    expect(heading()).toHaveFocus();
    expect(screen.getByLabelText('search')).toHaveTextContent('?step=2');

    // A passed step can be opened again from the list; Prev does the same without checking.
    expect(steps().getByRole('button', { name: /Basic Info/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(heading()).toHaveTextContent('Basic Info');
    expect(screen.getByLabelText('search')).toHaveTextContent('?step=1');
  });

  it('resumes at the step in the address', () => {
    renderWizard('/wizard?step=3');
    expect(heading()).toHaveTextContent('Step 3 of 3Password and Settings');
  });

  it('prefers the address to the stored step and keeps a step out of range within the wizard', () => {
    renderWizard('/wizard?step=99', { initial: 1 });
    expect(heading()).toHaveTextContent('Step 3 of 3');
  });

  it('starts at a stored step', () => {
    renderWizard('/wizard', { initial: 1 });
    expect(heading()).toHaveTextContent('Step 2 of 3Public Profile');
  });

  it('in review mode opens any step, changes nothing and has no submit', async () => {
    const user = renderWizard('/wizard', { readOnly: true });
    expect(heading()).toHaveTextContent('Step 1 of 3 · Review');
    expect(screen.getByLabelText('Basic Info')).toHaveAttribute('readonly');
    expect(document.querySelector('button[type="submit"]')).toBeNull();

    await user.click(steps().getByRole('button', { name: /Password and Settings/ }));
    expect(heading()).toHaveTextContent('Password and Settings');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(heading()).toHaveTextContent('Public Profile');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(heading()).toHaveTextContent('Password and Settings');
  });
});
