// The header's search button. The overlay (and the catalogue contract it needs) loads on first press.
import { lazy, Suspense, useState } from 'react';
import { IconButton } from '@rivet/shared/ui/icon-button';

const SearchOverlay = lazy(async () => ({ default: (await import('./search-overlay')).SearchOverlay }));

export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <IconButton
        className="header__search"
        aria-label="Search courses"
        onPress={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <SearchOverlay isOpen={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
