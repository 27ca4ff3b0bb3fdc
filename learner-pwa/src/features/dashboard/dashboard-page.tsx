import { ButtonLink } from '@rivet/shared/ui/button';
import { Card } from '@rivet/shared/ui/card';
import { paths } from '../../paths';
import { useSession } from '@rivet/shared/client/session-context';
import './dashboard.css';

/** The greeting and a way on; progress and course tabs arrive with the enrolment work. */
export function DashboardPage() {
  const { profile } = useSession();
  if (!profile) return null;
  return (
    <div className="page dashboard">
      <h1 className="page__title">
        Welcome back, {profile.firstName} {profile.lastName}!
      </h1>
      <Card padding="lg" className="dashboard__empty">
        <h2 className="dashboard__subtitle">Your courses</h2>
        <p className="dashboard__text">You have no active courses yet</p>
        <ButtonLink href={paths.discovery}>Explore courses</ButtonLink>
      </Card>
    </div>
  );
}
