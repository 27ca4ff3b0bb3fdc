// 'About Partner': the institution's overview (Read More / Read Less), e-mail and logo.
import { useId, useState } from 'react';
import type { CourseDetail } from '@rivet/shared/api/course';
import { Button } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';

const LONG_OVERVIEW = 280;

export function PartnerBlock({ course }: { course: CourseDetail }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const overview = course.institutionOverview?.trim() ?? '';
  const long = overview.length > LONG_OVERVIEW;

  return (
    <section id="about-partner" className="course-section partner" aria-labelledby="about-partner-title">
      <h2 id="about-partner-title" className="course-section__title">
        About Partner
      </h2>
      <div className="partner__head">
        {course.institutionLogo ? <img className="partner__logo" src={course.institutionLogo} alt="" width={64} height={64} loading="lazy" decoding="async" /> : null}
        <div>
          <p className="partner__name">{course.institution}</p>
          {course.institutionEmail ? (
            <Link href={`mailto:${course.institutionEmail}`} className="partner__email">
              {course.institutionEmail}
            </Link>
          ) : null}
        </div>
      </div>
      {overview ? (
        <>
          <p id={textId} className={`partner__overview ${long && !expanded ? 'partner__overview--clamped' : ''}`.trim()}>
            {overview}
          </p>
          {long ? (
            <Button variant="ghost" size="sm" aria-controls={textId} aria-expanded={expanded} onPress={() => setExpanded((open) => !open)}>
              {expanded ? 'Read Less' : 'Read More'}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
