// Privacy & Settings (spec 001 §2.9, spec 002 §2.12; docs/decisions/090): the platform's data
// protection settings under the Nigeria Data Protection Act 2023. How long the daily purge keeps
// sign-in records, spent reset links and e-mail copies; the data protection contact the privacy
// notice names; and the learners' data requests (exports, account deletions). Platform staff with
// managePrivacySettings change the settings; partner staff who may view them see them read-only
// (they are what learners are told) and do not see learners' requests.
import { useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import {
  DATA_REQUESTS_PAGE_SIZE,
  DATA_REQUEST_KIND_LABEL,
  DATA_REQUEST_STATUS_LABEL,
  PRIVACY_MESSAGES,
  RETENTION_LIMITS,
  privacySettingsFormSchema,
  type DataRequest,
  type PrivacySettings,
  type RetentionKey,
} from '@rivet/shared/api/privacy';
import { formatReportDate } from '@rivet/shared/api/reports';
import { errorMessage } from '@rivet/shared/client/errors';
import { useProfile } from '@rivet/shared/client/session-context';
import { ROLE_TYPE, hasAnyPermission } from '@rivet/shared/domain/permissions';
import { Button } from '@rivet/shared/ui/button';
import { FormTextField, useSchemaForm, useSingleSubmit } from '@rivet/shared/ui/form';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { Select } from '@rivet/shared/ui/select';
import { TextField } from '@rivet/shared/ui/text-field';
import { toast } from '@rivet/shared/ui/toast';
import { usePrivacyCalls, useDataRequests, usePrivacySettings } from './use-privacy';
import '../../components/list-page.css';
import './privacy.css';

const PERIODS: { key: RetentionKey; hint: string }[] = [
  { key: 'signInRecordsDays', hint: 'After a session ends: the address and browser of each sign-in, for security investigations.' },
  { key: 'resetLinksDays', hint: 'After a password-reset link expires (links work for 30 minutes).' },
  { key: 'emailCopiesDays', hint: 'Copies of account e-mails kept for support to read.' },
];

export function PrivacyPage() {
  const profile = useProfile();
  const platformStaff = profile.roleType === ROLE_TYPE.Rivet;
  const canManage = platformStaff && hasAnyPermission(profile.permissions, 'managePrivacySettings');
  const settings = usePrivacySettings();
  return (
    <div className="privacy">
      <header className="list-page__header">
        <div>
          <h1 className="list-page__title">Privacy &amp; Settings</h1>
          <p className="list-page__description">
            How long the platform keeps personal data, who learners write to about it, and their requests under the Nigeria Data Protection Act 2023.
          </p>
        </div>
      </header>
      {settings.error && !settings.data ? (
        <ScreenState kind="error" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <ScreenState kind="loading" label="Loading privacy settings" />
      ) : (
        <SettingsForm key={settings.data.updatedAt} settings={settings.data} canManage={canManage} onSaved={() => void settings.refetch()} />
      )}
      {platformStaff ? (
        <DataRequests />
      ) : (
        <section className="privacy__panel" aria-labelledby="privacy-requests-title">
          <h2 id="privacy-requests-title" className="privacy__panel-title">
            Learners’ data requests
          </h2>
          <p className="privacy__muted">{PRIVACY_MESSAGES.requestsPlatformOnly}.</p>
        </section>
      )}
    </div>
  );
}

function SettingsForm({ settings, canManage, onSaved }: { settings: PrivacySettings; canManage: boolean; onSaved: () => void }) {
  const calls = usePrivacyCalls();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm(privacySettingsFormSchema, {
    defaultValues: {
      signInRecordsDays: settings.signInRecordsDays,
      resetLinksDays: settings.resetLinksDays,
      emailCopiesDays: settings.emailCopiesDays,
      contactName: settings.contact.name ?? '',
      contactEmail: settings.contact.email ?? '',
      contactPhone: settings.contact.phone ?? '',
      contactAddress: settings.contact.address ?? '',
    },
  });
  const onSubmit = useSingleSubmit(form, async (values) => {
    setFailure(null);
    setSaving(true);
    try {
      const res = await calls.save(values);
      toast.success(res.description || PRIVACY_MESSAGES.updated);
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  });
  const readOnly = !canManage;

  return (
    <form className="privacy__panel privacy__form" onSubmit={onSubmit} noValidate aria-labelledby="privacy-settings-title">
      <div className="privacy__panel-head">
        <h2 id="privacy-settings-title" className="privacy__panel-title">
          Data protection settings
        </h2>
        <p className="privacy__muted">
          Last changed {formatReportDate(settings.updatedAt)}
          {settings.updatedBy ? ` by ${settings.updatedBy}` : ''}
        </p>
      </div>
      {readOnly ? (
        <InlineAlert tone="info" title="View only">
          {PRIVACY_MESSAGES.platformOnly}. These are the periods and contact the privacy notice gives learners.
        </InlineAlert>
      ) : null}
      {failure ? (
        <InlineAlert tone="error" title="Failed to update privacy settings">
          {failure}
        </InlineAlert>
      ) : null}
      <fieldset className="privacy__group">
        <legend className="privacy__legend">How long records are kept (days)</legend>
        <p className="privacy__muted">The daily purge deletes each kind of record once its period is over. The upper limits are what the privacy notice promises.</p>
        <div className="privacy__periods">
          {PERIODS.map(({ key, hint }) => (
            <Controller
              key={key}
              control={form.control}
              name={key}
              render={({ field, fieldState, formState }) => (
                <TextField
                  label={RETENTION_LIMITS[key].label}
                  name={field.name}
                  value={Number.isFinite(field.value) ? String(field.value) : ''}
                  // Whole days only: anything but digits typed or pasted is dropped.
                  onChange={(text) => {
                    const digits = text.replace(/\D/g, '').slice(0, 4);
                    field.onChange(digits === '' ? Number.NaN : Number(digits));
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  inputMode="numeric"
                  autoComplete="off"
                  isReadOnly={readOnly}
                  description={`${hint} ${RETENTION_LIMITS[key].min} to ${RETENTION_LIMITS[key].max} days.`}
                  errorMessage={fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined}
                />
              )}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="privacy__group">
        <legend className="privacy__legend">Data protection contact</legend>
        <p className="privacy__muted">Named on the learners’ privacy notice. Until a name and e-mail are given, the notice names the Data Protection Officer at privacy@rivet.ng.</p>
        <div className="privacy__contact">
          <FormTextField control={form.control} name="contactName" label="Name" maxLength={100} isReadOnly={readOnly} autoComplete="off" />
          <FormTextField control={form.control} name="contactEmail" label="E-mail" type="email" maxLength={254} isReadOnly={readOnly} autoComplete="off" />
          <FormTextField control={form.control} name="contactPhone" label="Phone (optional)" type="tel" maxLength={24} isReadOnly={readOnly} autoComplete="off" />
          <FormTextField control={form.control} name="contactAddress" label="Postal address (optional)" rows={3} maxLength={300} isReadOnly={readOnly} className="privacy__address" />
        </div>
      </fieldset>
      {canManage ? (
        <div className="privacy__actions">
          <Button type="submit" isPending={saving}>
            Save settings
          </Button>
        </div>
      ) : null}
    </form>
  );
}

const KIND_FILTER = [
  { id: '0', label: 'All requests' },
  { id: '1', label: 'Data exports' },
  { id: '2', label: 'Account deletions' },
];

interface RequestColumn {
  id: string;
  name: string;
  isRowHeader?: boolean;
  render: (r: DataRequest) => ReactNode;
}

const COLUMNS: RequestColumn[] = [
  { id: 'requested', name: 'Requested', isRowHeader: true, render: (r) => <time dateTime={r.requestedAt}>{formatReportDate(r.requestedAt)}</time> },
  { id: 'kind', name: 'Request', render: (r) => DATA_REQUEST_KIND_LABEL[r.kind] ?? `Kind ${r.kind}` },
  { id: 'subject', name: 'Learner', render: (r) => <span className="privacy__subject">{r.subject}</span> },
  {
    id: 'status',
    name: 'Status',
    render: (r) => <span className={`privacy__status privacy__status--${r.status}`}>{DATA_REQUEST_STATUS_LABEL[r.status] ?? String(r.status)}</span>,
  },
  { id: 'completed', name: 'Completed', render: (r) => (r.completedAt ? <time dateTime={r.completedAt}>{formatReportDate(r.completedAt)}</time> : '—') },
];

function DataRequests() {
  const [kind, setKind] = useState(0);
  const [page, setPage] = useState(1);
  const requests = useDataRequests(kind, page, true);
  const total = requests.data?.totalRows ?? 0;
  const pages = Math.max(1, Math.ceil(total / DATA_REQUESTS_PAGE_SIZE));
  const title = 'Learners’ data requests';
  return (
    <section className="privacy__panel" aria-labelledby="privacy-requests-title">
      <div className="privacy__panel-head">
        <h2 id="privacy-requests-title" className="privacy__panel-title">
          {title}
        </h2>
        <Select
          label="Request type"
          items={KIND_FILTER}
          value={String(kind)}
          onChange={(value) => {
            setKind(Number(value ?? 0));
            setPage(1);
          }}
          className="privacy__filter"
        />
      </div>
      <p className="privacy__muted">Each download of a learner’s data and each account deletion, newest first. Learners are shown by a masked e-mail address: a deleted account’s address is gone.</p>
      {requests.error && !requests.data ? (
        <ScreenState kind="error" error={requests.error} onRetry={() => void requests.refetch()} />
      ) : !requests.data ? (
        <ScreenState kind="loading" label="Loading data requests" />
      ) : (
        <div className="list-page__table-wrap">
          <Table aria-label={title} className="list-table">
            <TableHeader columns={COLUMNS}>
              {(column) => (
                <Column id={column.id} isRowHeader={column.isRowHeader} className="list-table__column">
                  {column.name}
                </Column>
              )}
            </TableHeader>
            <TableBody items={requests.data.items} renderEmptyState={() => <p className="list-table__empty">No data requests yet.</p>}>
              {(row) => (
                <Row id={row.id} columns={COLUMNS} className="list-table__row">
                  {(column) => <Cell className="list-table__cell">{column.render(row)}</Cell>}
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="list-page__pager" aria-label={`${title} pages`}>
          <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" isDisabled={page >= pages} onPress={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
