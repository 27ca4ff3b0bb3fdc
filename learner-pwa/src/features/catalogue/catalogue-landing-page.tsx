// The catalogue-style landing variant (spec: Landing page). It lives at /course/catalogue
// (docs/decisions/005-catalogue-filters.md): the first 50 courses, unfiltered, cut into sections.
import { ButtonLink } from '@rivet/shared/ui/button';
import { QueryState } from '@rivet/shared/ui/screen-state';
import type { CourseSummary } from '@rivet/shared/api/course';
import { CATALOGUE_PAGE_SIZE, useQuickCourseSearch } from '../../api/use-catalogue';
import { CourseCard } from '../../components/course-card/course-card';
import { Carousel } from '../../components/course-carousel/carousel';
import { LastSeenNotice, unavailableOfflineText, useUnavailableOffline } from '../../offline/last-seen';
import { paths } from '../../paths';
import './catalogue.css';

export function CatalogueLandingPage() {
  const courses = useQuickCourseSearch({ courseCategoryIds: [], parameter: '', institutionIds: [], courseLevels: [], languageIds: [] }, CATALOGUE_PAGE_SIZE);
  const unavailableOffline = useUnavailableOffline(courses);

  return (
    <div className="catalogue">
      <section className="catalogue__hero catalogue__hero--career" aria-labelledby="catalogue-title">
        <div className="catalogue__hero-inner">
          <p className="catalogue__badge">Career Track Available</p>
          <h1 id="catalogue-title" className="catalogue__title">
            Digital Literacy
          </h1>
          <ButtonLink href={paths.discovery} size="lg" className="catalogue__cta">
            Start Career Track
          </ButtonLink>
        </div>
      </section>
      <div className="catalogue__body">
        <LastSeenNotice results={[courses]} />
        <QueryState query={courses} offline={unavailableOffline} offlineText={unavailableOfflineText('Courses')} className="catalogue__state">
          {({ items }) => (
            <>
              {/* Spec: 'Top Programs' shows items 3 to 6 of the list. */}
              <Section title="Top Programs" courses={items.slice(2, 6)} />
              <Section title="Top Courses" courses={items} />
              <Section title="Other Related Courses" courses={items.slice(6)} />
            </>
          )}
        </QueryState>
      </div>
    </div>
  );
}

function Section({ title, courses }: { title: string; courses: CourseSummary[] }) {
  if (!courses.length) return null;
  return (
    <Carousel title={title} seeAllHref={paths.programs} seeAllLabel="See All Programs">
      {courses.map((course) => (
        <li key={course.courseId}>
          <CourseCard course={course} />
        </li>
      ))}
    </Carousel>
  );
}
