import type { SessionProfile } from '@rivet/shared/client/session';
import { Menu } from '@rivet/shared/ui/menu';
import { paths } from '../../paths';
import { AccountBadge } from './account-badge';

/** The signed-in avatar menu; loaded only for signed-in visitors (the menu code is sizeable). */
export function AccountMenu({ profile, onLogout, onInstall }: { profile: SessionProfile; onLogout: () => void; onInstall?: () => void }) {
  return (
    <Menu
      triggerLabel={`Account menu for ${profile.firstName}`}
      trigger={<AccountBadge profile={profile} />}
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
