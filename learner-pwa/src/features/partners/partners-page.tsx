import { ButtonLink } from '@rivet/shared/ui/button';
import { QueryState } from '@rivet/shared/ui/screen-state';
import { useActiveInstitutions } from '../../api/use-institutions';
import { PartnerCard } from '../../components/partner-card/partner-card';
import { LastSeenNotice, unavailableOfflineText, useUnavailableOffline } from '../../offline/last-seen';
import { paths } from '../../paths';
import './partners.css';

/** Spec: banner 'Partners', the partnership programme, logo cards of active partners, a blurb. */
export function PartnersPage() {
  const partners = useActiveInstitutions();
  const unavailableOffline = useUnavailableOffline(partners);
  return (
    <div className="partners">
      <section className="partners__banner" aria-labelledby="partners-title">
        <div className="partners__banner-inner">
          <h1 id="partners-title" className="partners__title">
            Partners
          </h1>
          <p className="partners__lead">Universities, colleges and training organisations teaching Nigeria on Rivet.</p>
        </div>
      </section>

      <div className="page">
        <section className="partners__programme" aria-labelledby="programme-title">
          <h2 id="programme-title" className="partners__heading">
            Our partnership programme
          </h2>
          <p>
            Rivet partners with institutions that want to take their teaching beyond the classroom. Partners publish localized, quality
            courses on Rivet, reach learners in every state on the phones they already own, and earn from every paid enrolment.
          </p>
          <p>
            We help each partner plan its catalogue, produce and review its courses, price them in naira and follow how learners
            progress. Learners who finish a course receive a Shareable Certificate carrying the partner’s name.
          </p>
        </section>

        <section className="partners__list-section" aria-labelledby="partners-list-title">
          <h2 id="partners-list-title" className="partners__heading">
            Our partners
          </h2>
          <LastSeenNotice results={[partners]} what="partners" />
          <QueryState
            query={partners}
            loadingLabel="Loading partners"
            offline={unavailableOffline}
            offlineText={unavailableOfflineText('Our partners')}
            isEmpty={(data) => data.length === 0}
            empty={<p className="partners__empty">Our first partners are joining soon.</p>}
          >
            {(data) => (
              <ul className="partners__grid">
                {data.map((partner) => (
                  <li key={partner.id}>
                    <PartnerCard partner={partner} />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </section>

        <section className="partners__blurb" aria-labelledby="learning-partners-title">
          <h2 id="learning-partners-title" className="partners__heading">
            Become a learning partner
          </h2>
          <p>
            Learning partners bring the knowledge; Rivet brings the learners, the platform and the payments. If your institution would
            like to offer courses on Rivet, write to us and our partnerships team will get in touch.
          </p>
          <div className="partners__blurb-actions">
            <ButtonLink href="mailto:partners@rivet.ng">Contact partnerships</ButtonLink>
            <ButtonLink href={paths.facilitators} variant="secondary">
              Become an Instructor
            </ButtonLink>
          </div>
        </section>
      </div>
    </div>
  );
}
