// A first, honest version of the catalogue: search box and categories work; the course list
// arrives with the catalogue work.
import { useSearchParams } from 'react-router';
import { Link } from '@rivet/shared/ui/link';
import { SearchField } from '@rivet/shared/ui/search-field';
import { useCourseCategories } from '../../api/use-course-categories';
import { paths } from '../../paths';
import './discovery.css';

export function DiscoveryPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const category = params.get('category');
  const categories = useCourseCategories();

  // The address is the state (spec): the box shows the search parameter and writes it as you type.
  const applySearch = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('search', value);
    else next.delete('search');
    setParams(next, { replace: true });
  };

  const selected = categories.data?.find((c) => String(c.id) === category);

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
          value={search}
          onChange={applySearch}
          className="discovery__search"
        />
        {search ? (
          <Link href={paths.discovery} className="discovery__all">
            Explore all Courses
          </Link>
        ) : null}
      </section>

      <div className="page">
        <nav aria-label="Categories">
          <h2 className="discovery__subtitle">Categories</h2>
          {categories.isPending ? <p className="discovery__note">Loading</p> : null}
          {categories.isError ? <p className="discovery__note">Categories could not be loaded right now.</p> : null}
          {categories.data ? (
            <ul className="chips">
              <li>
                <Link href={paths.discovery} variant="plain" className="chips__item" aria-current={category ? undefined : 'page'}>
                  All
                </Link>
              </li>
              {categories.data.map((c) => (
                <li key={c.id}>
                  <Link
                    href={paths.discoveryForCategory(c.id)}
                    variant="plain"
                    className="chips__item"
                    aria-current={String(c.id) === category ? 'page' : undefined}
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </nav>
        <p className="discovery__note discovery__coming" role="status">
          {selected ? `Courses in ${selected.name}` : 'Courses'}
          {search.trim() ? ` matching “${search.trim()}”` : ''}: the course catalogue is coming soon to this page.
        </p>
      </div>
    </div>
  );
}
