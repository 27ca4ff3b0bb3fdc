import { lazy, Suspense, useRef, useState } from 'react';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { paths } from '../../paths';
import { SIGN_IN_HREF } from './nav-items';

// The popover (positioning, focus trapping) loads on the first tap: most visits never open it.
const MobileNavPopover = lazy(async () => ({ default: (await import('./mobile-nav-popover')).MobileNavPopover }));

interface MobileNavProps {
  signedIn: boolean;
  showSignIn: boolean;
  onLogout: () => void;
  onInstall?: () => void;
}

/** The hamburger menu shown at 1224px and below; it carries the same links as the header. */
export function MobileNav({ signedIn, showSignIn, onLogout, onInstall }: MobileNavProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const accountLinks = signedIn
    ? [
        { label: 'My Dashboard', href: paths.dashboard },
        { label: 'My Learnings', href: paths.myLearnings },
        { label: 'Profile', href: paths.profile },
      ]
    : [...(showSignIn ? [{ label: 'Sign In', href: SIGN_IN_HREF }] : []), { label: 'Register Now', href: paths.register }];

  return (
    <>
      <IconButton
        ref={triggerRef}
        className="hamburger"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPress={() => {
          setLoaded(true);
          setOpen((open) => !open);
        }}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </IconButton>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileNavPopover
            triggerRef={triggerRef}
            isOpen={isOpen}
            onOpenChange={setOpen}
            accountLinks={accountLinks}
            onLogout={signedIn ? onLogout : undefined}
            onInstall={onInstall}
          />
        </Suspense>
      ) : null}
    </>
  );
}
