import type { RefObject } from 'react';
import { MenuPopover } from '@rivet/shared/ui/menu';
import { paths } from '../../paths';

export interface AccountMenuListProps {
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  autoFocus: 'first' | 'last';
  onLogout: () => void;
  onInstall?: () => void;
}

/** The signed-in avatar menu's list; loaded when the learner first opens it (the menu code is sizeable). */
export function AccountMenuList({ onLogout, onInstall, ...popover }: AccountMenuListProps) {
  return (
    <MenuPopover
      {...popover}
      items={[
        { id: 'dashboard', label: 'My Dashboard', href: paths.dashboard },
        // The dashboard's sidebar (with Courses) shows only on wide screens; phones reach their courses here.
        { id: 'my-learnings', label: 'My Learnings', href: paths.myLearnings },
        { id: 'profile', label: 'Profile', href: paths.profile },
        ...(onInstall ? [{ id: 'install', label: 'Install app', onAction: onInstall }] : []),
        { id: 'logout', label: 'Logout', onAction: onLogout },
      ]}
    />
  );
}
