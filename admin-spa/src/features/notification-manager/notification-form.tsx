// The Notification Manager's create/edit form (spec 002 §2.10, §5; decision 053), inside the page.
// It checks the values with the contract's own schema, so its messages are §5's and the server's;
// categories and affected features are added on the fly (blank input is ignored); severity and
// affected features show for category 1 (Maintenance) only.
import { useState } from 'react';
import * as v from 'valibot';
import { Checkbox as AriaCheckbox, CheckboxGroup, FieldError, Label, Text } from 'react-aria-components';
import {
  MODAL_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  OPTION_NAME_MAX,
  STRIP_MESSAGE_MAX,
  createNotificationSchema,
  type CreateNotificationInput,
  type InAppNotification,
  type NotificationOption,
} from '@rivet/shared/api/in-app-notifications';
import { DEFAULT_SEVERITY, MAINTENANCE_CATEGORY_ID, SEVERITIES } from '@rivet/shared/domain/in-app-notification';
import { errorMessage, isApiError } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { Checkbox } from '@rivet/shared/ui/checkbox';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { Select } from '@rivet/shared/ui/select';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { useNotificationCalls, useNotificationOptions, useNotifications } from './use-notifications';
import '../../components/console-page.css';

type Errors = Partial<Record<keyof CreateNotificationInput, string>>;

interface Draft {
  categoryId: string | null;
  title: string;
  start: string;
  end: string;
  severity: string;
  featureIds: string[];
  stripMessage: string;
  showModal: boolean;
  modalMessage: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (browser time) as an ISO instant; '' when empty or unreadable. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

const fromNotification = (n: InAppNotification | null): Draft => ({
  categoryId: n ? String(n.inAppNotificationCategoryId) : null,
  title: n?.title ?? '',
  start: n ? toLocalInput(n.startDate) : '',
  end: n ? toLocalInput(n.endDate) : '',
  severity: String(n?.severity ?? DEFAULT_SEVERITY),
  featureIds: n?.inAppFeaturesId.map(String) ?? [],
  stripMessage: n?.stripMessage ?? '',
  showModal: n?.showModal ?? false,
  modalMessage: n?.modalMessage ?? '',
});

const toBody = (d: Draft): CreateNotificationInput => {
  const maintenance = Number(d.categoryId) === MAINTENANCE_CATEGORY_ID;
  return {
    title: d.title,
    startDate: fromLocalInput(d.start),
    endDate: fromLocalInput(d.end),
    // A missing category reaches the schema as undefined, which answers §5's "Please select a category!".
    inAppNotificationCategoryId: d.categoryId ? Number(d.categoryId) : (undefined as unknown as number),
    severity: maintenance ? Number(d.severity) : DEFAULT_SEVERITY,
    inAppFeaturesId: maintenance ? d.featureIds.map(Number) : [],
    stripMessage: d.stripMessage,
    modalMessage: d.modalMessage,
    showModal: d.showModal,
    showStrip: true,
  };
};

/** The first message for each field, from the schema's issues or the server's field errors. */
function byField(issues: readonly { field: string; message: string }[]): Errors {
  const errors: Record<string, string> = {};
  for (const { field, message } of issues) errors[field] ??= message;
  return errors as Errors;
}

export function NotificationForm({ notificationId, onDone }: { notificationId: number | null; onDone: () => void }) {
  const list = useNotifications();
  const existing = notificationId === null ? null : (list.data?.find((n) => n.id === notificationId) ?? null);
  if (notificationId !== null && !list.data) {
    return list.error ? <ScreenState kind="error" error={list.error} onRetry={() => void list.refetch()} /> : <ScreenState kind="loading" label="Loading the notification" />;
  }
  if (notificationId !== null && (!existing || existing.isActive)) {
    return (
      <div className="console-page">
        <InlineAlert tone="warning" title="This notification cannot be edited">
          {existing ? 'Only inactive notifications can be edited. Deactivate it first.' : 'Notification not found'}
        </InlineAlert>
        <div>
          <Button variant="secondary" onPress={onDone}>
            Back to notifications
          </Button>
        </div>
      </div>
    );
  }
  return <NotificationFormFields existing={existing} onDone={onDone} />;
}

function NotificationFormFields({ existing, onDone }: { existing: InAppNotification | null; onDone: () => void }) {
  const { categories, features } = useNotificationOptions();
  const calls = useNotificationCalls();
  const list = useNotifications();
  const [draft, setDraft] = useState<Draft>(() => fromNotification(existing));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const maintenance = Number(draft.categoryId) === MAINTENANCE_CATEGORY_ID;

  const patch = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    const cleared = Object.keys(change).map((k) => FIELD_OF[k as keyof Draft]);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !cleared.includes(field as keyof CreateNotificationInput))));
  };

  async function save() {
    if (saving) return;
    const body = toBody(draft);
    const checked = v.safeParse(createNotificationSchema, body);
    if (!checked.success) {
      setErrors(byField(checked.issues.map((issue) => ({ field: v.getDotPath(issue)?.split('.')[0] ?? '', message: issue.message }))));
      setProblem(null);
      return;
    }
    setErrors({});
    setProblem(null);
    setSaving(true);
    try {
      const res = existing ? await calls.update(existing.id, body) : await calls.create(body);
      toast.success(res.description);
      await list.refetch();
      onDone();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length) setErrors(byField(error.fieldErrors));
      setProblem(errorMessage(error));
      setSaving(false);
    }
  }

  return (
    <div className="nm nm-form">
      <header className="console-page__header">
        <div>
          <h1 className="console-page__title">{existing ? 'Edit Notification' : 'Add Notification'}</h1>
          <p className="console-page__lead">A new notification stays inactive until you switch it on in the Current Notification tab.</p>
        </div>
      </header>
      {problem ? (
        <InlineAlert tone="error" title="The notification was not saved">
          {problem}
        </InlineAlert>
      ) : null}
      <form
        className="nm-form__card rv-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="nm-form__row">
          <Select
            label="Category"
            placeholder="Select a category"
            items={(categories.data ?? []).map((c) => ({ id: String(c.id), label: c.name }))}
            value={draft.categoryId}
            onChange={(categoryId) => patch({ categoryId })}
            errorMessage={errors.inAppNotificationCategoryId}
            isRequired
          />
          <AddOption
            label="New category"
            onAdd={async (name) => {
              const made = await calls.addCategory(name);
              await categories.refetch();
              patch({ categoryId: String(made.id) });
              return made;
            }}
          />
        </div>
        <TextField label="Title" value={draft.title} onChange={(title) => patch({ title })} maxLength={NOTIFICATION_TITLE_MAX} errorMessage={errors.title} isRequired />
        <fieldset className="nm-form__dates">
          <legend className="rv-field__label">Date (your local time)</legend>
          <TextField label="Start" type="datetime-local" value={draft.start} onChange={(start) => patch({ start })} errorMessage={errors.startDate} isRequired />
          <TextField label="End" type="datetime-local" value={draft.end} onChange={(end) => patch({ end })} errorMessage={errors.endDate} isRequired />
        </fieldset>
        {maintenance ? (
          <>
            <Select label="Severity" items={SEVERITIES.map((s) => ({ id: String(s.id), label: s.name }))} value={draft.severity} onChange={(severity) => patch({ severity: severity ?? String(DEFAULT_SEVERITY) })} />
            <div className="nm-form__row">
              <CheckboxGroup
                className="nm-form__features rv-field"
                value={draft.featureIds}
                onChange={(featureIds) => patch({ featureIds })}
                isInvalid={Boolean(errors.inAppFeaturesId)}
                validationBehavior="aria"
                isRequired
              >
                <Label className="rv-field__label">Affected features</Label>
                <div className="nm-form__feature-list">
                  {(features.data ?? []).map((f) => (
                    <AriaCheckbox key={f.id} value={String(f.id)} className="nm-form__feature">
                      <span className="nm-form__box" aria-hidden="true" />
                      {f.name}
                    </AriaCheckbox>
                  ))}
                </div>
                <Text slot="description" className="rv-field__description">
                  The parts of the app the maintenance affects.
                </Text>
                <FieldError className="rv-field__error">{errors.inAppFeaturesId}</FieldError>
              </CheckboxGroup>
              <AddOption
                label="New feature"
                onAdd={async (name) => {
                  const made = await calls.addFeature(name);
                  await features.refetch();
                  setDraft((d) => ({ ...d, featureIds: d.featureIds.includes(String(made.id)) ? d.featureIds : [...d.featureIds, String(made.id)] }));
                  setErrors((e) => ({ ...e, inAppFeaturesId: undefined }));
                  return made;
                }}
              />
            </div>
          </>
        ) : null}
        <TextField
          label="Strip message"
          rows={2}
          value={draft.stripMessage}
          onChange={(stripMessage) => patch({ stripMessage })}
          maxLength={STRIP_MESSAGE_MAX}
          errorMessage={errors.stripMessage}
          description="One or two sentences of plain text (any HTML is removed), shown in the strip under the header."
          isRequired
        />
        <Checkbox isSelected={draft.showModal} onChange={(showModal) => patch({ showModal })}>
          Show Modal
        </Checkbox>
        {draft.showModal ? (
          <TextField
            label="Modal message"
            rows={5}
            value={draft.modalMessage}
            onChange={(modalMessage) => patch({ modalMessage })}
            maxLength={MODAL_MESSAGE_MAX}
            errorMessage={errors.modalMessage}
            description="Plain text with line breaks (any HTML is removed), shown once in a dialog over the app until the learner dismisses it."
            isRequired
          />
        ) : null}
        <div className="nm-form__actions">
          <Button variant="secondary" onPress={onDone} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" isPending={saving}>
            {existing ? 'Update' : 'Save'}
          </Button>
        </div>
      </form>
    </div>
  );
}

const FIELD_OF: Record<keyof Draft, keyof CreateNotificationInput> = {
  categoryId: 'inAppNotificationCategoryId',
  title: 'title',
  start: 'startDate',
  end: 'endDate',
  severity: 'severity',
  featureIds: 'inAppFeaturesId',
  stripMessage: 'stripMessage',
  showModal: 'modalMessage',
  modalMessage: 'modalMessage',
};

/** A name typed and added on the fly; blank input is ignored (§5). */
function AddOption({ label, onAdd }: { label: string; onAdd: (name: string) => Promise<NotificationOption> }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function add() {
    const trimmed = name.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const made = await onAdd(trimmed);
      toast.success(`${made.name} added`);
      setName('');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="nm-form__add">
      <TextField
        label={label}
        value={name}
        onChange={(value) => {
          setName(value);
          setError(undefined);
        }}
        maxLength={OPTION_NAME_MAX}
        errorMessage={error}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void add();
          }
        }}
      />
      <Button variant="secondary" onPress={() => void add()} isPending={busy}>
        Add
      </Button>
    </div>
  );
}
