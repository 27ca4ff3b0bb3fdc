// Manage Discounts (spec 002 §2.7, §4, §7): "Discount coupons for courses", a table of discounts
// with an active/inactive toggle, Create Discount (which reads Back while the form is open) and the
// update form. Which form shows is kept in the URL (?create, ?update=id) so Back and reload work.
// Only the two platform admin roles reach this screen (§6; the sidebar and the server agree).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { StatusSwitch } from '../../components/status-switch';
import type { Discount } from '@rivet/shared/api/discounts';
import { DISCOUNT_STATUS_LABELS } from '@rivet/shared/domain/discount';
import { errorMessage } from '@rivet/shared/client/errors';
import { Button } from '@rivet/shared/ui/button';
import { toast } from '@rivet/shared/ui/toast';
import { ListPage, type ListColumn } from '../../components/list-page';
import { useListQuery } from '../../components/use-list-query';
import { useUpdateSearchParams } from '../../components/use-update-search-params';
import { viewDiscountPath } from '../../paths';
import { DiscountForm } from './discount-form';
import { discountValue, formatDay, usageText } from './discount-format';
import { DISCOUNT_PAGE_SIZE, useDiscountCalls, useDiscountSearch } from './use-discounts';
import './discounts.css';

export function DiscountsPage() {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const creating = params.has('create');
  const updating = Number(params.get('update')) || null;

  const show = (mode: { create: true } | { update: number } | null) =>
    updateParams((next) => {
      next.delete('create');
      next.delete('update');
      if (mode && 'create' in mode) next.set('create', '');
      if (mode && 'update' in mode) next.set('update', String(mode.update));
    });

  if (!creating && updating === null) return <DiscountList onCreate={() => show({ create: true })} onUpdate={(id) => show({ update: id })} />;
  return (
    <div className="list-page discounts">
      <header className="list-page__header">
        <div>
          <h1 className="list-page__title">Manage Discounts</h1>
          <p className="list-page__description">Discount coupons for courses</p>
        </div>
        <div className="list-page__action">
          <Button variant="secondary" onPress={() => show(null)}>
            Back
          </Button>
        </div>
      </header>
      {creating ? <DiscountForm mode="create" onDone={() => show(null)} /> : <DiscountForm mode="update" discountId={updating!} onDone={() => show(null)} />}
    </div>
  );
}

function DiscountList({ onCreate, onUpdate }: { onCreate: () => void; onUpdate: (id: number) => void }) {
  const query = useListQuery();
  const discounts = useDiscountSearch(query.search, query.page);
  const calls = useDiscountCalls();
  const [busy, setBusy] = useState<number | null>(null);

  async function toggle(discount: Discount, isActive: boolean) {
    if (busy !== null) return;
    setBusy(discount.id);
    try {
      // §7: the answer's description is shown as a warning, then the list reloads.
      toast.warning(await calls.toggle(discount, isActive));
      await discounts.refetch();
    } catch (error) {
      toast.error(`Could not ${isActive ? 'activate' : 'deactivate'} ${discount.name}`, errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const columns: ListColumn<Discount>[] = [
    {
      id: 'name',
      name: 'NAME',
      isRowHeader: true,
      render: (d) => (
        <span className="discounts__name">
          <Link to={viewDiscountPath(d.id)} state={{ discountId: d.id }}>
            {d.name}
          </Link>
          <span className="discounts__partner">{d.institution}</span>
        </span>
      ),
    },
    {
      id: 'code',
      name: 'CODE',
      render: (d) =>
        d.code ? (
          <code className="discounts__code">{d.code}</code>
        ) : (
          <span>
            {d.codeCount.toLocaleString('en-NG')} codes <span className="discounts__muted">({d.codesRedeemed.toLocaleString('en-NG')} used)</span>
          </span>
        ),
    },
    { id: 'value', name: 'VALUE', render: (d) => <span className="discounts__num">{discountValue(d)}</span> },
    {
      id: 'dates',
      name: 'VALID',
      render: (d) => (
        <span className="discounts__dates">
          <span>{formatDay(d.startDate)}</span>
          <span>to {formatDay(d.endDate)}</span>
        </span>
      ),
    },
    { id: 'usage', name: 'USAGE', render: (d) => <span className="discounts__num">{usageText(d)}</span> },
    {
      id: 'status',
      name: 'STATUS',
      // An expired discount's switch would turn on nothing: it reads Expired until Update gives it
      // a later end date (decision 080). Before its start date a discount switched on is Scheduled.
      render: (d) =>
        d.status === 'expired' ? (
          <span className="discount-status discount-status--expired">{DISCOUNT_STATUS_LABELS.expired}</span>
        ) : (
          <StatusSwitch
            label={`${d.name} active`}
            isActive={d.isActive}
            onText={DISCOUNT_STATUS_LABELS[d.status === 'scheduled' ? 'scheduled' : 'active']}
            isBusy={busy === d.id}
            onChange={(on) => void toggle(d, on)}
          />
        ),
    },
    {
      id: 'action',
      name: 'ACTION',
      isAction: true,
      render: (d) => (
        <span className="discounts__actions">
          <Button variant="secondary" size="sm" aria-label={`Update ${d.name}`} onPress={() => onUpdate(d.id)}>
            Update
          </Button>
        </span>
      ),
    },
  ];

  return (
    <ListPage
      title="Manage Discounts"
      description="Discount coupons for courses"
      action={<Button onPress={onCreate}>Create Discount</Button>}
      searchLabel="Search discounts"
      query={query}
      columns={columns}
      rows={discounts.data?.items}
      totalRows={discounts.data?.totalRows}
      pageSize={DISCOUNT_PAGE_SIZE}
      isPending={discounts.isPending}
      error={discounts.error}
      onRetry={() => void discounts.refetch()}
      emptyText={(search) => (search ? `No discount matches “${search}”.` : 'No discounts yet.')}
    />
  );
}
