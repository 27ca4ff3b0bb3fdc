import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@rivet/shared/ui/button';
import { SearchField } from '@rivet/shared/ui/search-field';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { CATALOGUE_PAGE_SIZE, useQuickCourseSearch } from '../../api/use-catalogue';
import { Carousel } from '../../components/course-carousel/carousel';
import { CourseSlides } from '../../components/course-carousel/course-slides';
import { LastSeenNotice, unavailableOfflineText, useUnavailableOffline } from '../../offline/last-seen';
import { paths } from '../../paths';
import { PartnerSlides } from './partner-slides';
import { useClearHeaderUntilScroll } from './use-clear-header';
import './programs.css';

/** The programs overview: search, featured programs, other programs and partners. */
export function ProgramsPage() {
  useClearHeaderUntilScroll();
  return (
    <div className="programs">
      <ProgramsHero />
      <div className="page">
        <ProgramLists />
        <Carousel title="Programs by Partner" step="page" seeAllHref={paths.partners} seeAllLabel="See All Partners" className="programs__partners">
          <PartnerSlides />
        </Carousel>
      </div>
    </div>
  );
}

function ProgramsHero() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const search = (event?: FormEvent) => {
    event?.preventDefault();
    const text = term.trim();
    void navigate(text ? paths.discoveryForSearch(text) : paths.discovery);
  };
  return (
    <section className="programs__hero" aria-labelledby="programs-title">
      <div className="programs__hero-inner">
        <h1 id="programs-title" className="programs__title">
          Programs that move your career forward
        </h1>
        <p className="programs__lead">Featured courses from Rivet’s partner institutions, with a Shareable Certificate at the end.</p>
        <form role="search" className="programs__search" onSubmit={search}>
          <SearchField label="Search programs" hideLabel placeholder="What would you like to learn ?" value={term} onChange={setTerm} onSubmit={() => search()} className="programs__search-field" />
          <Button type="submit" size="lg">
            Search
          </Button>
        </form>
      </div>
    </section>
  );
}

/**
 * 'Programs from Top Partners' are promoted courses (a program is a featured course,
 * docs/decisions/006-programs.md); 'Career Related Programs' are the other courses, newest first.
 */
function ProgramLists() {
  const catalogue = useQuickCourseSearch({}, CATALOGUE_PAGE_SIZE);
  const unavailableOffline = useUnavailableOffline(catalogue);
  return (
    <QueryState
      query={catalogue}
      loadingLabel="Loading programs"
      offline={unavailableOffline}
      offlineText={unavailableOfflineText('Programs')}
      isEmpty={(data) => data.items.length === 0}
      empty={<p className="programs__empty">New programs are on their way. Please check back soon.</p>}
    >
      {(data) => {
        const programs = data.items.filter((c) => c.promote);
        const others = data.items.filter((c) => !c.promote);
        return (
          <>
            <LastSeenNotice results={[catalogue]} what="programs" />
            {programs.length ? (
              <Carousel title="Programs from Top Partners" seeAllHref={paths.discovery}>
                <CourseSlides courses={programs} hrefFor={(c) => paths.program(c.courseId)} />
              </Carousel>
            ) : null}
            {others.length ? (
              <Carousel title="Career Related Programs" seeAllHref={paths.discovery}>
                <CourseSlides courses={others} />
              </Carousel>
            ) : null}
          </>
        );
      }}
    </QueryState>
  );
}
