// "Manage Authorization" / "Update Manage Authorization" (spec 001 §2.9, §5 "Workflow", §9): a
// workflow's name and category, then its levels, each with Check For (1 to 4 approvals) and the
// users picked by name with Add User into a table. Repeated users are ignored; Add User with no
// choice warns; a level cannot ask for more approvals than it has users; Create / Update Workflow
// stays disabled while a level lacks users or a count, or no category is chosen.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { APPROVAL_CHOICES, MAX_WORKFLOW_LEVELS, WORKFLOW_MESSAGES as M, WORKFLOW_NAME_MAX, type Workflow } from '@rivet/shared/api/workflows';
import { errorMessage } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Select } from '@rivet/shared/ui/select';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import '@rivet/shared/ui/field.css';
import '@rivet/shared/ui/select.css';
import { FormDialog } from '../../components/form-dialog';
import { useWorkflowApprovers, useWorkflowCalls, useWorkflowCategories } from './use-workflows';

const SEARCH_DEBOUNCE_MS = 250;

interface LevelUser {
  userId: string;
  name: string;
  email: string;
  /** False for a user named earlier who may no longer approve: the server refuses to keep them. */
  canApprove?: boolean;
}

interface LevelState {
  key: number;
  approval: string | null;
  users: LevelUser[];
  /** The user chosen in the picker, not yet added. */
  picked: LevelUser | null;
}

export interface WorkflowDialogProps {
  institutionId: number;
  partnerName: string;
  /** The workflow to update; null to create one. */
  workflow: Workflow | null;
  onClose: () => void;
  onSaved: () => void;
}

const APPROVAL_ITEMS = APPROVAL_CHOICES.map((n) => ({ id: String(n), label: n === 1 ? '1 approval' : `${n} approvals` }));

/** What keeps Create disabled (§5): a category, and in every level a count and at least one user. */
export function isWorkflowComplete(categoryId: string | null, levels: readonly Pick<LevelState, 'approval' | 'users'>[]): boolean {
  return Boolean(categoryId) && levels.length > 0 && levels.every((l) => l.approval !== null && l.users.length > 0 && Number(l.approval) <= l.users.length);
}

/** Keys that stay with a level while others are removed around it. */
let levelKeys = 0;
const newLevel = (init?: Partial<LevelState>): LevelState => ({ key: ++levelKeys, approval: null, users: [], picked: null, ...init });

export function WorkflowDialog({ institutionId, partnerName, workflow, onClose, onSaved }: WorkflowDialogProps) {
  const calls = useWorkflowCalls();
  const categories = useWorkflowCategories();
  const [name, setName] = useState(workflow?.name ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [categoryId, setCategoryId] = useState<string | null>(workflow ? String(workflow.courseCategoryId) : null);
  const [levels, setLevels] = useState<LevelState[]>(() =>
    workflow
      ? workflow.workflowLevels.map((l) => newLevel({ approval: String(l.approval), users: l.users.map((u) => ({ userId: u.userId, name: u.name, email: '', canApprove: u.canApprove })) }))
      : [newLevel()],
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const categoryItems = useMemo(
    () =>
      (categories.data?.items ?? [])
        // Inactive categories are not offered, except the one this workflow already has.
        .filter((c) => c.isActive || String(c.id) === categoryId)
        .map((c) => ({ id: String(c.id), label: c.name })),
    [categories.data, categoryId],
  );
  const taken = new Set(levels.flatMap((l) => l.users.map((u) => u.userId)));

  const change = (key: number, f: (l: LevelState) => LevelState) => setLevels((all) => all.map((l) => (l.key === key ? f(l) : l)));

  function addUser(level: LevelState) {
    const chosen = level.picked;
    if (!chosen) {
      toast.warning(M.selectUser);
      return;
    }
    // §5: duplicates are ignored.
    change(level.key, (l) => ({ ...l, picked: null, users: l.users.some((u) => u.userId === chosen.userId) ? l.users : [...l.users, { userId: chosen.userId, name: chosen.name, email: chosen.email }] }));
  }

  function chooseApprovals(level: LevelState, value: string | null) {
    if (value !== null && level.users.length > 0 && Number(value) > level.users.length) toast.warning(M.approvalsOverSelected);
    change(level.key, (l) => ({ ...l, approval: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!name.trim()) {
      setNameError(M.name);
      return;
    }
    if (!isWorkflowComplete(categoryId, levels)) return;
    setFailure(null);
    setSaving(true);
    const body = {
      institutionId,
      name: name.trim(),
      levelNo: levels.length,
      courseCategoryId: Number(categoryId),
      workflowLevels: levels.map((l) => ({ approval: Number(l.approval), users: l.users.map((u) => ({ userId: u.userId })) })),
    };
    try {
      const res = workflow ? await calls.update(workflow.id, body) : await calls.create(body);
      toast.success(res.description || (workflow ? M.updated : M.created));
      onSaved();
      onClose();
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      // §8: workflow failures appear as a warning toast.
      toast.warning(message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title={workflow ? 'Update Manage Authorization' : 'Manage Authorization'}
      label={`${workflow ? 'Update' : 'Create'} an approval workflow${partnerName ? ` for ${partnerName}` : ''}`}
      formId="workflow-form"
      className="rv-form workflow-form"
      size="lg"
      submitLabel={workflow ? 'Update Workflow' : 'Create Workflow'}
      saving={saving}
      isSubmitDisabled={!isWorkflowComplete(categoryId, levels)}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      {partnerName ? <p className="workflow-form__partner">Partner: {partnerName}</p> : null}
      {failure ? (
        <InlineAlert tone="warning" title={workflow ? 'The workflow was not updated' : 'The workflow was not created'}>
          {failure}
        </InlineAlert>
      ) : null}
      <TextField
        label="Workflow Name"
        value={name}
        onChange={(value) => {
          setName(value);
          if (value.trim()) setNameError(undefined);
        }}
        maxLength={WORKFLOW_NAME_MAX}
        errorMessage={nameError}
        autoFocus
      />
      <Select
        label="Course Category"
        items={categoryItems}
        value={categoryId}
        onChange={setCategoryId}
        placeholder={categories.isPending ? 'Loading categories…' : 'Select a category'}
        description="A partner has one active workflow per category."
      />
      {levels.map((level, index) => {
        const over = level.approval !== null && level.users.length > 0 && Number(level.approval) > level.users.length;
        return (
          <fieldset key={level.key} className="workflow-level">
            <legend className="workflow-level__title">{levels.length > 1 ? `Level ${index + 1}` : 'Approvers'}</legend>
            {levels.length > 1 ? (
              <Button variant="ghost" size="sm" className="workflow-level__remove" onPress={() => setLevels((all) => all.filter((l) => l.key !== level.key))} aria-label={`Remove level ${index + 1}`}>
                Remove level
              </Button>
            ) : null}
            <Select
              label="Check For"
              items={APPROVAL_ITEMS}
              value={level.approval}
              onChange={(value) => chooseApprovals(level, value)}
              placeholder="Number of approvals"
              errorMessage={over ? M.approvalsOverAdded : undefined}
              description={levels.length > 1 && index > 0 ? 'After the level above has approved.' : undefined}
            />
            <div className="workflow-level__picker">
              <UserPicker
                // A fresh picker after each Add User: its text clears with the choice.
                key={level.users.length}
                institutionId={institutionId}
                label={levels.length > 1 ? `User for level ${index + 1}` : 'User'}
                taken={taken}
                onPick={(user) => change(level.key, (l) => ({ ...l, picked: user }))}
              />
              <Button variant="secondary" onPress={() => addUser(level)} className="workflow-level__add">
                Add User
              </Button>
            </div>
            {level.users.length ? (
              <table className="workflow-users" aria-label={`Users of ${levels.length > 1 ? `level ${index + 1}` : 'the workflow'}`}>
                <thead>
                  <tr>
                    <th scope="col">S/N</th>
                    <th scope="col">Name</th>
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {level.users.map((u, n) => (
                    <tr key={u.userId}>
                      <td>{n + 1}</td>
                      <td>
                        {u.name}
                        {u.email ? <span className="workflow-users__email">{u.email}</span> : null}
                        {u.canApprove === false ? <span className="workflow-users__stale">can no longer approve: remove this user</span> : null}
                      </td>
                      <td className="workflow-users__action">
                        <IconButton aria-label={`Remove ${u.name}`} onPress={() => change(level.key, (l) => ({ ...l, users: l.users.filter((x) => x.userId !== u.userId) }))}>
                          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                            <path d="M6 6l12 12M18 6L6 18" />
                          </svg>
                        </IconButton>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="workflow-users__empty">No user added yet.</p>
            )}
          </fieldset>
        );
      })}
      {levels.length < MAX_WORKFLOW_LEVELS ? (
        <Button variant="ghost" size="sm" className="workflow-form__add-level" onPress={() => setLevels((all) => [...all, newLevel()])}>
          + Add a level
        </Button>
      ) : null}
    </FormDialog>
  );
}

/**
 * A user by name, from the partner's approvers not already in the workflow: the first 50 filtered
 * as one types, and from the third character on the server's search (§9), a moment after typing stops.
 */
function UserPicker({ institutionId, label, taken, onPick }: { institutionId: number; label: string; taken: ReadonlySet<string>; onPick: (user: LevelUser | null) => void }) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const approvers = useWorkflowApprovers(institutionId, search);
  const needle = input.trim().toLowerCase();
  const items = (approvers.data ?? [])
    .filter((a) => !taken.has(a.userId))
    .filter((a) => !needle || a.name.toLowerCase().includes(needle) || a.email.toLowerCase().includes(needle))
    .map((a) => ({ id: a.userId, label: a.name, email: a.email }));
  return (
    <ComboBox
      className="rv-field rv-select workflow-picker"
      items={items}
      inputValue={input}
      onInputChange={(value) => {
        setInput(value);
        if (!value) onPick(null);
      }}
      onSelectionChange={(key) => {
        const chosen = items.find((i) => i.id === key);
        onPick(chosen ? { userId: chosen.id, name: chosen.label, email: chosen.email } : null);
      }}
      menuTrigger="focus"
      allowsEmptyCollection
    >
      <Label className="rv-field__label">{label}</Label>
      <div className="workflow-picker__box">
        <Input className="rv-field__input workflow-picker__input" placeholder={approvers.isPending ? 'Loading users…' : 'Type a name'} />
        <AriaButton className="workflow-picker__button" aria-label={`Show ${label} options`}>
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </AriaButton>
      </div>
      <Popover className="rv-select__popover">
        <ListBox className="rv-select__list" renderEmptyState={() => <p className="workflow-picker__empty">{approvers.isFetching ? 'Searching…' : 'No user matches'}</p>}>
          {(item: { id: string; label: string; email: string }) => (
            <ListBoxItem id={item.id} className="rv-select__option" textValue={item.label}>
              {item.label}
              <span className="workflow-picker__email">{item.email}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
