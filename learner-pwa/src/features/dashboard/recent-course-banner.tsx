// The most recent course (spec: thumbnail, title, description, 'You are enrolled in the {title}
// with {institution}', and 'Keep making progress' opening the player at the stored module and
// section). A learner whose courses are all completed is told so instead, with where to go next
// (decision 080): 'Keep making progress' into a finished course said the opposite.
import { useOverallPercentage, useRecentCourse } from '../../api/use-learning';
import { useSession } from '@rivet/shared/client/session-context';
import { ButtonLink } from '@rivet/shared/ui/button';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { CourseThumbnail } from '../../components/course-card/course-card';
import { ProgressBar } from '../../components/progress-bar/progress-bar';
import { paths } from '../../paths';
import { COURSES_SECTION_ID, learnerStanding } from './course-filters';
import type { PlayerState } from './use-open-course';

export function RecentCourseBanner() {
  const recent = useRecentCourse();
  const overall = useOverallPercentage();
  const userId = useSession().profile?.userId ?? '';

  // The counts decide between the two banners; without them (an error) the course's own banner shows.
  if (recent.isPending || (overall.isPending && recent.data?.completed)) {
    return (
      <section className="recent recent--skeleton" aria-busy="true" aria-label="Your most recent course">
        <div className="skeleton recent__thumb" />
        <div className="recent__body">
          <div className="skeleton skeleton--line" style={{ width: '40%' }} />
          <div className="skeleton skeleton--title" style={{ width: '75%' }} />
          <div className="skeleton skeleton--line" style={{ width: '90%' }} />
          <div className="skeleton skeleton--button" />
        </div>
      </section>
    );
  }
  if (recent.isError) {
    return (
      <section className="recent recent--state" aria-label="Your most recent course">
        <ScreenState kind="error" error={recent.error} onRetry={() => void recent.refetch()} isRetrying={recent.isFetching} />
      </section>
    );
  }
  const course = recent.data;
  if (!course) {
    return (
      <section className="recent recent--state" aria-labelledby="recent-title">
        <h2 id="recent-title" className="recent__title">
          Start your first course
        </h2>
        <p className="recent__text">Localized, quality and on-demand courses from our partners, ready when you are.</p>
        <ButtonLink href={paths.discovery}>Explore courses</ButtonLink>
      </section>
    );
  }
  if (course.completed && overall.data && learnerStanding(overall.data) === 'allComplete') {
    return (
      <section className="recent recent--complete" aria-labelledby="recent-title">
        <CourseThumbnail src={course.courseThumbNailUrl} className="recent__thumb" width={320} loading="eager" fetchPriority="high" />
        <div className="recent__body">
          <p className="recent__eyebrow">All done</p>
          <h2 id="recent-title" className="recent__title">
            You’ve completed all your courses
          </h2>
          <p className="recent__text">
            Well done! Your certificates are under Completed Courses, ready to download. Your latest was {course.title} with {course.institution}.
          </p>
          <div className="recent__actions">
            <ButtonLink href={paths.discovery}>Explore more courses</ButtonLink>
            {/* The Completed Courses tab below, where each course has Get certificate; brought into view. */}
            <ButtonLink
              href={`${paths.dashboard}?tab=completed`}
              variant="secondary"
              onPress={() => requestAnimationFrame(() => document.getElementById(COURSES_SECTION_ID)?.scrollIntoView({ block: 'start' }))}
            >
              See your certificates
            </ButtonLink>
          </div>
        </div>
      </section>
    );
  }
  const state: PlayerState = { courseId: course.courseId, userId, currentModule: course.currentModule, currentSection: course.currentSection };
  return (
    <section className="recent" aria-labelledby="recent-title">
      {/* The dashboard's largest picture (its LCP element): asked for ahead of the cards' thumbnails. */}
      <CourseThumbnail src={course.courseThumbNailUrl} className="recent__thumb" width={320} loading="eager" fetchPriority="high" />
      <div className="recent__body">
        <p className="recent__eyebrow">Recently studied</p>
        <h2 id="recent-title" className="recent__title">
          {course.title}
        </h2>
        <p className="recent__text recent__description">{course.description}</p>
        <p className="recent__enrolled">
          You are enrolled in the {course.title} with {course.institution}
        </p>
        {course.completed ? null : <ProgressBar label="Course progress" value={course.percentage} size="sm" className="recent__progress" />}
        <ButtonLink href={paths.deliveryFor(course.courseId)} routerOptions={{ state }} className="recent__action">
          {course.completed ? 'View course' : 'Keep making progress'}
        </ButtonLink>
      </div>
    </section>
  );
}
