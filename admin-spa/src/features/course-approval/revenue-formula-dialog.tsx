// QA's choice of the revenue formula a course's sales are split by (spec 001 §3 "Revenue option";
// decisions 043, 076): used to approve a course pending QA and to re-pick the formula of an
// approved course whose formula did not name its partner. It offers only what the server says fits
// the course (active formulas naming its partner); when none does, it says which partner needs
// one and, to those who may, links to Revenue to create it. The server judges the choice again.
import { useState, type FormEvent } from 'react';
import { APPROVAL_MESSAGES as M } from '@rivet/shared/api/course-approval';
import { PLATFORM_ADMIN_ROLE_IDS } from '@rivet/shared/domain/permissions';
import { FORMULA_FIT_MESSAGES } from '@rivet/shared/domain/revenue-split';
import { errorMessage } from '@rivet/shared/client/errors';
import { useProfile } from '@rivet/shared/client/session-context';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Link } from '@rivet/shared/ui/link';
import { Select } from '@rivet/shared/ui/select';
import { FormDialog } from '../../components/form-dialog';
import { paths } from '../../paths';
import { useRevenueOptions } from './use-approval';

export interface RevenueFormulaDialogProps {
  courseId: number;
  title: string;
  lead: string;
  submitLabel: string;
  saving: boolean;
  onClose: () => void;
  onChoose: (revenueId: number) => void;
}

export function RevenueFormulaDialog({ courseId, title, lead, submitLabel, saving, onClose, onChoose }: RevenueFormulaDialogProps) {
  const profile = useProfile();
  const options = useRevenueOptions(courseId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const items = (options.data?.items ?? []).map((r) => ({ id: String(r.id), label: r.name }));
  const noneFits = options.isSuccess && items.length === 0;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return setError(M.revenueRequired);
    onChoose(Number(chosen));
  };
  // Revenue sharing is the two platform admin roles' (decision 042): only they get the way there.
  const mayCreate = (PLATFORM_ADMIN_ROLE_IDS as readonly number[]).includes(profile.roleId);
  return (
    <FormDialog title={title} formId="ca-revenue-formula" submitLabel={submitLabel} saving={saving} onSubmit={submit} onClose={onClose} size="md" isSubmitDisabled={noneFits || options.isPending}>
      <p className="ca-dialog-lead">{lead}</p>
      {noneFits ? (
        <InlineAlert tone="warning" title={FORMULA_FIT_MESSAGES.noneFits(options.data.partner, options.data.isPlatform)}>
          {mayCreate ? (
            <p>
              <Link href={`${paths.revenue}?create`}>Create one under Revenue</Link> first, then come back to this course.
            </p>
          ) : (
            <p>Ask a platform administrator to create one under Revenue first.</p>
          )}
        </InlineAlert>
      ) : (
        <Select
          label="Revenue"
          description={options.data ? `Formulas that give ${options.data.isPlatform ? 'the platform its share' : `${options.data.partner} its share`}.` : undefined}
          placeholder={options.isPending ? 'Loading…' : 'Choose a formula'}
          items={items}
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            if (value) setError(undefined);
          }}
          errorMessage={error}
          isRequired
          // Closed until the formulas are here: a select with no items does not open, so a click
          // while they load would do nothing (decision 068).
          isDisabled={options.isPending}
        />
      )}
      {options.isError ? <InlineAlert tone="error" title={errorMessage(options.error)} /> : null}
    </FormDialog>
  );
}
