import { Link, useNavigate } from 'react-router';
import { Avatar } from '@rivet/shared/ui/avatar';
import { Menu } from '@rivet/shared/ui/menu';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { useProfile, useSessionManager } from '@rivet/shared/client/session-context';
import { paths } from '../../paths';
import { MenuIcon } from './sidebar-icons';

export function AdminHeader({ onOpenNavigation }: { onOpenNavigation: () => void }) {
  const profile = useProfile();
  const manager = useSessionManager();
  const navigate = useNavigate();

  const logout = async () => {
    await manager.signOut();
    void navigate(paths.login, { replace: true });
  };

  return (
    <header className="admin-header">
      <IconButton className="admin-header__menu-button" aria-label="Open navigation" onPress={onOpenNavigation}>
        <MenuIcon />
      </IconButton>
      {/* Named by its words, not an aria-label: the visible "R Rivet Admin" must stay in the name
          (axe's label-content-name-mismatch; decision 093). */}
      <Link to={paths.dashboard} className="admin-header__logo">
        <span className="admin-header__mark" aria-hidden="true">
          R
        </span>
        <span className="admin-header__wordmark">Rivet</span>{' '}
        <span className="admin-header__badge">Admin</span>
        <span className="visually-hidden">, go to dashboard</span>
      </Link>
      <Menu
        className="admin-header__user"
        triggerLabel={`Account menu for ${profile.firstName}`}
        trigger={
          <>
            <span className="admin-header__name">{profile.firstName}</span>
            <Avatar firstName={profile.firstName} lastName={profile.lastName} src={profile.profilePix} size="sm" />
          </>
        }
        items={[
          { id: 'profile', label: 'Profile', href: paths.profile },
          { id: 'logout', label: 'Logout', onAction: () => void logout() },
        ]}
      />
    </header>
  );
}
