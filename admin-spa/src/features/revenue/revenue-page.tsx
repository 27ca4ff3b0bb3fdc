// Revenue sharing (spec 002 §2.8, §4, §7): the list of formulas — NAME, DATE CREATED, STATUS
// toggle, ACTION View — with Create Revenue. The setup form and the read-only formula replace the
// list (§2.8) and Close returns to it; which one shows is kept in the URL so Back and reload work.
// Only the two platform admin roles reach this screen (§6; the sidebar and the server agree).
import { useSearchParams } from 'react-router';
import { StatusSwitch } from '../../components/status-switch';
import { formatRevenueDate, type Revenue } from '@rivet/shared/api/revenue';
import { errorMessage } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { toast } from '@rivet/shared/ui/toast';
import { useState } from 'react';
import { ListPage, type ListColumn } from '../../components/list-page';
import { useListQuery } from '../../components/use-list-query';
import { useUpdateSearchParams } from '../../components/use-update-search-params';
import { RevenueFormulaView } from './revenue-formula-view';
import { RevenueSetupForm } from './revenue-setup-form';
import { REVENUE_PAGE_SIZE, useRevenueCalls, useRevenueSearch } from './use-revenue';
import './revenue.css';

export function RevenuePage() {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const creating = params.has('create');
  const viewing = Number(params.get('view')) || null;

  const show = (mode: { create: true } | { view: number } | null) =>
    updateParams((next) => {
      next.delete('create');
      next.delete('view');
      if (mode && 'create' in mode) next.set('create', '');
      if (mode && 'view' in mode) next.set('view', String(mode.view));
    });

  if (creating) return <RevenueSetupForm onClose={() => show(null)} />;
  if (viewing) return <RevenueFormulaView revenueId={viewing} onClose={() => show(null)} />;
  return <RevenueList onCreate={() => show({ create: true })} onView={(id) => show({ view: id })} />;
}

function RevenueList({ onCreate, onView }: { onCreate: () => void; onView: (id: number) => void }) {
  const query = useListQuery();
  const revenues = useRevenueSearch(query.search, query.page);
  const calls = useRevenueCalls();
  const [busy, setBusy] = useState<number | null>(null);

  async function toggle(revenue: Revenue, isActive: boolean) {
    if (busy !== null) return;
    setBusy(revenue.id);
    try {
      // §7: the answer's description is shown as a warning toast, then the list reloads.
      toast.warning(await calls.toggle(revenue, isActive));
      await revenues.refetch();
    } catch (error) {
      toast.error(`Could not ${isActive ? 'activate' : 'deactivate'} ${revenue.name}`, errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const columns: ListColumn<Revenue>[] = [
    { id: 'name', name: 'NAME', isRowHeader: true, render: (r) => <span className="revenue__name">{r.name}</span> },
    { id: 'date', name: 'DATE CREATED', render: (r) => <time dateTime={r.dateCreated} className="revenue__date">{formatRevenueDate(r.dateCreated)}</time> },
    {
      id: 'status',
      name: 'STATUS',
      render: (r) => (
        <StatusSwitch label={`${r.name} active`} isActive={r.isActive} isBusy={busy === r.id} onChange={(on) => void toggle(r, on)} />
      ),
    },
    {
      id: 'action',
      name: 'ACTION',
      isAction: true,
      render: (r) => (
        <Button variant="secondary" size="sm" aria-label={`View ${r.name}`} onPress={() => onView(r.id)}>
          View
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      title="Revenue Sharing"
      description="Who earns what from each sale. QA approves every course with an active formula."
      action={<Button onPress={onCreate}>Create Revenue</Button>}
      searchLabel="Search revenue formulas"
      query={query}
      columns={columns}
      rows={revenues.data?.items}
      totalRows={revenues.data?.totalRows}
      pageSize={REVENUE_PAGE_SIZE}
      isPending={revenues.isPending}
      error={revenues.error}
      onRetry={() => void revenues.refetch()}
      emptyText={(search) => (search ? `No revenue formula matches “${search}”.` : 'No revenue formulas yet.')}
    />
  );
}
