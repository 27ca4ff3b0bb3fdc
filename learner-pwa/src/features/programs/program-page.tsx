// The program page from real data: a "program" is a partner's featured course
// (docs/decisions/006-programs.md). The spec's version was a placeholder with sample prices
// (N8,500, N15,500, 'Save N2,000'); here every figure is the course's own.
import { useSearchParams } from 'react-router';
import type { CourseDetail } from '@rivet/shared/api/course';
import { courseTimeFacts } from '@rivet/shared/domain/course-card';
import { ButtonLink } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import { QueryState, ScreenState } from '@rivet/shared/ui/screen-state';
import { CATALOGUE_PAGE_SIZE, useQuickCourseSearch } from '../../api/use-catalogue';
import { useCourse } from '../../api/use-course-lists';
import { Carousel } from '../../components/course-carousel/carousel';
import { CourseSlides } from '../../components/course-carousel/course-slides';
import { plainParagraphs } from '../../components/plain-text';
import { LastSeenNotice, unavailableOfflineText, useUnavailableOffline } from '../../offline/last-seen';
import { paths } from '../../paths';
import { ProgramPrice } from './program-price';
import './programs.css';

export function ProgramPage() {
  const [params] = useSearchParams();
  const raw = params.get('courseId');
  const courseId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const course = useCourse(courseId);
  const unavailableOffline = useUnavailableOffline(course);

  const back = <ButtonLink href={paths.programs}>See all programs</ButtonLink>;
  const notFound = <ScreenState kind="empty" page className="page" title="Program not found" text="We could not find this program." actions={back} />;
  if (courseId === null) return notFound;
  return (
    <QueryState
      query={course}
      page
      className="page"
      loadingLabel="Loading program"
      offline={unavailableOffline}
      offlineText={unavailableOfflineText('This program')}
      notFound={notFound}
      actions={course.isPending && !unavailableOffline ? undefined : back}
    >
      {(data) => (
        <>
          <LastSeenNotice results={[course]} what="this program" className="program__notice" />
          <ProgramView course={data} />
        </>
      )}
    </QueryState>
  );
}

function ProgramView({ course }: { course: CourseDetail }) {
  const overview = plainParagraphs(course.overView);
  const time = courseTimeFacts(course);
  return (
    <div className="program">
      <section className="program__hero" aria-labelledby="program-title">
        <div className="program__hero-inner">
          <div className="program__intro">
            <span className="program__badge">Program Available</span>
            <h1 id="program-title" className="program__title">
              {course.title}
            </h1>
            {course.headLine ? <p className="program__headline">{course.headLine}</p> : null}
            <p className="program__partner">
              {course.institutionLogo ? (
                <img src={course.institutionLogo} alt="" width={40} height={40} decoding="async" className="program__partner-logo" />
              ) : null}
              <span>
                Offered by <Link href={paths.institution(course.institutionId)}>{course.institution}</Link>
              </span>
            </p>
            <ul className="program__facts" aria-label="Program facts">
              <li>{course.courseLevelName}</li>
              <li>
                {course.modules} {course.modules === 1 ? 'module' : 'modules'}
              </li>
              {time.duration ? <li>{time.duration}</li> : null}
              {time.effort ? <li>{time.effort}</li> : null}
              <li>{course.courseTypeName === 'Self' ? 'Self-paced' : 'Instructor-paced'}</li>
              <li>{course.language}</li>
            </ul>
            <p className="program__description">{course.description}</p>
            <Link href={paths.courseDetails(course.courseId, course.title)}>See the full curriculum</Link>
          </div>
          <ProgramPrice course={course} />
        </div>
      </section>

      <div className="page">
        {overview.length ? (
          <section className="program__about" aria-labelledby="program-about">
            <h2 id="program-about" className="program__section-title">
              About this program
            </h2>
            {overview.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        ) : null}
        <RelatedPrograms course={course} />
      </div>
    </div>
  );
}

/** Spec: 'Other Data Science Programs' / 'Top Data Science Courses', with the course's own category. */
function RelatedPrograms({ course }: { course: CourseDetail }) {
  const related = useQuickCourseSearch({ courseCategoryIds: [course.courseCategoryId] }, CATALOGUE_PAGE_SIZE);
  const unavailableOffline = useUnavailableOffline(related);
  if (unavailableOffline) return null;
  const seeAll = paths.discoveryForCategory(course.courseCategoryId);
  return (
    <QueryState query={related} loadingLabel="Loading related courses">
      {(data) => {
        const others = data.items.filter((c) => c.courseId !== course.courseId);
        const programs = others.filter((c) => c.promote);
        const courses = others.filter((c) => !c.promote);
        return (
          <>
            {programs.length ? (
              <Carousel title={`Other ${course.courseCategoryName} Programs`} seeAllHref={seeAll}>
                <CourseSlides courses={programs} hrefFor={(c) => paths.program(c.courseId)} />
              </Carousel>
            ) : null}
            {courses.length ? (
              <Carousel title={`Top ${course.courseCategoryName} Courses`} seeAllHref={seeAll}>
                <CourseSlides courses={courses} />
              </Carousel>
            ) : null}
          </>
        );
      }}
    </QueryState>
  );
}
