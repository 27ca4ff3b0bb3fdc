// The institution page from real data (the spec's version was a placeholder with a hard-coded
// partner). Opened as /course/institution-landing?id={institutionId}; cards may also pass the
// partner in navigation state, which is shown at once while the fresh record loads.
import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Institution } from '@rivet/shared/api/institution';
import { ButtonLink } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import { QueryState, ScreenState } from '@rivet/shared/ui/screen-state';
import { useInstitution } from '../../api/use-institutions';
import { paths } from '../../paths';
import { InstitutionCourses } from './institution-courses';
import { LastSeenNotice, unavailableOfflineText, useUnavailableOffline } from '../../offline/last-seen';
import { plainParagraphs } from '../../components/plain-text';
import { externalUrl } from './external-url';
import './institution.css';

const count = new Intl.NumberFormat('en-NG');

function useInstitutionId(): { id: number | null; fromState: Institution | null } {
  const [params] = useSearchParams();
  const state = useLocation().state as { institution?: Institution; id?: number } | null;
  const fromState = state?.institution ?? null;
  const raw = params.get('id') ?? (fromState ? String(fromState.id) : state?.id !== undefined ? String(state.id) : null);
  const id = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  return { id, fromState: fromState && fromState.id === id ? fromState : null };
}

export function InstitutionPage() {
  const { id, fromState } = useInstitutionId();
  const query = useInstitution(id);
  const unavailableOffline = useUnavailableOffline(query);
  const notice = <LastSeenNotice results={[query]} what="this partner" className="institution__notice" />;
  const back = <ButtonLink href={paths.partners}>See all partners</ButtonLink>;
  const notFound = (
    <ScreenState kind="empty" page className="page" title="Partner not found" text="We could not find this partner. It may no longer offer courses on Rivet." actions={back} />
  );

  if (id === null) return notFound;
  // A card passed the partner along: shown at once while the fresh record loads.
  if (query.isPending && fromState && !unavailableOffline) return <InstitutionView institution={fromState} notice={notice} />;
  return (
    <QueryState
      query={query}
      page
      className="page"
      loadingLabel="Loading partner"
      offline={unavailableOffline}
      offlineText={unavailableOfflineText('This partner')}
      notFound={notFound}
      isEmpty={(institution) => institution === null}
      empty={notFound}
      actions={query.isPending && !unavailableOffline ? undefined : back}
    >
      {(institution) => (institution ? <InstitutionView institution={institution} notice={notice} /> : null)}
    </QueryState>
  );
}

function InstitutionView({ institution, notice }: { institution: Institution; notice: ReactNode }) {
  const name = institution.fullName || institution.name;
  const website = externalUrl(institution.website);
  const overview = plainParagraphs(institution.overView);
  return (
    <div className="institution">
      {notice}
      <section className="institution__hero" aria-labelledby="institution-title">
        {institution.bannerUrl ? (
          // Above the fold: loaded at once (a lazy banner would only delay the largest paint).
          <img className="institution__banner" src={institution.bannerUrl} alt="" width={1366} height={320} decoding="async" />
        ) : null}
        <div className="institution__hero-inner">
          {institution.logoUrl ? (
            <img className="institution__logo" src={institution.logoUrl} alt={`${name} logo`} width={96} height={96} decoding="async" />
          ) : null}
          <div className="institution__heading">
            <h1 id="institution-title" className="institution__title">
              {name}
            </h1>
            {institution.fullName && institution.name !== institution.fullName ? <p className="institution__short">{institution.name}</p> : null}
            <dl className="institution__stats">
              <div>
                <dt>Learners</dt>
                <dd>{count.format(institution.students)}</dd>
              </div>
              <div>
                <dt>Courses</dt>
                <dd>{count.format(institution.courses)}</dd>
              </div>
            </dl>
            {website ? (
              <ButtonLink href={website} target="_blank" rel="noopener noreferrer" className="institution__visit">
                Visit Website
                <span className="visually-hidden"> (opens in a new tab)</span>
              </ButtonLink>
            ) : null}
          </div>
        </div>
      </section>

      <div className="page institution__body">
        <div className="institution__about">
          <section aria-labelledby="institution-overview">
            <h2 id="institution-overview" className="institution__section-title">
              About {institution.name}
            </h2>
            {overview.length ? overview.map((p, i) => <p key={i}>{p}</p>) : <p>{name} offers courses on Rivet.</p>}
          </section>
          <section aria-labelledby="institution-contact" className="institution__contact">
            <h2 id="institution-contact" className="institution__section-title">
              Contact
            </h2>
            <dl>
              <dt>Email</dt>
              <dd>
                <Link href={`mailto:${institution.email}`}>{institution.email}</Link>
              </dd>
              {website ? (
                <>
                  <dt>Website</dt>
                  <dd>
                    <Link href={website} target="_blank" rel="noopener noreferrer">
                      {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                    </Link>
                  </dd>
                </>
              ) : null}
              {institution.address ? (
                <>
                  <dt>Address</dt>
                  <dd>{institution.address}</dd>
                </>
              ) : null}
            </dl>
          </section>
        </div>
        <InstitutionCourses institutionId={institution.id} />
      </div>
    </div>
  );
}
