// The pieces of a console course card both card screens use (Approve course, Manage Courses):
// the grid, the thumbnail and the title cut at 60 characters with the whole of it as a tooltip
// (spec 001 §2.8). Each screen fills the card's body with what it shows.
import type { ReactNode } from 'react';
import { formatDuration, truncateTitle } from '@rivet/shared/domain/course-card';
import './course-card.css';

export function CourseCardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="cc-grid" aria-label={label}>
      {children}
    </ul>
  );
}

export function CourseCardMedia({ url, title }: { url: string | null; title: string }) {
  return <div className="cc-card__media">{url ? <img src={url} alt="" loading="lazy" /> : <span aria-hidden="true">{title.slice(0, 1)}</span>}</div>;
}

/** The card's heading: at most 60 characters and '…'; a cut title is whole in its tooltip and accessible name. */
export function CourseCardTitle({ id, title, level }: { id: string; title: string; level: 2 | 3 }) {
  const shown = truncateTitle(title);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading id={id} className="cc-card__title" title={shown.truncated ? title : undefined} aria-label={shown.truncated ? title : undefined}>
      {shown.text}
    </Heading>
  );
}

/** The card's facts: modules, length from the content ('1 hr 35 mins', decision 080) and level, then any a screen adds. */
export function CourseCardFacts({ modules, minutes, level, more = [] }: { modules: number; minutes: number; level: string; more?: { term: string; value: ReactNode }[] }) {
  const facts = [{ term: 'Modules', value: modules }, { term: 'Duration', value: formatDuration(minutes) ?? '—' }, { term: 'Level', value: level || '—' }, ...more];
  return (
    <dl className="cc-card__facts">
      {facts.map((f) => (
        <div key={f.term}>
          <dt>{f.term}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
