import { ScreenState } from '@rivet/shared/ui/screen-state';
import { useActiveInstitutions } from '../../api/use-institutions';
import { PartnerCard } from '../../components/partner-card/partner-card';

/** Institution cards for the 'Programs by Partner' carousel (4 to a slide on desktop, spec §9). */
export function PartnerSlides() {
  const partners = useActiveInstitutions();
  if (partners.isPending)
    return (
      <li className="partner-slide partner-slide--status">
        <ScreenState kind="loading" label="Loading partners" />
      </li>
    );
  if (partners.isError)
    return (
      <li className="partner-slide partner-slide--status">
        <ScreenState kind="error" error={partners.error} onRetry={() => void partners.refetch()} isRetrying={partners.isFetching} />
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
