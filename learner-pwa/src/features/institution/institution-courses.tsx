import { QueryState } from '@rivet/shared/ui/screen-state';
import { useInstitutionCourses } from '../../api/use-course-lists';
import { Carousel } from '../../components/course-carousel/carousel';
import { CourseSlides } from '../../components/course-carousel/course-slides';
import { unavailableOfflineText, useUnavailableOffline } from '../../offline/last-seen';
import { paths } from '../../paths';

/**
 * The partner's real courses in the spec's three carousels. A "program" is a promoted course
 * (docs/decisions/006-programs.md); popular courses are the partner's others in the server's
 * order; 'Discover All Courses' lists everything.
 */
export function InstitutionCourses({ institutionId }: { institutionId: number }) {
  const courses = useInstitutionCourses(institutionId);
  const unavailableOffline = useUnavailableOffline(courses);
  const seeAll = paths.discoveryForInstitution(institutionId);
  return (
    <QueryState
      query={courses}
      loadingLabel="Loading courses"
      offline={unavailableOffline}
      offlineText={unavailableOfflineText("This partner's courses")}
      isEmpty={(data) => data.items.length === 0}
      empty={<p className="institution__empty">This partner has no courses open for enrolment yet.</p>}
    >
      {({ items: all }) => {
        const programs = all.filter((c) => c.promote);
        const popular = all.filter((c) => !c.promote);
        return (
          <>
            {programs.length ? (
              <Carousel title="Top Programs" seeAllHref={seeAll}>
                <CourseSlides courses={programs} hrefFor={(c) => paths.program(c.courseId)} />
              </Carousel>
            ) : null}
            {popular.length ? (
              <Carousel title="Top Popular Courses" seeAllHref={seeAll}>
                <CourseSlides courses={popular} />
              </Carousel>
            ) : null}
            <Carousel title="Discover All Courses" seeAllHref={seeAll}>
              <CourseSlides courses={all} />
            </Carousel>
          </>
        );
      }}
    </QueryState>
  );
}
