// The course catalogue (spec: Course catalogue and search). The address holds the search text and
// filters; every filter is sent at once (docs/decisions/005-catalogue-filters.md).
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSetAtom } from 'jotai';
import { Button } from '@rivet/shared/ui/button';
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { Link } from '@rivet/shared/ui/link';
import { SearchField } from '@rivet/shared/ui/search-field';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { CourseCard } from '../../components/course-card/course-card';
import { useCatalogueSearch } from '../../api/use-catalogue';
import { useDebouncedCallback } from '../../hooks/use-debounced-callback';
import { useFirstScreenful } from '../../hooks/use-first-screenful';
import { useMediaQuery } from '../../hooks/use-media-query';
import { LastSeenNotice, UnavailableOffline, useUnavailableOffline } from '../../offline/last-seen';
import { useOnline } from '../../offline/network';
import { paths } from '../../paths';
import { activeFilterCount, clearFilters, readFilters, searchBody, toggleFilter, withSearch, type ListFilter } from './catalogue-filters';
import { FilterPanel } from './filter-panel';
import { catalogueHandoverAtom } from './state/catalogue-data';
import '../../components/course-card/course-card.css';
import './discovery.css';

export const SEARCH_DEBOUNCE_MS = 350;
/** Cards rendered before the rest: two rows of the widest grid, more than a phone's screen. */
const FIRST_SCREENFUL = 6;
/** Below the width where the filter column shows (discovery.css). */
const NARROW = '(max-width: 1023.98px)';

// The phones' filter dialog loads when opened: evaluating react-aria's dialog was a long task on
// the catalogue's start on a slow phone (decision 070).
const Modal = lazy(async () => ({ default: (await import('@rivet/shared/ui/modal')).Modal }));

export function DiscoveryPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  useHandover(params);

  // The box shows what is typed at once; the address (and the search) follow when typing pauses.
  const [text, setText] = useState(filters.search);
  const [shownSearch, setShownSearch] = useState(filters.search);
  if (filters.search !== shownSearch) {
    setShownSearch(filters.search);
    setText(filters.search);
  }
  const writeSearch = useDebouncedCallback((value: string) => setParams((prev) => withSearch(prev, value), { replace: true }), SEARCH_DEBOUNCE_MS);

  const onToggle = (filter: ListFilter, id: number, on: boolean) => setParams((prev) => toggleFilter(prev, filter, id, on), { replace: true });
  const filterCount = activeFilterCount(filters);
  const results = useCatalogueSearch(searchBody(filters));
  const courses = results.data?.pages.flatMap((page) => page.items) ?? [];
  const totalRows = results.data?.pages.at(-1)?.totalRows ?? 0;
  const search = filters.search.trim();
  const showTopHeading = filters.mode === 'all' || filters.mode === 'top';
  const online = useOnline();
  const unavailableOffline = useUnavailableOffline(results);
  const shown = useFirstScreenful(courses.length, FIRST_SCREENFUL);
  // Phones hide the filter column (CSS) and open the filters in a dialog: not rendering the column
  // there spares them four accordions of checkboxes and three requests during the first screen.
  const narrow = useMediaQuery(NARROW);

  return (
    <div className="discovery">
      <section className="discovery__hero" aria-labelledby="discovery-title">
        <h1 id="discovery-title" className="discovery__title">
          Popular topic to learn now
        </h1>
        <SearchField
          label="Search courses"
          hideLabel
          placeholder="What would you like to learn ?"
          value={text}
          onChange={(value) => {
            setText(value);
            writeSearch.run(value);
          }}
          onSubmit={(value) => writeSearch.flush(value)}
          onClear={() => writeSearch.flush('')}
          className="discovery__search"
        />
        <Link href={paths.discovery} className="discovery__all">
          Explore all Courses
        </Link>
      </section>

      <div className="discovery__layout">
        {narrow ? null : (
          <aside className="discovery__aside" aria-label="Filters">
            <FilterHeader count={filterCount} onClear={() => setParams((prev) => clearFilters(prev), { replace: true })} />
            <FilterPanel filters={filters} onToggle={onToggle} />
          </aside>
        )}

        <section className="discovery__results" aria-labelledby="results-title" aria-busy={results.isFetching}>
          <div className="discovery__bar">
            <h2 id="results-title" className={showTopHeading ? 'discovery__subtitle' : 'visually-hidden'}>
              {showTopHeading ? 'Top Popular courses' : 'Courses'}
            </h2>
            <Button variant="secondary" size="sm" className="discovery__filters-button" onPress={() => setFiltersOpen(true)}>
              {filterCount ? `Filters (${filterCount})` : 'Filters'}
            </Button>
          </div>

          {/* Offline, a search not made before cannot run: the list is the previous one. */}
          {!online && results.isPlaceholderData ? (
            <InlineAlert tone="info" className="discovery__offline" title="You're offline.">
              This search needs a connection. The list below is the last one you saw.
            </InlineAlert>
          ) : (
            <LastSeenNotice results={[results]} />
          )}
          {unavailableOffline ? (
            <UnavailableOffline what="Courses" />
          ) : results.isPending ? (
            <ScreenState kind="loading" text="Loading" />
          ) : results.isError && !courses.length ? (
            <ScreenState kind="error" error={results.error} onRetry={() => void results.refetch()} isRetrying={results.isFetching} />
          ) : courses.length === 0 ? (
            <div className="discovery__empty" role="status">
              <p className="discovery__empty-title">No Result Found</p>
              {search ? <p className="discovery__empty-for">For “{search}”</p> : null}
            </div>
          ) : (
            <>
              <p className="discovery__count" role="status">
                {totalRows === 1 ? '1 course' : `${totalRows} courses`}
              </p>
              <ul className="course-grid">
                {courses.slice(0, shown).map((course, index) => (
                  <li key={course.courseId}>
                    {/* The first picture is the page's largest paint on a phone: fetched first, never lazily. */}
                    <CourseCard course={course} imagePriority={index === 0 ? 'high' : index < FIRST_SCREENFUL ? 'eager' : 'lazy'} />
                  </li>
                ))}
              </ul>
              {results.hasNextPage ? (
                <div className="discovery__more">
                  <Button variant="secondary" isPending={results.isFetchingNextPage} onPress={() => void results.fetchNextPage()}>
                    Load more
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </section>
      </div>

      {filtersOpen ? (
        <Suspense fallback={null}>
          <Modal
            isOpen
            onOpenChange={setFiltersOpen}
            isDismissable
            size="md"
            title="Filters"
            footer={
              <>
                {filterCount ? (
                  <Button variant="ghost" onPress={() => setParams((prev) => clearFilters(prev), { replace: true })}>
                    Clear filters
                  </Button>
                ) : null}
                <Button onPress={() => setFiltersOpen(false)}>{results.isFetching ? 'Show courses' : `Show ${totalRows} courses`}</Button>
              </>
            }
          >
            {/* The list scrolls inside the dialog so 'Show … courses' stays in reach of a thumb. */}
            <div className="discovery__dialog-scroll">
              <FilterPanel filters={filters} onToggle={onToggle} />
            </div>
          </Modal>
        </Suspense>
      ) : null}
    </div>
  );
}

function FilterHeader({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <div className="discovery__aside-head">
      <h2 className="discovery__aside-title">Filter by</h2>
      {count ? (
        <Button variant="ghost" size="sm" onPress={onClear}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/** Spec: a `data` parameter is parsed as JSON, kept in application state, and the user goes to the course list. */
function useHandover(params: URLSearchParams) {
  const setHandover = useSetAtom(catalogueHandoverAtom);
  const navigate = useNavigate();
  const data = params.get('data');
  useEffect(() => {
    if (data === null) return;
    try {
      setHandover(JSON.parse(data) as unknown);
    } catch {
      console.warn('Ignoring a data parameter that is not JSON');
    }
    void navigate(paths.discovery, { replace: true });
  }, [data, navigate, setHandover]);
}
