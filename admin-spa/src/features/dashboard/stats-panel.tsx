// The Stats panel (spec 002 §2.3, §3 Dashboard stats) and the Active Courses and Pending Course
// Approval cards, which show N/A when a figure is missing.
import { DASHBOARD_MESSAGES as M } from '@rivet/shared/api/dashboard';
import { formatFigureKobo } from '@rivet/shared/domain/money';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { useCourseStatistic, useDashboardStats } from './use-dashboard';

const count = (n: number) => n.toLocaleString('en-NG');

export function StatsPanel() {
  const query = useDashboardStats();
  const stats = query.data;
  return (
    <section className="dash-panel" aria-labelledby="stats-title" aria-busy={query.isPending}>
      <h2 id="stats-title" className="dash-panel__title">
        Stats
      </h2>
      {stats ? (
        <dl className="dash-stats">
          <div className="dash-stat">
            <dt>Total Revenue</dt>
            <dd>{formatFigureKobo(Math.round(stats.totalRevenue * 100))}</dd>
          </div>
          <div className="dash-stat">
            <dt>Total Student</dt>
            <dd>{count(stats.totalStudent)}</dd>
          </div>
          <div className="dash-stat">
            <dt>Active Student</dt>
            <dd>{count(stats.activeStudent)}</dd>
          </div>
        </dl>
      ) : query.error ? (
        <ScreenState kind="error" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <p className="dash-panel__pending" role="status">
          {M.fetchingStatistics}
        </p>
      )}
    </section>
  );
}

export function CourseCards() {
  const { data, isPending } = useCourseStatistic();
  const figure = (n: number | null | undefined) => (isPending ? '…' : n === null || n === undefined ? M.notAvailable : count(n));
  return (
    <dl className="dash-cards" aria-busy={isPending}>
      <div className="dash-card">
        <dt>Active Courses</dt>
        <dd>{figure(data?.activeCourses)}</dd>
      </div>
      <div className="dash-card">
        <dt>Pending Course Approval</dt>
        <dd>{figure(data?.pendingCourseApproval)}</dd>
      </div>
    </dl>
  );
}
