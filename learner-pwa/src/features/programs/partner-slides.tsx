import { ErrorAlert } from '@rivet/shared/ui/error-alert';
import { Spinner } from '@rivet/shared/ui/spinner';
import { useActiveInstitutions } from '../../api/use-institutions';
import { PartnerCard } from '../../components/partner-card/partner-card';

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
  return sorted.map((partner) => (
    <li key={partner.id} className="partner-slide">
      <PartnerCard partner={partner} showLearners />
    </li>
  ));
}
