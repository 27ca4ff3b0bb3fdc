import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { Link } from '@rivet/shared/ui/link';
import { Spinner } from '@rivet/shared/ui/spinner';
import { useActiveInstitutions } from '../../api/use-institutions';
import { paths } from '../../paths';

const count = new Intl.NumberFormat('en-NG');

/** Institution cards for the 'Programs by Partner' carousel (4 to a slide on desktop, spec §9). */
export function PartnerSlides() {
  const partners = useActiveInstitutions();
  if (partners.isPending)
    return (
      <li className="partner-slide partner-slide--status">
        <Spinner label="Loading partners" />
      </li>
    );
  if (partners.isError)
    return (
      <li className="partner-slide partner-slide--status">
        <ErrorAlert error={partners.error} />
      </li>
    );
  // Best-attended partners first.
  const sorted = [...partners.data].sort((a, b) => b.students - a.students || b.courses - a.courses);
  return sorted.map((partner) => {
    const name = partner.fullName || partner.name;
    return (
      <li key={partner.id} className="partner-slide">
        <Link href={paths.institution(partner.id)} routerOptions={{ state: { institution: partner } }} variant="plain" className="partner-slide__link">
          <span className="partner-slide__logo">
            {partner.logoUrl ? (
              <img src={partner.logoUrl} alt="" width={120} height={64} loading="lazy" decoding="async" />
            ) : (
              <span className="partner-slide__initials" aria-hidden="true">
                {partner.code || name.slice(0, 2)}
              </span>
            )}
          </span>
          <span className="partner-slide__name">{name}</span>
          <span className="partner-slide__counts">
            <span>
              <strong>{count.format(partner.students)}</strong> {partner.students === 1 ? 'learner' : 'learners'}
            </span>
            <span>
              <strong>{count.format(partner.courses)}</strong> {partner.courses === 1 ? 'course' : 'courses'}
            </span>
          </span>
        </Link>
      </li>
    );
  });
}
