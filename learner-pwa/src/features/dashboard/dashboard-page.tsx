// The learner's dashboard (spec: Dashboard): greeting, overall progress ring with the number of
// active courses, the most recent course, and the Active/Completed course tabs.
import { useSearchParams } from 'react-router';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { useEnrolledCourses, useOverallPercentage } from '../../api/use-learning';
import { SyncStatus } from '../../offline/sync-status';
import { CourseList } from './course-list';
import { DashboardShell } from './dashboard-shell';
import { ProgressRing } from './progress-ring';
import { RecentCourseBanner } from './recent-course-banner';
import { useOpenCourse } from './use-open-course';
import { COURSES_SECTION_ID, activeCourses, completedCourses, learnerStanding, overallCaption } from './course-filters';
import './dashboard.css';

export function DashboardPage() {
  const profile = useProfile();
  const overall = useOverallPercentage();
  // 'Welcome back' (spec) for a learner who has courses; a new one, with none yet, is welcomed.
  // While the counts load it says a plain 'Welcome'.
  const courses = overall.data ? overall.data.activeCourses + overall.data.completedCourses : null;
  const greeting = courses === null ? 'Welcome' : courses > 0 ? 'Welcome back' : 'Welcome to Rivet';
  return (
    <DashboardShell current="dashboard">
      <h1 className="dashboard__greeting">
        {greeting}, {profile.firstName} {profile.lastName}!
      </h1>
      <SyncStatus variant="summary" />
      <div className="dashboard__overview">
        <OverallProgress />
        <RecentCourseBanner />
      </div>
      <CourseTabs />
    </DashboardShell>
  );
}

function OverallProgress() {
  const overall = useOverallPercentage();
  return (
    <section className="overall" aria-labelledby="overall-title">
      <h2 id="overall-title" className="overall__title">
        Overall progress
      </h2>
      {overall.isPending ? (
        <div className="overall__body" aria-busy="true">
          <div className="skeleton overall__ring-skeleton" />
          <div className="skeleton skeleton--line" style={{ width: '8rem' }} />
        </div>
      ) : overall.isError ? (
        <div className="overall__body">
          <p className="overall__error">We couldn’t load your progress.</p>
          <Button size="sm" variant="secondary" onPress={() => void overall.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="overall__body">
          <ProgressRing percentage={overall.data.percentage} label="Overall progress" />
          <p className="overall__count">{overallCaption(overall.data)}</p>
        </div>
      )}
    </section>
  );
}

type TabId = 'active' | 'completed';

function CourseTabs() {
  const [params, setParams] = useSearchParams();
  const enrolled = useEnrolledCourses();
  const overall = useOverallPercentage();
  // A learner who has completed everything opens on Completed Courses (with their certificates),
  // not on an empty Active tab; a tab chosen in the address wins.
  const chosen = params.get('tab');
  const tab: TabId = chosen === 'completed' || (chosen === null && overall.data && learnerStanding(overall.data) === 'allComplete') ? 'completed' : 'active';
  const { open, pending } = useOpenCourse();

  const select = (key: Key) => {
    // Kept in the address so Back from the player returns to the same tab.
    setParams({ tab: key === 'completed' ? 'completed' : 'active' }, { replace: true });
  };

  const listProps = {
    isPending: enrolled.isPending,
    error: enrolled.error,
    onRetry: () => void enrolled.refetch(),
    onOpen: (courseId: number, action: 'study' | 'certificate') => void open(courseId, action),
    pending,
  };

  return (
    <section id={COURSES_SECTION_ID} className="dashboard__courses" aria-labelledby="courses-title">
      <h2 id="courses-title" className="visually-hidden">
        Your courses
      </h2>
      <Tabs selectedKey={tab} onSelectionChange={select} className="dash-tabs">
        <TabList aria-label="Your courses" className="dash-tabs__list">
          <Tab id="active" className="dash-tabs__tab">
            Active Courses
          </Tab>
          <Tab id="completed" className="dash-tabs__tab">
            Completed Courses
          </Tab>
        </TabList>
        <TabPanel id="active" className="dash-tabs__panel">
          <CourseList
            {...listProps}
            courses={enrolled.data && activeCourses(enrolled.data)}
            emptyText="You have no active courses yet"
            label="Active courses"
          />
        </TabPanel>
        <TabPanel id="completed" className="dash-tabs__panel">
          <CourseList
            {...listProps}
            courses={enrolled.data && completedCourses(enrolled.data)}
            emptyText="You have no completed courses yet"
            label="Completed courses"
          />
        </TabPanel>
      </Tabs>
    </section>
  );
}
