// A course's public page (spec: Course detail): banner, description, video, what you will learn,
// details, curriculum, the partner and their other courses, and the enrol card.
import { useDeferredValue, useState, type MouseEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { CourseDetail } from '@rivet/shared/api/course';
import { courseTimeFacts, courseTypeLabel, videoUrl } from '@rivet/shared/domain/course-card';
import { courseLevelName } from '@rivet/shared/domain/people';
import { Link } from '@rivet/shared/ui/link';
import { QueryState, ScreenState } from '@rivet/shared/ui/screen-state';
import { useCourse, useInstitutionCourses } from '../../api/use-course-lists';
import { LastSeenNotice, unavailableOfflineText, useUnavailableOffline } from '../../offline/last-seen';
import { Carousel } from '../../components/course-carousel/carousel';
import { CourseSlides } from '../../components/course-carousel/course-slides';
import { paths } from '../../paths';
import { Curriculum } from './curriculum';
import { EnrolCard } from './enrol-card';
import { PartnerBlock } from './partner-block';
import { RichText } from '../../components/rich-text';
import './course-detail.css';
import { useHydrating } from '../../hooks/use-hydrating';

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });

export function CourseDetailPage() {
  const { id } = useParams();
  const courseId = Number(id);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const course = useCourse(valid ? courseId : null);
  const unavailableOffline = useUnavailableOffline(course);

  const back = <Link href={paths.discovery}>Back to Courses</Link>;
  const notFound = (
    <ScreenState kind="empty" page title="Course not found" text="This course is not available. It may have been withdrawn by its partner." actions={back} />
  );
  if (!valid) return notFound;
  return (
    <QueryState
      query={course}
      page
      offline={unavailableOffline}
      offlineText={unavailableOfflineText('This course')}
      notFound={notFound}
      actions={course.isPending && !unavailableOffline ? undefined : back}
    >
      {(data) => <DeferredCourseView course={data} notice={<LastSeenNotice results={[course]} what="this course" className="course-page__notice" />} />}
    </QueryState>
  );
}

/**
 * The course page is a large tree (curriculum, carousels, the enrol card's dialogs). The query's
 * answer arrives as a synchronous update, so it is rendered from a deferred value: React renders
 * it as a transition, in slices that yield to the browser, instead of one long task on a slow
 * phone (Total Blocking Time; docs/decisions/066). The loading state stays up meanwhile, except
 * when the page is the server's (it is on the screen already; docs/decisions/070).
 */
function DeferredCourseView({ course, notice }: { course: CourseDetail; notice: ReactNode }) {
  const shown = useDeferredValue<CourseDetail | null>(course, useHydrating() ? course : null);
  if (!shown) return <ScreenState kind="loading" page />;
  return <CourseView course={shown} notice={notice} />;
}

function CourseView({ course, notice }: { course: CourseDetail; notice: ReactNode }) {
  return (
    <article className="course-page">
      {notice}
      <header className="course-hero">
        <div className="course-hero__inner">
          {course.courseBannerUrl ? (
            <img className="course-hero__banner" src={course.courseBannerUrl} alt="" width={1024} height={498} fetchPriority="high" decoding="async" />
          ) : null}
          <div className="course-hero__text">
            <Link href={paths.discovery} className="course-hero__back">
              ← Back to Courses
            </Link>
            <p className="course-hero__category">{course.courseCategoryName}</p>
            <h1 className="course-hero__title">{course.title}</h1>
            {course.headLine?.trim() ? <p className="course-hero__headline">{course.headLine.trim()}</p> : null}
            <p className="course-hero__description">{course.description}</p>
            <p className="course-hero__partner">
              {course.institution}
              {course.instructorName?.trim() ? <span className="course-hero__instructor">Instructor: {course.instructorName.trim()}</span> : null}
            </p>
          </div>
        </div>
      </header>

      <SectionTabs />

      <div className="course-layout">
        <aside className="course-layout__aside" aria-label="Enrolment">
          <EnrolCard course={course} />
        </aside>
        <div className="course-layout__main">
          <section id="course-description" className="course-section" aria-labelledby="course-description-title">
            <h2 id="course-description-title" className="course-section__title">
              Course Description
            </h2>
            {course.coursePromotionalVideoUrl ? <PromoVideo url={course.coursePromotionalVideoUrl} poster={course.courseBannerUrl} /> : null}
            {course.objectives ? (
              <>
                <h3 className="course-section__subtitle">What You will Learn</h3>
                <RichText html={course.objectives} className="course-objectives" />
              </>
            ) : null}
            <RichText html={course.overView} />
          </section>
          <CourseFacts course={course} />
          <Curriculum modules={course.courseModules} />
          <PartnerBlock course={course} />
        </div>
      </div>
      <OtherCourses course={course} />
    </article>
  );
}

/** Spec: two tabs on wide screens scroll smoothly to their sections; the bar sticks to the top. */
function SectionTabs() {
  const [current, setCurrent] = useState('course-description');
  const go = (id: string) => (event: MouseEvent) => {
    event.preventDefault();
    setCurrent(id);
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(id)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  };
  return (
    <nav className="course-tabs" aria-label="Course sections">
      <div className="course-tabs__inner">
        {[
          ['course-description', 'Course Description'],
          ['about-partner', 'About Partner'],
        ].map(([id, label]) => (
          <a key={id} href={`#${id}`} className="course-tabs__tab" aria-current={current === id ? 'location' : undefined} onClick={go(id!)}>
            {label}
          </a>
        ))}
      </div>
    </nav>
  );
}

function PromoVideo({ url, poster }: { url: string; poster: string | null }) {
  // preload="none": nothing is downloaded until the learner presses play (data costs money).
  return (
    <video
      className="course-video"
      src={videoUrl(url)}
      poster={poster ?? undefined}
      controls
      controlsList="nodownload"
      disablePictureInPicture
      preload="none"
      playsInline
      onContextMenu={(event) => event.preventDefault()}
    >
      <track kind="captions" />
    </video>
  );
}

function CourseFacts({ course }: { course: CourseDetail }) {
  const time = courseTimeFacts(course);
  const facts: [string, string | null][] = [
    ['Instructor', course.instructorName?.trim() || null],
    ['Level', courseLevelName(course.courseLevel)],
    ['Language', course.language],
    // The weekly study the author entered, and the content's own length (decision 080).
    ['Effort', time.effort],
    ['Duration', time.duration],
    ['Course type', courseTypeLabel(course.courseTypeName)],
    ['Modules', String(course.modules)],
    ['Start date', course.startDate ? dateFormat.format(new Date(course.startDate)) : null],
  ];
  return (
    <section className="course-section" aria-labelledby="course-details-title">
      <h2 id="course-details-title" className="course-section__title">
        Course details
      </h2>
      <dl className="course-facts">
        {facts
          .filter((fact): fact is [string, string] => Boolean(fact[1]))
          .map(([term, value]) => (
            <div key={term} className="course-facts__item">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function OtherCourses({ course }: { course: CourseDetail }) {
  const others = useInstitutionCourses(course.institutionId, course.courseId);
  const items = others.data?.items ?? [];
  if (!items.length) return null;
  return (
    <div className="course-others">
      <Carousel title={`Other courses offered by ${course.institution}`} seeAllHref={paths.discoveryForInstitution(course.institutionId)}>
        <CourseSlides courses={items} />
      </Carousel>
    </div>
  );
}
