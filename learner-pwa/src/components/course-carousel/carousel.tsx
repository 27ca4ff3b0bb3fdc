// A titled horizontal strip of cards with left/right buttons and a 'See All' link (spec: course
// card actions — carousels scroll by 400 px). Native scrolling does the work, so touch swipes,
// trackpads and keyboard scrolling all behave as the platform expects.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import './carousel.css';

/** Spec §9: carousel scroll step. */
export const CAROUSEL_STEP_PX = 400;

export interface CarouselProps {
  title: ReactNode;
  /** The cards, each an <li>. */
  children: ReactNode;
  seeAllHref?: string;
  seeAllLabel?: string;
  /** 'page' scrolls by the visible width (a slide of cards) instead of the spec's 400 px. */
  step?: number | 'page';
  className?: string;
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function Carousel({ title, children, seeAllHref, seeAllLabel = 'See All Courses', step = CAROUSEL_STEP_PX, className }: CarouselProps) {
  const headingId = useId();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    // One pixel of slack: fractional widths never quite reach the end.
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    measure();
    const el = track.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, children]);

  const scroll = (direction: -1 | 1) => {
    const el = track.current;
    if (!el || typeof el.scrollBy !== 'function') return;
    const distance = step === 'page' ? el.clientWidth : step;
    el.scrollBy({ left: direction * distance, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  return (
    <section className={`carousel ${className ?? ''}`.trim()} aria-labelledby={headingId}>
      <div className="carousel__head">
        <h2 id={headingId} className="carousel__title">
          {title}
        </h2>
        <div className="carousel__controls">
          {seeAllHref ? (
            <Link href={seeAllHref} className="carousel__all">
              {seeAllLabel}
            </Link>
          ) : null}
          <Button variant="secondary" size="sm" className="carousel__arrow" aria-label="Scroll left" isDisabled={edges.start} onPress={() => scroll(-1)}>
            <Chevron direction="left" />
          </Button>
          <Button variant="secondary" size="sm" className="carousel__arrow" aria-label="Scroll right" isDisabled={edges.end} onPress={() => scroll(1)}>
            <Chevron direction="right" />
          </Button>
        </div>
      </div>
      <ul ref={track} className="carousel__track" onScroll={measure}>
        {children}
      </ul>
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}
