// The enrolment chart by month (spec 002 §2.3): a bar chart whose library loads with this page only,
// and the same figures as a table for screen readers.
import { lazy, Suspense, useMemo } from 'react';
import type { MonthlyEnrolment } from '@rivet/shared/api/dashboard';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { useMonthlyEnrolments } from './use-dashboard';

const BarChart = lazy(() => import('../../components/bar-chart'));

const monthName = (month: string) => new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function EnrolmentChart() {
  const query = useMonthlyEnrolments();
  return (
    <section className="dash-panel dash-chart" aria-labelledby="enrolment-chart-title">
      <h2 id="enrolment-chart-title" className="dash-panel__title">
        Enrolments by month
      </h2>
      {query.data ? <Chart months={query.data} /> : query.error ? <ScreenState kind="error" error={query.error} onRetry={() => void query.refetch()} /> : <ScreenState kind="loading" label="Loading enrolments" />}
    </section>
  );
}

function Chart({ months }: { months: MonthlyEnrolment[] }) {
  const bars = useMemo(() => months.map((m) => ({ label: m.key, value: m.value, title: monthName(m.month) })), [months]);
  const total = months.reduce((n, m) => n + m.value, 0);
  return (
    <>
      {total === 0 ? <p className="dash-chart__note">No enrolments in the last twelve months.</p> : null}
      <div className="dash-chart__canvas" aria-hidden="true">
        <Suspense fallback={<div className="dash-chart__pending">Loading chart…</div>}>
          <BarChart bars={bars} seriesLabel="Enrolments" />
        </Suspense>
      </div>
      <table className="visually-hidden">
        <caption>Enrolments in the last twelve months</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Enrolments</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthName(m.month)}</th>
              <td>{m.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
