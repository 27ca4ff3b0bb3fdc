// The read-only Revenue Sharing Formula (spec 002 §2.8; the seed's "Formular" is spelt right here):
// the formula's parties in order with their percentages, its date and status, and Close.
import { formatRevenueDate } from '@rivet/shared/api/revenue';
import { Button } from '@rivet/shared/ui/button';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { useRevenue, useRevenuePartners } from './use-revenue';

export function RevenueFormulaView({ revenueId, onClose }: { revenueId: number; onClose: () => void }) {
  const revenue = useRevenue(revenueId);
  const parties = useRevenuePartners(revenueId);
  const error = revenue.error ?? parties.error;
  const total = (parties.data ?? []).reduce((sum, p) => sum + Math.round(p.percentage * 100), 0) / 100;

  return (
    <section className="revenue-sheet" aria-labelledby="revenue-view-title">
      <header className="revenue-sheet__header">
        <div>
          <h1 id="revenue-view-title" className="revenue-sheet__title">
            Revenue Sharing Formula
          </h1>
          {revenue.data ? (
            <p className="revenue-sheet__lead">
              <strong className="revenue-view__name">{revenue.data.name}</strong>
              <span className="revenue-view__meta">
                Created {formatRevenueDate(revenue.data.dateCreated)} · {revenue.data.isActive ? 'Active' : 'Inactive'} · {revenue.data.courses} course{revenue.data.courses === 1 ? '' : 's'} approved with it
              </span>
            </p>
          ) : null}
        </div>
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
      </header>
      <div className="revenue-sheet__body">
        {error ? (
          <ScreenState kind="error" error={error} onRetry={() => void Promise.all([revenue.refetch(), parties.refetch()])} />
        ) : revenue.data === undefined || parties.data === undefined ? (
          <ScreenState kind="loading" label="Loading the formula" />
        ) : revenue.data === null ? (
          <p>This revenue formula does not exist.</p>
        ) : (
          <table className="revenue-view__table">
            <caption className="visually-hidden">Parties of {revenue.data.name}</caption>
            <thead>
              <tr>
                <th scope="col">S/N</th>
                <th scope="col">Party</th>
                <th scope="col">Type</th>
                <th scope="col" className="revenue-view__num">
                  Percentage
                </th>
              </tr>
            </thead>
            <tbody>
              {parties.data.map((p) => (
                <tr key={p.id}>
                  <td>{p.sNo}</td>
                  <th scope="row">{p.partnerName}</th>
                  <td>{p.revenuePatnerType === 0 ? 'Platform Owner' : 'Partner'}</td>
                  <td className="revenue-view__num">{p.percentage} %</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td />
                <th scope="row">Total</th>
                <td />
                <td className="revenue-view__num">{total} %</td>
              </tr>
            </tfoot>
          </table>
        )}
      </div>
    </section>
  );
}
