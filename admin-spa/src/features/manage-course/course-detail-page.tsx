// The admin course detail (spec 002 §2.9, §3 Course statistics, §4 Course active/inactive, §8;
// decision 045): the course, Preview / Update / Activate-Deactivate, the five statistics cards and
// the weekly views bar chart. The chart library loads with this page only (React.lazy), and the
// same figures are a table for screen readers.
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EDIT_CHECK_MESSAGES } from '@rivet/shared/api/course-authoring';
import { isApiError } from '@rivet/shared/client/errors';
import { MANAGE_COURSE_MESSAGES as M, type CourseStatistics, type ManageCourseDetail } from '@rivet/shared/api/manage-course';
import { formatDuration } from '@rivet/shared/domain/course-card';
import { formatFigureKobo, formatNaira } from '@rivet/shared/domain/money';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button, ButtonLink } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import { AlertDialog } from '@rivet/shared/ui/modal';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { toast } from '@rivet/shared/ui/toast';
import { continueDraftPath, coursePreviewPath, paths } from '../../paths';
import { CourseBadges } from './manage-course-page';
import { useCourseStatistics, useEditCheck, useManagedCourse, useStartRevision, useToggleCourse } from './use-manage-course';
import './manage-course.css';

const BarChart = lazy(() => import('../../components/bar-chart'));

const courseIdFrom = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

export function CourseDetailPage() {
  const [params] = useSearchParams();
  const courseId = courseIdFrom(params.get('courseId'));
  if (courseId === null) return <CourseMissing />;
  return <CourseDetail courseId={courseId} />;
}

function CourseMissing() {
  return (
    <div className="mc-page">
      <div className="mc-missing" role="alert">
        <h1 className="mc-section__title">{M.notFound}</h1>
        <Link href={paths.manageCourse}>Back to Manage Courses</Link>
      </div>
    </div>
  );
}

function CourseDetail({ courseId }: { courseId: number }) {
  const course = useManagedCourse(courseId);
  return (
    <div className="mc-page">
      <Link href={paths.manageCourse} className="mc-back">
        ← Manage Courses
      </Link>
      <QueryState query={course} loadingText="Fetching course..." notFound={<CourseMissing />}>
        {(data) => (
          <>
            <CourseHeader course={data} />
            <Statistics courseId={courseId} />
          </>
        )}
      </QueryState>
    </div>
  );
}

/** "1 Module", "3 Modules". */
export const moduleCount = (n: number) => `${n} ${n === 1 ? 'Module' : 'Modules'}`;
const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' });

function CourseHeader({ course }: { course: ManageCourseDetail }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const toggle = useToggleCourse();
  const check = useEditCheck();
  const revision = useStartRevision();
  const [failed, setFailed] = useState(false);
  const [blocked, setBlocked] = useState<{ title: string; message: string } | null>(null);
  const mayToggle = hasAnyPermission(profile.permissions, 'approvecourse', 'manageCourseQA');
  const mayEdit = hasAnyPermission(profile.permissions, 'createCourse');

  const onToggle = () =>
    toggle.mutate(course.courseId, {
      onSuccess: (result) => toast.success(result.description),
      onError: () => setFailed(true),
    });
  // §4: an update is allowed only if no earlier update awaits approval.
  const awaiting = () => setBlocked({ title: EDIT_CHECK_MESSAGES.awaitingApproval, message: EDIT_CHECK_MESSAGES.awaitingApprovalText });
  // A published course is changed through its revision (decision 048): made or reopened here, then
  // opened in the wizard; learners keep the published course until the revision is approved.
  const openRevision = () =>
    revision.mutate(course.courseId, {
      onSuccess: (made) => void navigate(continueDraftPath(made.courseId)),
      onError: (error) => {
        if (isApiError(error) && error.status === 409 && error.message === EDIT_CHECK_MESSAGES.awaitingApproval) awaiting();
        else toast.error('Could not open the course for update', error instanceof Error ? error.message : undefined);
      },
    });
  const onUpdate = () =>
    check.mutate(course.courseId, {
      onSuccess: (answer) => {
        if (answer.canEdit) {
          if (answer.stage === 'published') openRevision();
          else void navigate(continueDraftPath(course.courseId));
        } else if (answer.message === EDIT_CHECK_MESSAGES.awaitingApproval) awaiting();
        else setBlocked({ title: 'Course cannot be changed', message: answer.message ?? 'This course cannot be changed now.' });
      },
      onError: (error) => toast.error('Could not check the course', error instanceof Error ? error.message : undefined),
    });

  return (
    <section className="mc-detail" aria-labelledby="mc-detail-title">
      <div className="mc-detail__media">{course.courseThumbNailUrl ? <img src={course.courseThumbNailUrl} alt="" /> : <span aria-hidden="true">{course.title.slice(0, 1)}</span>}</div>
      <div className="mc-detail__body">
        <CourseBadges course={course} after={course.courseCategoryName} />
        <h1 id="mc-detail-title" className="mc-detail__title">
          {course.title}
        </h1>
        <p className="mc-detail__partner">{course.institution}</p>
        <p className="mc-detail__description">{course.description}</p>
        <dl className="mc-detail__facts">
          <div>
            <dt>Modules</dt>
            <dd>{moduleCount(course.modules)}</dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{formatDuration(course.duration) ?? '—'}</dd>
          </div>
          <div>
            <dt>Level</dt>
            <dd>{course.courseLevelName || '—'}</dd>
          </div>
          <div>
            <dt>Published</dt>
            <dd>{course.publishDate ? dateFormat.format(new Date(course.publishDate)) : 'Not yet published'}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{course.isPaid ? formatNaira(course.coursePrice) : 'Free'}</dd>
          </div>
        </dl>
        <div className="mc-detail__actions">
          <ButtonLink href={coursePreviewPath(course.courseId)} variant="secondary">
            Preview
          </ButtonLink>
          {mayEdit ? (
            <Button variant="secondary" onPress={onUpdate} isPending={check.isPending || revision.isPending}>
              Update
            </Button>
          ) : null}
          {mayToggle ? (
            <Button variant={course.isActive ? 'danger' : 'primary'} onPress={onToggle} isPending={toggle.isPending}>
              {course.isActive ? 'Deactivate course' : 'Activate course'}
            </Button>
          ) : null}
        </div>
      </div>
      <AlertDialog
        isOpen={failed}
        tone="error"
        title={M.toggleFailed}
        actionLabel="Reload"
        onAction={() => {
          // §4: the dialog's action reloads the page, so what is shown is what the server holds.
          setFailed(false);
          window.location.reload();
        }}
      >
        <p>The course was not changed.</p>
      </AlertDialog>
      <AlertDialog isOpen={blocked !== null} title={blocked?.title ?? ''} actionLabel="Got it" onAction={() => setBlocked(null)}>
        <p>{blocked?.message}</p>
      </AlertDialog>
    </section>
  );
}

function Statistics({ courseId }: { courseId: number }) {
  const stats = useCourseStatistics(courseId);
  return (
    <section className="mc-stats" aria-labelledby="mc-stats-title">
      <h2 id="mc-stats-title" className="mc-section__title">
        Course statistics
      </h2>
      <QueryState query={stats} loadingText="Fetching statistics...">
        {(data) => (
          <>
            <StatCards stats={data} />
            <WeeklyViews stats={data} />
          </>
        )}
      </QueryState>
    </section>
  );
}

const count = new Intl.NumberFormat('en-NG');

function StatCards({ stats }: { stats: CourseStatistics }) {
  const cards = [
    // Revenue of 0 is ₦0, not 'Free' (formatNaira's word for a price).
    { label: 'Total Revenue', value: formatFigureKobo(Math.round(stats.totalRevenue * 100)) },
    { label: 'Total Students', value: count.format(stats.totalStudent) },
    { label: 'Active Students', value: count.format(stats.activeStudent) },
    { label: 'Monthly Views', value: count.format(stats.monthlyView) },
    { label: 'Weekly Views', value: count.format(stats.weeklyView) },
  ];
  return (
    <dl className="mc-stat-cards">
      {cards.map((c) => (
        <div key={c.label} className="mc-stat">
          <dt className="mc-stat__label">{c.label}</dt>
          <dd className="mc-stat__value">{c.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** §2.9: the chart's day key is cut to three letters. */
export const dayLabel = (key: string) => key.slice(0, 3);

function WeeklyViews({ stats }: { stats: CourseStatistics }) {
  const days = useMemo(() => stats.weeklyViewStat.map((d) => ({ label: dayLabel(d.key), value: d.value, title: d.date })), [stats.weeklyViewStat]);
  return (
    <figure className="mc-chart">
      <figcaption className="mc-chart__caption">Weekly views</figcaption>
      {stats.weeklyView === 0 ? <p className="mc-chart__note">No learner studied this course in the last seven days.</p> : null}
      <div className="mc-chart__canvas" aria-hidden="true">
        <Suspense fallback={<div className="mc-chart__pending">Loading chart…</div>}>
          <BarChart bars={days} seriesLabel="Views" />
        </Suspense>
      </div>
      <table className="visually-hidden">
        <caption>Views in the last seven days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Date</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {stats.weeklyViewStat.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.key}</th>
              <td>{d.date}</td>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
