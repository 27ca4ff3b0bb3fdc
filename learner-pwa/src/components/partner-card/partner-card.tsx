// A partner institution as a card: logo (or its code), name, and its real counts. Used by the
// partners page and the programs overview's 'Programs by Partner' carousel.
import type { Institution } from '@rivet/shared/api/institution';
import { Link } from '@rivet/shared/ui/link';
import { paths } from '../../paths';
import './partner-card.css';

const count = new Intl.NumberFormat('en-NG');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

export function PartnerCard({ partner, showLearners = false }: { partner: Institution; showLearners?: boolean }) {
  const name = partner.fullName || partner.name;
  return (
    <Link href={paths.institution(partner.id)} routerOptions={{ state: { institution: partner } }} variant="plain" className="partner-card">
      <span className="partner-card__logo">
        {partner.logoUrl ? (
          <img src={partner.logoUrl} alt="" width={160} height={80} loading="lazy" decoding="async" />
        ) : (
          <span className="partner-card__initials" aria-hidden="true">
            {partner.code || name.slice(0, 2)}
          </span>
        )}
      </span>
      <span className="partner-card__name">{name}</span>
      <span className="partner-card__meta">
        {showLearners ? <span>{plural(partner.students, 'learner', 'learners')}</span> : null}
        <span>{plural(partner.courses, 'course', 'courses')}</span>
      </span>
    </Link>
  );
}
