import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import type { SessionProfile } from '@rivet/shared/client/session';
import '@rivet/shared/ui/menu-trigger.css';
import { AccountBadge } from './account-badge';

// The list (popover positioning, focus management, collections: ~60 KB over some twenty chunks)
// loads on the first press. Loaded with the header, it was fetched before a signed-in screen's own
// data and picture, and mounting it was a 120 ms task on a slow phone (docs/decisions/072).
const AccountMenuList = lazy(async () => ({ default: (await import('./account-menu')).AccountMenuList }));

interface AccountMenuButtonProps {
  profile: SessionProfile;
  onLogout: () => void;
  onInstall?: () => void;
}

/** The signed-in avatar button and its menu: opens with a press, Enter, Space or the arrow keys, as a menu button does. */
export function AccountMenuButton({ profile, onLogout, onInstall }: AccountMenuButtonProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [autoFocus, setAutoFocus] = useState<'first' | 'last'>('first');
  const open = (focus: 'first' | 'last') => {
    setLoaded(true);
    setAutoFocus(focus);
    setOpen(true);
  };

  return (
    <>
      <Button
        ref={triggerRef}
        className="rv-menu__trigger"
        aria-label={`Account menu for ${profile.firstName}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onPress={() => (isOpen ? setOpen(false) : open('first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') open(event.key === 'ArrowDown' ? 'first' : 'last');
          else event.continuePropagation();
        }}
      >
        <AccountBadge profile={profile} />
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <AccountMenuList triggerRef={triggerRef} isOpen={isOpen} onOpenChange={setOpen} autoFocus={autoFocus} onLogout={onLogout} onInstall={onInstall} />
        </Suspense>
      ) : null}
    </>
  );
}
