// The course card every course list uses (catalogue, carousels, partner pages); the dashboard
// builds its own footer (progress, Resume/View, Get certificate) on CourseCardFrame.
// Spec: thumbnail, institution logo, title (tooltip; cut at 60 characters), partner, price or
// 'Free', action button; 270x383 px, fluid on phones.
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Tooltip, TooltipTrigger } from 'react-aria-components';
import type { CourseSummary } from '@rivet/shared/api/course';
import { cardButtonLabel, coursePriceLabel, thumbnailHeight, truncateTitle, type CardContext } from '@rivet/shared/domain/course-card';
import { Link } from '@rivet/shared/ui/link';
import { paths } from '../../paths';
import './course-card.css';

export const COURSE_FALLBACK_IMAGE = '/images/course-fallback.svg';

export type CourseCardCourse = Pick<
  CourseSummary,
  'courseId' | 'title' | 'institution' | 'institutionLogo' | 'courseThumbNailUrl' | 'coursePrice' | 'isPaid' | 'courseLevelName'
>;

export interface CourseCardProps {
  course: CourseCardCourse;
  /** Where the card is shown (decides the button label); the learner build by default. */
  context?: CardContext;
  showPrice?: boolean;
  draft?: boolean;
  /** Where the card leads; the course's detail page by default. */
  href?: string;
  /** Extra navigation state for href (e.g. the player's module and section). */
  routerState?: unknown;
  className?: string;
  /** How the thumbnail loads: 'high' for the page's largest picture, 'eager' in the first screenful, lazily by default. */
  imagePriority?: ImagePriority;
}

export type ImagePriority = 'high' | 'eager' | 'lazy';

export function CourseCard({ course, context = 'learner', showPrice = true, draft = false, href, routerState, className, imagePriority }: CourseCardProps) {
  const target = href ?? paths.courseDetails(course.courseId, course.title);
  const label = cardButtonLabel({ context, draft, showPrice });
  return (
    <CourseCardFrame course={course} titleHref={target} routerState={routerState} className={className} imagePriority={imagePriority}>
      <p className="course-card__level">{course.courseLevelName}</p>
      <div className="course-card__footer">
        {showPrice ? <p className="course-card__price">{coursePriceLabel(course)}</p> : null}
        <RouterLink
          to={target}
          state={routerState}
          className="rv-button rv-button--secondary rv-button--sm course-card__action"
          aria-label={`${label}: ${course.title}`}
        >
          <span className="rv-button__label">{label}</span>
        </RouterLink>
      </div>
    </CourseCardFrame>
  );
}

export type CourseCardFrameCourse = Pick<CourseSummary, 'courseId' | 'title' | 'institution' | 'institutionLogo' | 'courseThumbNailUrl'>;

export interface CourseCardFrameProps {
  course: CourseCardFrameCourse;
  /** Where the title leads. */
  titleHref: string;
  routerState?: unknown;
  /** What the partner line says; the institution's name by default (the dashboard: 'Partner: {institution}'). */
  partnerLabel?: string;
  /** The rest of the card under the partner line (level, progress, price, actions). */
  children: ReactNode;
  className?: string;
  imagePriority?: ImagePriority;
}

/**
 * The card's shell every variant shares: thumbnail (with the fallback image), partner logo, the
 * title (cut at 60 characters with the whole title in a tooltip) and the partner line.
 */
export function CourseCardFrame({ course, titleHref, routerState, partnerLabel, children, className, imagePriority = 'lazy' }: CourseCardFrameProps) {
  const title = truncateTitle(course.title);
  const routerOptions = routerState === undefined ? undefined : { state: routerState };

  // Plain router links, not react-aria ones: a catalogue page renders 50 cards, and two
  // react-aria links per card cost a cheap phone a noticeable pause (interaction hooks per link).
  // The tooltip of a truncated title needs react-aria's trigger, so that one case keeps it.
  const titleLink = title.truncated ? (
    <Link href={titleHref} routerOptions={routerOptions} variant="plain" className="course-card__title-link">
      {title.text}
    </Link>
  ) : (
    <RouterLink to={titleHref} state={routerState} className="rv-link rv-link--plain course-card__title-link">
      {title.text}
    </RouterLink>
  );

  return (
    <article className={`course-card ${className ?? ''}`.trim()}>
      <div className="course-card__media">
        <CourseThumbnail src={course.courseThumbNailUrl} loading={imagePriority === 'lazy' ? 'lazy' : 'eager'} fetchPriority={imagePriority === 'high' ? 'high' : undefined} />
        {course.institutionLogo ? (
          <img className="course-card__logo" src={course.institutionLogo} alt="" width={40} height={40} loading="lazy" decoding="async" />
        ) : null}
      </div>
      <div className="course-card__body">
        <h3 className="course-card__title">
          {title.truncated ? (
            <TooltipTrigger delay={300}>
              {titleLink}
              <Tooltip className="course-card__tooltip" placement="top">
                {course.title}
              </Tooltip>
            </TooltipTrigger>
          ) : (
            titleLink
          )}
        </h3>
        <p className="course-card__partner">{partnerLabel ?? course.institution}</p>
        {children}
      </div>
    </article>
  );
}

/** The course picture (the card's size by default); the fallback image when there is none or it fails to load. */
export function CourseThumbnail({
  src,
  className = 'course-card__thumb',
  width = 270,
  height = thumbnailHeight(width),
  loading = 'lazy',
  fetchPriority,
}: {
  src: string | null;
  className?: string;
  width?: number;
  height?: number;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={className}
      src={!src || failed ? COURSE_FALLBACK_IMAGE : src}
      alt=""
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
