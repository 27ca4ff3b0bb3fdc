import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { ButtonLink } from '@rivet/shared/ui/button';
import { useProfile } from '@rivet/shared/client/session-context';
import { paths } from '../../paths';
import { isBuilt } from '../../screens';
import { WelcomeCard } from './welcome-card';
import './dashboard-page.css';

export function DashboardPage() {
  const profile = useProfile();
  return (
    <div className="dashboard">
      <h1 className="dashboard__title">Dashboard</h1>
      <WelcomeCard profile={profile} />
      {/* Offered once the course wizard exists (screens.ts): until then it would lead to Not Found. */}
      {hasAnyPermission(profile.permissions, 'createCourse') && isBuilt(paths.createCourse) ? (
        <section className="dashboard__banner" aria-labelledby="create-course-title">
          <div>
            <h2 id="create-course-title" className="dashboard__banner-title">
              Create Course
            </h2>
            <p className="dashboard__banner-text">Build a new course for learners, then send it for approval.</p>
          </div>
          <ButtonLink href={paths.createCourse} variant="secondary">
            Create Course
          </ButtonLink>
        </section>
      ) : null}
      {hasAnyPermission(profile.permissions, 'createCourse') && isBuilt(paths.contentLibrary) ? (
        <section className="dashboard__banner" aria-labelledby="content-library-title">
          <div>
            <h2 id="content-library-title" className="dashboard__banner-title">
              Content Library
            </h2>
            <p className="dashboard__banner-text">Upload videos, lesson packages, images and documents for your courses, and remove files no course uses.</p>
          </div>
          <ButtonLink href={paths.contentLibrary} variant="secondary">
            Open Content Library
          </ButtonLink>
        </section>
      ) : null}
    </div>
  );
}
