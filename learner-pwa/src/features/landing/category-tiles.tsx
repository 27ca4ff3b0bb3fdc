import { Link } from '@rivet/shared/ui/link';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { useCourseCategories } from '../../api/use-course-categories';
import { LastSeenNotice, UnavailableOffline, useUnavailableOffline } from '../../offline/last-seen';
import { paths } from '../../paths';

const TILE_COLOURS = ['#0b2e6f', '#5f7d00', '#8a3b12', '#0f6b6b', '#5b2a86', '#8a5a00'];

export function CategoryTiles() {
  const categories = useCourseCategories();
  const unavailableOffline = useUnavailableOffline(categories);

  if (unavailableOffline) return <UnavailableOffline what="Categories" />;
  if (categories.isPending) {
    return (
      <ul className="tiles" aria-busy="true" aria-label="Loading categories">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="tiles__item tiles__item--loading" />
        ))}
      </ul>
    );
  }
  if (categories.isError) {
    return (
      <ScreenState
        kind="error"
        text="Categories could not be loaded right now. Browse all courses instead."
        onRetry={() => void categories.refetch()}
        isRetrying={categories.isFetching}
      />
    );
  }
  return (
    <>
      <LastSeenNotice results={[categories]} what="categories" />
      <ul className="tiles">
        {categories.data.map((category, index) => (
          <li key={category.id}>
            <Link
              href={paths.categoryLanding(category.id)}
              variant="plain"
              className="tiles__item"
              style={{ '--tile-colour': TILE_COLOURS[index % TILE_COLOURS.length] } as React.CSSProperties}
            >
              <span className="tiles__name">{category.name}</span>
              <span className="tiles__more" aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
