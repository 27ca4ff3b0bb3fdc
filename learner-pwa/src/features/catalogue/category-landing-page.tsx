// The category landing (spec: /course/course-category-landing): a carousel of cards per category,
// the chosen one first, each with 'See All Courses' into the filtered catalogue, and a Back button.
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@rivet/shared/ui/button';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { Spinner } from '@rivet/shared/ui/spinner';
import { useCategorySummary, useQuickCourseSearch } from '../../api/use-catalogue';
import { CourseCard } from '../../components/course-card/course-card';
import { Carousel } from '../../components/course-carousel/carousel';
import { LastSeenNotice, unavailableOfflineText, useUnavailableOffline } from '../../offline/last-seen';
import { paths } from '../../paths';
import './catalogue.css';

/** Cards per category carousel: enough to scroll, few enough for a phone's data plan. */
const CAROUSEL_SIZE = 12;

export function CategoryLandingPage() {
  const [params] = useSearchParams();
  const selectedId = Number(params.get('categoryId'));
  const summary = useCategorySummary();
  const categories = summary.data ?? [];
  const selected = categories.find((c) => c.courseCategoryId === selectedId);
  const ordered = selected ? [selected, ...categories.filter((c) => c !== selected)] : categories;
  const unavailableOffline = useUnavailableOffline(summary);

  return (
    <div className="catalogue">
      <section className="catalogue__hero" aria-labelledby="category-title">
        <div className="catalogue__hero-inner">
          <BackButton />
          <h1 id="category-title" className="catalogue__title">
            {selected ? selected.courseCategory : 'Course categories'}
          </h1>
          {selected ? <p className="catalogue__lead">{selected.count === 1 ? '1 course' : `${selected.count} courses`}</p> : null}
        </div>
      </section>
      <div className="catalogue__body">
        <LastSeenNotice results={[summary]} />
        <QueryState query={summary} offline={unavailableOffline} offlineText={unavailableOfflineText('Courses')} className="catalogue__state">
          {() =>
            ordered
              .filter((c) => c.count > 0)
              .map((category) => (
                <CategoryCarousel
                  key={category.courseCategoryId}
                  categoryId={category.courseCategoryId}
                  name={category === selected ? `Courses in ${category.courseCategory}` : category.courseCategory}
                />
              ))
          }
        </QueryState>
      </div>
    </div>
  );
}

function CategoryCarousel({ categoryId, name }: { categoryId: number; name: string }) {
  const courses = useQuickCourseSearch({ courseCategoryIds: [categoryId] }, CAROUSEL_SIZE);
  const items = courses.data?.items ?? [];
  // Offline, a category not seen before is left out rather than left spinning.
  const unavailableOffline = useUnavailableOffline(courses);
  if ((courses.isSuccess && !items.length) || unavailableOffline) return null;
  return (
    <Carousel title={name} seeAllHref={paths.discoveryForCategory(categoryId)}>
      {courses.isPending ? (
        <li className="catalogue__loading">
          <Spinner size="md" label="Loading" />
        </li>
      ) : null}
      {items.map((course) => (
        <li key={course.courseId}>
          <CourseCard course={course} />
        </li>
      ))}
    </Carousel>
  );
}

export function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from a shared link there is nothing to go back to: go home instead.
  const back = () => (location.key === 'default' ? void navigate(paths.home) : void navigate(-1));
  return (
    <Button variant="secondary" size="sm" className="catalogue__back" onPress={back}>
      ← Back
    </Button>
  );
}
