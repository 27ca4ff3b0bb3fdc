// My learnings (/course/my-learnings): every course the learner is enrolled in with its progress,
// filtered to active, completed or all; each opens the player in its 'my-learning' mode.
import { useSearchParams } from 'react-router';
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { useEnrolledCourses } from '../../api/use-learning';
import { DownloadsSummary } from '../../components/offline-download/downloads-summary';
import { CourseList } from './course-list';
import { filterCourses, type CourseFilter } from './course-filters';
import { DashboardShell } from './dashboard-shell';
import { useOpenCourse } from './use-open-course';
import './dashboard.css';

const FILTERS: { id: CourseFilter; label: string; empty: string }[] = [
  { id: 'all', label: 'All', empty: 'You are not enrolled in any course yet' },
  { id: 'active', label: 'Active', empty: 'You have no active courses yet' },
  { id: 'completed', label: 'Completed', empty: 'You have no completed courses yet' },
];

const isFilter = (value: string | null): value is CourseFilter => FILTERS.some((f) => f.id === value);

export function MyLearningsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('filter');
  const filter: CourseFilter = isFilter(requested) ? requested : 'all';
  const enrolled = useEnrolledCourses();
  const { open, pending } = useOpenCourse({ mode: 'my-learning' });
  const current = FILTERS.find((f) => f.id === filter)!;

  const choose = (keys: Set<Key>) => {
    const [key] = [...keys];
    if (!key) return;
    setParams(key === 'all' ? {} : { filter: String(key) }, { replace: true });
  };

  return (
    <DashboardShell current="courses">
      <h1 className="dashboard__greeting">My Learnings</h1>
      <p className="dashboard__lead">Every course you are enrolled in, with how far you have come.</p>
      <DownloadsSummary />
      <ToggleButtonGroup
        aria-label="Show courses"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[filter]}
        onSelectionChange={choose}
        className="segmented"
      >
        {FILTERS.map((f) => (
          <ToggleButton key={f.id} id={f.id} className="segmented__option">
            {f.label}{' '}
            {enrolled.data ? <span className="segmented__count">{filterCourses(enrolled.data, f.id).length}</span> : null}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <div className="my-learnings__list">
        <CourseList
          courses={enrolled.data && filterCourses(enrolled.data, filter)}
          isPending={enrolled.isPending}
          error={enrolled.error}
          onRetry={() => void enrolled.refetch()}
          emptyText={current.empty}
          onOpen={(courseId, action) => void open(courseId, action)}
          pending={pending}
          label={`${current.label} courses`}
        />
      </div>
    </DashboardShell>
  );
}
