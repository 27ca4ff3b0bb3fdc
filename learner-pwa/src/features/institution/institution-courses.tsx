import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { Spinner } from '@rivet/shared/ui/spinner';
import { useInstitutionCourses } from '../../api/use-course-lists';
import { Carousel } from '../../components/course-carousel/carousel';
import { CourseSlides } from '../../components/course-carousel/course-slides';
import { UnavailableOffline, useUnavailableOffline } from '../../offline/last-seen';
import { paths } from '../../paths';

/**
 * The partner's real courses in the spec's three carousels. A "program" is a promoted course
 * (docs/decisions/006-programs.md); popular courses are the partner's others in the server's
 * order; 'Discover All Courses' lists everything.
 */
export function InstitutionCourses({ institutionId }: { institutionId: number }) {
  const courses = useInstitutionCourses(institutionId);
  const unavailableOffline = useUnavailableOffline(courses);
  if (unavailableOffline) return <UnavailableOffline what="This partner's courses" />;
  if (courses.isPending) return <Spinner size="lg" label="Loading courses" />;
  if (courses.isError) return <ErrorAlert error={courses.error} />;

  const all = courses.data.items;
  if (all.length === 0) return <p className="institution__empty">This partner has no courses open for enrolment yet.</p>;
  const programs = all.filter((c) => c.promote);
  const popular = all.filter((c) => !c.promote);
  const seeAll = paths.discoveryForInstitution(institutionId);
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
}
