import { useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import { paths } from '../../paths';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { installApp, usePwa } from '../../offline/pwa';
import { AccountMenuButton } from './account-menu-button';
import { HeaderSearch } from './header-search';
import { Logo } from './logo';
import { MobileNav } from './mobile-nav';
import { NAV_ITEMS, SIGN_IN_HREF } from './nav-items';

export function useLogout() {
  const manager = useSessionManager();
  const navigate = useNavigate();
  return async () => {
    await manager.signOut();
    // Spec: logout clears session storage (last path, timed-out marker) and returns home.
    try {
      sessionStorage.clear();
    } catch {
      // Storage blocked: nothing was kept there either.
    }
    void navigate(paths.home, { replace: true });
  };
}

export function SiteHeader() {
  const { profile } = useSession();
  const { pathname } = useLocation();
  const logout = useLogout();
  const onHome = pathname === paths.home;
  // 'Install app' only where the browser offers it (or on iOS, as guidance); gone once installed.
  const { install } = usePwa();
  const onInstall = install ? () => void installApp() : undefined;

  return (
    <header className="header">
      <div className="header__inner">
        <Logo />
        <nav className="header__nav" aria-label="Main">
          {NAV_ITEMS.map((item) => (
            <Link key={item.href} href={item.href} variant="plain" className="header__link" aria-current={pathname === item.href ? 'page' : undefined}>
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="header__actions">
          <HeaderSearch />
          {profile ? (
            <AccountMenuButton profile={profile} onLogout={() => void logout()} onInstall={onInstall} />
          ) : (
            <div className="header__auth">
              {onHome ? null : (
                <ButtonLink href={SIGN_IN_HREF} variant="ghost" size="sm">
                  Sign In
                </ButtonLink>
              )}
              <ButtonLink href={paths.register} size="sm">
                Register Now
              </ButtonLink>
            </div>
          )}
          <MobileNav signedIn={Boolean(profile)} showSignIn={!onHome} onLogout={() => void logout()} onInstall={onInstall} />
        </div>
      </div>
    </header>
  );
}
