import type { RefObject } from 'react';
import { Button, Dialog, Popover } from 'react-aria-components';
import { Link } from '@rivet/shared/ui/link';
import { NAV_ITEMS } from './nav-items';

export interface MobileNavPopoverProps {
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  accountLinks: readonly { label: string; href: string }[];
  onLogout?: () => void;
  onInstall?: () => void;
}

export function MobileNavPopover({ triggerRef, isOpen, onOpenChange, accountLinks, onLogout, onInstall }: MobileNavPopoverProps) {
  const close = () => onOpenChange(false);
  return (
    <Popover triggerRef={triggerRef} isOpen={isOpen} onOpenChange={onOpenChange} placement="bottom end" offset={8} className="mobile-nav__popover">
      <Dialog aria-label="Menu" className="mobile-nav">
        <nav aria-label="Main">
          <ul className="mobile-nav__list">
            {[...NAV_ITEMS, ...accountLinks].map((item) => (
              <li key={item.href}>
                <Link href={item.href} variant="plain" className="mobile-nav__link" onPress={close}>
                  {item.label}
                </Link>
              </li>
            ))}
            {onInstall ? (
              <li>
                <Button
                  className="mobile-nav__link mobile-nav__button"
                  onPress={() => {
                    close();
                    onInstall();
                  }}
                >
                  Install app
                </Button>
              </li>
            ) : null}
            {onLogout ? (
              <li>
                <Button
                  className="mobile-nav__link mobile-nav__button"
                  onPress={() => {
                    close();
                    onLogout();
                  }}
                >
                  Logout
                </Button>
              </li>
            ) : null}
          </ul>
        </nav>
      </Dialog>
    </Popover>
  );
}
