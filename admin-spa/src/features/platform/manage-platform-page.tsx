// Manage Platform (spec 002 §2.4 last bullet): the parties the platform's own share is paid to.
// Name / Bank / Account number / Status / Action, search, Create Platform, Update (name locked) and
// Activate/Deactivate with confirmation, 50 a page (§9).
import { useState } from 'react';
import { PLATFORM_MESSAGES, PLATFORM_PAGE_SIZE, type PlatformPartner } from '@rivet/shared/api/platform';
import { Button } from '@rivet/shared/ui/button';
import { ListPage, type ListColumn } from '../../components/list-page';
import { useToggleConfirmation } from '../../components/toggle-confirmation';
import { useListQuery } from '../../components/use-list-query';
import { PlatformFormDialog } from './platform-form-dialog';
import { usePlatformCalls, usePlatformSearch } from './use-platform';
import './platform.css';

type Editing = { mode: 'create' } | { mode: 'update'; partner: PlatformPartner } | null;

export function ManagePlatformPage() {
  const query = useListQuery();
  const partners = usePlatformSearch(query.search, query.page);
  const calls = usePlatformCalls();
  const [editing, setEditing] = useState<Editing>(null);
  const toggle = useToggleConfirmation<PlatformPartner>({
    noun: 'platform',
    toggle: calls.toggle,
    onDone: () => partners.refetch(),
    failed: { activate: PLATFORM_MESSAGES.activateFailed, deactivate: PLATFORM_MESSAGES.deactivateFailed },
    deactivateHint: () => 'Its bank account stays on record and it can be activated again.',
  });

  const columns: ListColumn<PlatformPartner>[] = [
    { id: 'name', name: 'Name', isRowHeader: true, render: (p) => <span className="platform__name">{p.name}</span> },
    { id: 'bank', name: 'Bank', render: (p) => p.bankName },
    { id: 'account', name: 'Account number', render: (p) => <span className="platform__account">{p.accountNumber}</span> },
    {
      id: 'status',
      name: 'Status',
      render: (p) => <span className={p.isActive ? 'platform__status platform__status--active' : 'platform__status'}>{p.isActive ? 'Active' : 'Inactive'}</span>,
    },
    {
      id: 'action',
      name: 'Action',
      isAction: true,
      render: (p) => (
        <span className="platform__actions">
          <Button variant="secondary" size="sm" aria-label={`Update ${p.name}`} onPress={() => setEditing({ mode: 'update', partner: p })}>
            Update
          </Button>
          <Button variant={p.isActive ? 'danger' : 'secondary'} size="sm" aria-label={`${p.isActive ? 'Deactivate' : 'Activate'} ${p.name}`} onPress={() => toggle.ask(p)}>
            {p.isActive ? 'Deactivate' : 'Activate'}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <ListPage
      title="Manage Platform"
      description="The platform’s own settlement parties and the bank accounts its share is paid into."
      action={<Button onPress={() => setEditing({ mode: 'create' })}>Create Platform</Button>}
      searchLabel="Search platforms"
      query={query}
      columns={columns}
      rows={partners.data?.items}
      totalRows={partners.data?.totalRows}
      pageSize={PLATFORM_PAGE_SIZE}
      isPending={partners.isPending}
      error={partners.error}
      onRetry={() => void partners.refetch()}
      emptyText={(search) => (search ? `No platform matches “${search}”.` : 'No platforms yet.')}
    >
      {toggle.dialog}
      {editing ? (
        <PlatformFormDialog partner={editing.mode === 'update' ? editing.partner : null} onClose={() => setEditing(null)} onSaved={() => void partners.refetch()} />
      ) : null}
    </ListPage>
  );
}
