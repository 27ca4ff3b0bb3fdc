// The header's course search (spec: Search overlay). Loaded on first use, so the search code and
// the course contract stay out of the first page's JavaScript.
import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { coursePriceLabel, thumbnailHeight } from '@rivet/shared/domain/course-card';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { Link } from '@rivet/shared/ui/link';
import { SearchField } from '@rivet/shared/ui/search-field';
import { Spinner } from '@rivet/shared/ui/spinner';
import { useQuickCourseSearch } from '../../api/use-catalogue';
import { COURSE_FALLBACK_IMAGE } from '../../components/course-card/course-card';
import { useDebouncedCallback } from '../../hooks/use-debounced-callback';
import { paths } from '../../paths';
import './search-overlay.css';

/** Spec: results start once the term is longer than 2 characters. */
export const MIN_TERM_LENGTH = 3;
export const OVERLAY_DEBOUNCE_MS = 300;
/** A short list: the full catalogue is one link away (docs/decisions/005-catalogue-filters.md). */
const OVERLAY_RESULTS = 10;

export function SearchOverlay({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const debounced = useDebouncedCallback((value: string) => setTerm(value.trim()), OVERLAY_DEBOUNCE_MS);
  const ready = term.length >= MIN_TERM_LENGTH;
  const results = useQuickCourseSearch({ parameter: term }, OVERLAY_RESULTS, ready);
  const items = results.data?.items ?? [];
  const close = () => onOpenChange(false);

  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="search-overlay">
      <Modal className="search-overlay__modal">
        <Dialog className="search-overlay__dialog" aria-label="Search courses">
          <div className="search-overlay__bar">
            <SearchField
              label="Search courses"
              hideLabel
              autoFocus
              placeholder="What would you like to learn"
              value={text}
              onChange={(value) => {
                setText(value);
                debounced.run(value);
              }}
              onSubmit={(value) => debounced.flush(value)}
              className="search-overlay__field"
            />
            <IconButton className="search-overlay__close" aria-label="Close search" onPress={close}>
              <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </IconButton>
          </div>
          {ready ? (
            <div className="search-overlay__results" aria-live="polite">
              {results.isPending ? (
                <p className="search-overlay__state" role="status">
                  <Spinner size="sm" /> Loading
                </p>
              ) : results.isError ? (
                <p className="search-overlay__state" role="alert">
                  We couldn't search right now. Check your network and try again.
                </p>
              ) : (
                <>
                  <Heading level={2} className="search-overlay__title">
                    {items.length ? 'Related Courses' : `No results found for "${term}"`}
                  </Heading>
                  <ul className="search-overlay__list">
                    {items.map((course) => (
                      <li key={course.courseId}>
                        <Link href={paths.courseDetails(course.courseId, course.title)} variant="plain" className="search-result" onPress={close}>
                          <img className="search-result__thumb" src={course.courseThumbNailUrl ?? COURSE_FALLBACK_IMAGE} alt="" width={96} height={thumbnailHeight(96)} loading="lazy" decoding="async" />
                          <span className="search-result__text">
                            <span className="search-result__title">{course.title}</span>
                            <span className="search-result__meta">
                              {course.institution} · {coursePriceLabel(course)}
                            </span>
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                  {results.data && results.data.totalRows > items.length ? (
                    <Link href={paths.discoveryForSearch(term)} className="search-overlay__all" onPress={close}>
                      See all {results.data.totalRows} results
                    </Link>
                  ) : null}
                </>
              )}
            </div>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
